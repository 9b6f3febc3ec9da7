/**
 * A language's words as the index makes them: its stemmer when ppguide has Pagefind's for it
 * (English), each word's entries remembered for the thread's life, since a site repeats its words
 * page after page and working out a word's parts and stem costs far more than looking it up.
 */
import { stemEnglish } from "./english-stemmer.ts";
import { type IndexableWord, indexableWords, WORD_SYMBOLS } from "./words.ts";

const INCLUDE = new Set(WORD_SYMBOLS);
/**
 * Words remembered per kind, at most: a site's vocabulary is far smaller; a bound keeps a strange one
 * from growing without end.
 */
const REMEMBERED = 200_000;

export class Language {
  private readonly stem: ((word: string) => string) | undefined;
  private readonly textWords = new Map<string, IndexableWord[]>();
  private readonly metaWords = new Map<string, IndexableWord[]>();

  /** `name`: the base language, as the index names it ("en"). */
  constructor(readonly name: string) {
    this.stem = name === "en" ? stemEnglish : undefined;
  }

  /** Whether the index's words are stemmed: the client then stems queries with its WebAssembly for the language. */
  get stemmed(): boolean {
    return this.stem !== undefined;
  }

  /** A word of a page's text: what follows each full stop in it is an entry too. */
  text(raw: string): IndexableWord[] {
    return this.remembered(this.textWords, raw, true);
  }

  /** A word of a meta field. */
  meta(raw: string): IndexableWord[] {
    return this.remembered(this.metaWords, raw, false);
  }

  private remembered(known: Map<string, IndexableWord[]>, raw: string, dotted: boolean): IndexableWord[] {
    let entries = known.get(raw);
    if (entries === undefined) {
      entries = indexableWords(raw, this.stem, INCLUDE, dotted);
      if (known.size >= REMEMBERED) known.clear();
      known.set(raw, entries);
    }
    return entries;
  }
}

const languages = new Map<string, Language>();

/** The language `name`, one per thread. */
export function language(name: string): Language {
  let found = languages.get(name);
  if (!found) languages.set(name, (found = new Language(name)));
  return found;
}

/**
 * The catalogue of every problem ppguide reports, one entry per code and one cause per code, as
 * Astro keeps `core/errors/errors-data.ts`. A code never changes meaning, so editors and CI logs
 * can search for it. `docs/errors.md` is generated from this file (`npm run docs:errors`) and a
 * test fails when it is out of date.
 *
 * Before adding or changing a code, read errors-README.md beside this file: how to add one, what
 * each field below is for, and how a message reads.
 */
import { formatCount } from "./capped-list.ts";

/**
 * How a command's process ends, by what happened: the one table of exit statuses (docs/errors.md prints it, with each
 * code's own; cli/report.ts and cli/exit.ts end by it).
 */
export const EXIT_STATUSES = {
  done: { status: 0, meaning: "the command did what it was asked; a build served the new site" },
  site: { status: 1, meaning: "a problem in the site or on the disk, each printed with its place and what to do" },
  usage: {
    status: 2,
    meaning:
      "the command was used wrongly: a bad option value, an unknown command or option, an output folder ppguide " +
      "refuses to replace, a host or port dev or preview cannot listen on",
  },
  bug: { status: 70, meaning: "a bug in ppguide, never a problem of the site (InternalError, with its stack)" },
  interrupted: { status: 130, meaning: "stopped by Ctrl-C (SIGINT) before it finished (Interrupted)" },
  terminated: { status: 143, meaning: "stopped by SIGTERM before it finished (Interrupted)" },
} as const;

/** The exit status a code's problem ends a command with, when it is not 1 (2 for a usage code). */
export type ExitStatus = (typeof EXIT_STATUSES)[keyof typeof EXIT_STATUSES]["status"];

export interface ErrorInfo {
  /** A few words, for the docs' table. */
  title: string;
  /** The one situation this code means. */
  cause: string;
  /** What to do, shown after the message unless the call site gives a more precise hint. */
  hint: string;
  /** What to do given what was found, where that says more than `hint` (which the docs list). */
  hintFor?: (params: never) => string;
  /** The command was used wrongly (exit 2), rather than a problem in the site (exit 1). */
  usage?: boolean;
  /** The exit statuses the code ends a command with, where they are neither 1 nor 2 (EXIT_STATUSES). */
  exits?: readonly ExitStatus[];
  /**
   * Builds the message from what the throw site found (`new PpgError(code, params, { location })`),
   * which also travels on the error as its `data`.
   */
  message: (params: never) => string;
}

/** The parameters a code's message is built from. */
export type ErrorParams<C extends ErrorCode> = ParamsByCode[C];
type ParamsByCode = { [C in ErrorCode]: Parameters<(typeof ERRORS)[C]["message"]>[0] };

/** What the system refused, as fromFileSystemError (errors.ts) finds it: `path: what (ENOSPC in open)`. */
interface SystemRefusal {
  path: string;
  /** The folder the refused file is in, which a hint names (a full disk is the disk of that folder). */
  folder: string;
  errno: keyof typeof SYSTEM_REFUSALS;
  syscall?: string;
}
const refused = (p: SystemRefusal) =>
  `${p.path}: ${SYSTEM_REFUSALS[p.errno].what} (${p.errno}${p.syscall ? ` in ${p.syscall}` : ""})`;
const refusedHint = (p: SystemRefusal) => SYSTEM_REFUSALS[p.errno].hint(p.folder);
/** A code for what the system refused: its message and hint come from what fromFileSystemError found. */
const refusal = <T extends { title: string; cause: string; hint: string }>(info: T) => ({
  ...info,
  message: refused,
  hintFor: refusedHint,
});

/**
 * Each errno a file-system call can fail with that is the user's to fix, not a bug in ppguide: its
 * code, what happened, and what to do about it in the folder where it happened.
 */
export const SYSTEM_REFUSALS = {
  ENOSPC: {
    code: "DiskFull",
    what: "the disk is full",
    hint: (folder: string) =>
      `Free some space on the disk that holds ${folder} (or move that folder ` +
      `to a larger disk) and build again; the previous output is untouched.`,
  },
  EDQUOT: {
    code: "DiskFull",
    what: "the disk quota is used up",
    hint: (folder: string) =>
      `Free some space in your quota on the disk that holds ${folder} ` +
      `and build again; the previous output is untouched.`,
  },
  // A file-size limit (`ulimit -f`) or the filesystem's largest file; Node ignores SIGXFSZ, so the write fails.
  EFBIG: {
    code: "DiskFull",
    what: "the file is larger than this process may write",
    hint: (folder: string) =>
      `Raise the file-size limit (ulimit -f unlimited), or move ${folder} to a filesystem ` +
      `that holds larger files, and run ppguide again; the file ppguide was replacing is untouched.`,
  },
  EACCES: {
    code: "PermissionDenied",
    what: "permission denied",
    hint: (folder: string) => `Check the permissions of ${folder} (and who owns it), or pass another --out.`,
  },
  EPERM: {
    code: "PermissionDenied",
    what: "the operation is not permitted",
    hint: (folder: string) => `Check the permissions and attributes of ${folder}, or pass another --out.`,
  },
  EROFS: {
    code: "PermissionDenied",
    what: "the filesystem is read-only",
    hint: (folder: string) => `${folder} is on a read-only disk: pass an --out on a writable one.`,
  },
  ENOTDIR: {
    code: "PathBlocked",
    what: "a file stands where a folder must be",
    hint: () => "Move or delete that file, or pass another --out.",
  },
  EEXIST: {
    code: "PathBlocked",
    what: "something already stands there",
    hint: () => "Move or delete it, or pass another --out.",
  },
  EISDIR: {
    code: "PathBlocked",
    what: "a folder stands where a file must be",
    hint: () => "Move or delete that folder, or pass another --out.",
  },
  EMFILE: {
    code: "TooManyOpenFiles",
    what: "too many files are open in this process",
    hint: () => "Raise the limit (ulimit -n) and build again.",
  },
  ENFILE: {
    code: "TooManyOpenFiles",
    what: "too many files are open on this machine",
    hint: () => "Close other programs or raise the system's limit, then build again.",
  },
  ENAMETOOLONG: {
    code: "PathTooLong",
    what: "the name is longer than the filesystem allows",
    hint: () => "Pass a shorter --out, or shorten the route path.",
  },
} as const;

/**
 * What a YAML value breaks in its schema, as ajv reports it (schema.ts), from which the three
 * schema codes build their message and hint. `about` is the schema's own description of the field.
 */
export type SchemaBreach =
  | { rule: "required"; field: string }
  | { rule: "unknownField"; field: string; allowed: string[] }
  | { rule: "type"; expected: string; found: string; about?: string }
  | { rule: "enum"; value: string; allowed: string[] }
  | { rule: "const"; expected: string; found: string; about?: string }
  | { rule: "format"; value: string; format?: string; pattern?: string; about?: string }
  /** A value of a date field that no calendar has (core/dates.ts says why). */
  | { rule: "date"; value: string; problem: string; partial: boolean }
  | { rule: "multipleOf"; value: string; step: number; about?: string }
  | { rule: "duplicate"; field: string; value: string }
  /** Any other keyword: ajv's own wording (`must NOT have more than 3 items`). */
  | { rule: "other"; ajvMessage: string; about?: string };

const article = (word: string) => (/^[aeiou]/i.test(word) ? "an" : "a");
const aboutIt = (about?: string) => (about ? ` (${about.replace(/\.$/, "")})` : "");
type Breach<R extends SchemaBreach["rule"]> = Extract<SchemaBreach, { rule: R }>;
/** Each rule's message and hint, side by side. */
const BREACHES: { [R in SchemaBreach["rule"]]: { message: (p: Breach<R>) => string; hint: (p: Breach<R>) => string } } =
  {
    required: {
      message: (p) => `missing required field '${p.field}'`,
      hint: (p) => `Add \`${p.field}:\` to this entry.`,
    },
    unknownField: {
      message: (p) => `unknown field '${p.field}'`,
      hint: (p) => `Remove it or check its spelling; allowed here: ${p.allowed.join(", ")}.`,
    },
    type: {
      message: (p) => `must be ${article(p.expected)} ${p.expected}, not ${p.found}`,
      hint: (p) => `Write ${article(p.expected)} ${p.expected} here${aboutIt(p.about)}.`,
    },
    enum: { message: (p) => `'${p.value}' is not allowed`, hint: (p) => `Use one of: ${p.allowed.join(", ")}.` },
    const: {
      message: (p) => `must be ${p.expected}, not ${p.found}`,
      hint: (p) => `Write ${p.expected}${aboutIt(p.about)}.`,
    },
    format: {
      message: (p) => `'${p.value}' is not a valid ${p.format ?? "value"}`,
      hint: (p) => p.about ?? (p.pattern ? `It must match ${p.pattern}.` : `Write a valid ${p.format ?? "value"}.`),
    },
    date: {
      message: (p) => `'${p.value}' is not a date: it ${p.problem}`,
      hint: (p) =>
        `Write a day of the calendar, as YYYY-MM-DD${p.partial ? ", or a month or a year (YYYY-MM, YYYY)" : ""}: ` +
        "a day past the month's end is refused, never carried into the next month.",
    },
    multipleOf: {
      message: (p) => `${p.value} must be a multiple of ${p.step}`,
      hint: (p) => `Use steps of ${p.step}${aboutIt(p.about)}.`,
    },
    duplicate: {
      message: (p) => `duplicate ${p.field} ${p.value}`,
      hint: (p) => `Give each entry its own ${p.field}: cards and links are keyed by it.`,
    },
    other: { message: (p) => p.ajvMessage, hint: (p) => p.about ?? "Check this value against the schema." },
  };
type BreachText = { message: (p: SchemaBreach) => string; hint: (p: SchemaBreach) => string };
const breachMessage = (p: SchemaBreach) => (BREACHES[p.rule] as BreachText).message(p);
const breachHint = (p: SchemaBreach) => (BREACHES[p.rule] as BreachText).hint(p);
/** A code for a schema breach: its message and hint come from what ajv found. */
const schemaBreach = <T extends { title: string; cause: string; hint: string }>(info: T) => ({
  ...info,
  message: breachMessage,
  hintFor: breachHint,
});

/** What is wrong with a `::video` line (content/directives.ts). */
export type VideoProblem =
  | { rule: "empty" }
  | { rule: "badId"; id: string }
  | { rule: "notYaml"; problem: string }
  | { rule: "notMapping" }
  | { rule: "unknownField"; field: string; allowed: string[] }
  | { rule: "notString"; field: string }
  | { rule: "character"; field: string; what: string; codePoint: string }
  | { rule: "noTitle" }
  | { rule: "noSummary" }
  | { rule: "poster"; poster: string };

/** A stand-in an editor must replace before the site goes live (audits/placeholders.ts). */
export type Placeholder =
  | { kind: "videoWithoutId"; title: string }
  | { kind: "videoIdStandIn"; id: string }
  | { kind: "reservedMailDomain"; address: string; domain: string }
  | { kind: "reservedDomain"; url: string; domain: string }
  | { kind: "standIn"; url: string; token: string }
  | { kind: "socialHome"; url: string; network: string };

/** Two listings with one phone or website (content/listing-checks.ts); `otherKey` names the first, `file.yaml#id`. */
interface ContactSharedParams {
  field: "phone" | "website";
  value: string;
  name: string;
  other: string;
  at: string;
  otherKey: string;
}

/** A folder entry under public/ or content/ the build will not follow (core/site-folder.ts). */
interface LinkFound {
  /** The link, e.g. `public/s.txt`. */
  link: string;
  /** Where it leads: absolute when outside the site, else relative to it. */
  target: string;
}

export const ERRORS = {
  // site.yaml and the other YAML sources
  ManifestMissing: {
    title: "No site.yaml",
    cause: "The site folder has no site.yaml.",
    hint: "Run ppguide in the site's folder or pass --root DIR.",
    usage: true,
    message: (p: { file: string; root: string }) => `no ${p.file} in ${p.root}`,
  },
  YamlSyntax: {
    title: "YAML syntax error",
    cause: "A YAML text (site.yaml, front matter, a listings file) cannot be parsed.",
    hint:
      "Check the indentation and quoting on this line (quote " +
      "values that contain ': ' or start with a special character).",
    message: (p: { problem: string }) => `YAML syntax error: ${p.problem}`,
  },
  ManifestInvalid: schemaBreach({
    title: "site.yaml breaks its schema",
    cause: "A value in site.yaml has the wrong type, format or name (schema/site.schema.json).",
    hint: "Fix the value; the schema describes every field.",
  }),
  RouteNotFound: {
    title: "Link to no route",
    cause: "site.yaml or a Markdown link names a path that is neither a route nor an alias.",
    hint: "Fix the path, or add the route or an alias to site.yaml.",
    message: (p: { what: string; path: string }) =>
      `${p.what} '${p.path}' is not a route${p.what === "alias target" ? "" : " or alias"}`,
  },
  RouteDuplicate: {
    title: "Route declared twice",
    cause: "Two routes declare the same path.",
    hint: "Each path may be declared once: remove or rename one of them.",
    message: (p: { path: string; first: number }) => `duplicate route path '${p.path}' (also routes[${p.first}])`,
  },
  SiteUrlInvalid: {
    title: "site.url is not an origin",
    cause:
      "site.url is not written as an origin (https://, a lower-case host, a port only when " +
      "not the default), or has something after it: a path, query, fragment or trailing slash.",
    hint:
      "Write the site's origin alone, e.g. https://www.example.com: canonical URLs, the sitemap and " +
      "the feed add each page's path to it, and pages link each other from the root of that origin.",
    message: (p: { url: string; origin?: string }) => {
      const fix = p.origin ? `: write it as '${p.origin}'` : " (https:// and a host, nothing after it)";
      return `site.url '${p.url}' is not an origin${fix}`;
    },
  },
  RoutePathNotCanonical: {
    title: "Route path not in its one form",
    cause:
      "A route path site.yaml names holds a percent-escape (route paths are written with " +
      "the characters themselves, /café), is not in Unicode NFC, or ends in 'index' (which " +
      "hosts serve as its folder); an escaped '.', '..' or '/' would name another path.",
    hint:
      "Write the characters themselves, as you would type them (/café, " +
      "/a-b); an escaped dot segment or slash is not a path a page can have.",
    message: (p: {
      what: string;
      path: string;
      why: "escape" | "dot segment" | "malformed" | "not NFC" | "index";
      canonical?: string;
    }) => {
      const escapeFix = p.canonical
        ? `write the character itself, '${p.canonical}'`
        : "what it escapes is not allowed in a route path (letters, " +
          "digits, '-', '.', '_', '~' and other visible characters)";
      return p.why === "index"
        ? `${p.what} '${p.path}' ends in 'index', which hosts answer with a redirect to ` +
            `its folder ('${p.path.replace(/index$/i, "")}'): give the page another name`
        : p.why === "not NFC"
          ? `${p.what} '${p.path}' is not in Unicode NFC (a letter ` +
            `and its accent written apart): write it as '${p.canonical}'`
          : p.why === "dot segment"
            ? `${p.what} '${p.path}' escapes a '.', '..' or '/' segment, which browsers resolve to another path`
            : p.why === "malformed"
              ? `${p.what} '${p.path}' holds a malformed percent-escape`
              : `${p.what} '${p.path}' holds a percent-escape: ${escapeFix}`;
    },
  },
  AliasIsRoute: {
    title: "Alias shadows a route",
    cause: "An alias's `from` path is also a route's path.",
    hint: "An alias must be a path that has no page of its own.",
    message: (p: { from: string }) => `alias '${p.from}' is also a route`,
  },
  OfflinePackMenuUnknown: {
    title: "Offline pack names no menu",
    cause: "A pack of site.offline.packs names a menu that `nav` does not have, so it would save none of its pages.",
    hint: "Name a menu by its label as `nav` writes it, or leave `menus` out to save every page.",
    message: (p: { menu: string; menus: string[] }) =>
      `offline pack menu '${p.menu}' is not a nav menu (the menus are ${p.menus.map((m) => `'${m}'`).join(", ")})`,
  },
  AuthorNotFound: {
    title: "Unknown author",
    cause: "A route names an author that site.yaml's `authors` does not define.",
    hint: "Use one of the authors defined under `authors:`.",
    message: (p: { author: string }) => `unknown author '${p.author}'`,
  },
  DatesOutOfOrder: {
    title: "Dates out of order",
    cause: "A route's created, published and modified dates are not in that order.",
    hint: "created must be on or before published, and published on or before modified.",
    message: (p: { created: string; published: string; modified: string }) =>
      `dates are out of order (created ${p.created}, published ${p.published}, modified ${p.modified})`,
  },
  RevisedOutOfRange: {
    title: "Earlier update out of range",
    cause: "A date under a route's `dates.revised` is before its `published` date, or not before its `modified` date.",
    hint: "List under `revised` only earlier updates: each on or after `published` and before `modified`.",
    message: (p: { day: string; published: string; modified: string }) =>
      `the earlier update ${p.day} is not between published ${p.published} and modified ${p.modified} ` +
      "(the 'Updated' date, which comes last)",
  },
  LinkToUnpublished: {
    title: "Link to an unpublished page",
    cause:
      "A published page (or a menu, card or link every page shows) names a page the build leaves " +
      "out: a draft, one whose dates.published is still to come, or one past its `expires` date.",
    hint:
      "Remove the link, or publish the page first (drop `draft: true`, or " +
      "wait for its date); `ppguide dev` shows unpublished pages with a banner.",
    message: (p: { what: string; path: string; status: "draft" | "scheduled" | "expired"; date?: string }) => {
      const state =
        p.status === "draft"
          ? "a draft"
          : p.status === "scheduled"
            ? `not published until ${p.date}`
            : `no longer published (it expired on ${p.date})`;
      return `${p.what} '${p.path}' is ${state}`;
    },
  },
  ExpiresBeforePublished: {
    title: "Expires before it is published",
    cause: "A route's `expires` date is before its dates.published, so the page would never be published.",
    hint: "expires is the last day the page is shown: make it on or after dates.published.",
    message: (p: { expires: string; published: string }) =>
      `expires ${p.expires} is before the published date ${p.published}`,
  },
  ClockInvalid: {
    title: "Bad --clock date",
    cause: "--clock or PPGUIDE_CLOCK is not a calendar date written YYYY-MM-DD.",
    hint: "Write the date as YYYY-MM-DD, e.g. --clock 2026-12-01.",
    usage: true,
    message: (p: { from: string; value: string }) => `${p.from} '${p.value}' is not a date written YYYY-MM-DD`,
  },
  ThreadsInvalid: {
    title: "Bad PPGUIDE_THREADS",
    cause: "PPGUIDE_THREADS, how many threads render the pages, is not a whole number.",
    hint: "Set it to a whole number (0 renders on the build's own thread), or unset it for the default.",
    usage: true,
    message: (p: { value: string }) => `PPGUIDE_THREADS '${p.value}' is not a whole number of threads`,
  },
  RelatedNotThree: {
    title: "Related block not three",
    cause: "A route's `related` list does not have exactly three paths.",
    hint: "The 'You May Also Like' block always shows three cards: list three route paths.",
    message: (p: { found: number }) => `related must list exactly 3 routes, found ${p.found}`,
  },
  RelatedSelf: {
    title: "Related to itself",
    cause: "A route's `related` list names the route itself.",
    hint: "Name three other pages.",
    message: (p: { path: string }) => `related card '${p.path}' is the page itself`,
  },
  RouteIsFile: {
    title: "Route where a file goes",
    cause:
      "A route's or alias's path is served where the build writes a file of its own (robots.txt, sitemap.xml, " +
      "feed.xml, 404.html, _headers, _redirects, a page's file) or copies one from public/, or lies under one.",
    hint: "Pick another path for the page, or rename the file in public/.",
    message: (p: { what: string; path: string; file: string; copied: boolean }) => {
      const done = p.copied ? `copies public/${p.file}` : `writes ${p.file}`;
      return `${p.what} '${p.path}' would be served where the build ${done}`;
    },
  },
  OutputClaimedTwice: {
    title: "Two sources for one output path",
    cause:
      "Two things the build makes would be written to the same file of the output, or served " +
      "at the same URL: two aliases from one path, two routes whose files or URLs meet (/a " +
      "and /A, /index.html and /), a file of public/ and a generated file or the search index.",
    hint:
      "Each file and URL of the site has one source: rename or " +
      "remove one of them (a file in public/, or a path in site.yaml).",
    message: (p: { first: string; second: string; at: string; served: boolean }) =>
      `${p.second} and ${p.first} would both be ${p.served ? "served at" : "written to"} ${p.at}`,
  },
  PathTooLong: {
    title: "Name too long",
    cause:
      "A route's path segment, or --out, is longer than the filesystem allows for a file name or path (ENAMETOOLONG).",
    hint: "Shorten it: a path segment may be 250 bytes, a whole path about 4,000.",
    message: (
      p: { what: string; path: string; bytes: number; max: number } | { out: number; longest: number } | SystemRefusal,
    ) =>
      "errno" in p
        ? refused(p)
        : "out" in p
          ? `--out is ${p.out} bytes long${p.longest > 255 ? ` with a ${p.longest}-byte folder name` : ""}: ` +
            `the pages under it would pass the filesystem's limit (4,096 bytes a path, 255 a name)`
          : `${p.what} '${p.path.slice(0, 40)}…' has a segment ` +
            `of ${p.bytes} bytes, longer than a file name may be (${p.max})`,
    hintFor: (p: { what: string } | { out: number } | SystemRefusal) =>
      "errno" in p ? refusedHint(p) : "Shorten it: a path segment may be 250 bytes, a whole path about 4,000.",
  },
  BannersMissing: {
    title: "Banner without banners",
    cause: "Markdown places a `::banner` but site.yaml's site.banners is empty.",
    hint: "Add banners under site.banners in site.yaml, or remove the ::banner line.",
    message: (p: { file: string }) => `${p.file} places a ::banner but site.banners is empty`,
  },
  // content/
  ContentMissing: {
    title: "Content file missing",
    cause: "A route's `content` or `listings` file does not exist under content/.",
    hint: "Create the file or fix the name (paths are relative to content/).",
    message: (p: { file: string }) => `${p.file} does not exist`,
  },
  SourceIsFolder: {
    title: "Folder where a file goes",
    cause: "A file the site is read from (site.yaml, a route's Markdown or listings file) is a folder.",
    hint: "Put the file in the folder's place, or name another file in site.yaml.",
    message: (p: { file: string }) => `${p.file} is a folder, not a file`,
  },
  SourceChanged: {
    title: "Source changed while the build ran",
    cause:
      "A Markdown file the build had taken as unchanged since the last build (its size and times were as kept) " +
      "held other bytes when a page needed its text: it was written while the build ran.",
    hint: "Build again once the file is saved; nothing was published.",
    message: (p: { file: string }) => `${p.file} changed while the build was reading the site`,
  },
  FrontMatterInvalid: schemaBreach({
    title: "Front matter breaks its schema",
    cause: "A value in a Markdown file's front matter has the wrong type or name (schema/front-matter.schema.json).",
    hint: "Fix the value; docs/content-format.md lists the fields.",
  }),
  FrontMatterUnclosed: {
    title: "Front matter not closed",
    cause: "A Markdown file opens front matter with `---` but never closes it.",
    hint: "End the front matter with a line holding only '---', or remove the first line if the file has none.",
    message: (_: object) => "the front matter that starts here has no closing '---' line",
  },
  RecipeMissing: {
    title: "Recipe without recipe data",
    cause: "A recipe route's Markdown has no `recipe:` block in its front matter.",
    hint:
      "Add prepMinutes, totalMinutes, servings, category, " +
      "ingredients and instructions (see docs/content-format.md).",
    message: (_: object) => "a recipe page needs a `recipe:` block in its front matter",
  },
  RecipeFigures: {
    title: "Recipe figures disagree",
    cause: "A recipe's times contradict each other (total shorter than prep, or only one given).",
    hint: "totalMinutes includes the prep time: give both, with total at least prep.",
    message: (p: { prepMinutes: number; totalMinutes: number } | { missing: string }) =>
      "missing" in p
        ? `${p.missing} is missing while the other time is set`
        : `total time (${p.totalMinutes} min) is shorter than the prep time (${p.prepMinutes} min)`,
  },
  MarkdownTooDeep: {
    title: "Markdown nested too deep",
    cause:
      "Lists or quotes in a Markdown file are nested past the parser's limit (100 " +
      "levels of containers), where it stops reading and would drop what follows.",
    hint: "Nest the lists and quotes less deeply: no reader follows a list nested dozens of levels.",
    message: (p: { file: string }) =>
      `${p.file} nests lists or quotes past the Markdown parser's limit here: the rest of the block would be dropped`,
  },
  IdDuplicate: {
    title: "Id used twice on a page",
    cause:
      "A Markdown file gives an element an id the page already has: a heading's {#id} or " +
      "a raw HTML id equal to one of the layout's own (main, site-nav, …) or written twice.",
    hint: "Give the heading (or element) another id: links to #id find the first element that has it.",
    message: (p: { id: string; twice: boolean }) =>
      p.twice
        ? `the id '${p.id}' is given twice in this Markdown file`
        : `the id '${p.id}' is one the page's layout gives already`,
  },
  DirectiveUnknown: {
    title: "Unknown directive",
    cause: "A Markdown line starts with `::` and a name ppguide does not know.",
    hint: "Use ::banner, ::fact, ::video or ::gallery … ::/gallery (docs/content-format.md).",
    message: (p: { file: string; name: string }) => `${p.file} uses an unknown directive '::${p.name}'`,
  },
  VideoInvalid: {
    title: "Bad ::video line",
    cause: "A `::video` directive's fields cannot be read.",
    hint:
      "Write '::video VIDEO_ID Title', or '::video { title: …, summary: " +
      "… }' while the video has no real id (see docs/content-format.md).",
    message: (p: VideoProblem) => {
      switch (p.rule) {
        case "empty":
          return "'::video' needs a video id and a title, or a { title, summary } mapping";
        case "badId":
          return `'${p.id}' is not a video id (letters, digits, '_' and '-')`;
        case "notYaml":
          return `the '::video' mapping is not valid YAML: ${p.problem}`;
        case "notMapping":
          return "the '::video' argument must be a { key: value } mapping";
        case "unknownField":
          return `'::video' has no field '${p.field}'`;
        case "notString":
          return `'::video' field '${p.field}' must be a string`;
        case "character":
          return `'::video' field '${p.field}' holds ${p.what} (${p.codePoint}), which no page can carry`;
        case "noTitle":
          return "'::video' needs a title";
        case "noSummary":
          return "a '::video' without an id needs a summary";
        case "poster":
          return `'::video' poster '${p.poster}' must be a path under public/, starting with '/'`;
      }
    },
    hintFor: (p: VideoProblem) =>
      p.rule === "unknownField"
        ? `Use ${p.allowed.join(", ")}.`
        : p.rule === "notString"
          ? "Quote the value."
          : p.rule === "character"
            ? "Remove it, or write the character itself."
            : p.rule === "noSummary"
              ? "Say in `summary` what the video will show: readers see it until a real id is set."
              : "Write '::video VIDEO_ID Title', or '::video { title: …, summary: " +
                "… }' while the video has no real id (see docs/content-format.md).",
  },
  ListingsInvalid: schemaBreach({
    title: "Listings file breaks its schema",
    cause: "A listings file's value has the wrong type or name, or two listings share an id.",
    hint: "Fix the value; schema/listings.schema.json describes every field.",
  }),
  ListingUnsourced: {
    title: "Contact fact without a source",
    cause: "A listing has a street address, phone or website that no entry of its `sources` supports.",
    hint:
      "Add a `sources:` entry with the page's url, `supports:` naming the field and what the page `says` " +
      "(docs/content-format.md), or remove the value: the card then shows 'No Phone' or 'No Website'.",
    message: (p: { field: string; value: string; name: string }) =>
      `${p.field} '${p.value}' of '${p.name}' names no source`,
  },
  FactUnknown: {
    title: "Unknown fact",
    cause:
      "A `::fact` line, a `{{fact:ID}}` in prose, a home slide's `facts` or a " +
      "listing's `facts` names a fact that site.yaml's `facts` does not define.",
    hint:
      "Use the key of an entry under `facts:` in site.yaml, or add " +
      "the fact there (docs/content-format.md, Facts that change).",
    message: (p: { id: string }) => `fact '${p.id}' is not defined under facts in site.yaml`,
  },
  FactNotShown: {
    title: "Fact mentioned but not shown",
    cause:
      "A page's Markdown, a home slide or a listing names what a " +
      "fact is about (one of its `mentions`) without showing the fact.",
    hint:
      "Show the fact where readers meet the subject: a `::fact ID` " +
      "line in the Markdown, or `facts: [ID]` on the slide or listing.",
    message: (p: { mention: string; id: string }) => `'${p.mention}' is mentioned without the fact '${p.id}'`,
  },
  FactContradicted: {
    title: "Closed place offered as open",
    cause:
      "A sentence names what a fact says is closed (one of its `mentions`) and invites " +
      "readers to use it ('ride', 'take', 'open', 'tickets') with no word of the closure.",
    hint:
      "Say that it is closed, or rephrase so the sentence does not offer it; " +
      "if it has reopened, change the fact's status and since in site.yaml.",
    message: (p: { sentence: string; id: string; since: string }) =>
      `'${p.sentence}' offers as open what the fact '${p.id}' says is closed since ${p.since}`,
  },
  FactValueMissing: {
    title: "Fact with no value inserted",
    cause: "Prose writes `{{fact:ID}}` for a fact that has no `value` to insert (a status, such as a closure).",
    hint:
      "Give the fact a `value` and its `date` in site.yaml, with `gives:` on the dated source that states it " +
      "(or `guide: true` and `ask` for this guide's own figure), or show a status with a `::fact ID` line of its own.",
    message: (p: { id: string }) => `fact '${p.id}' has no value for {{fact:${p.id}}} to insert`,
  },
  FigureUnsourced: {
    title: "Figure written by hand",
    cause:
      "Prose writes a money amount, a time of day, a travel time or a distance (a duration or a length in a " +
      "sentence about a walk, a drive, a hike or a ride) itself instead of taking it from a fact (a warning; an " +
      "error with --strict): written on one page, it goes out of date there alone, and two pages state it differently.",
    hint:
      "State the figure once under `facts:` in site.yaml, as a fact with its `subject`, `text`, `value`, " +
      "`date` and `sources`, the source that states it with its own `date` and `gives:` the value " +
      "(docs/content-format.md, Figures), and write `{{fact:ID}}` here; then every page shows the same figure " +
      "with its date.",
    message: (p: { figure: string; kind: "money amount" | "time of day" | "travel time" | "distance" }) =>
      `the ${p.kind} '${p.figure}' is written here, not taken from a fact`,
  },
  FigureCurrencyAmbiguous: {
    title: "Bare $ figure",
    cause:
      "A money amount is written with a bare '$' (in a fact, a title, a description or what a source says), " +
      "which in the Dominican Republic also means pesos: a reader cannot tell which currency to carry.",
    hint: "Write US$ or RD$ before the amount (US$15, RD$400), or the currency after it (15 USD, 400 pesos).",
    message: (p: { figure: string }) => `'${p.figure}' does not say whether it is in US dollars or pesos`,
  },
  FactMarkerInvalid: {
    title: "Not a fact marker",
    cause:
      "Text looks like a fact marker (doubled braces, or a brace before the word fact) but is not " +
      "exactly `{{fact:ID}}`: it would be published as written.",
    hint:
      "Write a fact's value as {{fact:ID}}: two braces, 'fact:', the fact's id in lowercase, no spaces; " +
      "to show braces themselves, rephrase without them.",
    hintFor: (p: { text: string; meant?: string }) =>
      p.meant
        ? `Write it as ${p.meant} (two braces, 'fact:', the fact's id in lowercase, no spaces).`
        : "Write a fact's value as {{fact:ID}}: two braces, 'fact:', the fact's id in lowercase, no spaces; " +
          "to show braces themselves, rephrase without them.",
    message: (p: { text: string; meant?: string }) => `'${p.text}' looks like a fact marker but is not one`,
  },
  FactMarkerMisplaced: {
    title: "Fact marker where it is not expanded",
    cause:
      "A `{{fact:ID}}` marker is written where markers are not expanded (alt text, a link's text, title " +
      "or target, an image's title, a heading, code, raw HTML, or a field of site.yaml, a listing or " +
      "front matter): it would be published as written.",
    hint:
      "Markers are expanded in Markdown prose only: give the figure in a paragraph of the page, " +
      "or write this text without it.",
    message: (p: { text: string; where: string }) =>
      `'${p.text}' is in ${p.where}, where fact markers are not expanded`,
  },
  FactDateFuture: {
    title: "Fact dated after today",
    cause:
      "A date of a fact of site.yaml (its `date` or `since`, a source's or another figure's `date`) lies " +
      "after the day the site is built as of (--clock, PPGUIDE_CLOCK, else today): no page can have stated it yet.",
    hint:
      "Write the date the source gives (YYYY, YYYY-MM or YYYY-MM-DD), or the day you checked it; " +
      "build with --clock set to a later day only to preview the site as of then.",
    message: (p: { what: string; date: string; clock: string }) => `${p.what} is dated ${p.date}, after ${p.clock}`,
  },
  FactDateUnsupported: {
    title: "Figure date no source gives",
    cause:
      "A fact's `date`, shown as when its figure was last confirmed, is not the date of the newest source " +
      "that gives its `value` (a source's `gives`), or no dated source gives it.",
    hint:
      "Add `gives:` to the source that states the figure, written as `value` is, and set the fact's `date` " +
      "to that source's date; a figure no source states is this guide's own (`guide: true`, with `ask`).",
    message: (p: { id: string; date: string; value: string; newest?: string }) =>
      `fact '${p.id}' is dated ${p.date}, but ` +
      (p.newest ? `the newest source that gives '${p.value}' is dated ${p.newest}` : `no source gives '${p.value}'`),
  },
  FactGuideSourced: {
    title: "Source's figure called the guide's own",
    cause:
      "A fact marked `guide: true` (this guide's own figure, which no source states) has a source whose " +
      "`gives` is its `value`: the page would tell readers the figure is the guide's when it is the source's.",
    hint:
      "Remove `guide: true` (and `ask`, unless another figure is the guide's own): the figure is the source's. " +
      "Set `date` to the source's date, or to the day you read it if it gives none.",
    message: (p: { id: string; value: string; by: string }) =>
      `fact '${p.id}' calls '${p.value}' this guide's own figure, but ${p.by} gives it`,
  },
  FactLeadNotNewest: {
    title: "Newer figure behind an older one",
    cause:
      "A fact's `earlier` list holds a source's figure, charged or stated, dated after the figure the fact shows " +
      "first, or behind this guide's own figure: the figure a reader plans on is the newest one a source gives " +
      "(an announced, suspended or disputed one follows it, labelled with `standing`).",
    hint:
      "Make the newest figure a source gives the fact's `value` and `date` (with `gives:` on its source), " +
      "and move the one it replaces into `earlier`; if the newer figure was only announced, suspended or " +
      "disputed, give it `standing:` instead.",
    message: (p: { id: string; value: string; date: string; newer: string; newerDate: string }) =>
      `fact '${p.id}' shows '${p.value}' (${p.date}) first, but a source gave '${p.newer}' in ${p.newerDate}`,
  },
  ExchangeRateTwice: {
    title: "Two exchange rates for one year",
    cause:
      "Two facts of site.yaml have `perDollar` and a `date` in the same year: a figure is converted at its " +
      "own year's rate, so each year has one exchange-rate fact.",
    hint: "Keep `perDollar` on one fact of that year, with its source, and remove it from the other.",
    message: (p: { id: string; first: string; year: string }) =>
      `fact '${p.id}' gives an exchange rate for ${p.year}, as fact '${p.first}' already does`,
  },
  PageUpdatedBeforeFact: {
    title: "Page dated before what it shows",
    cause:
      "An article's `dates.modified`, shown as its 'Updated' date and in its structured data, is older than " +
      "a fact it shows (its figure's date, its status's, a source's or an exchange rate's) or than one of its " +
      "own sources: readers would take the page as checked before what it tells them.",
    hint: "Read the page again against what it shows, then set `dates.modified` to the newest date it shows, or later.",
    hintFor: (p: { shown: string; day: string }) =>
      `Read the page again against ${p.shown}, then set \`dates.modified\` to ${p.day} or later.`,
    message: (p: { route: string; modified: string; shown: string; date: string; day: string }) =>
      `${p.route} says it was updated ${p.modified}, but it shows ${p.shown}, dated ${p.date}`,
  },
  FactPairTwice: {
    title: "Two facts between the same places",
    cause:
      "Two facts of site.yaml have `between` naming the same two places: a travel time or distance between " +
      "two places is one fact, so no two pages can state it differently.",
    hint: "Keep one fact for the two places, holding the time and the distance, and insert it with `{{fact:ID}}`.",
    message: (p: { id: string; first: string; places: string }) =>
      `fact '${p.id}' joins ${p.places}, as fact '${p.first}' already does`,
  },
  LegTimesOutOfOrder: {
    title: "Travel times out of order",
    cause:
      "Along site.yaml's `coast`, a fact's travel time or distance to a place further on is shorter than " +
      "another fact's to a place between them, or than the two legs through that place together.",
    hint: "Check the three facts against their sources and correct the one that is out of line.",
    message: (p: { id: string; leg: string; figure: string; why: string }) =>
      `fact '${p.id}' gives ${p.leg} as ${p.figure}, ${p.why}`,
  },
  FigureContradictsFact: {
    title: "Figure contradicts a fact",
    cause:
      "A sentence names a fact's subject (one of its `mentions`) and gives, by hand, a figure of the " +
      "fact's kind (a money amount, a time of day, a duration, a day of the year) that is none of the " +
      "fact's figures: the page would state two.",
    hint:
      "Write `{{fact:ID}}` for the fact's figure; if the figure has changed, change the fact's " +
      "`value` and `date` in site.yaml and move the old one to its `earlier` list.",
    message: (p: { figure: string; id: string; value: string }) =>
      `'${p.figure}' contradicts the fact '${p.id}', whose value is '${p.value}'`,
  },
  PhoneInvalid: {
    title: "Phone number invalid",
    cause:
      "A listing's phone is not a valid number: a Dominican one (area code 809, " +
      "829 or 849, then seven digits) or one starting with its country's + code.",
    hint:
      "Copy the number again from the source that states it (a Dominican number is 10 " +
      "digits: 809 320 1234); or leave the phone out, and the card shows 'No Phone'.",
    message: (p: { phone: string; name: string }) => `phone '${p.phone}' of '${p.name}' is not a valid phone number`,
  },
  WebsiteNotHttps: {
    title: "Website not https",
    cause:
      "A listing's website is an http:// address (a warning): most sites answer https, which browsers show as safe.",
    hint: "Open the site with https://; if it answers, write that address.",
    message: (p: { link: string; name: string }) => `website '${p.link}' of '${p.name}' is not https`,
  },
  ContactShared: {
    title: "Phone or website shared",
    cause:
      "Two listings have the same phone number or website (a warning): often a copy-and-paste " +
      "slip, sometimes one business in two directories (a hotel and its spa), which `partOf` says.",
    hint:
      "Check both against their sources: fix the one copied by mistake; if one place is part of the " +
      "other (a hotel's spa), write `partOf: FILE#ID` in its entry, naming the other listing.",
    hintFor: (p: ContactSharedParams) =>
      `Check both against their sources: fix the one copied by mistake; if '${p.name}' is part of ` +
      `'${p.other}' (a hotel's spa), write \`partOf: ${p.otherKey}\` in its entry.`,
    message: (p: ContactSharedParams) =>
      `${p.field} '${p.value}' of '${p.name}' is also the ${p.field} of '${p.other}' (${p.at})`,
  },
  RawHtmlUnsafe: {
    title: "Raw HTML outside the allowlist",
    cause:
      "Raw HTML in Markdown holds an element, attribute, URL or " +
      "markup the allowlist (src/content/raw-html.ts) does not allow.",
    hint:
      "Remove it: use the ::video directive for videos, a Markdown link for links. " +
      "Plain inline HTML such as <kbd> or <br> is fine (docs/content-format.md).",
    message: (p: { what: string }) => `raw HTML with ${p.what} is not published`,
  },
  UrlMalformed: {
    title: "Malformed percent-escape",
    cause:
      "A link, image or poster path holds a '%' not followed by two hex digits of a UTF-8 character (e.g. /%E0%A4%A).",
    hint: "Write the character itself (ppguide encodes it), or a complete escape such as %20 for a space.",
    message: (p: { what: string; path: string }) => `${p.what} '${p.path}' holds a malformed percent-escape`,
  },
  UrlInvalid: {
    title: "Not a URL",
    cause:
      "A link, image or other address in site.yaml, a listings file, front matter or Markdown is not a " +
      "URL by the WHATWG URL Standard that browsers follow (e.g. https://[x), so no browser could open it.",
    hint:
      "Fix the address: a host has no spaces, brackets or '%', and the " +
      "whole address starts with https:// (or is a path such as /page).",
    message: (p: { what: string; url: string }) => `${p.what} '${p.url}' is not a valid URL`,
  },
  CharacterInvalid: {
    title: "Character no page can carry",
    cause:
      "A value in site.yaml, a listings file or front matter holds, once its escapes " +
      "are read, a control character other than tab and newline, a noncharacter or a lone " +
      "surrogate, which HTML, XML (the feed) and JSON (the search index) cannot carry.",
    hint:
      "Remove it: write a line break as a new line and any other character " +
      'as itself; an escape in double quotes ("\\x0b", "\\uD800") makes one.',
    message: (p: { codePoint: string; what: string; in: "key" | "value" }) =>
      `the ${p.in} holds ${p.what} (${p.codePoint}), which no page, feed or search index can carry`,
  },
  EncodingInvalid: {
    title: "Not UTF-8",
    cause: "A source file holds bytes that are not UTF-8.",
    hint: "Save it as UTF-8 (your editor's 'Save with encoding' or 'Reopen with encoding' menu).",
    message: (_: object) => "the file is not valid UTF-8 text",
  },
  NotText: {
    title: "Not a text file",
    cause:
      "A source file holds a control character (other than tab and " +
      "line breaks) or a noncharacter: it is binary, or a mangled copy.",
    hint: "Only text files belong here: move images and other binary files to public/, or remove the character.",
    message: (p: { codePoint: string; what: string }) =>
      `the file holds ${p.what} (${p.codePoint}), so it is not a text file`,
  },
  // public/ and files on disk
  AssetMissing: {
    title: "Image missing",
    cause: "site.yaml, a listings file or Markdown names an image that is not a file under public/.",
    hint: "Add the file to public/ or fix the path.",
    message: (p: { what: string; path: string }) => `${p.what} '${p.path}' is not a file under public/`,
  },
  ImageUnreadable: {
    title: "Picture cannot be read",
    cause:
      "A picture the site shows (a route's image, a Markdown image, a listing's or a " +
      "home slide's picture) is a file sharp cannot decode: empty, truncated, not a " +
      "picture at all (text saved as .png), or past sharp's limit of 268 million pixels.",
    hint:
      "Replace the file in public/ with a JPEG, PNG, WebP or " +
      "SVG that opens in an image viewer, or name another picture.",
    message: (p: { path: string; reason: string }) => `image '${p.path}' cannot be read as a picture (${p.reason})`,
    hintFor: (p: { path: string; reason: string }) =>
      /pixel limit/i.test(p.reason)
        ? `Scale public${p.path} down (below 268 million pixels, e.g. ` +
          `16,000 × 16,000): pages show it at most 1,920 pixels wide.`
        : `Replace public${p.path} with a JPEG, PNG, WebP or SVG that opens in an image ` +
          `viewer (it may be empty, cut short, or not a picture), or name another picture.`,
  },
  SymlinkOutside: {
    title: "Link out of the site",
    cause:
      "A symbolic link under public/ or content/ (or one of those folders itself) resolves outside the site folder.",
    hint: "Copy the file into the site instead: ppguide publishes only what is inside the site folder.",
    message: (p: LinkFound) => `${p.link} is a symbolic link to ${p.target}, outside the site`,
    hintFor: (p: LinkFound) =>
      p.link.endsWith("/")
        ? "Make it a folder inside the site."
        : "Copy the file into the site instead: ppguide publishes only what is inside the site folder.",
  },
  SymlinkBroken: {
    title: "Link to nothing",
    cause: "A symbolic link under public/ or content/ points to nothing.",
    hint: "Delete the link or point it at a file inside the site.",
    message: (p: { link: string }) => `${p.link} is a symbolic link to nothing`,
  },
  SymlinkLoop: {
    title: "Link loop",
    cause: "A symbolic link under public/ or content/ leads back to itself or to a folder that contains it.",
    hint: "Delete the link: following it would never end.",
    message: (p: { link: string; target?: string }) =>
      p.target === undefined
        ? `${p.link} is a symbolic link that leads back to itself`
        : `${p.link} is a symbolic link to ${p.target}, a folder that contains it: following it would never end`,
  },
  SymlinkHidden: {
    title: "Link to a hidden file",
    cause:
      "A symbolic link under public/ or content/ leads to a dot file or folder (.env, .git), which is never published.",
    hint: "Dot files (.env, .git, …) are never published: copy what readers may see to a file without a leading dot.",
    message: (p: LinkFound) => `${p.link} is a symbolic link to ${p.target}, a hidden file or folder`,
  },
  SymlinkIntoOutput: {
    title: "Link into the output",
    cause: "A symbolic link under public/ or content/ leads into a build's output (dist, dist.ppguide/).",
    hint: "Delete the link: the output would contain itself and grow with every build.",
    message: (p: LinkFound) => `${p.link} is a symbolic link to ${p.target}, a build's output`,
  },
  NotRegularFile: {
    title: "Not a file or folder",
    cause:
      "public/ or content/ holds a named pipe, socket or device, or a " +
      "link to one, or a source file is one: reading it could wait forever.",
    hint: "Delete it: only files and folders are published.",
    message: (p: { path: string; kind: string; link?: string }) =>
      p.link === undefined
        ? `${p.path} is ${p.kind}, not a file or a folder`
        : `${p.link} is a symbolic link to ${p.path}, which is ${p.kind}, not a file or a folder`,
    hintFor: (p: { path: string; kind: string; link?: string }) =>
      p.link === undefined
        ? "Delete it: only files and folders are published."
        : "Delete the link: only files and folders are published.",
  },
  CacheFolderRefused: {
    title: "Cache folder refused",
    cause:
      "A cache folder is inside the site's sources (PPGUIDE_CACHE_DIR in " +
      "content/, public/, …) or inside the output (PPGUIDE_CACHE_DIR=dist/cache, " +
      "--out .ppguide-cache), or .ppguide-cache is a link leading out of the site.",
    hint: "Point PPGUIDE_CACHE_DIR outside the sources and the output, or delete the .ppguide-cache link.",
    message: (
      p: { link: string; real?: string } | { caches: string; folder: string } | { caches: string; out: string },
    ) =>
      "link" in p
        ? `${p.link} is a symbolic link to ${p.real ?? "nothing"}, ` +
          `outside the site: ppguide would write encoded images there`
        : "out" in p
          ? `the cache folder ${p.caches} is inside the output ${p.out}, which would publish it with the site`
          : `the cache folder ${p.caches} is inside the site's ${p.folder}/ folder`,
  },
  // compiling
  TemplateFailed: {
    title: "Template failed",
    cause: "A React template failed to compile or threw while rendering a page.",
    hint: "Fix the template at the top of the stack shown below.",
    message: (p: { route: string; reason: string } | { reason: string }) =>
      "route" in p ? `rendering ${p.route} failed: ${p.reason}` : `templates failed to load: ${p.reason}`,
  },
  StyleFailed: {
    title: "Stylesheet failed",
    cause: "A stylesheet under templates/styles/ has a syntax error.",
    hint: "The stylesheet has a syntax error: fix the file and save it again.",
    message: (p: { reason: string }) => `stylesheet: ${p.reason}`,
  },
  ScriptFailed: {
    title: "Browser script failed",
    cause: "A browser script under src/client/ failed to compile.",
    hint: "A browser script failed to compile: fix the file and save it again.",
    message: (p: { reason: string }) => `browser script: ${p.reason}`,
  },
  // the built site
  BrokenLink: {
    title: "Broken link",
    cause: "The built site links to a page, file or anchor that it does not have.",
    hint: "Fix the link, or set site.checkLinks to 'warn' in site.yaml while you work.",
    message: (p: { href: string; reason: string; suggestion?: string }) =>
      `${p.href}  ${p.reason}${p.suggestion !== undefined ? ` (did you mean ${p.suggestion}?)` : ""}`,
  },
  BuildNotReproducible: {
    title: "Rebuild differs from a clean build",
    cause:
      "`ppguide build --verify` built the site again from nothing and some files " +
      "differ from the incremental build's: a page's key misses one of its " +
      "inputs, or the served copy was changed in a way its record could not tell.",
    hint:
      "Run npx ppguide build --no-cache to publish a clean build, and " +
      "report the files listed with the edits since the last build.",
    message: (p: { files: string[] }) =>
      `the incremental build differs from a clean build in ${p.files.length} ` +
      `file${p.files.length === 1 ? "" : "s"}: ${p.files.slice(0, 20).join(", ")}${p.files.length > 20 ? ", …" : ""}`,
  },
  ContentUnused: {
    title: "Content no route uses",
    cause:
      "A Markdown or listings file under content/ is named by no route in site.yaml (a warning: it is not published).",
    hint: "Add a route for it to site.yaml, or delete the file.",
    message: (p: { file: string }) => `${p.file} is not used by any route in site.yaml`,
  },
  ToolTimedOut: {
    title: "Outside tool hung",
    cause:
      "A tool the build runs (sharp encoding a picture) gave no answer within a deadline far beyond what " +
      "the work needs: it hung. The build stopped; the served output is untouched.",
    hint: "Build again; if it hangs again, reinstall the tool (npm ci).",
    message: (p: { what: string; ms: number }) =>
      `${p.what} gave no answer in ${p.ms < 1000 ? `${p.ms} ms` : `${Math.round(p.ms / 1000)} s`}`,
  },
  CacheEntryDamaged: {
    title: "Cache entry damaged",
    cause:
      "An entry of ppguide's image cache (an encoded photo variant, a share image, or the record of " +
      "what an image made) does not hold what it was stored with: edited, truncated or swapped for " +
      "another. It is never used: the build made it again from the source (a warning).",
    hint:
      "Nothing to fix in the site. If it happens again, look for what writes into .ppguide-cache/ " +
      "(a sync tool, a disk error); deleting the folder is always safe.",
    message: (p: { entry: string; what: string }) => `cache entry ${p.entry} was made again: ${p.what}`,
  },
  AliasServedAsPage: {
    title: "Alias served as a page",
    cause:
      "An alias's redirect rule would pass a limit of the host's `_redirects` (Cloudflare Pages reads " +
      "2,000 static rules and ignores a rule over 1,000 characters), where the host would drop it " +
      "silently; the build serves that alias as a meta-refresh page instead (a warning).",
    hint:
      "Nothing breaks: the page redirects. To keep the one-hop 301, remove old aliases nobody visits " +
      "or shorten the alias's path.",
    message: (p: { from: string; limit: string }) => `alias '${p.from}' is served as a redirect page: ${p.limit}`,
  },
  StructuredDataInvalid: {
    title: "Structured data incomplete",
    cause:
      "A page's JSON-LD lacks a property Google requires for its type, or gives one in a form Google does " +
      "not read (Recipe, Article, LocalBusiness, VideoObject, Person, …), so search results would ignore it.",
    hint:
      "Add what the structured data is made from at this line (a video's uploaded date and poster, " +
      "a listing's name and town); docs/content-format.md says which field gives which property.",
    message: (p: { type: string; problem: string; page: string }) =>
      `structured data of ${p.page}: ${p.type}: ${p.problem}`,
  },
  StructuredDataIncomplete: {
    title: "Structured data without a recommended property",
    cause:
      "A page's JSON-LD leaves out a property Google recommends for its type (a warning): a Rating " +
      "without worstRating, an Article without its image; docs/structured-data.md lists them.",
    hint:
      "Add what the property is made from at this line (a listing's rating scale, a route's image " +
      "or dates); leave it out only when no source gives it.",
    hintFor: (p: { type: string; problem: string; page: string }) =>
      p.problem.includes('"nutrition"')
        ? "Add the recipe's `calories:` per serving from a source that gives them; when none does, write " +
          "`calories: null` in its `recipe:` block to say so."
        : "Add what the property is made from at this line (a listing's rating scale, a route's image " +
          "or dates); leave it out only when no source gives it.",
    message: (p: { type: string; problem: string; page: string }) =>
      `structured data of ${p.page}: ${p.type}: ${p.problem}`,
  },
  PlaceholderLeft: {
    title: "Placeholder left",
    cause:
      "The site still holds a stand-in value (a video without an id, an example " +
      "domain, a network's home page as a social link); an error only with --strict.",
    hint: "Replace it with the real value before going live.",
    message: (p: Placeholder) => {
      switch (p.kind) {
        case "videoWithoutId":
          return `video '${p.title}' has no real id yet`;
        case "videoIdStandIn":
          return `video id '${p.id}' is a stand-in`;
        case "reservedMailDomain":
          return `e-mail address '${p.address}' uses the reserved domain '${p.domain}'`;
        case "reservedDomain":
          return `'${p.url}' uses the reserved domain '${p.domain}'`;
        case "standIn":
          return `'${p.url}' holds the stand-in '${p.token}'`;
        case "socialHome":
          return `social link '${p.url}' is the network's home page, not the site's profile`;
      }
    },
    hintFor: (p: Placeholder) => {
      switch (p.kind) {
        case "videoWithoutId":
          return (
            "Readers see a card with a search link instead of a player; " +
            "add the video service's id once the real video is chosen."
          );
        case "videoIdStandIn":
          return (
            "Put in the real video's id, or leave `id` out until it " +
            "is chosen: readers then see a card, not a broken player."
          );
        case "reservedMailDomain":
          return "Reserved example domains can never receive mail: use an address at the site's real domain.";
        case "reservedDomain":
          return "Reserved example domains can never be registered: set the real domain before going live.";
        case "standIn":
          return (
            `Replace '${p.token}' with the real value (for an ` +
            `affiliate link, the partner id the network gave you).`
          );
        case "socialHome":
          return `Link the site's own ${p.network} profile.`;
      }
    },
  },
  StubTextLeft: {
    title: "Stub text published",
    cause:
      "A published page still holds a line or value that `ppguide new` wrote for the editor to replace, " +
      "marked by starting with TODO (its description, its picture's alt text, a listing's name, a line of its " +
      "Markdown); a warning, an error with --strict. A draft's stub text is not reported until it is published.",
    hint: "Write the page's own words in its place, as the TODO asks; ppguide new starts every such line with TODO.",
    message: (p: { text: string }) => `'${p.text}' is stub text, still to be written`,
  },
  AcknowledgedInvalid: {
    title: "acknowledged.yaml unreadable",
    cause:
      "acknowledged.yaml, the list of the problems `--strict` lets through, is not a list of entries each " +
      "with the `code`, `file` and `says` of one problem, as a build reports it.",
    hint:
      'Write each entry as `- { code: PlaceholderLeft, file: site.yaml, says: "..." }`, or delete the file ' +
      "and write it anew with `npx ppguide acknowledge`.",
    message: (p: { why: string }) => p.why,
  },
  AcknowledgedGone: {
    title: "Acknowledged problem fixed",
    cause:
      "An entry of acknowledged.yaml names a problem the site no longer has (a warning): it was fixed, or its " +
      "text changed. The list only lets through what is still there.",
    hint: "Remove the entry from acknowledged.yaml (or write the file anew with `npx ppguide acknowledge`).",
    message: (p: { code: string; file: string; says: string }) =>
      `${p.code} in ${p.file} is acknowledged but no longer found: ${p.says}`,
  },
  // the output folder
  OutputRefused: {
    title: "Output folder refused",
    cause:
      "--out names a folder ppguide must not replace: the site or a folder holding it, a source " +
      "folder, /, the home folder, a file, a folder on a filesystem the kernel makes up (/proc, /sys, " +
      "/dev), or a folder it did not create (without --force).",
    hint: "Pass another --out, e.g. --out dist.",
    usage: true,
    message: (p: { out: string; why: string } | { store: string; why: string }) =>
      "out" in p
        ? `refusing to write the site into ${p.out}: ${p.why}`
        : `refusing to write the site: ${p.store} ${p.why}`,
  },
  OutputBusy: {
    title: "Output folder busy",
    cause: "Another ppguide build is writing the same output folder.",
    hint: "Wait for it to finish; if no build is running, delete the lock file named in the message.",
    message: (p: { pid: number; out: string } | { lock: string }) =>
      "lock" in p
        ? `could not take the lock ${p.lock}`
        : `another ppguide build (process ${p.pid}) is writing ${p.out}`,
  },
  OutputPathOutside: {
    title: "Output path outside",
    cause:
      "A file name would leave the output folder (absolute, '..', " +
      "empty or '.' segments, a backslash or a control character).",
    hint:
      "Route, alias and asset paths may not contain '.' or '..' " +
      "segments, empty segments, backslashes or control characters.",
    message: (p: { file: string }) => `the output file name '${p.file}' would not stay inside the output folder`,
  },
  DiskFull: refusal({
    title: "Disk full",
    cause:
      "The disk (or the user's quota) has no space left for the output, or a file would be larger than " +
      "the process may write (ulimit -f).",
    hint: "Free some space (or use a larger disk for the output) and build again; the previous output is untouched.",
  }),
  PermissionDenied: refusal({
    title: "Permission denied",
    cause: "The system refused to write or read a file: permissions, attributes or a read-only filesystem.",
    hint: "Check the folder's permissions and who owns it, or pass an --out on a writable disk.",
  }),
  PathBlocked: refusal({
    title: "Something in the way",
    cause: "A file stands where a folder must go, or the reverse, outside what ppguide owns.",
    hint: "Move or delete it, or pass another --out.",
  }),
  // ppguide build --shard and ppguide merge
  ShardOptionInvalid: {
    title: "--shard not i/n",
    cause: "`ppguide build --shard` was given something other than two whole numbers i/n with 1 ≤ i ≤ n.",
    hint:
      "Pass --shard 1/4 to build the first of four shards (in CI: the matrix's shard number over its size, " +
      "GitLab's $CI_NODE_INDEX/$CI_NODE_TOTAL).",
    usage: true,
    message: (p: { value: string }) => `--shard '${p.value}' is not i/n with 1 ≤ i ≤ n (e.g. 2/4)`,
  },
  ShardUnreadable: {
    title: "Not a shard",
    cause:
      "A folder given to `ppguide merge` holds no shard manifest (ppguide-shard.json) that this ppguide " +
      "can read: it is not the --out of a `ppguide build --shard`, or the artifact was cut short.",
    hint: "Pass the folders that `ppguide build --shard i/n --out DIR` wrote, each as its job uploaded it.",
    message: (p: { shard: string; why: string }) => `${p.shard} is not a shard of a ppguide build: ${p.why}`,
  },
  ShardMissing: {
    title: "Shard missing",
    cause: "The folders given to `ppguide merge` lack one or more of the n shards a site was split into.",
    hint:
      "Pass every shard's folder (in CI, download every artifact of the matrix) and merge again; " +
      "the previous output is untouched.",
    message: (p: { missing: string; count: number; total: number; given: string }) =>
      `shard${p.count === 1 ? "" : "s"} ${p.missing} of ${formatCount(p.total)} ` +
      `${p.count === 1 ? "is" : "are"} missing${p.count > 2 ? ` (${formatCount(p.count)} shards)` : ""}: ` +
      `the folders given (${p.given}) hold the others`,
  },
  ShardTwice: {
    title: "Shard given twice",
    cause: "Two folders given to `ppguide merge` hold the same shard i/n.",
    hint:
      "Pass each shard's folder once (two jobs of the matrix built the same --shard, " +
      "or an artifact was downloaded twice).",
    message: (p: { index: number; total: number; first: string; second: string }) =>
      `shard ${p.index}/${p.total} is given twice: ${p.first} and ${p.second}`,
  },
  ShardMismatch: {
    title: "Shard of other sources",
    cause:
      "A shard given to `ppguide merge` was built by another ppguide (its code), from other sources (another " +
      "commit, another --clock), or split into another number of shards than the rest.",
    hint:
      "Build every shard and merge from the same commit with the same ppguide and the same --clock " +
      "(set PPGUIDE_CLOCK once for the whole workflow), then merge again.",
    message: (p: { shard: string; what: string }) => `${p.shard} was built ${p.what}`,
  },
  ShardDamaged: {
    title: "Shard damaged",
    cause:
      "A shard's folder does not hold what its manifest says: a page or index file is missing, is not a " +
      "plain file inside the shard, or its bytes differ from the digest recorded (an artifact cut short or edited), " +
      "or the shard does not hold exactly the pages the split gives it.",
    hint: "Build that shard again (or download its artifact again) and merge again; the previous output is untouched.",
    message: (p: { shard: string; file: string; why: string; more?: number }) =>
      `${p.shard}: ${p.file} ${p.why}${p.more ? ` (and ${formatCount(p.more)} more files of this shard)` : ""}`,
  },
  ShardManifestInvalid: {
    title: "Shard manifest damaged",
    cause:
      "A shard's ppguide-shard.json is JSON of this ppguide's format, but a value in it is not one a shard " +
      "build writes (schema/shard.schema.json): a number out of its bounds, a digest of the wrong form, " +
      "a file that would leave the shard folder. It was edited or damaged on the way.",
    hint:
      "This file is written by ppguide build --shard, never by hand: build that shard again (or download its " +
      "artifact again) and merge again; the previous output is untouched.",
    message: breachMessage,
  },
  WorkingFolderGone: {
    title: "Current folder deleted",
    cause: "ppguide was started from a folder that has since been deleted (or moved away).",
    hint: "cd into the site's folder (or any existing folder and pass --root DIR) and run ppguide again.",
    message: (p: { errno: string }) => `the current folder no longer exists (${p.errno})`,
  },
  DependenciesUnreachable: {
    title: "Dependencies unreachable",
    cause:
      "ppguide's node_modules is a link to a folder not named node_modules, " +
      "where Node cannot resolve the packages' own dependencies.",
    hint: "Link node_modules to a folder named node_modules, or run npm ci in ppguide's folder.",
    message: (p: { link: string; real: string }) =>
      `${p.link} is a link to ${p.real}, which is not a folder named ` +
      `node_modules: Node cannot find the packages' own dependencies there`,
  },
  TooManyOpenFiles: {
    title: "Too many open files",
    cause: "The process or the machine ran out of file handles, or the limit is lower than ppguide needs.",
    hint: "Raise the limit (ulimit -n) and build again.",
    message: (p: SystemRefusal | { limit: number; needed: number }) =>
      "limit" in p
        ? `only ${p.limit} files may be open at once (ulimit -n); ppguide needs at least ${p.needed}`
        : refused(p),
    hintFor: (p: SystemRefusal | { limit: number; needed: number }) =>
      "limit" in p ? `Raise the limit (ulimit -n ${p.needed * 16}) and run ppguide again.` : refusedHint(p),
  },
  // the command line, for every command
  CommandLineInvalid: {
    title: "Bad command line",
    cause:
      "The command line names a command ppguide does not have, gives an option the command does not " +
      "take, or leaves out an argument the command needs.",
    hint: "Run npx ppguide --help for the commands, and npx ppguide COMMAND --help for what a command takes.",
    usage: true,
    message: (p: { said: string }) => p.said,
  },
  FormatInvalid: {
    title: "Bad --format",
    cause: "--format is not one of the report formats: text, json or github.",
    hint: "Pass --format text (for people), json (one object on stdout) or github (workflow annotations).",
    usage: true,
    message: (p: { value: string }) => `--format '${p.value}' is not a report format`,
  },
  LinkModeInvalid: {
    title: "Bad --check-links",
    cause: "build's --check-links is not one of error, warn or off.",
    hint: "Pass --check-links error (fail on a broken link), warn (report it) or off.",
    usage: true,
    message: (p: { value: string }) => `--check-links '${p.value}' is not a mode of the link check`,
  },
  PortInvalid: {
    title: "Bad --port",
    cause: "dev's or preview's --port is not a whole number from 0 to 65535.",
    hint: "Pass a --port from 1024 up (e.g. 4321), or 0 for any free one.",
    usage: true,
    message: (p: { value: string }) => `--port '${p.value}' is not a port number from 0 to 65535`,
  },
  HostEmpty: {
    title: "Empty --host",
    cause:
      "dev's or preview's --host is empty or blank, which would make Node listen on every " +
      'interface: the opposite of what leaving it blank (`--host "$HOST"` with HOST unset) could mean.',
    hint:
      "Pass --host 127.0.0.1 (this machine only), 0.0.0.0 (every interface) " + "or a name or address of this machine.",
    usage: true,
    message: (p: { value: string }) => `--host '${p.value}' names no address`,
  },
  // check-links
  LinksDirNotFound: {
    title: "Folder to check missing",
    cause: "check-links was given a folder that does not exist.",
    hint:
      "Build the site first (npx ppguide build), or pass the folder " +
      "that holds the HTML: npx ppguide check-links path/to/site",
    usage: true,
    message: (p: { dir: string }) => `the folder to check, ${p.dir}, does not exist`,
  },
  LinksDirNotADirectory: {
    title: "Not a folder",
    cause: "check-links was given a file instead of a folder.",
    hint: "Pass the folder that holds the site, not one page: npx ppguide check-links path/to/site",
    usage: true,
    message: (p: { dir: string }) => `${p.dir} is a file, not a folder`,
  },
  LinksNoPages: {
    title: "No pages",
    cause: "check-links found no HTML pages in the folder.",
    hint: "Check that this is the output folder of the build (by default dist/).",
    usage: true,
    message: (p: { dir: string }) => `no HTML pages (*.html, *.htm) were found in ${p.dir}`,
  },
  // ppguide check-facts
  FactUndated: {
    title: "Fact with no date",
    cause:
      "A listing's street address, phone or website, an article's source, or a fact of site.yaml has no " +
      "source with a date, so nobody can tell how old it is (check-facts; an error only with --strict).",
    hint:
      "Open the source again: if it still says so, add the `date:` " +
      "it gives (or today's, as YYYY-MM-DD, for when you checked it).",
    message: (p: { what: string }) => `${p.what} has no dated source`,
  },
  FactStale: {
    title: "Fact older than the limit",
    cause:
      "The newest source of a listing's contact fact, an article's source, or a fact's date is older than " +
      "check-facts' --older-than limit (12 months by default; an error only with --strict).",
    hint:
      "Check the fact against the source (or a newer one) and update the value " +
      "and the source's `date:`; remove the fact if no source states it any more.",
    message: (p: { what: string; date: string; limit: string }) =>
      `${p.what} was last dated ${p.date}, more than ${p.limit} ago`,
  },
  AgeInvalid: {
    title: "Bad --older-than",
    cause: "check-facts' --older-than is not a number of months or years such as 12mo or 2y.",
    hint: "Write it as months or years: --older-than 18mo, --older-than 2y.",
    usage: true,
    message: (p: { value: string }) => `--older-than '${p.value}' is not an age such as 12mo or 2y`,
  },
  // ppguide new
  KindInvalid: {
    title: "Bad page kind",
    cause: "`ppguide new` was given a kind of page it does not make: it makes article, recipe and listing.",
    hint: "Pass article, recipe or listing, e.g. npx ppguide new article carnival-puerto-plata.",
    usage: true,
    message: (p: { kind: string }) => `'${p.kind}' is not a kind of page ppguide new makes`,
  },
  SlugInvalid: {
    title: "Bad page name",
    cause: "`ppguide new` was given a slug that is not lowercase words joined by hyphens.",
    hint: "Use lowercase letters, digits and hyphens, e.g. npx ppguide new article carnival-puerto-plata.",
    usage: true,
    message: (p: { slug: string }) => `'${p.slug}' is not a page name of lowercase words joined by hyphens`,
  },
  NewPageExists: {
    title: "Page already there",
    cause: "`ppguide new` would add a route or write a file that the site already has.",
    hint: "Pick another slug, or edit the page that is there.",
    usage: true,
    message: (p: { what: string }) => `${p.what} already exists`,
  },
  NewPageRefused: {
    title: "Slug the build owns",
    cause:
      "`ppguide new` was given a slug whose route the build would refuse: a path hosts redirect (index), or one " +
      "served where the build writes a file of its own (404.html, the search index's pagefind/) or copies one " +
      "from public/. Nothing is written.",
    hint: "Pick another slug for the page.",
    usage: true,
    message: (p: { path: string; why: string }) => `the route ${p.path} cannot be added: ${p.why}`,
  },
  // dev and preview
  NothingBuilt: {
    title: "Nothing built to preview",
    cause: "preview was pointed at a folder that holds no built site (no index.html).",
    hint: "Run npx ppguide build first (with the same --root and --out), or pass the --out the site was built into.",
    hintFor: (p: { dir: string; build: string }) => `Run ${p.build} first, or pass the --out it was built into.`,
    message: (p: { dir: string; build: string }) => `${p.dir} holds no built site (no index.html)`,
  },
  ListenFailed: {
    title: "Cannot listen there",
    cause:
      "dev or preview could not listen where --host and --port say: an address this machine " +
      "does not have, a name it cannot resolve, a port it may not take or that is taken.",
    hint:
      "Pass --host 127.0.0.1 (this machine only), 0.0.0.0 (every interface) or " +
      "an address of this machine, and a --port from 1024 up (0 for any free one).",
    usage: true,
    message: (p: { host: string; port: number; errno: string; tried?: number }) => {
      const nor = p.tried ? ` (nor on the ${p.tried - 1} ports before it)` : "";
      return `cannot listen on ${p.host}:${p.port}${nor} (${p.errno})`;
    },
    hintFor: (p: { host: string; port: number; errno: string; tried?: number }) =>
      p.errno === "EADDRNOTAVAIL"
        ? `${p.host} is not an address of this machine: pass --host 127.0.0.1 (this ` +
          `machine only), 0.0.0.0 (every interface) or one of this machine's own addresses.`
        : p.errno === "ENOTFOUND" || p.errno === "EAI_AGAIN" || p.errno === "EAI_NONAME"
          ? `${p.host} is not a name this machine can resolve: pass --host ` +
            `localhost, 127.0.0.1, 0.0.0.0 or an address of this machine.`
          : p.errno === "EACCES" || p.errno === "EPERM"
            ? `Port ${p.port} needs privileges: pass a --port from 1024 up (e.g. 4321), or 0 for any free one.`
            : p.errno === "EADDRINUSE"
              ? "Those ports are taken: pass another --port, or 0 for any free one."
              : "Pass --host 127.0.0.1 (this machine only), 0.0.0.0 (every interface) or " +
                "an address of this machine, and a --port from 1024 up (0 for any free one).",
  },
  HostRuleIgnored: {
    title: "Host rule ignored",
    cause:
      "preview found a line of the built site's _redirects or _headers that Cloudflare Pages and Netlify ignore " +
      "(a warning): preview ignores it too, so what it serves is what a host would.",
    hint: "Correct or remove the line where it comes from (site.yaml's aliases, or public/_headers), then build again.",
    message: (p: { reason: string }) => `${p.reason}; the line is ignored, as a host would ignore it`,
  },
  WatchFailed: {
    title: "Watching files failed",
    cause:
      "dev's file watcher reported an error (a folder it could not read, or the system's limit on watched " +
      "files reached): a change saved after it may not be rebuilt. A warning: dev goes on serving.",
    hint:
      "Save the file again; if the change still does not show, stop dev and start it again. On Linux, " +
      "'ENOSPC' means the limit on watched files: raise fs.inotify.max_user_watches.",
    message: (p: { reason: string }) => `watching the site's files failed: ${p.reason}`,
  },
  // any command
  Interrupted: {
    title: "Stopped by a signal",
    cause:
      "The command was stopped by Ctrl-C (SIGINT, exit 130) or a polite kill (SIGTERM, exit 143) before " +
      "it finished; a build stopped this way publishes nothing and lets go of its lock.",
    hint: "The served output is as it was: run the command again to finish.",
    exits: [EXIT_STATUSES.interrupted.status, EXIT_STATUSES.terminated.status],
    message: (p: { signal: "SIGINT" | "SIGTERM" }) => `stopped by ${p.signal} before it finished`,
  },
  InternalError: {
    title: "Bug in ppguide",
    cause:
      "ppguide itself failed, not the site: a command exits 70 (dev mode shows it and keeps serving " +
      "the last good build).",
    hint: "This is a bug in ppguide, not in your site: please report it with the stack shown.",
    exits: [EXIT_STATUSES.bug.status],
    message: (p: { stack: string }) => `ppguide crashed: ${p.stack}`,
  },
} as const satisfies Record<string, ErrorInfo>;

export type ErrorCode = keyof typeof ERRORS;

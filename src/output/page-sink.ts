import { checkLinks } from "../links/check.ts";
import { pageScanner } from "../links/extract.ts";
import type { LinkReport, PageScan } from "../links/types.ts";
import type { RenderedPage } from "../render/render.tsx";
import { hashPage, loadRecord, RecordWriter, type OutputRecord } from "./record.ts";
import { StageWriter, type StageSpec, type WrittenFiles } from "./write.ts";

/** What the build wrote besides the pages, and whether links are checked. */
export interface SiteRest {
  files: string[];
  scans: [string, PageScan][];
  check: boolean;
}

export interface SinkResult {
  written: WrittenFiles;
  report?: LinkReport;
  /** The pages' record (record.ts), to be saved once the output is committed. */
  record: Uint8Array;
}

/**
 * Where rendered pages go: each is scanned for links while it is in memory (so the link check
 * reads nothing back) and handed to a StageWriter, unless the last build's record shows the
 * served copy has the same bytes, in which case it is neither compared nor scanned again. At
 * the end the links of the whole site are checked, given the files and scans the build made
 * elsewhere (public/, assets).
 */
export class PageOutput {
  private readonly writer: StageWriter;
  private readonly scanner?: ReturnType<typeof pageScanner>;
  private readonly scans: [string, PageScan][] = [];
  private readonly previous?: OutputRecord;
  private readonly next = new RecordWriter();

  constructor(
    private readonly spec: StageSpec,
    scan: boolean,
  ) {
    this.writer = new StageWriter(spec);
    this.scanner = scan ? pageScanner() : undefined;
    if (spec.live) this.previous = loadRecord(spec.live);
  }

  async add(page: RenderedPage): Promise<void> {
    const hash = hashPage(page.html);
    const old = this.previous?.match(page.file, hash);
    const scan = this.scanner && (old?.scan ?? this.scanner(page.html, page.shared));
    if (scan) this.scans.push([page.file, scan]);
    this.next.add(page.file, hash, await this.writer.add(page.file, page.html, old?.same), scan);
  }

  async finish(rest: SiteRest): Promise<SinkResult> {
    await this.writer.flush();
    const written = this.writer.files();
    const record = this.next.finish();
    if (!rest.check) return { written, record };
    const report = await checkLinks({ dir: this.spec.target, files: [...written.produced, ...rest.files], scans: new Map([...this.scans, ...rest.scans]) });
    return { written, report, record };
  }

  /** Waits for the writes in flight, whatever their outcome: nothing writes once this resolves. */
  async drain(): Promise<void> {
    await this.writer.flush().catch(() => {});
  }
}

import { afterEach, describe, expect, it, vi } from "vitest";
import type { MarkdownFile } from "../../src/content/load.ts";
import { LEAD, MarkdownThread } from "../../src/content/markdown-thread.ts";
import { renderMarkdown } from "../../src/content/markdown.ts";

const files: MarkdownFile[] = Array.from({ length: 3 * LEAD }, (_, i) => ({
  file: `content/articles/a${i}.md`,
  frontMatter: {},
  bodyLine: 4,
  body: `Intro ${i} with "quotes" -- and [a link](/page-${i}#top).\n\n## Part ${i} {#part-${i}}\n\n![Photo ${i}](/images/p${i}.svg "Caption ${i}")\n\n::banner\n\n- one\n- two\n`,
}));

let thread: MarkdownThread | undefined;
afterEach(() => thread?.stop());

describe("Markdown rendered ahead on a worker", () => {
  it("gives exactly what rendering here gives, ahead by at most LEAD bodies", async () => {
    thread = new MarkdownThread().start(files);
    await vi.waitFor(() => expect(thread!.arrived()).toBe(LEAD), { timeout: 20_000, interval: 50 });
    for (const file of files) expect(thread.render(file), file.file).toEqual(renderMarkdown(file.body));
    expect(thread.fromWorker).toBeGreaterThanOrEqual(LEAD);
  });

  it("renders here whatever the worker has not done, in any order, and after it stopped", async () => {
    thread = new MarkdownThread().start(files);
    const last = files[files.length - 1]!;
    expect(thread.render(last)).toEqual(renderMarkdown(last.body));
    await thread.stop();
    for (const file of files.slice(0, 5)) expect(thread.render(file)).toEqual(renderMarkdown(file.body));
    const other = { ...files[0]!, file: "content/elsewhere.md" };
    expect(thread.render(other)).toEqual(renderMarkdown(other.body));
  });
});

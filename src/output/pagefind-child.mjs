// One search index (or shard), made by Pagefind's Node API in a process of its own, which
// output/pagefind-runner.ts starts, watches and ends: the API spawns Pagefind's binary, passes its
// stderr through and never settles a call when the binary exits, garbles its answers or hangs
// (once: the build ended with exit 13, or never ended). Here, whatever the binary does ends this
// process, which the runner turns into a located error with what the binary said.
//
// Plain JavaScript: it runs the same from the sources and from the compiled CLI, with no loader.
import * as pagefind from "pagefind";

const messageOf = (err) => (err instanceof Error ? err.message : String(err));

// A build killed outright (SIGKILL) runs none of its handlers, and this process is in a group of
// its own: the IPC channel closing is the only sign. The whole group goes with it, Pagefind's
// binary included, so nothing goes on writing into a working folder the next build removes (once:
// the next build crashed on ENOTEMPTY while an orphaned Pagefind still wrote there).
process.on("disconnect", () => {
  try {
    process.kill(-process.pid, "SIGKILL");
  } catch {
    process.exit(1);
  }
});

process.once("message", async (job) => {
  // Only a pending call keeps this process alive: when the binary dies with calls unanswered,
  // nothing is left and the process exits without a result, which the runner reports.
  process.channel?.unref();
  const problems = [];
  try {
    const started = await pagefind.createIndex(job.options);
    problems.push(...started.errors);
    const index = started.index;
    if (index && problems.length === 0) {
      const note = (r) => void problems.push(...r.errors);
      const fail = (err) => void problems.push(messageOf(err));
      if (job.pages) await index.addDirectory({ path: job.pages }).then(note, fail);
      // Sent all at once: the service reads its messages in the order they were written, so
      // Pagefind numbers the records in this order still, without a round trip each.
      await Promise.all(
        job.records.map((record) =>
          ("meta" in record ? index.addCustomRecord(record) : index.addHTMLFile(record)).then(note, fail),
        ),
      );
      if (problems.length === 0) note(await index.writeFiles({ outputPath: job.out }));
    } else if (!index && problems.length === 0) problems.push("no index was created");
  } catch (err) {
    problems.push(messageOf(err));
  }
  process.send({ problems }, () => process.exit(0));
});

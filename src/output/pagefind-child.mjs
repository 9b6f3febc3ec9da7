// One search index (or shard), made by Pagefind's Node API in a process of its own, which
// output/pagefind-runner.ts starts, watches and ends: the API spawns Pagefind's binary, passes its
// stderr through and never settles a call when the binary exits, garbles its answers or hangs
// (once: the build ended with exit 13, or never ended). Here, whatever the binary does ends this
// process, which the runner turns into a located error with what the binary said.
//
// Plain JavaScript: it runs the same from the sources and from the compiled CLI, with no loader.
import child_process from "node:child_process";
import * as pagefind from "pagefind";

// Pagefind's binary, as the API spawns it (through child_process's own object, which the API
// imports). This process waits for it to exit before it does: a process's CPU time is counted
// with the build's only once its parent has waited for it, so without this a build's figures
// (and any CI's accounting) left out the index's parsing, the larger part of a rebuild's work.
const binaries = [];
const spawn = child_process.spawn;
child_process.spawn = (...args) => {
  const binary = spawn(...args);
  binaries.push(new Promise((exited) => binary.once("exit", exited)));
  return binary;
};
/** How long an ended binary is waited for; one that will not go is killed with the group by the runner. */
const EXIT_WAIT_MS = 5000;

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

// The build talks in three kinds of message: the index's options and records first, so Pagefind
// starts and reads the records while the pages are still being made; then pages, as they are made;
// then where to write the index. Calls are made in the order the messages come, without waiting
// for each answer: the service reads its messages in that order, so Pagefind numbers the records
// and pages in it, whatever the filesystem.
const problems = [];
const note = (r) => void problems.push(...r.errors);
const fail = (err) => void problems.push(messageOf(err));
let index;
const calls = [];

process.on("message", (message) => {
  if (message.options) {
    index = pagefind.createIndex(message.options).then((started) => {
      note(started);
      if (!started.index && problems.length === 0) problems.push("no index was created");
      return problems.length === 0 ? started.index : undefined;
    }, fail);
    const records = message.records.map((record) =>
      index.then((made) => made && ("meta" in record ? made.addCustomRecord(record) : made.addHTMLFile(record))),
    );
    calls.push(...records.map((call) => call.then((r) => r && note(r), fail)));
  } else if (message.pages) {
    for (const page of message.pages)
      calls.push(index.then((made) => made?.addHTMLFile(page)).then((r) => r && note(r), fail));
  } else if (message.finish) {
    void finish(message.finish);
  }
});

async function finish(out) {
  // Only a pending call keeps this process alive from here: when the binary dies with calls
  // unanswered, nothing is left and the process exits without a result, which the runner reports.
  process.channel?.unref();
  try {
    const made = await index;
    await Promise.all(calls);
    if (made && problems.length === 0) note(await made.writeFiles({ outputPath: out }));
  } catch (err) {
    problems.push(messageOf(err));
  }
  await pagefind.close();
  // The binary's handle does not hold this process open: a timer does, until it has exited.
  let timer;
  await Promise.race([Promise.all(binaries), new Promise((resolve) => (timer = setTimeout(resolve, EXIT_WAIT_MS)))]);
  clearTimeout(timer);
  process.send({ problems }, () => process.exit(0));
}

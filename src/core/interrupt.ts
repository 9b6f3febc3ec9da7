/**
 * Work that a Ctrl-C (SIGINT) or a polite kill (SIGTERM) must not cut off before it undoes what
 * would outlive it: a build's lock and its temporary link. Without a handler Node would end the
 * process on the spot and leave them behind.
 *
 * Whoever owns the process decides how it ends. The CLI listens for both signals from its start
 * (src/cli/exit.ts): it runs `runInterruptCleanups()`, reports the interruption in the command's
 * format and exits 130 or 143. A program that calls the build and does not listen gets the
 * signal's own ending, after the cleanup: the handler here raises the signal again.
 */
const SIGNALS = ["SIGINT", "SIGTERM"] as const;
const cleanups = new Set<() => void>();

/** Undoes what every interruptible work under way would leave behind; each cleanup runs once. */
export function runInterruptCleanups(): void {
  for (const cleanup of [...cleanups]) {
    cleanups.delete(cleanup);
    try {
      cleanup();
    } catch {
      // Best effort, from a signal handler: a lock left behind is taken over by the next build.
    }
  }
}

/**
 * From now until the returned function is called, a signal runs `cleanup` first. Called before the
 * work and its release in a `finally`, not given the work to run: the work stays its caller's call.
 */
export function cleanUpOnInterrupt(cleanup: () => void): () => void {
  cleanups.add(cleanup);
  const handlers = SIGNALS.map((signal) => {
    const handler = () => {
      runInterruptCleanups();
      // Nobody else listens: end as the signal would have (128 + its number, to a shell).
      if (process.listenerCount(signal) === 1) {
        stopListening();
        process.kill(process.pid, signal);
      }
    };
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  const stopListening = () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
  return () => {
    cleanups.delete(cleanup);
    stopListening();
  };
}

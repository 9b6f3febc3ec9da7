/**
 * Runs `work` so that Ctrl-C (SIGINT) or a polite kill (SIGTERM) first runs `cleanup`, then exits
 * as shells expect: 128 + the signal's number (130, 143). Without a handler Node would exit on
 * the spot, leaving a lock and temporary files behind.
 */
export async function whileInterruptible<T>(cleanup: () => void, work: () => Promise<T>): Promise<T> {
  const handlers = (["SIGINT", "SIGTERM"] as const).map((signal) => {
    const handler = () => {
      cleanup();
      process.exit(signal === "SIGINT" ? 130 : 143);
    };
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  try {
    return await work();
  } finally {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  }
}

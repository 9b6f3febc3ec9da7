/**
 * Promise.all that waits for every promise before it rejects with the first failure. With
 * Promise.all, the build could exit while a sibling was still writing a cache file beside the one
 * a full disk refused, leaving its temporary file behind; here each finishes, and cleans up, first.
 */
export async function allSettled<T>(work: readonly Promise<T>[]): Promise<T[]> {
  const results = await Promise.allSettled(work);
  const failed = results.find((r) => r.status === "rejected");
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<T>).value);
}

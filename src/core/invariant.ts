/**
 * A promise one stage makes to a later one ("every page rendered has a record", "the load stage
 * read every route's listings"), checked where it is relied on. Broken, it is a bug in ppguide,
 * never a problem in the site: it is thrown as a plain Error, which the CLI reports as
 * InternalError (exit 70), unlike a site's PpgError.
 */
export function expected<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`ppguide bug: ${what}`);
  return value;
}

/** A branch that the stages before make impossible was taken. */
export function unreachable(what: string): never {
  throw new Error(`ppguide bug: ${what}`);
}

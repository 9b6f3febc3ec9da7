/**
 * Where dev mode differs from a build, and nothing else does: one switch, read where each
 * difference is made. Everything a build checks, dev checks on every rebuild; every published page
 * dev serves is the page a build writes, byte for byte, but for what this switch adds as it is
 * sent. With both off, dev serves a build's site (test/dev/dev-equals-build.test.ts).
 */
export interface Preview {
  /**
   * The pages not published yet (drafts, pages dated later) are served at their routes, each with
   * its banner, as a build renders them to check them; no published page shows them.
   */
  unpublished: boolean;
  /** Every HTML page is sent with the reload script and its own problems (client.ts). */
  reloadScript: boolean;
}

/** `ppguide dev`'s. */
export const DEV_PREVIEW: Preview = { unpublished: true, reloadScript: true };

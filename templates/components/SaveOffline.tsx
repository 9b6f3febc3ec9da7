import type { OfflineSettings } from "../../src/manifest/types.ts";

/** The home page's panel, which every page's header links to ("Save for offline", templates/Layout.tsx). */
export const SAVE_OFFLINE_ID = "save-offline";

/**
 * "Save the guide for offline", one button per pack of site.offline (src/client/save-offline.ts
 * does the saving). Its buttons show only where scripts run (html.js, set before the first paint,
 * so nothing moves): saving needs them, and a reader without them is offered nothing they cannot
 * use, only the panel's words and why it needs them, which the header's link leads to. The status
 * line keeps its height while it is empty, so what the script writes there moves nothing either.
 */
export function SaveOffline({
  offline,
  headingLevel = 2,
  id,
}: {
  offline: OfflineSettings;
  headingLevel?: 2 | 3;
  /** The home page's panel is SAVE_OFFLINE_ID, the one the header links to. */
  id?: string;
}) {
  const packs = offline.packs ?? [{ name: "site", label: "the whole site" }];
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="save-offline" id={id} aria-labelledby="save-offline-heading" data-save-offline="">
      <Heading id="save-offline-heading">Read it offline</Heading>
      <p>
        No signal on the Malecón, at the 27 Charcos or on a guagua? Save the pages, the search and the pictures on this
        device, and they open with no connection. You see the size before anything is downloaded.
      </p>
      <p className="save-offline-noscript">
        Saving needs JavaScript, which is turned off in this browser: turn it on in the browser's settings and come back
        to this page to save the guide.
      </p>
      <div className="save-offline-actions">
        {packs.map((pack) => (
          <button key={pack.name} type="button" className="button" data-pack={pack.name}>
            {`Save ${pack.label} for offline`}
          </button>
        ))}
      </div>
      <progress className="save-offline-progress" max={1} value={0} hidden aria-label="Saving for offline" />
      <p className="save-offline-status" role="status" />
    </section>
  );
}

import type { OfflineSettings } from "../../src/manifest/types.ts";

/**
 * "Save the guide for offline", one button per pack of site.offline (src/client/save-offline.ts
 * does the saving). The stylesheet shows it only where scripts run (html.js, set before the first
 * paint, so nothing moves): saving needs them, and a reader without them is offered nothing they
 * cannot use. The status line keeps its height while it is empty, so what the script writes there
 * moves nothing either.
 */
export function SaveOffline({ offline, headingLevel = 2 }: { offline: OfflineSettings; headingLevel?: 2 | 3 }) {
  const packs = offline.packs ?? [{ name: "site", label: "the whole site" }];
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="save-offline" aria-labelledby="save-offline-heading" data-save-offline="">
      <Heading id="save-offline-heading">Read it offline</Heading>
      <p>
        No signal on the Malecón, at the 27 Charcos or on a guagua? Save the pages, the search and the pictures on this
        device, and they open with no connection. You see the size before anything is downloaded.
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

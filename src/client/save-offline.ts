/**
 * "Save the guide for offline" (templates/components/SaveOffline.tsx, on the home and search
 * pages). A click asks the service worker what saving would store and shows its size; a second
 * click saves it, with a progress bar, then asks the browser to keep it (navigator.storage.persist():
 * Safari otherwise clears a site's data after seven days without a visit). With Save-Data on, the
 * pages and search without the pictures come first. Without scripts the panel is not shown (the
 * stylesheet hides it): saving needs them.
 */
import { askWorker, type PlannedPack, type WorkerReply } from "./offline-client.ts";
import { formatBytes, savedOn } from "./offline-plan.ts";

export function initSaveOffline(): void {
  const panel = document.querySelector<HTMLElement>("[data-save-offline]");
  if (!panel) return;
  const status = panel.querySelector<HTMLElement>(".save-offline-status");
  const actions = panel.querySelector<HTMLElement>(".save-offline-actions");
  const progress = panel.querySelector<HTMLProgressElement>("progress");
  if (!status || !actions || !progress) return;
  if (!("serviceWorker" in navigator) || !("caches" in window) || !document.documentElement.dataset.serviceWorker) {
    status.textContent = "This browser cannot keep the guide for offline reading.";
    for (const b of actions.querySelectorAll("button")) b.disabled = true;
    return;
  }
  const saveData = Boolean((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData);
  const start = actions.innerHTML;
  let busy = false;

  const reset = (message: string) => {
    actions.innerHTML = start;
    status.textContent = message;
    busy = false;
  };

  const button = (text: string, onClick: () => void, secondary = false) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = secondary ? "button button-secondary" : "button";
    b.textContent = text;
    b.addEventListener("click", onClick);
    return b;
  };

  const save = async (pack: PlannedPack, pictures: boolean) => {
    busy = true;
    actions.replaceChildren();
    progress.hidden = false;
    progress.value = 0;
    const total = pictures ? pack.bytes : pack.textBytes;
    status.textContent = `Saving ${formatBytes(total)}…`;
    try {
      await askWorker({ type: "ppguide:save", pack: pack.name, pictures }, (reply: WorkerReply) => {
        if (reply.type === "progress") {
          progress.value = reply.total ? reply.bytes / reply.total : 1;
          status.textContent = `Saving: ${formatBytes(reply.bytes)} of ${formatBytes(reply.total)}`;
        }
        return reply.type === "saved";
      });
    } catch (err) {
      progress.hidden = true;
      const stale = (err as { stale?: boolean }).stale;
      return reset(
        stale
          ? "The guide was updated a moment ago. Reload the page, then save again."
          : "Saving stopped: the connection dropped or the device is out of space. Try again once you are online.",
      );
    }
    progress.value = 1;
    // Asked after saving, from a click: browsers grant it more readily to a site the reader uses.
    const kept = await navigator.storage?.persist?.().catch(() => false);
    actions.replaceChildren();
    status.textContent =
      `Saved: ${pack.label}, ${formatBytes(total)}, on ${savedOn(new Date())}. It opens on this device with no ` +
      `connection${pictures ? "" : " (without pictures)"}. ` +
      (kept
        ? "Your browser will keep it."
        : "Your browser may clear it if space runs low; visiting the guide now and then keeps it.");
    busy = false;
  };

  actions.addEventListener("click", async (event) => {
    const trigger = (event.target as Element).closest<HTMLButtonElement>("button[data-pack]");
    if (!trigger || busy) return;
    busy = true;
    status.textContent = "Checking the size…";
    let packs: PlannedPack[] = [];
    try {
      await askWorker({ type: "ppguide:plan" }, (reply) => {
        if (reply.type === "plan") packs = reply.packs;
        return true;
      });
    } catch (err) {
      const stale = (err as { stale?: boolean }).stale;
      return reset(
        stale
          ? "The guide was updated a moment ago. Reload the page, then save again."
          : "The guide cannot be reached right now. Try again once you are online.",
      );
    }
    const pack = packs.find((p) => p.name === trigger.dataset.pack);
    if (!pack) return reset("This part of the guide can no longer be saved. Reload the page.");
    const all = button(`Save ${formatBytes(pack.bytes)}`, () => void save(pack, true), saveData);
    const text = button(`Without pictures: ${formatBytes(pack.textBytes)}`, () => void save(pack, false), !saveData);
    const cancel = button("Cancel", () => reset(""), true);
    actions.replaceChildren(...(saveData ? [text, all] : [all, text]), cancel);
    status.textContent =
      `${pack.label[0]!.toUpperCase()}${pack.label.slice(1)}: ${pack.pages} pages, the search and the pictures ` +
      `take ${formatBytes(pack.bytes)} on this ` +
      `device; without the pictures, ${formatBytes(pack.textBytes)}.` +
      (saveData ? " Your browser asks to save data." : "");
    busy = false;
    (saveData ? text : all).focus();
  });
}

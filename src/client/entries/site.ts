// Every page: the enhancements of the shared layout. html.js, which tells the stylesheet scripts
// run, is set by an inline script in the head (templates/Layout.tsx), before the first paint.
import { initNav } from "../nav.ts";
import { registerServiceWorker } from "../offline-client.ts";
import { initSearch } from "../search.ts";
import { initVideos } from "../video.ts";

initNav();
initSearch();
initVideos();
registerServiceWorker();

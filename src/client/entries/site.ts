// Every page: the enhancements of the shared layout. html.js tells the stylesheet scripts run.
import { initNav } from "../nav.ts";
import { initSearch } from "../search.ts";
import { initVideos } from "../video.ts";

document.documentElement.classList.add("js");
initNav();
initSearch();
initVideos();

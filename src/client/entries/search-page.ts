// The /search page: full-text results for ?q= and as the visitor types, and "Save the guide for offline".
import { initSaveOffline } from "../save-offline.ts";
import { initFullTextSearch } from "../search-page.ts";

initFullTextSearch();
initSaveOffline();

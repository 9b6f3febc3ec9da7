// The /search page: full-text results for ?q= and as the visitor types.
import { initFullTextSearch } from "../search-page.ts";

initFullTextSearch();

// The /search page: filter the full list by ?q=.
import { initSearchPage } from "../search-page-filter.ts";

initSearchPage();

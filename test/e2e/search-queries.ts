/**
 * What a visitor types on /search, and what makes the first result relevant to it: the search
 * suite asks each online, the offline suite asks each again with the server stopped.
 */
export const SEARCH_QUERIES: [query: string, relevant: RegExp][] = [
  ["taxi", /Taxi/],
  ["restaurant", /Restaurant|Dining/],
  ["beach", /Beach/],
  ["rum", /Rum/],
  ["sancocho", /Sancocho/],
  ["cable car", /Cable Car/],
  ["safety", /Staying Safe/],
  ["airport", /Airport/],
  ["dona", /Doña/],
  ["ocean world", /Ocean World/],
  ["amber museum", /Amber Museum/],
];

// The specification's own lists, per listings file (quoted in docs/site-facts.md, "Venue lists"):
//   "Family fun: Amber Cove, Amber Museum, Camú Ecolodge, Fun City, Parque Central Independencia, Ocean World
//    Terrace, Laguna SOV (in Sosúa), Paseo de Doña Blanca, PasoMelosa, POP Cinemas, Taíno Bay, Umbrella Street."
//   "Night clubs: Clubber Disco, Koko's Bar, Kviar Disco & Casino, Latin Disco Club, Lust Afterwork, Ocean World
//    Terrace, Pachuche cigars, Plaza La Corona, Puerto Plata Cigar Club, Vivonte Cigar Lounge, Vox Room."
//   "/puerto-plata-landmarks-museums ... nine cards ... including Mount Isabel de Torres, a rum museum, Paseo de
//    Doña Blanca" ("a rum museum" names no one place).
export const SPEC_LISTS: Record<string, string[]> = {
  "listings/family-fun.yaml": [
    "Amber Cove",
    "Amber Museum",
    "Camú Ecolodge",
    "Fun City",
    "Parque Central Independencia",
    "Ocean World Terrace",
    "Laguna SOV",
    "Paseo de Doña Blanca",
    "PasoMelosa",
    "POP Cinemas",
    "Taíno Bay",
    "Umbrella Street",
  ],
  "listings/night-clubs.yaml": [
    "Clubber Disco",
    "Koko's Bar",
    "Kviar Disco & Casino",
    "Latin Disco Club",
    "Lust Afterwork",
    "Ocean World Terrace",
    "Pachuche cigars",
    "Plaza La Corona",
    "Puerto Plata Cigar Club",
    "Vivonte Cigar Lounge",
    "Vox Room",
  ],
  "listings/landmarks-museums.yaml": ["Mount Isabel de Torres", "Paseo de Doña Blanca"],
};

/**
 * The specification's count of listings on each directory and resort page it names: its route table ("/puerto-plata-
 * day-spas | 4 listings", "Directory of 11 venues", "nine cards") and its resort counts ("Puerto Plata 18, Sosúa 9,
 * Cabarete 12"). A page an editor adds is not among them: it is held to the rules every listing page is.
 */
export const SPEC_LISTING_COUNTS: Record<string, number> = {
  "/puerto-plata-resorts": 18,
  "/sosua-resorts": 9,
  "/cabarete-resorts": 12,
  "/puerto-plata-golf-courses": 2,
  "/puerto-plata-landmarks-museums": 9,
  "/puerto-plata-day-spas": 4,
  "/puerto-plata-supermarkets": 3,
  "/puerto-plata-taxis": 4,
  "/fast-food-puerto-plata": 5,
  "/shopping-puerto-plata": 9,
  "/bakeries-puerto-plata": 6,
  "/fine-dining-puerto-plata": 2,
  "/tours-excursions-puerto-plata": 13,
  "/ice-cream-puerto-plata": 3,
  "/casual-dining-puerto-plata": 11,
  "/puerto-plata-night-clubs": 11,
  "/family-fun-puerto-plata": 12,
};

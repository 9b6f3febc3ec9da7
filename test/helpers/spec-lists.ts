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

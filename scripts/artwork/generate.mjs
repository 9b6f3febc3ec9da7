#!/usr/bin/env node
// Regenerates every illustration, the logo, the favicon and the apple-touch icon under public/.
// The web app manifest and its icons are the build's own, drawn from the favicon (site.app in site.yaml).
// Deterministic: same inputs, same bytes.
// Usage: node scripts/artwork/generate.mjs [--root SITE] [--sheet out.png] (SITE: the site folder, default this one)
//   catalog.json  – images requested by content (src, title = subject, width, height);
//                   refresh it from editors' fragments with import-fragments.mjs.
//   scenes.mjs    – one composed scene per image (SCENES) plus home/cards/videos extras (EXTRAS).
//   listings.mjs  – one picture per listing card, drawn from content/listings/*.yaml, whose
//                   image: and alt: lines it then rewrites.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { Ctx, C, g, rect, circ, ell, path, line, tr } from "./lib.mjs";
import * as L from "./lib.mjs";
import { SCENES, EXTRAS, fallback, mask } from "./scenes.mjs";
import * as F from "./food.mjs";
import { LISTING_SCENES } from "./scenes2.mjs";
import { ArtworkError, listingPictures, relinkListings } from "./listings.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const rootArg = process.argv.indexOf("--root");
const ROOT = rootArg > 0 ? process.argv[rootArg + 1] : join(here, "..", "..");
const PUBLIC = join(ROOT, "public");
const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const written = [];

function svgDoc(w, h, title, body, defs = []) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-labelledby="t"><title id="t">${esc(title)}</title>${defs.length ? `<defs>${defs.join("")}</defs>` : ""}${body}</svg>\n`;
}
/** Fit the 1200x800 design space into w x h: contain, pushed towards cover so wide formats crop a little sky/foreground. */
function fitTransform(w, h) {
  const contain = Math.min(w / 1200, h / 800),
    cover = Math.max(w / 1200, h / 800);
  const s = Math.max(contain, cover * 0.85);
  return `translate(${+((w - 1200 * s) / 2).toFixed(1)} ${+((h - 800 * s) / 2).toFixed(1)}) scale(${+s.toFixed(4)})`;
}
function out(src, svg) {
  const file = join(PUBLIC, src);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, svg);
  written.push({ src, bytes: Buffer.byteLength(svg), svg });
}
function scene(src, title, w, h, fn) {
  const ctx = new Ctx();
  const body = fn(ctx);
  out(src, svgDoc(w, h, title, `<g transform="${fitTransform(w, h)}">${body}</g>`, ctx.defs));
}

// ---------- content images ----------
const catalog = JSON.parse(readFileSync(join(here, "catalog.json"), "utf8"));
const fallbacks = [];
for (const [src, img] of Object.entries(catalog)) {
  let fn = SCENES[img.scene ?? src] ?? LISTING_SCENES[img.scene ?? src];
  if (!fn) {
    fn = fallback(img.title);
    fallbacks.push(src);
  }
  scene(src, img.title, img.width, img.height, fn);
}

// ---------- one picture per listing card ----------
// Drawn from the listings themselves; their `image:` and `alt:` lines are then pointed at them.
// A listing it cannot draw, or a mistake in a listings file, is said at its line, with no stack:
// it is the editor's to fix, not a bug in the script.
let pictures;
try {
  pictures = listingPictures(join(ROOT, "content"));
} catch (err) {
  if (!(err instanceof ArtworkError)) throw err;
  console.error(err.message);
  process.exit(1);
}
for (const p of pictures) scene(p.src, p.alt, 800, 600, p.body);
relinkListings(pictures);

// ---------- home, cards, videos ----------
const EXTRA_META = {
  "/images/hero/aquatic-adventures.svg": [
    1600,
    700,
    "A catamaran, leaping dolphins, a snorkeller and a kitesurfer on turquoise water off the north coast",
  ],
  "/images/hero/breathtaking-beaches.svg": [
    1600,
    700,
    "A wide golden beach with leaning palm trees, a beach umbrella and turquoise sea",
  ],
  "/images/hero/all-inclusive-resorts.svg": [
    1600,
    700,
    "A resort pool with loungers and palms in front of low resort buildings and a green mountain",
  ],
  "/images/hero/tasty-local-cuisine.svg": [
    1600,
    700,
    "A plate of rice, beans and chicken, a steaming pot, a piña colada and an orange drink on a counter by a sea-view window",
  ],
  "/images/hero/exhilarating-excursions.svg": [
    1600,
    700,
    "A swimmer sliding into a waterfall pool in a forested gorge, with a zip-liner crossing overhead",
  ],
  "/images/cards/beaches.svg": [800, 600, "A golden beach with palm trees, a teal umbrella and turquoise water"],
  "/images/cards/casual-dining.svg": [
    800,
    600,
    "Seaside restaurant tables under string lights at dusk, with palms and the sea behind",
  ],
  "/images/cards/resorts.svg": [
    800,
    600,
    "A freeform resort pool with loungers and umbrellas between palms and low resort buildings",
  ],
  "/images/cards/tours.svg": [800, 600, "A catamaran with a yellow sail on turquoise water passing a green headland"],
  "/images/cards/shopping.svg": [
    800,
    600,
    "A market stall under a striped awning with straw hats, larimar jewelry, a carnival mask and rum bottles",
  ],
  "/images/cards/landmarks.svg": [
    800,
    600,
    "A squat stone fortress with cannons and a striped lighthouse on a bay below a green mountain",
  ],
  "/images/cards/night-clubs.svg": [
    800,
    600,
    "Dancers silhouetted under colored spotlights and a mirror ball on a chequered dance floor at night",
  ],
  "/images/cards/family-fun.svg": [
    800,
    600,
    "Two twisting water slides, a splash pool and a beach ball on a sunny beach",
  ],
  "/images/cards/videos.svg": [800, 600, "A video screen showing a beach at sunset with a play button"],
  "/images/cards/search.svg": [800, 600, "A magnifying glass over an illustrated map of the coast with route pins"],
  "/images/videos/poster-1.svg": [
    1280,
    720,
    "Video: palm trees, beach umbrellas and turquoise water on a golden beach",
  ],
  "/images/videos/poster-2.svg": [
    1280,
    720,
    "Video: a red cable car climbing a forested mountain above the coastal city",
  ],
  "/images/videos/poster-3.svg": [
    1280,
    720,
    "Video: a waterfall pouring into a turquoise pool in a limestone gorge at 27 Charcos",
  ],
  "/images/videos/poster-4.svg": [
    1280,
    720,
    "Video: visitors walking down the Pink Street with its balconies and potted plants",
  ],
  "/images/videos/poster-5.svg": [1280, 720, "Video: people strolling along the palm-lined Malecón at sunset"],
  "/images/videos/poster-6.svg": [
    1280,
    720,
    "Video: a table of Dominican dishes: rice, red beans, chicken, mangú and tostones",
  ],
  "/images/videos/27-charcos.svg": [
    1280,
    720,
    "Video: a swimmer in a red helmet sliding down a limestone chute into a turquoise pool at 27 Charcos",
  ],
};
for (const [src, [w, h, title]] of Object.entries(EXTRA_META)) {
  if (catalog[src]) continue;
  const fn = EXTRAS[src] ?? SCENES[src];
  if (!fn) throw new Error(`no scene for ${src}`);
  scene(src, title, w, h, fn);
}

// ---------- authors' avatars (abstract emblems) ----------
function avatar(src, title, bg, bg2, emblem) {
  const ctx = new Ctx();
  const body =
    rect(
      0,
      0,
      256,
      256,
      ctx.lin("av", [
        ["0", bg],
        ["1", bg2],
      ]),
    ) +
    circ(128, 128, 100, "#fff", ' opacity=".18"') +
    emblem;
  out(src, svgDoc(256, 256, title, body, ctx.defs));
}
avatar(
  "/images/authors/travel-desk.svg",
  "Travel Desk emblem: a compass over the sea",
  C.teal,
  C.ocean,
  circ(128, 128, 78, C.cream) +
    circ(128, 128, 78, "none", ` stroke="${C.sun}" stroke-width="10"`) +
    line("M128 58v12M128 186v12M58 128h12M186 128h12", C.deep, 6) +
    path("M128 72l18 56h-36z", C.coral) +
    path("M128 184l18-56h-36z", C.deep) +
    circ(128, 128, 9, C.sun),
);
avatar(
  "/images/authors/food-desk.svg",
  "Food Desk emblem: a steaming cooking pot",
  C.orange,
  C.coral,
  g(F.potSide(0, 0, 0.42, "#2f2f36", "#f0b44a") + F.steam(-6, -110, 0.55), "translate(128 196)"),
);
avatar(
  "/images/authors/culture-desk.svg",
  "Culture Desk emblem: a carnival mask above a drum",
  "#8a5a9c",
  C.navy,
  g(
    rect(-60, 20, 120, 70, C.coral, 10) +
      ell(0, 20, 60, 14, C.cream) +
      line("M-60 40l30 40 30-40 30 40 30-40", C.yellow, 5),
    "translate(128 130)",
  ) + mask(128, 120, 0.5, C.red, C.yellow),
);

// ---------- affiliate banners ----------
const FONT = "'Trebuchet MS','Segoe UI',Helvetica,Arial,sans-serif";
function resortSilhouette(x, y, s) {
  return g(
    L.resortBlock(-140, 0, 140, 3, C.cream, C.coral) +
      L.resortBlock(10, 0, 120, 2, "#fde7c8", "#e0896a") +
      L.palm(-170, 10, 150, 0.15, 0.5) +
      L.palm(150, 10, 140, -0.15, 0.5),
    tr(x, y, s),
  );
}
{
  const ctx = new Ctx();
  const body =
    rect(
      0,
      0,
      728,
      90,
      ctx.lin(
        "bn",
        [
          ["0", C.teal],
          ["1", C.ocean],
        ],
        1,
        0,
      ),
    ) +
    circ(640, 96, 70, C.sun, ' opacity=".35"') +
    circ(640, 96, 44, C.sun) +
    rect(0, 70, 728, 20, C.deep, 0, ' opacity=".35"') +
    resortSilhouette(92, 86, 0.42) +
    `<text x="196" y="42" font-family="${FONT}" font-size="27" font-weight="700" fill="#fff">Find your Puerto Plata hotel</text>` +
    `<text x="196" y="68" font-family="${FONT}" font-size="16" fill="${C.cream}">Beach resorts, boutique stays and villas</text>` +
    rect(560, 27, 150, 38, C.coral, 19) +
    `<text x="635" y="52" font-family="${FONT}" font-size="17" font-weight="700" fill="#fff" text-anchor="middle">Search hotels</text>`;
  out(
    "/images/banners/hotels-728x90.svg",
    svgDoc(728, 90, "Find your Puerto Plata hotel: beach resorts, boutique stays and villas", body, ctx.defs),
  );
}
{
  const ctx = new Ctx();
  const body =
    rect(0, 0, 300, 250, ctx.lin("sk", L.SKIES.golden)) +
    circ(262, 128, 26, C.sun) +
    rect(
      0,
      150,
      300,
      100,
      ctx.lin("se", [
        ["0", C.ocean],
        ["1", C.teal],
      ]),
    ) +
    path("M0 200C80 190 200 190 300 205V250H0z", C.sand) +
    resortSilhouette(150, 196, 0.6) +
    `<text x="150" y="44" font-family="${FONT}" font-size="25" font-weight="700" fill="${C.navy}" text-anchor="middle">Find your</text>` +
    `<text x="150" y="74" font-family="${FONT}" font-size="25" font-weight="700" fill="${C.navy}" text-anchor="middle">Puerto Plata hotel</text>` +
    rect(80, 208, 140, 32, C.coral, 16) +
    `<text x="150" y="230" font-family="${FONT}" font-size="15" font-weight="700" fill="#fff" text-anchor="middle">Search hotels</text>`;
  out(
    "/images/banners/hotels-300x250.svg",
    svgDoc(300, 250, "Find your Puerto Plata hotel: search beach resorts and boutique stays", body, ctx.defs),
  );
}

// ---------- logo, favicon, icons, manifest ----------
/** Sun over sea in a circle (r = 100, centred on 0,0). */
function emblem(ctx, id = "em") {
  return (
    `<clipPath id="${id}c"><circle r="100"/></clipPath>` +
    g(
      rect(
        -100,
        -100,
        200,
        200,
        ctx.lin(`${id}s`, [
          ["0", "#f7934c"],
          [".7", "#ffc95c"],
          ["1", "#ffe3a1"],
        ]),
      ) +
        circ(0, 12, 46, "#fff3c4") +
        rect(
          -100,
          18,
          200,
          90,
          ctx.lin(`${id}w`, [
            ["0", C.teal],
            ["1", C.ocean],
          ]),
        ) +
        line("M-70 44h40M-10 44h60M-50 66h80M-30 86h40", "#fff", 6, ' stroke-linecap="round" opacity=".7"') +
        L.palm(-58, 40, 100, 0.28, 0.38, C.palm2, "#1f5232"),
      "",
      ` clip-path="url(#${id}c)"`,
    ) +
    circ(0, 0, 100, "none", ` stroke="${C.deep}" stroke-width="8"`)
  );
}
{
  const ctx = new Ctx();
  const body =
    g(emblem(ctx), "translate(195 195) scale(1.6)") +
    `<text x="400" y="252" font-family="${FONT}" font-size="150" font-weight="700" fill="${C.deep}" textLength="920" lengthAdjust="spacingAndGlyphs">Puerto Plata</text>` +
    `<text x="1360" y="252" font-family="${FONT}" font-size="150" font-weight="700" fill="${C.coral}" textLength="400" lengthAdjust="spacingAndGlyphs">Guide</text>`;
  const svg = svgDoc(1800, 390, "Puerto Plata Guide", body, ctx.defs);
  out("/images/logo.svg", svg);
  mkdirSync(join(PUBLIC, "images"), { recursive: true });
  await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile(join(PUBLIC, "images/logo.png"));
}
function iconSvg(size, padded) {
  const ctx = new Ctx();
  const k = size / 256,
    r = padded ? 0 : 56 * k;
  const body =
    rect(0, 0, size, size, C.cream, r) +
    g(emblem(ctx, "ic"), `translate(${size / 2} ${size / 2}) scale(${(padded ? 0.98 : 1.16) * k})`);
  return svgDoc(size, size, "Puerto Plata Guide", body, ctx.defs);
}
out("/favicon.svg", iconSvg(64, false));
for (const [file, size] of [["/apple-touch-icon.png", 180]]) {
  mkdirSync(dirname(join(PUBLIC, file)), { recursive: true });
  await sharp(Buffer.from(iconSvg(size, file === "/apple-touch-icon.png")))
    .png({ compressionLevel: 9 })
    .toFile(join(PUBLIC, file));
}

// ---------- report & optional contact sheet ----------
const total = written.reduce((a, w) => a + w.bytes, 0);
const big = written.filter((w) => w.bytes > 15000);
console.log(
  `${written.length} SVGs, ${(total / 1024).toFixed(1)} KB total, largest ${Math.max(...written.map((w) => w.bytes))} B`,
);
if (fallbacks.length) console.log(`keyword fallback scenes: ${fallbacks.join(", ")}`);
if (big.length) {
  console.error(`over 15 KB: ${big.map((b) => `${b.src} ${b.bytes}`).join(", ")}`);
  process.exitCode = 1;
}

const sheetArg = process.argv.indexOf("--sheet");
if (sheetArg > 0) {
  const outFile = process.argv[sheetArg + 1];
  const filter = process.argv[sheetArg + 2] ? new RegExp(process.argv[sheetArg + 2]) : null;
  const items = written.filter((w) => !filter || filter.test(w.src));
  const cw = 400,
    ch = 300,
    cols = 5,
    rows = Math.ceil(items.length / cols);
  const tiles = await Promise.all(
    items.map(async (w, i) => ({
      input: await sharp(Buffer.from(w.svg))
        .resize(cw - 8, ch - 28, { fit: "contain", background: "#fff" })
        .png()
        .toBuffer(),
      left: (i % cols) * cw + 4,
      top: Math.floor(i / cols) * ch + 4,
    })),
  );
  const labels = items
    .map(
      (w, i) =>
        `<text x="${(i % cols) * cw + 6}" y="${Math.floor(i / cols) * ch + ch - 8}" font-size="13" font-family="sans-serif">${esc(w.src.replace(/^\/images\//, ""))}</text>`,
    )
    .join("");
  const base = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${cols * cw}" height="${rows * ch}"><rect width="100%" height="100%" fill="#ddd"/>${labels}</svg>`,
  );
  await sharp(base).composite(tiles).png().toFile(outFile);
  console.log(`contact sheet: ${outFile} (${items.length} images)`);
}

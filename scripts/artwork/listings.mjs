// One picture per listing card (issue 26): every listing in content/listings/*.yaml gets its own
// SVG, drawn from what the listing says (its kind, name, area, town, rating, inclusive badge), and
// an alt text written from the same choices, so the words always describe the drawing.
// Deterministic: the same listing draws the same picture. Within one listings file (one page)
// no two cards get the same combination of choices, so no two pictures on a page look alike.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import YAML from "yaml";
import * as L from "./lib.mjs";
import * as F from "./food.mjs";
import * as S from "./scenes.mjs";
import * as N from "./scenes2.mjs";
const { C, t, g, rect, circ, ell, path, line, tr, rnd } = L;

// ---------- choosing ----------
/** FNV-1a: a stable 32-bit number from a listing's text. */
function hash(s) {
  let h = 2166136261;
  for (const ch of s) h = Math.imul(h ^ ch.codePointAt(0), 16777619) >>> 0;
  return h;
}
const NUM = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight"];
const cap = (s) => s[0].toUpperCase() + s.slice(1);
const list = (xs) => (xs.length < 2 ? xs.join("") : `${xs.slice(0, -1).join(", ")} and ${xs.at(-1)}`);

/** A seeded chooser: `pick(options)` takes the next value; `bump` shifts every later pick, to step away from a picture already on the page. */
function chooser(seed, bump = 0) {
  const r = rnd((seed % 2147483646) + 1);
  let n = 0;
  return {
    r,
    pick: (xs) => xs[(Math.floor(r() * xs.length) + bump * (1 + n++)) % xs.length],
    int: (lo, hi) => lo + Math.floor(r() * (hi - lo + 1)),
  };
}

// ---------- resorts ----------
const PALETTES = [
  ["cream", "#fff3dc", C.coral, "coral"],
  ["white", "#fbfaf6", "#2f7fd1", "blue"],
  ["peach", "#fde0c8", "#c9613f", "terracotta"],
  ["pale yellow", "#fbe3a0", "#3f9652", "green"],
  ["pink", "#f8c8cf", "#8a5533", "brown"],
  ["pale blue", "#cfe7f5", C.red, "red"],
  ["mint green", "#c8efe0", C.orange, "orange"],
  ["lilac", "#e3d6f2", "#17436b", "navy"],
];
const SKY = [
  ["day", "a blue sky"],
  ["bright", "a clear sky"],
  ["morning", "a pale morning sky"],
  ["golden", "a golden afternoon sky"],
];
const BACKDROPS = {
  mountain: "a green mountain on the horizon",
  kites: "kites over the sea",
  cliffs: "low cliffs and fishing boats in the bay",
  headland: "a green headland across the bay and a boat",
  ridge: "forested hills falling to the sea far below",
  sandbar: "a small sandbar island and a boat offshore",
  hills: "green hills beyond the sea",
  countryside: "green hills all around",
  town: "a green mountain behind colorful town houses",
};
function resortBackdrop(it) {
  const where = `${it.area ?? ""} ${it.address2} ${it.description}`;
  if (/historic cent/i.test(it.area ?? "")) return "town";
  if (/kite/i.test(where)) return "kites";
  if (/countryside|inland/i.test(where)) return "countryside";
  if (/Tubagua|ridge/i.test(where)) return "ridge";
  if (/Punta Rucia/i.test(where)) return "sandbar";
  if (/Cabarete/i.test(where)) return "kites";
  if (/Sosúa/i.test(where)) return "cliffs";
  if (/Cofresí|Maimón/i.test(where)) return "headland";
  if (/Costámbar/i.test(where)) return "hills";
  return "mountain";
}
// "Small" of the place itself, not of its beach ("on the small beach of Cofresí" is no small hotel).
const SMALL = /\bsmall(?:,| (?:boutique |luxury |modern )?(?:hotel|lodge|residence|apartment|villa))|\bboutique\b/i;
function resortStyle(it) {
  // The description says what the place is built like; a name only when it says so ("Villa Taína" is a small hotel).
  const d = it.description;
  if (/eco|thatch|cabin|rustic|bungalow/i.test(d)) return "cabins";
  if (/\bvillas?\b|estate/i.test(d)) return "villas";
  if (/victorian|colonial|palace|courtyard|historic/i.test(`${it.name} ${d}`)) return "victorian";
  if (/apartment|condo|suite|residen|modern/i.test(`${it.name} ${d}`)) return "modern";
  if (SMALL.test(d) || /simple|lodge/i.test(d)) return "small";
  return "blocks";
}
/**
 * What the listing states about where and how the resort is built (its description and area, whose
 * sources the listings file records): issue 34 found 18 resort cards that were one drawing in
 * different colors. The setting, the height and the size drawn come from these words, never from
 * the chooser; only colors and small props are chosen.
 */
function resortFacts(it) {
  const d = `${it.description} ${it.area ?? ""}`;
  const rooms = Number(/(\d[\d,]*) rooms/i.exec(it.description)?.[1]?.replace(",", "")) || undefined;
  const setting = /historic cent/i.test(it.area ?? "")
    ? "town"
    : /ridge|hillside|in the hills/i.test(d)
      ? "hillside"
      : /clifftop|on the cliffs|above the (?:\w+ )?bay/i.test(d)
        ? "cliff"
        : /golf|in gardens|beach (?:is )?a short walk|short walk from the beach/i.test(d)
          ? "garden"
          : /(?:hotel|resort|all-inclusive) on the beach|on the (?:small )?beach (?:at|of)|beach resort|beachfront|oceanfront hotel|on the sand|on (?:Kite Beach|Costa Dorada|[A-ZÁÉÍÓÚ]\w+ Bay)/u.test(
                d,
              )
            ? "beach"
            : "coast";
  const floorsSaid = /up to (two|three|four|five|six) floors|(two|three|four|five|six)-stor(?:y|ey)/i.exec(
    it.description,
  );
  const words = { two: 2, three: 3, four: 4, five: 5, six: 6 };
  const floors = floorsSaid
    ? words[(floorsSaid[1] ?? floorsSaid[2]).toLowerCase()]
    : /\blow\b|lodge/i.test(d) || SMALL.test(d)
      ? 2
      : /tower|high-rise/i.test(d)
        ? 9
        : undefined;
  const large = (rooms ?? 0) >= 300 || /\blarge (?:resort|complex)|\bcomplex\b/i.test(it.description);
  const small = (rooms !== undefined && rooms < 60) || SMALL.test(it.description) || /lodge/i.test(it.description);
  return { setting, floors, rooms, size: large ? "large" : small ? "small" : "medium", golf: /golf/i.test(d) };
}
const SETTINGS = {
  beach: "on the sand at the water's edge",
  garden: "set back from the shore among green lawns",
  golf: "set back from the shore among green lawns, beside a golf green with a red flag",
  hillside: "on a green hillside high above the sea",
  cliff: "on a rocky cliff above the sea",
};
const POOLS = {
  rect: "a rectangular pool",
  freeform: "a winding lagoon pool",
  kidney: "a kidney-shaped pool",
  round: "a round pool",
  lap: "a long lap pool",
  plunge: "a small plunge pool",
  twin: "two linked round pools",
};
function poolShape(ctx, kind, x, y, w, h) {
  const fill = ctx.lin("rpool", [
      ["0", "#7fe3e0"],
      ["1", "#1aa3b5"],
    ]),
    edge = ' stroke="#fff" stroke-width="18" stroke-linejoin="round"';
  let d;
  if (kind === "rect" || kind === "lap") d = t`M${x} ${y}h${w}l${h * 0.4} ${h}h${-w - h * 0.8}z`;
  else if (kind === "round" || kind === "plunge")
    return (
      ell(x + w / 2, y + h / 2, w / 2, h / 2, fill, edge) +
      ell(x + w / 2, y + h * 0.42, w * 0.3, h * 0.12, "#fff", ' opacity=".35"')
    );
  else if (kind === "twin")
    return (
      [0, 1]
        .map((i) => ell(x + w * (0.28 + i * 0.44), y + h / 2 + (i ? 10 : -6), w * 0.3, h * 0.5, fill, edge))
        .join("") + rect(x + w * 0.44, y + h * 0.35, w * 0.12, h * 0.3, fill)
    );
  else if (kind === "kidney")
    d = t`M${x} ${y + h * 0.5}C${x} ${y - h * 0.2} ${x + w * 0.45} ${y - h * 0.1} ${x + w * 0.55} ${y + h * 0.25}S${x + w} ${y - h * 0.2} ${x + w} ${y + h * 0.5}S${x + w * 0.6} ${y + h * 1.2} ${x + w * 0.45} ${y + h}S${x} ${y + h * 1.1} ${x} ${y + h * 0.5}z`;
  else
    d = t`M${x} ${y}c${w * 0.2} -${h * 0.6} ${w * 0.5} ${h * 0.1} ${w * 0.7} -${h * 0.2}s${w * 0.35} ${h * 0.3} ${w * 0.3} ${h * 0.7}s-${w * 0.5} ${h * 0.4} -${w * 0.8} ${h * 0.2}s-${w * 0.3} -${h * 0.4} -${w * 0.2} -${h * 0.7}z`;
  return (
    path(d, fill, edge) +
    L.waves(y + 12, y + h * 0.8, Math.round(x), "#fff", 0.45, 5).replace(
      /M(-?\d+) /g,
      (_, n) => `M${Math.round(x + ((+n + 150) / 1500) * w * 0.8)} `,
    )
  );
}
/** A hotel block like lib's resortBlock, but each row of windows and railings is one dashed stroke, so a tall block stays a few hundred bytes. */
function hotelBlock(x, y, w, floors, wall, roof) {
  const fh = 46,
    h = floors * fh,
    rows = (dy, inset = 0) =>
      [...Array(floors)].map((_, f) => t`M${x + inset} ${y - h + f * fh + dy}h${w - 2 * inset}`).join("");
  return (
    rect(x, y - h, w, h, wall) +
    path(t`M${x - 12} ${y - h}h${w + 24}l-30 -34h-${w - 36}z`, roof) +
    line(rows(20, 14), C.teal, 24, ' stroke-dasharray="28 22" opacity=".75"') +
    line(rows(fh - 17, 4), "#fff", 18, ' stroke-dasharray="3 8"') +
    line(rows(fh - 4), "#fff", 8)
  );
}
function modernBlock(x, y, w, floors, wall, accent) {
  const fh = 44,
    h = floors * fh;
  let o = rect(x, y - h, w, h, wall) + rect(x - 10, y - h - 12, w + 20, 12, "#fff");
  for (let f = 0; f < floors; f++)
    o +=
      rect(x + 8, y - h + f * fh + 8, w - 16, 24, "#9fd3e6", 2) +
      rect(x, y - h + f * fh + 32, w, 8, "#fff") +
      rect(x + 8, y - h + f * fh + 8, 10, 24, accent);
  return o;
}
function villa(x, y, s, wall, roof) {
  return g(
    rect(-70, -70, 140, 70, wall) +
      path("M-86 -70h172l-30 -44h-112z", roof) +
      rect(-50, -56, 36, 40, C.teal) +
      rect(14, -56, 36, 40, C.teal) +
      rect(-80, -10, 160, 10, "#fff"),
    tr(x, y, s),
  );
}
function cabin(x, y, s, thatched, wall) {
  const roof = thatched
    ? path("M-130 -110h260l-130 -90z", "#d8a85a") + line("M-110 -116l110 -76 110 76", "#b9853f", 5)
    : path("M-130 -110h260l-130 -80z", "#6b4a2b");
  return g(
    rect(-100, -110, 200, 110, wall) +
      line("M-100 -80h200M-100 -50h200M-100 -20h200", "#000", 3, ' opacity=".12"') +
      roof +
      rect(-30, -70, 60, 70, "#4a2e22") +
      rect(-110, 0, 220, 14, "#8a5533"),
    tr(x, y, s),
  );
}

function drawResort(it, bump) {
  const ch = chooser(hash(`${it.name}|${it.area ?? ""}|${it.address2}|${it.rating}`), bump);
  const style = resortStyle(it),
    backdrop = resortBackdrop(it);
  const [palName, wall, roof, roofName] = ch.pick(PALETTES);
  const [skyKind, skyWords] = ch.pick(SKY);
  const inclusive = /all inclusive/i.test(it.inclusive ?? ""),
    adults = /adults/i.test(it.inclusive ?? ""),
    families = /famil/i.test(it.description);
  const rooftop = /rooftop/i.test(it.description);
  const town = backdrop === "town";
  const poolKind = town
    ? "none"
    : style === "cabins"
      ? "plunge"
      : /long pool/i.test(it.description)
        ? "lap"
        : rooftop
          ? "rect"
          : ch.pick(["rect", "freeform", "kidney", "round", "twin", "lap"]);
  const facts = resortFacts(it);
  // A large resort is drawn as two buildings, a small one as one; the side a single building stands on is the chooser's.
  const side =
    facts.size === "large"
      ? "both"
      : facts.size === "small"
        ? ch.pick(["left", "right"])
        : ch.pick(["left", "right", "both"]);
  const floors =
    style === "blocks"
      ? (facts.floors ?? 3)
      : style === "modern"
        ? (facts.floors ?? 4)
        : style === "victorian"
          ? Math.min(facts.floors ?? 2, 3)
          : 1;
  const loungers = Math.max(2, Math.round((Number(it.rating) || 3) * 2) - 4 + ch.int(0, 1));
  const umbrella = ch.pick([
    [C.coral, "coral"],
    [C.teal, "teal"],
    [C.yellow, "yellow"],
    ["#2f7fd1", "blue"],
    [C.pink, "pink"],
    ["#fff", "white"],
  ]);
  const nPalms = ch.int(2, 4);
  // From a hillside or a cliff the eye sees more sea: the horizon sits higher.
  const hz =
    backdrop === "ridge" || backdrop === "countryside" || /hillside|cliff/.test(facts.setting) ? 330 : ch.int(380, 430);
  const setting = facts.setting === "garden" && facts.golf ? "golf" : facts.setting;
  const sig = `${style}|${setting}|${backdrop}|${palName}|${poolKind}|${side}`;

  const body = (c) => {
    // Details that tell nothing about the place come from a chooser of their own, so drawing twice draws the same.
    const dc = chooser(hash(`${it.name}|details`));
    let s =
      L.sky(c, skyKind) +
      L.sun(dc.pick([220, 980, 1040]), 120, 46) +
      L.cloud(dc.int(200, 800), dc.int(70, 140), 0.7 + dc.r() * 0.3);
    const sea = () => L.sea(c, hz) + L.waves(hz + 14, hz + 80, hash(it.name) % 50, "#fff", 0.4, 8);
    if (backdrop === "mountain")
      s += L.mountain(dc.int(300, 900), hz + 4, 1000, dc.int(220, 320), "#3f7f5a", "#6fae77") + sea();
    else if (backdrop === "hills") s += L.hills(hz, "#5f9e63", 40, 4) + sea();
    else if (backdrop === "headland")
      s +=
        sea() +
        path(
          t`M${side === "right" ? -300 : 700} ${hz + 6}C${side === "right" ? -100 : 800} ${hz - 120} ${side === "right" ? 300 : 1100} ${hz - 140} ${side === "right" ? 500 : 1500} ${hz + 6}z`,
          "#4c8f5e",
        ) +
        L.boat(side === "right" ? 800 : 300, hz + 50, 0.7);
    else if (backdrop === "cliffs")
      s +=
        sea() +
        path(t`M-300 ${hz - 80}L240 ${hz - 60}L300 ${hz + 110}H-300z`, "#b98a5a") +
        path(t`M-300 ${hz - 90}L240 ${hz - 70}L250 ${hz - 50}L-300 ${hz - 60}z`, "#5fa86a") +
        path(t`M1500 ${hz - 60}L960 ${hz - 40}L900 ${hz + 100}H1500z`, "#a97b4f") +
        path(t`M1500 ${hz - 70}L960 ${hz - 50}L950 ${hz - 30}L1500 ${hz - 40}z`, "#5fa86a") +
        L.fishingBoat(520, hz + 40, 0.8) +
        L.fishingBoat(700, hz + 62, 0.7, C.yellow);
    else if (backdrop === "kites") {
      s += sea();
      for (let i = 0; i < dc.int(2, 4); i++) {
        const x = 160 + i * 260 + dc.int(0, 80),
          y = 80 + dc.int(0, 120);
        s += L.kite(x, y, 1.3, [C.coral, C.yellow, "#2f7fd1", "#b052c4"][i], "#fff", x + 30, hz + 30);
      }
    } else if (backdrop === "sandbar")
      s += sea() + ell(900, hz + 40, 160, 18, C.sand) + L.palm(880, hz + 36, 90, 0.1, 0.35) + L.boat(420, hz + 60, 0.8);
    else if (backdrop === "ridge")
      s += L.sea(c, 260) + L.hills(320, "#5f9e63", 40, 3) + L.forest(360, "#3e8d52", 5, -900, 2100, 70);
    else if (town)
      s +=
        L.mountain(dc.int(300, 900), 470, 1300, 380, "#3f7f5a", "#6fae77") +
        L.townRow(c, 560, hash(it.name) % 50, -300, 1500, 2.2);
    else s += L.hills(hz - 40, "#6fae77", 50, 5) + L.forest(hz, "#3e8d52", 7, -900, 2100, 80);
    const beach = !["ridge", "countryside", "town"].includes(backdrop);
    // buildings stand on y = 560, behind the pool deck
    // Each building is drawn at 1.35x about its own foot, so it stays within the frame.
    const spots =
      side === "left"
        ? [[20, 420]]
        : side === "right"
          ? [[760, 420]]
          : [
              [40, 300],
              [860, 300],
            ];
    // On a hillside the buildings stand higher up the slope, above the pool terrace.
    const base = setting === "hillside" || setting === "cliff" ? 500 : 560;
    if (setting === "garden" || setting === "golf") {
      // The sea is out of sight: lawns and a line of trees stand between the buildings and the shore.
      s +=
        L.hills(hz - 10, "#7dbb6e", 30, 7) +
        L.forest(hz + 10, "#3e8d52", 4, -900, 2100, 70) +
        rect(-900, hz + 60, 3000, 900, "#8fcb74");
      if (setting === "golf")
        s +=
          ell(side === "left" ? 1030 : 200, 540, 150, 26, "#a8dd86") +
          line(t`M${side === "left" ? 1030 : 200} 540v-150`, "#fff", 6) +
          path(t`M${side === "left" ? 1033 : 203} 390l70 22-70 22z`, C.red);
    } else if (setting === "hillside")
      s += path("M-900 900V520C-300 470 300 380 700 330S1500 300 2100 280V900z", "#5f9e63");
    else if (setting === "cliff") {
      // Seen from the top: a wide stretch of sea, and the rock face dropping from the terrace to a line of surf.
      s += path(
        t`M-900 ${base}V${base - 70}l200 -14 180 10 220 -18 200 12 240 -16 260 14 220 -10 260 16 300 -12 220 8V${base}z`,
        "#a98660",
      );
      s +=
        line(t`M-900 ${base - 40}C-300 ${base - 50} 400 ${base - 30} 2100 ${base - 44}`, "#8a6a48", 6) +
        line(t`M-900 ${base - 72}C-300 ${base - 84} 600 ${base - 66} 2100 ${base - 80}`, "#fff", 8, ' opacity=".8"');
    } else if (beach) s += L.sand(hz + 90, 12);
    spots.forEach(([x, w], n) => {
      let b;
      if (style === "blocks") b = hotelBlock(x, base, w, floors, wall, roof);
      else if (style === "modern") b = modernBlock(x, base, w, floors, wall, roof);
      else if (style === "victorian")
        b = L.victorian(c, x, base, w, floors * 140, wall, "#fff", { floors, roofCol: roof, shutter: "#3c8fb0" });
      else if (style === "small")
        b = L.victorian(c, x + w * 0.1, base, w * 0.8, 180, wall, "#fff", {
          floors: 1,
          roofCol: roof,
          shutter: C.teal,
          fret: false,
        });
      else if (style === "villas")
        b = [0, 1, 2]
          .map((i) => villa(x + 70 + i * (w / 3), base - (i % 2) * 50, 0.9 + (i % 2) * 0.1, wall, roof))
          .join("");
      else b = [0, 1].map((i) => cabin(x + 100 + i * (w / 2), base, 0.9, backdrop !== "countryside", wall)).join("");
      if (n === 0 && rooftop && style === "victorian")
        b +=
          rect(x + 40, base - floors * 140 - 74, w - 80, 22, "#5fd0e0", 4) +
          L.sunbed(x + 110, base - floors * 140 - 76, 0.6);
      s += g(b, t`translate(${x + w / 2} ${base}) scale(1.35) translate(${-(x + w / 2)} ${-base})`);
    });
    const deck =
      style === "cabins"
        ? "#b98250"
        : town
          ? "#d9cfc0"
          : setting === "garden" || setting === "golf"
            ? "#8fcb74"
            : dc.pick(["#eee3cf", "#e9dcc4", "#f3ead8"]);
    s += rect(-900, base, 3000, 600, deck);
    // Beachfront: the sand runs from the pool to the water, which laps the front of the picture.
    if (setting === "beach")
      s +=
        rect(-900, 700, 3000, 400, C.sand) +
        path("M500 900C700 840 1000 820 1500 800V900z", "#2fb3c0") +
        line("M500 900C700 840 1000 820 1500 800", "#fff", 10, ' opacity=".8"');
    if (town) {
      // A street in town: no pool to invent, only what any street there has.
      s +=
        rect(-900, 660, 3000, 600, "#9a948c") +
        rect(-900, 650, 3000, 14, "#efe8dc") +
        line("M-900 740h3000", "#fff", 8, ' stroke-dasharray="60 50"');
      for (const x of spots.map(([x, w]) => x + w / 2))
        s += L.pottedPlant(x - 170, 600, 1.3, C.coral) + L.pottedPlant(x + 170, 600, 1.3, C.orange);
      s += L.lamp(side === "left" ? 700 : 480, 650, 1.2) + L.bench(side === "left" ? 860 : 320, 640, 1.3);
      const free =
        side === "left" ? [1160, 620, 900, 40] : side === "right" ? [40, 560, 300, 1160] : [600, 40, 1160, 480];
      for (let i = 0; i < nPalms; i++) s += L.palm(free[i], 660, 320, i % 2 ? -0.12 : 0.12, 0.8);
      return s;
    }
    const px = side === "left" ? 520 : side === "right" ? 120 : 320,
      pw = poolKind === "lap" ? 620 : poolKind === "plunge" ? 260 : 540;
    s += poolShape(c, poolKind, poolKind === "lap" ? 260 : px, 610, pw, poolKind === "lap" ? 70 : 120);
    if (inclusive)
      s +=
        L.thatch(poolKind === "lap" ? 1000 : px + pw + 110, 650, 1.1) +
        F.tumbler((poolKind === "lap" ? 1000 : px + pw + 110) - 20, 614, 0.35, C.orange, 0.7);
    if (families)
      s +=
        rect(px - 60, 500, 20, 160, "#e9e2d6") +
        line(t`M${px - 50} 510C${px - 150} 560 ${px - 40} 640 ${px + 40} 660`, C.yellow, 34);
    for (let i = 0; i < loungers; i++)
      s += L.sunbed(90 + i * (adults ? 150 : 130) + (i % 2 && adults ? -50 : 0), 745, 1.25);
    s += L.beachUmbrella(adults ? 720 : 1030, 750, 1.2, umbrella[0]);
    if (adults)
      s +=
        ell(990, 720, 80, 18, "#fff") +
        rect(980, 720, 20, 40, "#888") +
        F.tumbler(960, 712, 0.45, C.orange, 0.7) +
        F.tumbler(1020, 712, 0.45, C.pink, 0.7);
    const palmX = [
      [40, 0.15],
      [1160, -0.18],
      [side === "left" ? 430 : 760, 0.08],
      [side === "left" ? 1000 : 200, -0.1],
    ];
    for (let i = 0; i < nPalms; i++)
      s += L.palm(palmX[i][0], i < 2 ? 800 : 600, i < 2 ? 440 : 240, palmX[i][1], i < 2 ? 1 : 0.65);
    return s;
  };

  // One building (left or right) or two (both sides), described as drawn.
  const two = side === "both",
    storey = floors === 1 ? "one-story" : `${NUM[floors]}-story`,
    an = (w) => (/^[aeiou]/.test(w) ? "an" : "a");
  const roofs = two ? `${roofName} roofs` : `${an(roofName)} ${roofName} roof`;
  const building = {
    blocks: two
      ? `a pair of ${storey} ${palName} hotel blocks with ${roofs}`
      : `${an(storey)} ${storey} ${palName} hotel block with ${roofs}`,
    modern: two
      ? `two modern ${storey} ${palName} apartment blocks with glass balconies`
      : `a modern ${storey} ${palName} apartment block with glass balconies`,
    victorian: `${two ? "two" : an(storey)} ${storey} ${palName} Victorian-style ${two ? "buildings" : "building"} with ${roofs}${rooftop ? " and a rooftop pool" : ""}`,
    small: two
      ? `two small one-story ${palName} hotels with ${roofs}`
      : `a small one-story ${palName} hotel with ${roofs}`,
    villas: `${two ? "six" : "three"} ${palName} villas with ${roofName} roofs`,
    cabins: `${two ? "four" : "two"} ${backdrop !== "countryside" ? "thatched" : "wooden"} cabins`,
  }[style];
  if (town)
    return {
      sig,
      body,
      alt: `${cap(building)} on a town street, with potted plants, a street lamp, a bench and ${NUM[nPalms]} palms; ${BACKDROPS.town} under ${skyWords}`,
    };
  const extras = [`${NUM[loungers]} loungers`, `a ${umbrella[1]} umbrella`];
  if (inclusive) extras.push("a thatched pool bar");
  if (families) extras.push("a yellow water slide");
  if (adults) extras.push("a table with two cocktails");
  extras.push(`${NUM[nPalms]} palms`);
  const where = SETTINGS[setting] ? ` ${SETTINGS[setting]},` : "";
  const view = setting === "garden" || setting === "golf" ? "green hills and a line of trees" : BACKDROPS[backdrop];
  const alt = `${cap(building)}${where} beside ${POOLS[poolKind]}, with ${list(extras)}; ${view} under ${skyWords}`;
  return { sig, body, alt };
}

// ---------- every other kind: one motif per place ----------
// A motif is [name pattern, alt, scene]. A listing takes the first unused motif of its page whose
// pattern matches its name (else the first unused one), so each card of a page shows its own scene.
const SC = { ...S.SCENES, ...N.LISTING_SCENES };
const old = (k) => SC[`/images/listings/${k}.svg`];
const sky = L.sky;
const plane = (x, y, s = 1) =>
  g(
    path("M-120 0q0-16 20-16h190q30 0 40 16-10 16-40 16h-190q-20 0-20-16z", "#fff") +
      path("M-20 -10l60 -70h24l-30 70zM-20 10l60 70h24l-30 -70zM-110 -10l-20 -40h16l30 40z", "#d6dde3") +
      line("M50 -6h40", C.ocean, 6, ' stroke-dasharray="8 6"'),
    tr(x, y, s, -12),
  );
const conga = (x, y, s = 1, col = "#b5503f") =>
  g(
    path("M-40 0l-10 -200h100l-10 200z", col) +
      ell(0, -200, 50, 14, "#f3e3c3") +
      line("M-46 -180l92 0M-42 -40h84", "#e6c15a", 6),
    tr(x, y, s),
  );
const fish = (x, y, s = 1, col = C.yellow) =>
  g(ell(0, 0, 40, 20, col) + path("M34 0l30 -20v40z", col) + circ(-20, -4, 4, "#222"), tr(x, y, s));
const coral = (x, y, s = 1, col = C.coral) =>
  g(
    line("M0 0v-80M0 -40l-30 -40M0 -50l30 -36M-30 -80l-10 -20M30 -86l12 -20", col, 14, ' stroke-linecap="round"'),
    tr(x, y, s),
  );
const diver = (x, y, s = 1, col = C.yellow) =>
  g(
    ell(0, 0, 70, 18, "#2a2e35") +
      rect(-40, -30, 60, 18, col, 8) +
      circ(-80, -4, 18, "#6b4429") +
      rect(-98, -14, 22, 14, "#cfeef6", 4) +
      path("M70 -6l50 -20v40z", col),
    tr(x, y, s, -8),
  );
const bubbles = (x, y) =>
  [0, 1, 2]
    .map((i) =>
      circ(x + i * 8, y - i * 40, 8 - i * 2, "#fff", ' fill-opacity="0" stroke="#fff" stroke-width="3" opacity=".7"'),
    )
    .join("");
const table = (x, y, w = 300, col = "#fff8ea") => ell(x, y, w, w * 0.22, col) + rect(x - 10, y, 20, 140, "#444");
const cigarBox = (x, y, s = 1) =>
  g(
    rect(-220, -80, 440, 140, "#8a5533", 8) +
      rect(-200, -60, 400, 100, "#5a3520") +
      [0, 1, 2, 3, 4, 5, 6]
        .map((i) => rect(-190 + i * 56, -56, 48, 92, "#7a4a2a", 22) + rect(-190 + i * 56, -20, 48, 16, C.red))
        .join("") +
      path("M-220 -80l40 -140h440l-40 140z", "#a8703a") +
      rect(-170, -200, 160, 70, C.cream, 6, ' transform="skewX(-16)"'),
    tr(x, y, s),
  );
const leaf = (x, y, s = 1, rot = 0) =>
  g(path("M0 0C40 -60 140 -70 220 0 140 70 40 60 0 0z", "#7a5a2a") + line("M0 0h210", "#5a3a1a", 4), tr(x, y, s, rot));
const roulette = (x, y, s = 1) =>
  g(
    ell(0, 0, 260, 90, "#6b3a22") +
      ell(0, -10, 220, 74, "#2a1a12") +
      [...Array(16)]
        .map((_, i) =>
          path(
            t`M0 -10L${Math.cos(i * 0.3927) * 210} ${-10 + Math.sin(i * 0.3927) * 70}L${Math.cos((i + 1) * 0.3927) * 210} ${-10 + Math.sin((i + 1) * 0.3927) * 70}z`,
            i % 2 ? C.red : "#1a1a1a",
          ),
        )
        .join("") +
      ell(0, -10, 90, 30, C.gold) +
      ell(0, -14, 40, 14, "#c9a04a") +
      circ(120, -40, 10, "#fff"),
    tr(x, y, s),
  );
const chips = (x, y, n, col) =>
  [...Array(n)]
    .map(
      (_, i) =>
        ell(x, y - i * 12, 40, 12, col) +
        ell(x, y - i * 12, 40, 12, "none", ' stroke="#fff" stroke-width="3" stroke-dasharray="8 8"'),
    )
    .join("");
const bucket = (x, y, s = 1) =>
  g(
    [
      [-90, -190, -20],
      [-20, -220, 10],
      [60, -200, 30],
      [10, -170, -10],
    ]
      .map(([a, b, r]) =>
        g(
          ell(0, 0, 56, 40, "#c9762a") +
            ell(-10, -10, 20, 10, "#e9a347", ' opacity=".7"') +
            rect(40, -10, 50, 20, "#f3e3c3", 10),
          tr(a, b, 1, r),
        ),
      )
      .join("") +
      path("M-140 -180h280l-30 200h-220z", "#fff") +
      path("M-100 -180h40l-6 200h-26zM20 -180h40l-10 200h-30zM110 -180h30l-26 200h-12z", C.red) +
      rect(-150, -190, 300, 20, C.red, 6),
    tr(x, y, s),
  );
const register = (x, y) =>
  g(
    path("M-120 0l20 -120h200l20 120z", "#4a4e57") +
      rect(-80, -200, 160, 80, "#2f3440", 8) +
      rect(-60, -186, 120, 40, "#8fe0a8", 4) +
      [0, 1, 2]
        .map((r) => [0, 1, 2, 3].map((i) => rect(-80 + i * 42, -100 + r * 30, 30, 20, "#d6dde3", 4)).join(""))
        .join(""),
    tr(x, y),
  );
const water = (x, y, s = 1) =>
  g(
    path("M-40 0v-180q0-30 20-40v-30h40v30q20 10 20 40v180z", "#cfeefa", ' opacity=".85"') +
      rect(-40, -130, 80, 50, "#2f7fd1") +
      rect(-20, -270, 40, 20, "#2f7fd1", 4),
    tr(x, y, s),
  );
const painting = (x, y, w, h, inner) =>
  rect(x - 14, y - 14, w + 28, h + 28, "#8a5533") + rect(x, y, w, h, "#fff") + inner;
const record = (x, y, s = 1) =>
  g(
    rect(-160, -40, 320, 80, "#6b3a22", 10) +
      ell(0, -44, 130, 30, "#1a1a1a") +
      ell(0, -44, 40, 10, C.coral) +
      line("M110 -70l-60 30", "#c9cfd4", 8),
    tr(x, y, s),
  );
const lighthouseTall = (x, y) =>
  g(
    path("M-40 0l16 -360h48l16 360z", "#fbfaf6") +
      [-300, -200, -100]
        .map((b) =>
          path(
            t`M${-36 + (b + 360) * 0.0444 - 18} ${b}h${72 - (b + 360) * 0.0888 + 36}v-30h${-(72 - (b + 360) * 0.0888 + 36)}z`,
            C.yellow,
          ),
        )
        .join("") +
      line("M-30 -20L20 -120M30 -20L-20 -120M-26 -140L16 -240M26 -140L-16 -240", "#c9c1b0", 3) +
      rect(-34, -380, 68, 22, "#3a3a44") +
      rect(-26, -430, 52, 50, "#cfeef6") +
      line("M-26 -405h52M0 -430v50", "#3a3a44", 3) +
      path("M-36 -430h72l-36 -40z", C.red) +
      circ(0, -405, 46, C.sun, ' opacity=".25"'),
    tr(x, y, 1),
  );
const pretzel = (x, y, s = 1) =>
  g(
    line(
      "M-60 30C-110 -20 -60 -80 0 -20S110 -20 60 30C20 60 -20 60 -60 30M-30 40L30 -30M30 40L-30 -30",
      "#b8621f",
      22,
      ' stroke-linecap="round"',
    ) +
      [
        [-40, -20],
        [20, 0],
        [50, -40],
      ]
        .map(([a, b]) => circ(a, b, 3, "#fff"))
        .join(""),
    tr(x, y, s),
  );
const cacaoPod = (x, y, s = 1, rot = 0, col = "#d9892b") =>
  g(
    ell(0, 0, 110, 52, col) +
      line("M-100 0Q0 -30 100 0M-100 0Q0 30 100 0M-104 -10Q0 -50 104 -10", "#000", 4, ' opacity=".15"') +
      path("M100 0l30 -6v12z", "#6b4a2b"),
    tr(x, y, s, rot),
  );
const chocBar = (x, y, s = 1, rot = 0) =>
  g(
    rect(-120, -60, 240, 120, "#4a2516", 6) +
      [0, 1, 2, 3]
        .map((i) => [0, 1].map((j) => rect(-110 + i * 56, -50 + j * 54, 48, 46, "#5e3020", 4)).join(""))
        .join("") +
      rect(40, -60, 80, 120, "#e8a93a"),
    tr(x, y, s, rot),
  );
const larimarRock = (x, y, s = 1) =>
  g(
    path("M-120 40L-100 -40L-30 -80L60 -70L120 -20L110 50L-40 70z", "#7cc8e8") +
      path(
        "M-90 -20q60 -30 120 0t80 10M-80 20q60 -20 110 -4t70 4",
        "none",
        ' stroke="#e8f7fd" stroke-width="10" stroke-linecap="round"',
      ) +
      path("M-100 -40L-30 -80L60 -70L-20 -50z", "#fff", ' opacity=".35"'),
    tr(x, y, s),
  );
const hutIsland = (x, y) =>
  ell(x, y, 260, 40, C.sand) + L.thatch(x - 60, y - 6, 0.9) + L.palm(x + 120, y - 4, 140, -0.15, 0.45);

const MOTIFS = {
  bakeries: [
    [
      /galleta/i,
      "A glass jar of round cookies with more cookies and a plate of fudge squares on a teal checked cloth",
      old("bakery-3"),
    ],
    [/pan |bread/i, "A wicker basket piled with golden bread rolls on a wooden table, steam rising", old("bakery-1")],
    [
      /dulce/i,
      "A glass display case of milk-fudge squares and white coconut sweets",
      (_c) =>
        N.glassCase(
          rect(100, 400, 1000, 12, "#d6dfe3") +
            F.fudge(330, 250, 6, 80) +
            [0, 1, 2, 3, 4, 5, 6, 7]
              .map(
                (i) =>
                  circ(200 + i * 115, 540, 46, "#f3e2c0") +
                  circ(200 + i * 115, 540, 40, "#fffaf0") +
                  line(
                    t`M${176 + i * 115} 530l14 -8M${204 + i * 115} 552l14 -8M${196 + i * 115} 520l10 10`,
                    "#e0c9a0",
                    4,
                  ),
              )
              .join("") +
            F.fudge(800, 250, 4, 80).replaceAll("#f3c95a", "#f7e7c6"),
        ),
    ],
    [/quipe/i, "A glass display case of torpedo-shaped fried quipes above a row of golden empanadas", old("bakery-4")],
    [/helad|ice/i, "A two-scoop ice-cream cone, pink and yellow, on a mint and pink background", old("ice-cream-2")],
    [
      /dick|german/i,
      "A bakery counter with a braided loaf, pretzels, a slice of cake and a cup of coffee",
      (c) =>
        F.counterScene(c, "#f3e3c8", 600, { window: F.seaWindow(c, 420, 80, 360, 220), edge: "#b06f3e" }) +
        g(
          ell(0, 0, 170, 56, "#c9782a") +
            line("M-140 0q35 -40 70 0t70 0t70 0t70 0", "#e0a04a", 16, ' stroke-linecap="round"'),
          "translate(250 540) scale(1.4)",
        ) +
        pretzel(560, 520, 1.3) +
        pretzel(720, 540, 1.1) +
        g(F.cakeSlice(0, 0, 0.9), "translate(900 600)") +
        F.coffeeCup(1090, 620, 1.4),
    ],
    [
      /sirena|cake/i,
      "A glass bakery case with a chocolate layer cake, a white cake on a stand and a row of pastries",
      old("bakery-2"),
    ],
  ],
  "fast-food": [
    [/burger/i, "A red tray seen from above with two burgers, a carton of fries and a cola", old("fast-food-1")],
    [
      /kfc|chicken/i,
      "A red-and-white striped bucket of fried chicken pieces beside a carton of fries and a cola",
      (c) =>
        F.counterScene(c, "#fbe3c4", 640, { tiles: "#f7c9b6" }) +
        bucket(520, 640, 1.3) +
        N.fries(860, 660, 1.2) +
        N.colaCup(1040, 660, 0.9),
    ],
    [/domino/i, "A pepperoni pizza in an open cardboard box with one slice pulled away", old("fast-food-2")],
    [
      /pizza/i,
      "A deep pan pizza topped with pepperoni in a black pan on a red checked cloth",
      (c) =>
        F.cloth(c, "#fff3dc", "#d9483b") +
        F.skillet(540, 400, 270, "#c9782a") +
        N.pizzaTop(540, 400, 250) +
        F.fork(1000, 560, 1.1, 20),
    ],
    [/empanada/i, "Golden fried empanadas piled on a paper-lined counter", old("fast-food-3")],
  ],
  "ice-cream": [
    [
      /mariposa/i,
      "A glass freezer case of six ice-cream tubs in white, yellow, chocolate, pink, lime and orange",
      old("ice-cream-1"),
    ],
    [
      /bon/i,
      "An ice-cream cone with a white scoop and a yellow scoop between half a coconut and a halved passion fruit",
      (c) =>
        rect(
          -900,
          -600,
          3000,
          2200,
          c.lin("bonbg", [
            ["0", "#fff3dc"],
            ["1", "#ffd95e"],
          ]),
        ) +
        circ(600, 400, 300, "#fff", ' opacity=".4"') +
        N.cone(600, 460, 1.6, ["#fffaf0", "#f6c331"]) +
        F.coconutHalf(240, 600, 1.2) +
        circ(980, 580, 70, "#7a3a6a") +
        circ(980, 580, 50, "#f3c12a"),
    ],
    [
      /frío|frio/i,
      "A blue frío frío cart with bottles of red, yellow, blue, green and orange syrup, and a cup of shaved ice",
      old("ice-cream-3"),
    ],
  ],
  "day-spas": [
    [/bagua/i, "A thatched open-air pavilion with a massage table on the sand, the sea and palms behind", old("spa-2")],
    [
      /senator/i,
      "A massage table with rolled towels beside candles and a pink orchid, a window on palms",
      old("spa-1"),
    ],
    [
      /metamorph/i,
      "A round whirlpool bath edged with candles, rolled white towels and a pink orchid",
      (c) =>
        rect(-900, -600, 3000, 2200, "#e9dccb") +
        rect(-900, 420, 3000, 800, "#c9b79a") +
        ell(560, 560, 380, 110, "#f4efe6") +
        ell(
          560,
          556,
          330,
          90,
          c.lin("jac", [
            ["0", "#8fe0d3"],
            ["1", "#2bb3a8"],
          ]),
        ) +
        L.waves(520, 600, 4, "#fff", 0.6, 8).replace(
          /M(-?\d+) /g,
          (_, n) => `M${Math.round(300 + ((+n + 150) / 1500) * 500)} `,
        ) +
        [280, 840].map((x) => N.candle(x, 520, 1.3)).join("") +
        [
          [1000, 640],
          [1060, 640],
          [1030, 610],
        ]
          .map(([x, y]) => circ(x, y, 30, "#fff") + circ(x, y, 14, "#e9e2d6"))
          .join("") +
        N.orchid(180, 640, 1.2),
    ],
    [
      /natura|cabana/i,
      "An open-air thatched pavilion with a massage table among palms and tropical trees",
      (c) =>
        sky(c, "morning") +
        L.forest(300, "#3e8d52", 4, -900, 2100, 90) +
        L.ground(560, "#7fb25e") +
        N.pavilion(600, 640, 1.2) +
        N.massageTable(600, 640, 0.85) +
        L.palm(100, 780, 420, 0.15) +
        L.palm(1100, 780, 400, -0.15) +
        L.fern(300, 700, 1.4) +
        L.fern(900, 700, 1.4, C.leaf, -1),
    ],
  ],
  supermarkets: [
    [
      /sirena/i,
      "Supermarket shelves stacked with crates of plantains and other fruit and vegetables",
      old("supermarket-1"),
    ],
    [/josé|jose/i, "A shopping cart loaded with groceries in a bright supermarket aisle", old("supermarket-2")],
    [
      /tropical/i,
      "A checkout counter with a cash register, bottled water, a pineapple and bananas",
      (c) =>
        F.counterScene(c, "#e4f3ea", 600, { edge: "#9aa3ab", front: "#6b7480" }) +
        register(380, 600) +
        water(700, 600) +
        water(790, 600) +
        F.pineapple(c, 980, 600, 1) +
        F.bananas(600, 590, 0.8),
    ],
  ],
  taxis: [
    [
      /playa dorada/i,
      "A white taxi minivan with a yellow stripe parked in front of a hotel lined with palms",
      old("taxi-1"),
    ],
    [/amber cove/i, "Three white taxi minivans lined up at a cruise pier, a large cruise ship behind", old("taxi-2")],
    [
      /taíno|taino/i,
      "A white taxi minivan on a harbor road, a cruise ship and a row of colorful houses behind",
      (c) =>
        sky(c, "bright") +
        L.mountain(300, 400, 900, 260, "#3f7f5a", "#6fae77") +
        L.sea(c, 400) +
        N.cruiseShip(760, 420, 0.7) +
        L.townRow(c, 560, 8, -300, 1500, 1.4) +
        rect(-900, 560, 3000, 600, "#8a8f99") +
        line("M-900 700h3000", "#fff", 8, ' stroke-dasharray="60 40"') +
        N.van(560, 760, 1.1),
    ],
    [
      /airport/i,
      "A white taxi minivan outside a low airport terminal as a plane climbs overhead",
      (c) =>
        sky(c, "day") +
        L.cloud(300, 120, 0.8) +
        plane(820, 150, 1.1) +
        L.hills(420, "#6fae77", 40, 6) +
        rect(-200, 260, 1600, 240, "#f7f1e3") +
        rect(-200, 250, 1600, 20, C.teal) +
        rect(-160, 300, 1520, 150, "#9fd3e6") +
        line("M-160 375h1520", "#f7f1e3", 8) +
        rect(-900, 500, 3000, 700, "#8a8f99") +
        rect(-900, 500, 3000, 24, "#ddd3c4") +
        N.van(600, 720, 1.15) +
        L.palm(80, 560, 300, 0.1, 0.8) +
        L.palm(1120, 560, 300, -0.1, 0.8) +
        L.person(950, 690, 1, C.coral),
    ],
  ],
  "golf-courses": [
    [/playa dorada/i, "A putting green with a red flag, a sand bunker and palm trees, the sea beyond", old("golf-1")],
    [/mango/i, "A putting green with a red flag among mango trees, with green hills beyond", old("golf-2")],
  ],
  "fine-dining": [
    [
      /mares/i,
      "A candlelit table for two with wine glasses, in a garden under string lights and palms at night",
      old("fine-dining-1"),
    ],
    [
      /lucia/i,
      "A plated dish, a fork and a glass of red wine before a window on the sea at dusk",
      old("fine-dining-2"),
    ],
  ],
  "landmarks-museums": [
    // The cable car has been closed since June 2024: the card shows the mountain, not a running cabin.
    [
      /isabel/i,
      "A green mountain rising above the town and the sea, a small white statue of Christ on its summit below a passing cloud",
      (c) =>
        L.sky(c, "day") +
        L.sun(1040, 120, 44) +
        L.mountain(800, 700, 1300, 640, "#2f7a4b", "#5fa86a") +
        L.cloud(560, 140, 0.8) +
        L.sea(c, 700) +
        L.townRow(c, 720, 3, -300, 500, 0.8) +
        L.christ(800, 78, 0.22),
    ],
    // Issue 34: the Rum Legacy Museum (opened February 2026) shows "an original sugar mill, real sugarcane" and its story of rum.
    [
      /rum legacy/i,
      "A wooden sugar-cane mill with a long sweep pole, stalks of sugarcane leaning beside it and rum barrels along the wall behind",
      (_c) =>
        rect(-900, -600, 3000, 2200, "#e9d3b0") +
        rect(-900, 560, 3000, 600, "#9a6b45") +
        rect(-900, 548, 3000, 16, "#7d4b2a") +
        [0, 1, 2, 3, 4, 5, 6]
          .map(
            (i) =>
              circ(120 + i * 160, 470, 74, "#a8703f") +
              circ(120 + i * 160, 470, 58, "none", ' stroke="#6b4a2b" stroke-width="8"') +
              circ(120 + i * 160, 470, 14, "#6b4a2b"),
          )
          .join("") +
        g(
          rect(-190, -40, 380, 46, "#6b4a2b", 6) +
            [-80, 0, 80]
              .map(
                (dx) =>
                  rect(dx - 30, -250, 60, 210, "#8a5a33", 12) +
                  line(t`M${dx - 30} -200h60M${dx - 30} -130h60`, "#5a3a22", 6),
              )
              .join("") +
            rect(-210, -290, 420, 40, "#6b4a2b", 8) +
            line("M0 -270L470 -380", "#7d5533", 24, ' stroke-linecap="round"'),
          "translate(560 640)",
        ) +
        [
          [180, -30],
          [230, -18],
          [930, 26],
          [985, 40],
          [1040, 18],
        ]
          .map(
            ([x, lean]) =>
              line(t`M${x} 660L${x + lean} 230`, "#8fbf4a", 18, ' stroke-linecap="round"') +
              line(t`M${x + lean * 0.3 - 12} ${660 - 130}h24M${x + lean * 0.6 - 12} ${660 - 260}h24`, "#5f8f2e", 6) +
              path(
                t`M${x + lean} 230c-40 -60 -90 -70 -140 -60c50 10 90 30 140 60zM${x + lean} 230c30 -70 80 -90 130 -90c-50 20 -90 50 -130 90z`,
                "#5fa86a",
              ),
          )
          .join(""),
    ],
    [/macorix/i, "Stacked rum barrels behind a bar with two glasses of rum and a bottle", old("landmark-rum-museum")],
    [
      /blanca|pink/i,
      "A lane between pink walls with blue-shuttered balconies, potted plants and a walker in yellow",
      old("landmark-pink-street"),
    ],
    [
      /fort/i,
      "A stone rampart with a black cannon facing the sea and a red and white lighthouse",
      old("landmark-fortress"),
    ],
    [/amber/i, "A lit display case of amber pieces, some with insects trapped inside", old("landmark-amber")],
    [
      /cathedral|parque/i,
      "A white Victorian gazebo in a green square in front of a white cathedral, with palms and benches",
      old("landmark-cathedral"),
    ],
    [
      /malec/i,
      "A palm-lined seafront promenade with a bench and a walker, waves breaking on the rocks",
      old("landmark-malecon"),
    ],
    [
      /luperón|luperon|casa museo/i,
      "A two-story cream Victorian house with blue shutters and a red roof between a palm and a shade tree",
      old("landmark-house-museum"),
    ],
    [
      /lighthouse|faro/i,
      "A tall white-and-yellow lighthouse on a rocky point beside a stone fort wall, the bay and a green mountain behind",
      (c) =>
        sky(c, "bright") +
        L.cloud(300, 120, 0.8) +
        L.mountain(260, 470, 900, 300, "#3f7f5a", "#6fae77") +
        L.sea(c, 460) +
        L.waves(480, 640, 17) +
        path("M300 900C420 640 600 600 900 590S1300 620 1500 640V900z", "#8e7b62") +
        path("M-300 900V700C100 690 300 720 420 900z", "#a98259") +
        S.rocks(660, 19, "#5d5a66", 6, 380, 1300) +
        rect(880, 520, 700, 110, "#c49b6c") +
        path(
          (() => {
            let d = "";
            for (let i = 0; i < 6; i++) d += t`M${900 + i * 70} 520v-34h36v34z`;
            return d;
          })(),
          "#b08a5f",
        ) +
        lighthouseTall(800, 600) +
        S.splash(440, 690, 0.9),
    ],
    [
      /brugal|distill/i,
      "Rows of rum bottles on a production line, seen through a large window",
      old("landmark-distillery"),
    ],
  ],
  "family-fun": [
    [/amber cove/i, "A cruise ship beyond a pool with a yellow water slide and palms", old("family-cruise-port")],
    [/amber/i, "A magnifying glass over a piece of amber with an insect inside", old("family-amber")],
    [/camú|camu|eco/i, "Wooden cabins with brown roofs above a river in green hills", old("family-ecolodge")],
    [
      /fun city|kart/i,
      "A red and a blue go-kart racing round an oval track lined with tires, palms at the sides",
      old("family-go-karts"),
    ],
    [/parque|park/i, "A white Victorian gazebo in a green square with palms, benches and pigeons", old("family-park")],
    [
      /ocean world/i,
      "Café tables under umbrellas above a marina of white yachts, a dolphin leaping beyond",
      (c) =>
        sky(c, "bright") +
        L.sun(1000, 110, 44) +
        L.sea(c, 380) +
        L.waves(400, 520, 4) +
        [
          [200, 470, 0.8],
          [520, 500, 1],
        ]
          .map(([x, y, s]) => N.yacht(x, y, s))
          .join("") +
        L.dolphin(900, 430, 1, -25) +
        N.terrace(c, "#c98b55") +
        [300, 800].map((x, i) => table(x, 660, 160) + L.beachUmbrella(x, 660, 1.6, i ? C.teal : C.coral)).join(""),
    ],
    [
      /laguna|lagoon/i,
      "Children swimming in a turquoise lagoon with rubber rings and a slide, palms on the shore",
      old("family-lagoon"),
    ],
    [/blanca|pink/i, "A lane between pink walls and balconies with two people strolling", old("family-pink-street")],
    [
      /pasomelosa/i,
      "An evening square under string lights with a clay oven, café tables, a snack cart and strollers",
      old("family-boulevard"),
    ],
    [
      /cinema/i,
      "A bright cinema screen over rows of red seats, a striped box of popcorn in front",
      old("family-cinema"),
    ],
    [
      /taíno|taino/i,
      "A cruise ship moored off a quay of colorful houses in front of a green mountain",
      (c) =>
        sky(c, "day") +
        L.sun(1050, 100, 40) +
        L.mountain(420, 420, 1100, 320, "#2f7a4b", "#5fa86a") +
        L.sea(c, 420) +
        N.cruiseShip(640, 470, 0.75) +
        L.townRow(c, 640, 4, -300, 1500, 1.6) +
        rect(-900, 640, 3000, 600, "#d9c6a8") +
        L.palm(80, 780, 360, 0.1) +
        L.palm(1120, 780, 340, -0.1) +
        L.person(620, 760, 1.1, C.yellow),
    ],
    [
      /umbrella/i,
      "A lane hung with rows of colorful umbrellas between pale blue and yellow walls",
      old("family-umbrellas"),
    ],
  ],
  shopping: [
    [
      /chocolate|cacao/i,
      "Yellow and red cacao pods, cacao beans and chocolate bars on a wooden table",
      (c) =>
        F.woodTable(c) +
        cacaoPod(320, 260, 1.2, -12) +
        cacaoPod(520, 330, 1, 18, "#c0392b") +
        path("M700 420c80 -80 260 -60 300 20-40 60-240 80-300 -20z", "#f3e3c3") +
        [...Array(9)].map((_, i) => ell(760 + (i % 3) * 60, 380 + Math.floor(i / 3) * 34, 26, 16, "#6b3a22")).join("") +
        chocBar(360, 580, 1.2, -6) +
        chocBar(760, 640, 1.1, 8),
    ],
    [
      /cigar/i,
      "Shelves of cigar boxes above a workbench with tobacco leaves, rolled cigars and a wooden press",
      (_c) =>
        rect(-900, -600, 3000, 2200, "#e9d7b6") +
        rect(-900, 180, 3000, 16, "#8a5533") +
        rect(-900, 380, 3000, 16, "#8a5533") +
        [0, 1, 2, 3, 4]
          .map(
            (i) =>
              g(
                rect(-90, -70, 180, 70, ["#8a5533", "#a8703a", "#6b3a22"][i % 3], 4) +
                  rect(-50, -56, 100, 30, C.cream, 3),
                tr(140 + i * 230, 180),
              ) +
              g(
                rect(-90, -60, 180, 60, ["#6b3a22", "#8a5533", "#a8703a"][i % 3], 4) + rect(-30, -46, 60, 24, C.red, 3),
                tr(140 + i * 230, 380),
              ),
          )
          .join("") +
        rect(-900, 560, 3000, 700, "#7a4a2a") +
        rect(-900, 560, 3000, 14, "#9b6035") +
        leaf(120, 640, 1.3, -8) +
        rect(440, 600, 380, 170, "#e9d7a6", 10) +
        [0, 1, 2]
          .map((i) =>
            N.cigar(630, 640 + i * 44, 0.9, 0)
              .replace(/<circle[^>]*\/>/, "")
              .replace(/<path d="M160 -10[^>]*\/>/, ""),
          )
          .join("") +
        g(
          rect(-120, -150, 240, 150, "#5a3520", 6) +
            rect(-100, -190, 200, 40, "#8a5533", 6) +
            rect(-14, -260, 28, 80, "#3a3a44"),
          "translate(1000 700)",
        ),
    ],
    [
      /stall/i,
      "Souvenir stalls of paintings and T-shirts along a stone walkway behind a beach, the bay beyond",
      (c) =>
        sky(c, "bright") +
        L.sea(c, 330) +
        L.waves(340, 420, 21) +
        rect(-900, 420, 3000, 60, C.sand) +
        rect(-900, 480, 3000, 800, "#cfc3ad") +
        line("M-900 560h3000M-900 660h3000", "#b9ad96", 4) +
        [
          [0, C.coral],
          [420, C.teal],
          [840, C.yellow],
        ]
          .map(([x, col]) =>
            g(
              rect(0, 0, 360, 60, col) +
                rect(20, 60, 12, 300, "#8a5533") +
                rect(328, 60, 12, 300, "#8a5533") +
                painting(50, 100, 110, 80, rect(50, 140, 110, 40, C.teal) + circ(120, 120, 16, C.sun)) +
                painting(200, 100, 110, 80, L.palm(255, 180, 70, 0.1, 0.25)) +
                path("M60 230h60l20 20-14 14-6-6v60h-60v-60l-6 6-14-14z", col === C.teal ? C.coral : C.teal) +
                path("M200 230h60l20 20-14 14-6-6v60h-60v-60l-6 6-14-14z", "#fff"),
              tr(x - 60, 180),
            ),
          )
          .join("") +
        L.palm(1160, 520, 340, -0.12, 0.9) +
        L.person(820, 700, 1.2, C.coral),
    ],
    [
      /larimar/i,
      "A lit museum case with a large raw chunk of blue larimar, polished pendants and pieces of amber",
      (c) =>
        rect(-900, -600, 3000, 2200, "#24324f") +
        ell(
          600,
          260,
          700,
          360,
          c.rad("lm", [
            ["0", "#dff4ff", 0.3],
            ["1", "#dff4ff", 0],
          ]),
        ) +
        rect(140, 120, 920, 500, "#eef7fb", 10) +
        rect(140, 460, 920, 160, "#3b4d6e") +
        larimarRock(600, 320, 1.6) +
        rect(520, 440, 160, 30, C.cream, 4) +
        [260, 400, 800, 940]
          .map((x, i) => (i % 2 ? S.amberPiece(x, 540, 1.1, i === 1) : S.larimar(x, 540, 1.3)))
          .join("") +
        rect(130, 110, 940, 520, "none", 10, ' stroke="#1a2338" stroke-width="20"') +
        rect(-900, 640, 3000, 800, "#1a2338"),
    ],
    [/playa dorada/i, "A row of shop fronts with striped awnings around a fountain and palms", old("shopping-2")],
    [
      /turisol/i,
      "A two-story shopping center with shop signs and glass doors, cars parked in front",
      (c) =>
        sky(c, "bright") +
        L.cloud(800, 110, 0.8) +
        rect(-100, 200, 1400, 380, "#f7f1e3") +
        rect(-100, 190, 1400, 24, C.teal) +
        [0, 1, 2, 3, 4]
          .map(
            (i) =>
              rect(-60 + i * 270, 240, 220, 40, [C.coral, C.yellow, "#2f7fd1", C.palm, C.orange][i], 6) +
              rect(-60 + i * 270, 300, 220, 120, "#9fd3e6") +
              rect(-40 + i * 270, 450, 180, 130, "#cfeef6") +
              line(t`M${50 + i * 270} 450v130`, "#f7f1e3", 6),
          )
          .join("") +
        rect(-900, 580, 3000, 600, "#8a8f99") +
        line("M-900 640h3000", "#fff", 6, ' stroke-dasharray="10 110"') +
        [
          [260, C.red],
          [620, "#fff"],
          [960, "#2f7fd1"],
        ]
          .map(([x, col]) =>
            g(
              path("M-120 0v-50q10-40 50-44l30-30h90l40 30q40 4 50 44v50z", col) +
                rect(-60, -116, 70, 30, "#cfeef6", 6) +
                circ(-70, 0, 24, "#2a2a30") +
                circ(80, 0, 24, "#2a2a30"),
              tr(x, 730),
            ),
          )
          .join("") +
        L.palm(1160, 600, 300, -0.1, 0.8),
    ],
    [/amber cove/i, "A cruise ship behind a row of colorful one-story shops on a quay", old("shopping-4")],
    [
      /taíno|taino/i,
      "A market stall of straw hats and a carnival mask under a striped awning, a cruise ship beyond",
      (c) =>
        sky(c, "day") +
        L.sea(c, 330) +
        N.cruiseShip(700, 330, 0.55) +
        rect(-900, 380, 3000, 900, "#e9dcc4") +
        rect(60, 120, 1080, 70, C.teal) +
        [0, 1, 2, 3, 4, 5, 6, 7, 8]
          .map((i) => path(t`M${60 + i * 120} 190h120v40a60 30 0 0 1 -120 0z`, i % 2 ? C.teal : "#fff"))
          .join("") +
        rect(80, 190, 16, 520, "#8a5533") +
        rect(1104, 190, 16, 520, "#8a5533") +
        rect(60, 560, 1080, 40, "#8a5533") +
        rect(60, 600, 1080, 200, "#a8703a") +
        [260, 600, 940].map((x) => S.strawHat(x, 470, 0.55)).join("") +
        S.mask(430, 520, 0.5, "#2f7fd1", C.yellow) +
        S.mask(780, 520, 0.5, C.red, C.yellow),
    ],
    [
      /blanca|pink/i,
      "Shelves of rum bottles, cigar boxes, painted dolphins, a carnival mask and colorful souvenirs in a pink-walled shop",
      SC["/images/articles/pink-street-souvenirs.svg"],
    ],
    [/museum/i, "A glass case of amber and larimar pendants on dark velvet", old("shopping-1")],
    [
      /gallery/i,
      "Amber and larimar pendants hanging on a jeweler's rack above a tray of stones",
      SC["/images/articles/pink-street-jewelry.svg"],
    ],
    [
      /mercado|market/i,
      "A market stall under a striped awning with framed paintings and a row of bottles",
      old("shopping-3"),
    ],
    [
      /harrison|jewel/i,
      "Gold rings and larimar pendants on blue velvet stands in a lit jeweler's window",
      (c) =>
        rect(-900, -600, 3000, 2200, "#1d2d50") +
        ell(
          600,
          300,
          700,
          360,
          c.rad("jl", [
            ["0", "#fff3c4", 0.35],
            ["1", "#fff3c4", 0],
          ]),
        ) +
        rect(120, 120, 960, 520, "#23365f", 10) +
        [
          [300, 320],
          [600, 280],
          [900, 320],
        ]
          .map(
            ([x, y]) =>
              path(t`M${x - 90} ${y + 200}l40 -200h100l40 200z`, "#2f7fd1") +
              ell(x, y, 60, 24, "#3f8fe1") +
              S.larimar(x, y - 10, 1.5) +
              line(t`M${x - 40} ${y - 60}Q${x} ${y - 120} ${x + 40} ${y - 60}`, C.gold, 5),
          )
          .join("") +
        [360, 480, 720, 840].map((x) => ell(x, 560, 30, 22, "none", ' stroke="#e8a93a" stroke-width="10"')).join("") +
        rect(110, 110, 980, 540, "none", 10, ' stroke="#c9a04a" stroke-width="16"') +
        rect(-900, 660, 3000, 800, "#121c33"),
    ],
  ],
  "night-clubs": [
    [
      /clubber/i,
      "Dancers in silhouette before a DJ deck under colored spotlights and a mirror ball, a checkered floor",
      old("nightclub-1"),
    ],
    [/koko/i, "A neon-lit bar with rows of bottles, two cocktails and pink and teal sofas", old("nightclub-4")],
    [
      /casino|kviar/i,
      "A roulette wheel and stacks of red, blue and yellow chips on a green table under colored spotlights",
      (c) =>
        sky(c, "night") +
        [0, 1, 2, 3]
          .map((i) =>
            path(
              t`M${200 + i * 260} -40L${120 + i * 260} 600h${160}z`,
              [C.pink, C.teal, C.yellow, "#b052c4"][i],
              ' opacity=".22"',
            ),
          )
          .join("") +
        rect(-900, 480, 3000, 800, "#1f6b3a") +
        rect(-900, 470, 3000, 20, "#6b3a22") +
        roulette(520, 620, 1.2) +
        chips(960, 700, 5, C.red) +
        chips(1060, 680, 4, "#2f7fd1") +
        chips(880, 620, 3, C.yellow),
    ],
    [
      /latin/i,
      "A couple dancing beside a pair of conga drums under warm spotlights",
      (c) =>
        rect(-900, -600, 3000, 2200, "#2a1530") +
        ell(
          600,
          120,
          500,
          300,
          c.rad("ls", [
            ["0", "#ffb36a", 0.5],
            ["1", "#ffb36a", 0],
          ]),
        ) +
        rect(-900, 620, 3000, 600, "#5a2a2a") +
        L.silhouette(520, 640, 2.2, "#140d20", 1) +
        L.silhouette(660, 640, 2.1, "#140d20", 0) +
        line("M548 450l60 -30M632 440l-30 -20", "#140d20", 22, ' stroke-linecap="round"') +
        conga(240, 700, 1.1) +
        conga(360, 720, 1) +
        conga(960, 700, 1.1, "#8a5533") +
        [100, 600, 1100].map((x) => circ(x, 40, 20, C.sun)).join(""),
    ],
    [
      /lust|afterwork/i,
      "Low velvet sofas and two cocktails on a table before a wide window at dusk",
      (c) =>
        rect(-900, -600, 3000, 2200, "#2a2445") +
        rect(80, 60, 1040, 420, "#fff", 0, ' opacity=".15"') +
        rect(100, 80, 1000, 380, c.lin("sky-dusk", L.SKIES.dusk)) +
        L.townRow(c, 460, 11, 100, 1100, 1.2) +
        line("M600 80v380M100 270h1000", "#2a2445", 14) +
        rect(-900, 520, 3000, 700, "#3a3560") +
        g(rect(-260, -90, 520, 110, "#8a2f5a", 30) + rect(-280, -150, 560, 80, "#9b3a68", 30), "translate(300 760)") +
        g(rect(-260, -90, 520, 110, "#8a2f5a", 30) + rect(-280, -150, 560, 80, "#9b3a68", 30), "translate(1000 760)") +
        ell(650, 640, 150, 30, "#1d1a33") +
        N.martini(610, 640, 0.9, C.lteal) +
        N.martini(700, 640, 0.9, C.pink),
    ],
    [
      /ocean world/i,
      "A terrace at night above a marina of lit yachts, with string lights and three drinks",
      old("nightclub-3"),
    ],
    [
      /pachuche/i,
      "A leather armchair in a wood-paneled lounge beside a side table with a cigar, an ashtray and a glass of rum",
      old("nightclub-2"),
    ],
    [
      /plaza|corona/i,
      "Café tables with drinks in a plaza under string lights at night, colorful houses behind",
      (c) =>
        N.night(c) +
        L.townRow(c, 520, 12, -300, 1500, 1.8) +
        rect(-900, 520, 3000, 700, "#6a5a70") +
        N.stringLights(180) +
        [240, 600, 960]
          .map(
            (x, i) =>
              table(x, 640, 130, "#f3e3c3") +
              F.tumbler(x - 40, 630, 0.5, [C.orange, C.rum, C.pink][i], 0.7) +
              N.beerBottle(x + 40, 632, 0.4),
          )
          .join("") +
        L.silhouette(420, 780, 1.3, "#1a1030") +
        L.silhouette(800, 790, 1.3, "#1a1030", 1),
    ],
    [
      /cigar club/i,
      "An open wooden box of cigars with a lit cigar on an ashtray and a glass of rum",
      (c) =>
        rect(-900, -600, 3000, 2200, "#3a2418") +
        ell(
          600,
          200,
          700,
          400,
          c.rad("cl", [
            ["0", "#ffcf7a", 0.3],
            ["1", "#ffcf7a", 0],
          ]),
        ) +
        rect(-900, 520, 3000, 700, "#5a2a1c") +
        cigarBox(520, 640, 1.2) +
        N.ashtray(960, 700, 0.9) +
        N.cigar(980, 680, 0.6, -10) +
        F.tumbler(180, 700, 1, C.rum, 0.6),
    ],
    [
      /vivonte|lounge/i,
      "Dried tobacco leaves and freshly rolled cigars on a wooden table beside a glass of rum",
      (c) =>
        F.woodTable(c, 0, "#8a5533", "#6b4429") +
        leaf(160, 260, 1.4, -10) +
        leaf(340, 420, 1.5, 20) +
        leaf(120, 560, 1.2, -30) +
        rect(600, 200, 380, 300, "#e9d7a6", 10) +
        [0, 1, 2, 3]
          .map((i) =>
            N.cigar(790, 260 + i * 64, 1, 0)
              .replace("<circle", '<circle opacity="0"')
              .replace(/<path d="M160 -10[^>]*\/>/, ""),
          )
          .join("") +
        F.snifter(900, 700, 1.2, C.rum),
    ],
    [
      /vox/i,
      "A DJ at a turntable booth under green and pink laser beams, hands raised in the crowd",
      (_c) =>
        rect(-900, -600, 3000, 2200, "#120c24") +
        [0, 1, 2, 3, 4, 5]
          .map((i) => line(t`M600 140L${-200 + i * 320} 800`, i % 2 ? "#4cff9a" : C.pink, 4, ' opacity=".7"'))
          .join("") +
        g(
          rect(-220, -120, 440, 120, "#222", 10) +
            circ(-110, -130, 50, "#444") +
            circ(110, -130, 50, "#444") +
            circ(-110, -130, 14, "#4cff9a") +
            circ(110, -130, 14, C.pink),
          "translate(600 420)",
        ) +
        L.silhouette(600, 300, 1.1, "#000") +
        [120, 300, 480, 720, 900, 1080]
          .map(
            (x, i) =>
              L.silhouette(x, 860, 1.6, "#0a0614", i % 2) +
              line(t`M${x + 20} ${700}l${20} -${60 + (i % 3) * 20}`, "#0a0614", 18, ' stroke-linecap="round"'),
          )
          .join(""),
    ],
  ],
  "tours-excursions": [
    [
      /ocean world/i,
      "Two dolphins leaping in a turquoise lagoon beside a wooden pier, palms on the shore",
      old("tour-1"),
    ],
    [
      /charcos/i,
      "A swimmer in a helmet sliding down a waterfall into a turquoise pool in a green gorge",
      old("tour-2"),
    ],
    [
      /catamaran/i,
      "A catamaran on shallow turquoise water with snorkelers swimming nearby and a sandbar with a palm",
      old("tour-3"),
    ],
    [
      /outback|safari/i,
      "An open orange truck full of passengers on a country road between green hills, trees and a cow",
      (c) =>
        sky(c, "day") +
        L.sun(1000, 110, 40) +
        L.hills(380, "#6fae77", 50, 8) +
        L.ground(460, "#8cc46e") +
        path("M-300 900C200 700 700 560 1500 520V580C700 620 300 720 0 950z", "#c9a77c") +
        S.roundTree(140, 500, 1.2, "#2f7a45") +
        S.roundTree(1080, 470, 1, "#2f7a45", "#f5a53a") +
        g(
          ell(0, 0, 70, 40, "#fff") +
            circ(-40, -10, 20, "#2a2a30") +
            circ(30, 6, 16, "#2a2a30") +
            circ(70, -20, 26, "#fff") +
            rect(-50, 20, 12, 40, "#fff") +
            rect(40, 20, 12, 40, "#fff"),
          "translate(300 560)",
        ) +
        S.safariTruck(640, 730, 1.1),
    ],
    [
      /cayo|arena/i,
      "A tiny sandbar with a thatched shelter and a palm in turquoise shallows, two boats moored off it",
      (c) =>
        sky(c, "bright") +
        L.sun(1000, 110, 44) +
        L.sea(c, 320) +
        rect(
          -900,
          420,
          3000,
          800,
          c.lin("shal", [
            ["0", "#2bb3a8"],
            ["1", "#c8f1ea"],
          ]),
        ) +
        hutIsland(600, 560) +
        L.boat(240, 640, 1.3) +
        L.boat(960, 680, 1.2, "#fff", C.teal) +
        S.snorkeller(420, 720, 0.8),
    ],
    [
      /monkey/i,
      "Small monkeys on the branches of forest trees as a zip-line rider crosses overhead",
      (c) =>
        sky(c, "morning") +
        L.hills(300, "#6fae77", 60, 9) +
        L.forest(380, "#3e8d52", 9, -900, 2100, 90) +
        line("M-200 120L1400 320", C.ink, 4) +
        g(L.person(0, 0, 0.9, C.orange, C.deep), "translate(760 320)") +
        line("M760 200v26", C.ink, 3) +
        S.roundTree(240, 800, 2, "#2f7a45") +
        S.roundTree(980, 800, 1.8, "#2f7a45") +
        S.monkey(200, 470, 1.2) +
        S.monkey(330, 540, 1) +
        S.monkey(1000, 500, 1.1),
    ],
    [
      /choco|cave/i,
      "The dark mouth of a limestone cave opening onto a clear green pool among ferns",
      (c) =>
        sky(c, "day") +
        rect(-900, -600, 3000, 2200, "#cdbd9a") +
        path("M200 700C200 300 380 160 600 160S1000 300 1000 700z", "#2b2320") +
        path("M380 180l20 80 16 -80M560 160l10 100 14 -100M760 190l16 70 12 -70", "#cdbd9a") +
        ell(
          600,
          700,
          420,
          90,
          c.lin("cav", [
            ["0", "#4fd1c5"],
            ["1", "#1a6f80"],
          ]),
        ) +
        L.waves(660, 740, 5, "#fff", 0.4, 6) +
        L.forest(-40, "#3e8d52", 3, -900, 2100, 80).replace(/V1500H-900Z/, "V60H-900Z") +
        L.fern(160, 720, 1.6) +
        L.fern(1040, 720, 1.6, C.leaf, -1) +
        rect(-900, 760, 3000, 600, "#a89272"),
    ],
    [/kite/i, "Kitesurfers with colorful kites riding the waves off a sandy beach with palms", old("tour-5")],
    [
      /sosúa|sosua|snorkel|div/i,
      "A diver and tropical fish swimming over coral in clear blue water",
      (c) =>
        rect(
          -900,
          -600,
          3000,
          2200,
          c.lin("uw", [
            ["0", "#5cc9e0"],
            ["1", "#1f6f9a"],
          ]),
        ) +
        [0, 1, 2].map((i) => path(t`M${100 + i * 380} -100l80 0l-200 700h-40z`, "#fff", ' opacity=".08"')).join("") +
        path("M-900 700C-200 640 400 720 2100 660V1400H-900z", C.sand) +
        coral(200, 700, 1.6) +
        coral(360, 690, 1.2, C.pink) +
        coral(900, 680, 1.5, C.orange) +
        coral(1040, 700, 1.1, "#b052c4") +
        diver(600, 320, 1.4) +
        bubbles(470, 300) +
        fish(300, 420, 1.2) +
        fish(380, 470, 1, C.coral) +
        fish(860, 480, 1.3, "#2f7fd1") +
        fish(940, 420, 1),
    ],
    [
      /gri/i,
      "A small boat with two passengers gliding through a mangrove lagoon toward a cave in a cliff",
      old("tour-6"),
    ],
    [
      /fun city|kart/i,
      "Red, blue and yellow go-karts racing round an oval track lined with tires, palms at the sides",
      old("tour-8"),
    ],
    [
      /militares|hike/i,
      "Two hikers on a trail toward three waterfalls stepping down into deep blue pools among green hills",
      (c) =>
        sky(c, "morning") +
        L.hills(260, "#6fae77", 50, 12) +
        L.forest(300, "#3e8d52", 13, -900, 2100, 80) +
        path("M470 310C520 270 740 270 800 310L860 720H420z", "#8a8f7a") +
        [
          [600, 300, 400],
          [660, 420, 540],
          [620, 560, 680],
        ]
          .map(([x, a, b], i) => S.waterfallStream(x, a, b, 70 - i * 6) + ell(x, b + 10, 120 - i * 10, 26, "#1f6fb5"))
          .join("") +
        L.ground(700, "#7fb25e") +
        ell(
          640,
          730,
          260,
          50,
          c.lin("mil", [
            ["0", "#3f8fd1"],
            ["1", "#17436b"],
          ]),
        ) +
        path("M-200 900C0 820 200 760 400 720", "none", ' stroke="#d9c49a" stroke-width="40"') +
        L.person(180, 800, 1.4, C.orange, C.deep) +
        L.person(300, 760, 1.2, C.teal, C.deep) +
        L.fern(980, 760, 1.6) +
        L.palm(1120, 800, 360, -0.12, 0.9),
    ],
    [
      /dud[uú]|rope swing/i,
      "A swimmer swinging on a rope over a clear blue lagoon ringed by rocks and trees, another swimmer in the water",
      (c) =>
        sky(c, "bright") +
        L.forest(240, "#2f7a45", 15, -900, 2100, 90) +
        path("M-900 420H2100V1200H-900z", "#8a8f99") +
        ell(
          600,
          640,
          640,
          220,
          c.lin("dudu", [
            ["0", "#4fd1e5"],
            ["1", "#1a6fb0"],
          ]),
        ) +
        L.waves(540, 780, 18, "#fff", 0.4, 8) +
        S.rocks(470, 23, "#6e6b78", 8, -200, 1400) +
        S.roundTree(1060, 430, 1.6, "#2f7a45") +
        line("M1000 170Q760 300 640 250", "#8a6a3a", 5) +
        g(L.person(0, 0, 1.2, C.coral, C.deep), "translate(640 380) rotate(18)") +
        S.splash(540, 700, 1) +
        L.person(260, 640, 1, C.yellow, C.deep),
    ],
    [
      /whale|samaná|samana/i,
      "A humpback whale's tail rising from the sea in a splash, a whale-watching boat nearby",
      old("tour-7"),
    ],
  ],
  "casual-dining": [
    [
      /skina/i,
      "A wooden-walled bar with framed art of a whale and a carnival mask, string lights and drinks on round tables",
      old("casual-dining-2"),
    ],
    [/barco/i, "A pizza and a plate of pasta on a terrace table by the sea", old("casual-dining-3")],
    [/big lee/i, "A burger and a bottle of beer on a white table on a sea-view terrace", old("casual-dining-1")],
    [
      /tam tam|café|cafe/i,
      "Breakfast on a sea-view terrace: fried eggs, coffee and a glass of orange juice",
      (c) =>
        sky(c, "morning") +
        L.sun(300, 200, 44) +
        L.sea(c, 400) +
        L.waves(410, 480, 6) +
        N.terrace(c, "#d8a070") +
        ell(600, 690, 520, 130, "#fff8ea") +
        F.plateSide(420, 690, 200) +
        F.egg(400, 660, 0.9) +
        F.coffeeCup(760, 700, 1.2) +
        F.tallGlass(980, 700, 90, 190, C.orange),
    ],
    [
      /aguacero/i,
      "A burger and a beer on a table under string lights at night, the dark sea behind",
      (c) =>
        N.night(c) +
        L.sea(c, 420, "night") +
        L.waves(430, 520, 3, "#fff", 0.2) +
        N.stringLights(120) +
        N.terrace(c, "#5a3d3a") +
        ell(600, 700, 520, 130, "#fff8ea") +
        F.plateSide(560, 700, 250) +
        N.burgerSide(540, 650, 0.8) +
        N.beerBottle(900, 700, 0.9),
    ],
    [
      /manguito/i,
      "A plate of rice, red beans, stewed chicken and salad on a red checked cloth",
      old("casual-dining-4"),
    ],
    [
      /green jack|jacktar/i,
      "A table with a salad and a cold drink on a terrace overlooking a golf green with a red flag",
      (c) =>
        S.golf(c, { sea: false }) +
        rect(-900, 640, 3000, 600, "#c98b55") +
        ell(600, 720, 440, 100, "#fff8ea") +
        F.plateSide(520, 720, 200) +
        F.salad(520, 690, 1.4) +
        F.tallGlass(820, 730, 80, 170, C.yellow, { ice: true }),
    ],
    [
      /victrola|arte/i,
      "A café wall of colorful paintings above a record player and a cup of coffee",
      (_c) =>
        rect(-900, -600, 3000, 2200, "#f1e4cc") +
        painting(120, 100, 260, 200, circ(250, 200, 70, C.orange) + rect(120, 240, 260, 60, C.teal)) +
        painting(470, 80, 260, 300, path("M470 380l130 -220 130 220z", C.palm) + circ(660, 150, 34, C.sun)) +
        painting(820, 120, 260, 200, S.mask(950, 230, 0.5, C.red, C.yellow)) +
        rect(-900, 560, 3000, 700, "#8a5533") +
        rect(-900, 560, 3000, 14, "#b06f3e") +
        record(400, 620, 1.1) +
        F.coffeeCup(820, 640, 1.4),
    ],
    [
      /chris|mady/i,
      "A lobster on a plate under a thatched beach shelter, the sea and a palm behind",
      old("casual-dining-5"),
    ],
    [
      /tres cocos|garden/i,
      "A candlelit table in a garden at dusk under string lights and three coconut palms",
      (c) =>
        sky(c, "dusk") +
        L.forest(400, "#2f4a3a", 5, -900, 2100, 80) +
        [180, 600, 1020]
          .map((x, i) => L.palm(x, 620, 440 - i * 30, i - 1 ? 0.12 : -0.1, 1, "#2f6a45", "#204a30"))
          .join("") +
        N.stringLights(140) +
        rect(-900, 600, 3000, 600, "#4f6b3a") +
        ell(600, 680, 360, 80, "#fffaf0") +
        rect(240, 680, 720, 130, "#fffaf0") +
        N.candle(600, 680, 1.3) +
        F.plateSide(420, 700, 100) +
        F.plateSide(780, 700, 100),
    ],
    [
      /lobster|crazy/i,
      "A grilled fish with lime on a plate at a table on the sand, a beer and the sea behind",
      (c) =>
        S.beachScene(c, {
          horizon: 360,
          shore: 480,
          palms: [[100, 700, 380, 0.15]],
          after:
            L.beachUmbrella(980, 620, 1.6, C.coral) +
            ell(620, 700, 380, 80, "#c98b55") +
            F.plateSide(600, 690, 280) +
            N.grilledFish(600, 650, 0.8) +
            F.lime(860, 690, 0.8) +
            N.beerBottle(960, 700, 0.8),
        }),
    ],
  ],
};
function drawMotif(it, _bump, stem, used) {
  const motifs = MOTIFS[stem];
  const i = motifs.findIndex(([re], k) => !used.has(k) && re.test(it.name));
  // No fallback to some other place's scene: a new listing gets a motif of its own, drawn for it.
  if (i < 0)
    throw new ArtworkError(
      `no picture drawn for "${it.name}": this page's places each have a scene of their own; add one for it ` +
        `to MOTIFS["${stem}"] in scripts/artwork/listings.mjs (a pattern of its name, the alt text, the drawing)`,
      { id: it.id },
    );
  const k = i;
  used.add(k);
  return { sig: String(k), alt: motifs[k][1], body: motifs[k][2] };
}

// ---------- a place of a kind with no scenes of its own ----------
const AWNINGS = [
  [C.red, "red"],
  [C.teal, "teal"],
  ["#2f7fd1", "blue"],
  [C.yellow, "yellow"],
  [C.palm, "green"],
  [C.orange, "orange"],
];
/**
 * A listings file of a kind nobody drew scenes for (a new directory page from `ppguide new`): a
 * shopfront under an awning, its colors, sky and palm chosen from the listing as every other
 * picture's are, so two places on one page still differ and the alt text says what is drawn.
 */
function drawGeneric(it, bump) {
  const ch = chooser(hash(`${it.name}|${it.area ?? ""}|${it.address2}`), bump);
  const [wallName, wall, trim] = ch.pick(PALETTES);
  const [awning, awningName] = ch.pick(AWNINGS);
  const [skyKind, skyWords] = ch.pick(SKY);
  const side = ch.pick(["left", "right"]);
  const sig = `${wallName}|${awningName}|${side}`;
  const alt = `A ${wallName} shopfront under a ${awningName} and white striped awning, ${skyWords} above and a palm to its ${side}`;
  const body = (c) => {
    let s = L.sky(c, skyKind) + L.sun(side === "left" ? 980 : 220, 120, 46) + rect(-900, 600, 3000, 600, "#d9c9a8");
    s += rect(230, 170, 740, 36, trim) + rect(250, 200, 700, 400, wall);
    for (const x of [300, 720]) s += rect(x, 420, 180, 130, "#cfeef3") + rect(x, 420, 180, 8, trim);
    s += rect(545, 400, 110, 200, C.brown) + circ(635, 505, 7, C.gold);
    for (let i = 0; i < 14; i++) s += rect(270 + i * 47.2, 300, 47.2, 70, i % 2 ? "#fff" : awning);
    for (let i = 0; i < 14; i++) s += circ(293.6 + i * 47.2, 370, 23.6, i % 2 ? "#fff" : awning);
    s += L.pottedPlant(side === "left" ? 700 : 500, 600, 1.1, trim);
    s += L.palm(side === "left" ? 120 : 1080, 640, 460, side === "left" ? 0.12 : -0.12, 1);
    return s;
  };
  return { sig, alt, body };
}

/** A mistake in a listings file, or a listing nobody drew: said at the listing's line, without a stack. */
export class ArtworkError extends Error {
  constructor(message, at = {}) {
    super(message);
    this.name = "ArtworkError";
    this.at = at;
  }
}

/** `file:line:col  message`, the listing found by its id (or the parser's own position). */
function located(file, text, err) {
  const at = err.at ?? {};
  let line = at.line;
  let col = at.col ?? 1;
  if (line === undefined && at.id !== undefined) {
    const lines = text.split("\n");
    const i = lines.findIndex((l) => new RegExp(`^\\s*-\\s*(?:\\{\\s*)?id:\\s*${at.id}\\b`).test(l));
    if (i >= 0) [line, col] = [i + 1, lines[i].indexOf("id:") + 1];
  }
  return `${file}${line === undefined ? "" : `:${line}:${col}`}  ${err.message}`;
}

const slugify = (s) =>
  s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * Every listing's picture: `{ file, id, src, alt, body }`, in file order. A listings file whose kind
 * has scenes of its own (resorts, and the pages in MOTIFS) draws from them; any other kind (a new
 * directory page) gets shopfronts. A mistake is an ArtworkError naming the file and line.
 */
export function listingPictures(contentDir) {
  const dir = join(contentDir, "listings");
  const out = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".yaml"))
    .sort()) {
    const where = `content/listings/${file}`;
    const text = readFileSync(join(dir, file), "utf8");
    try {
      out.push(...filePictures(dir, file, text));
    } catch (err) {
      if (err instanceof ArtworkError) throw new ArtworkError(located(where, text, err));
      // The YAML parser's own mistake, at its line: the build says the same, with its hint.
      if (err instanceof YAML.YAMLError)
        throw new ArtworkError(
          `${where}:${err.linePos?.[0]?.line ?? 1}:${err.linePos?.[0]?.col ?? 1}  ${err.message.split("\n")[0]} ` +
            "(ppguide build says what to do)",
        );
      throw err;
    }
  }
  return out;
}

function filePictures(dir, file, text) {
  const out = [];
  const doc = YAML.parse(text);
  const stem = file.replace(/\.yaml$/, "");
  const seen = new Set(),
    used = new Set();
  for (const it of doc?.items ?? []) {
    // The file is named after the place: a stub's name is written first.
    if (/^\s*TODO\b/.test(String(it.name)))
      throw new ArtworkError(
        `"${it.name}" is the stub's: write the place's name first, then run this again (the picture is named after it)`,
        { id: it.id },
      );
    const draw = doc.itemType === "Resort" ? drawResort : MOTIFS[stem] ? drawMotif : drawGeneric;
    let pic;
    for (let bump = 0; bump < 12; bump++) {
      pic = draw(it, bump, stem, used);
      if (!seen.has(pic.sig)) break;
    }
    if (seen.has(pic.sig))
      throw new ArtworkError(`no distinct picture left for "${it.name}" among this page's others`, { id: it.id });
    seen.add(pic.sig);
    // Named after the page and the place, never reusing a retired picture's URL (caches may hold it).
    let slug = `${stem}-${slugify(it.name)}`;
    if (out.some((p) => p.src === `/images/listings/${slug}.svg`)) slug += `-${it.id}`;
    out.push({ file: join(dir, file), id: it.id, src: `/images/listings/${slug}.svg`, alt: pic.alt, body: pic.body });
  }
  return out;
}

/**
 * Points each listing's `image:` and `alt:` at its picture. Only those two lines of an item change,
 * in place, so edits others make to the same files (descriptions, sources) merge cleanly.
 */
export function relinkListings(pictures) {
  const byFile = new Map();
  for (const p of pictures) byFile.set(p.file, [...(byFile.get(p.file) ?? []), p]);
  for (const [file, pics] of byFile) {
    const want = new Map(pics.map((p) => [String(p.id), p]));
    let current;
    const lines = readFileSync(file, "utf8")
      .split("\n")
      .map((ln) => {
        const id = /^ {2}- id: (\d+)\s*$/.exec(ln);
        if (id) current = want.get(id[1]);
        if (!current) return ln;
        if (/^ {4}image: /.test(ln)) return `    image: ${current.src}`;
        if (/^ {4}alt: /.test(ln)) return `    alt: ${JSON.stringify(current.alt)}`;
        return ln;
      });
    writeFileSync(file, lines.join("\n"));
  }
}

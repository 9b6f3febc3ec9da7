// Food and drink motifs: side-view (counter) and top-down (table) pieces, same flat style.
import { C, t, g, rect, circ, ell, path, line, tr, rnd } from "./lib.mjs";

// ---------- surfaces ----------
export function woodTable(ctx, y = 0, col = "#c98b55", col2 = "#b87944") {
  const p = ctx.pat(
    "planks",
    200,
    140,
    `<rect width="200" height="140" fill="${col}"/><path d="M0 138h200M0 68h200" stroke="${col2}" stroke-width="6"/><path d="M30 30h60M120 100h50" stroke="${col2}" stroke-width="3" opacity=".6"/>`,
  );
  return rect(-900, y - 600, 3000, 2200, p);
}
export function cloth(ctx, col = "#f7e0c4", col2 = "#e9746a") {
  const p = ctx.pat(
    "check",
    80,
    80,
    `<rect width="80" height="80" fill="${col}"/><path d="M0 20h80M0 60h80M20 0v80M60 0v80" stroke="${col2}" stroke-width="14" opacity=".35"/>`,
  );
  return rect(-900, -600, 3000, 2200, p);
}
export function towel(ctx) {
  const p = ctx.pat(
    "towel",
    240,
    10,
    `<rect width="60" height="10" fill="#2bb3a8"/><rect x="60" width="60" height="10" fill="#fff3dc"/><rect x="120" width="60" height="10" fill="#f2735f"/><rect x="180" width="60" height="10" fill="#ffd95e"/>`,
    -8,
  );
  return rect(-900, -600, 3000, 2200, C.sand) + rect(-120, -60, 1440, 920, p);
}
/** Back wall + counter for side views. */
export function counterScene(ctx, wall = "#fbe3c4", top = 540, opts = {}) {
  let o = rect(-900, -600, 3000, 2200, wall);
  if (opts.tiles)
    o += rect(
      -900,
      top - 260,
      3000,
      260,
      ctx.pat(
        "tiles",
        60,
        60,
        `<rect width="60" height="60" fill="${opts.tiles}"/><path d="M0 0h60v60" fill="none" stroke="#fff" stroke-width="4"/><circle cx="30" cy="30" r="9" fill="#fff" opacity=".45"/>`,
      ),
    );
  if (opts.window) o += opts.window;
  o +=
    rect(-900, top, 3000, 40, opts.edge ?? "#b06f3e") +
    rect(-900, top + 40, 3000, 1200, opts.front ?? "#8f5632") +
    rect(-900, top, 3000, 8, "#fff", 0, ' opacity=".25"');
  return o;
}
/** A window on the wall looking out to sea, with a palm. */
export function seaWindow(ctx, x, y, w, h) {
  return (
    rect(x - 14, y - 14, w + 28, h + 28, "#fff") +
    rect(
      x,
      y,
      w,
      h * 0.55,
      ctx.lin("wsky", [
        ["0", "#6dc8e3"],
        ["1", "#e2f6f3"],
      ]),
    ) +
    rect(x, y + h * 0.55, w, h * 0.45, C.teal) +
    rect(x, y + h * 0.55, w, 8, "#fff", 0, ' opacity=".5"') +
    circ(x + w * 0.78, y + h * 0.24, h * 0.1, C.sun) +
    line(t`M${x + w / 2} ${y}v${h}M${x} ${y + h / 2}h${w}`, "#fff", 10)
  );
}

// ---------- drinks ----------
export function tallGlass(x, y, w, h, liquid, opts = {}) {
  let o = path(
    t`M${-w / 2} ${-h}h${w}l-${w * 0.06} ${h - 10}q0 10-10 10h-${w * 0.88 - 20}q-10 0-10-10z`,
    "#e9f6f8",
    ' opacity=".6"',
  );
  const fh = h * (opts.fill ?? 0.86);
  o += path(t`M${-w / 2 + 5} ${-fh}h${w - 10}l-${w * 0.05} ${fh - 14}q0 8-8 8h-${w * 0.9 - 26}q-8 0-8-8z`, liquid);
  if (opts.ice)
    for (let i = 0; i < 3; i++)
      o += rect(-w * 0.3 + i * w * 0.18, -fh + 10 + (i % 2) * 34, w * 0.26, w * 0.26, "#fff", 6, ' opacity=".35"');
  if (opts.foam) o += ell(0, -fh, w / 2 - 4, 10, opts.foam);
  if (opts.dust)
    o += circ(-w * 0.1, -fh, 3, opts.dust) + circ(w * 0.1, -fh + 2, 3, opts.dust) + circ(0, -fh - 3, 3, opts.dust);
  if (opts.straw)
    o += line(t`M${w * 0.1} ${-fh + 20}L${w * 0.35} ${-h - 60}`, opts.straw, 8, ' stroke-linecap="round"');
  o += rect(-w / 2 + 8, -h + 12, 8, h - 40, "#fff", 4, ' opacity=".5"');
  return g(o, tr(x, y));
}
export function hurricaneGlass(x, y, s = 1, liquid = "#fff8e8") {
  let o = path(
    "M-20 0h40l-6 -8h-8v-40c30-20 50-50 48-100-2-40-10-70-16-100h-92c-6 30-14 60-16 100-2 50 18 80 48 100v40h-8z",
    "#e5f4f6",
    ' opacity=".7"',
  );
  o += path("M-64 -230c-6 26-10 52-10 84 0 46 20 74 54 92h40c34-18 54-46 54-92 0-32-4-58-10-84z", liquid);
  o += ell(0, -232, 66, 16, "#fff") + rect(-52, -200, 10, 110, "#fff", 5, ' opacity=".6"');
  return g(o, tr(x, y, s));
}
export function pineappleWedge(x, y, s = 1) {
  return g(
    path("M-40 0L40 0 0 -60z", "#f7d358") +
      path("M-40 0h80l-6 10h-68z", "#c9a227") +
      line("M-20 -10l6-20M0 -14v-26M20 -10l-6-20", "#e3b53a", 3),
    tr(x, y, s),
  );
}
export function cherry(x, y, s = 1) {
  return g(
    circ(0, 0, 14, "#c81d36") + circ(-4, -4, 4, "#fff", ' opacity=".6"') + line("M0 -12q6-20 20-30", "#5a3", 3),
    tr(x, y, s),
  );
}
export function pineapple(ctx, x, y, s = 1) {
  const p = ctx.pat(
    "pine",
    26,
    26,
    `<rect width="26" height="26" fill="#f0b93a"/><path d="M0 0L26 26M26 0L0 26" stroke="#c98a1f" stroke-width="3"/><circle cx="13" cy="13" r="3" fill="#8a5a1a"/>`,
  );
  let leaves = "";
  for (let i = -3; i <= 3; i++)
    leaves += t`M0 -90Q${i * 10} -150 ${i * 22} ${-170 + Math.abs(i) * 22}Q${i * 4} -130 0 -90Z`;
  return g(path(leaves, C.palm) + ell(0, 0, 62, 95, p), tr(x, y, s));
}
export function coconutHalf(x, y, s = 1) {
  return g(
    path("M-60 0a60 56 0 0 0 120 0z", "#6b4429") + ell(0, 0, 60, 14, "#fff8ea") + ell(0, 0, 48, 9, "#f1ead9"),
    tr(x, y, s),
  );
}
export function orangeHalf(x, y, s = 1, col = "#f7a03a") {
  let seg = "";
  for (let i = 0; i < 8; i++) {
    const a = (i * Math.PI) / 4;
    seg += t`M0 0L${Math.cos(a) * 38} ${Math.sin(a) * 38 * 0.55}`;
  }
  return g(
    path("M-46 0a46 30 0 0 0 92 0z", "#e57c1f") +
      ell(0, 0, 46, 26, "#fff1cf") +
      ell(0, 0, 40, 22, col) +
      line(seg, "#ffe1a8", 3),
    tr(x, y, s),
  );
}
export function wholeOrange(x, y, s = 1) {
  return g(
    circ(0, 0, 44, "#f28a1e") + circ(-12, -14, 10, "#fff", ' opacity=".25"') + ell(4, -42, 10, 5, C.palm),
    tr(x, y, s),
  );
}
export function lime(x, y, s = 1, rot = 0) {
  return g(
    path("M-40 0a40 40 0 0 0 80 0z", "#4f9a2e") +
      path("M-32 0a32 30 0 0 0 64 0z", "#bfe27a") +
      line("M0 0l-20 22M0 0v30M0 0l20 22", "#e8f6c4", 3),
    tr(x, y, s, rot),
  );
}
export function mint(x, y, s = 1) {
  return g(
    ell(-14, 0, 22, 11, "#3ea055", ' transform="rotate(-30)"') +
      ell(14, -4, 22, 11, "#4fb864", ' transform="rotate(25)"') +
      ell(0, -16, 18, 10, "#3ea055"),
    tr(x, y, s),
  );
}
export function bananas(x, y, s = 1) {
  let o = "";
  for (let i = 0; i < 4; i++)
    o += path(
      t`M${-10} ${-i * 14}C${-70} ${-10 - i * 14} ${-130} ${-50 - i * 16} ${-150} ${-110 - i * 10}C${-110} ${-70 - i * 10} ${-60} ${-40 - i * 14} ${10} ${-26 - i * 14}z`,
      i % 2 ? "#f5d33c" : "#ffe066",
    );
  return g(o + rect(0, -70, 24, 52, "#8a6a2a", 6), tr(x, y, s));
}
export function papayaHalf(x, y, s = 1) {
  const r = rnd(4);
  let seeds = "";
  for (let i = 0; i < 22; i++) seeds += circ(-30 + r() * 60, -12 + r() * 24, 6, "#1f1a17");
  return g(
    ell(0, 0, 120, 62, "#6aa84f") + ell(0, 0, 108, 52, "#f7873a") + ell(0, 0, 50, 24, "#f36d2d") + seeds,
    tr(x, y, s),
  );
}
export function pitcher(x, y, s = 1, liquid = "#f8c08a") {
  return g(
    path("M-70 0h140v-230l20-30h-160l-10 30z", "#e7f4f6", ' opacity=".7"') +
      path("M-62 -8h124v-196h-124z", liquid) +
      path("M70 -200c50 0 60 100 0 120", "none", ' stroke="#d5e9ec" stroke-width="16"') +
      rect(-50, -190, 14, 160, "#fff", 7, ' opacity=".45"') +
      rect(-30, -120, 34, 34, "#fff", 6, ' opacity=".35"') +
      rect(10, -80, 34, 34, "#fff", 6, ' opacity=".35"'),
    tr(x, y, s),
  );
}
export function milkCan(x, y, s = 1) {
  return g(
    rect(-40, -110, 80, 110, "#dfe6ea", 6) +
      rect(-40, -86, 80, 56, "#2f6fb2") +
      rect(-40, -30, 80, 6, "#fff") +
      ell(0, -110, 40, 8, "#c8d0d6") +
      circ(0, -58, 16, "#fff", ' opacity=".85"'),
    tr(x, y, s),
  );
}
export function jigger(x, y, s = 1, liquid = "#f6e7c8") {
  return g(
    path("M-24 -70h48l-16 35h-16z", "#c9cfd4") +
      path("M-8 -35h16l16 35h-48z", "#b3bac0") +
      path("M-20 -66h40l-12 26h-16z", liquid),
    tr(x, y, s),
  );
}
export function blender(x, y, s = 1, liquid = "#f8b26a") {
  return g(
    rect(-70, -60, 140, 60, "#3a4750", 10) +
      circ(0, -30, 10, "#ddd") +
      path("M-60 -60l-10 -200h140l-10 200z", "#e7f4f6", ' opacity=".75"') +
      path("M-56 -66l-6 -130h124l-6 130z", liquid) +
      rect(-74, -276, 148, 20, "#3a4750", 6) +
      path("M70 -240h20v120h-24", "none", ' stroke="#3a4750" stroke-width="12"'),
    tr(x, y, s),
  );
}
export function rumBottle(x, y, s = 1, liquid = C.rum, label = C.cream) {
  return g(
    path("M-40 0v-190c0-20 20-34 28-50v-50h24v50c8 16 28 30 28 50v190z", liquid) +
      rect(-14, -300, 28, 18, "#3a2a20", 3) +
      rect(-40, -150, 80, 80, label) +
      rect(-30, -130, 60, 8, C.red, 0, ' opacity=".6"') +
      rect(-30, -110, 40, 6, "#5a3a20", 0, ' opacity=".5"') +
      rect(-32, -220, 10, 200, "#fff", 5, ' opacity=".25"'),
    tr(x, y, s),
  );
}
export function tumbler(x, y, s = 1, liquid = C.rum, level = 0.45) {
  return g(
    path("M-36 0h72l6 -100h-84z", "#e9f4f6", ' opacity=".6"') +
      path(t`M-33 -4h66l${5 * level} ${-96 * level}h${-76 - 10 * level}z`, liquid) +
      rect(-26, -90, 7, 70, "#fff", 3, ' opacity=".5"'),
    tr(x, y, s),
  );
}
export function snifter(x, y, s = 1, liquid = C.rum) {
  return g(
    rect(-30, -6, 60, 6, "#dbe8ea", 3) +
      rect(-4, -50, 8, 46, "#dbe8ea") +
      path("M-40 -130c-10 30-6 80 40 80s50-50 40-80z", "#e9f4f6", ' opacity=".6"') +
      path("M-44 -96c0 26 14 44 44 44s44-18 44-44z", liquid) +
      rect(-30, -120, 7, 40, "#fff", 3, ' opacity=".6"'),
    tr(x, y, s),
  );
}
export function shaker(x, y, s = 1) {
  return g(
    path("M-40 0l-8 -150h96l-8 150z", "#cfd6db") +
      path("M-46 -150l8 -40h76l8 40z", "#b9c2c8") +
      rect(-16, -210, 32, 22, "#b9c2c8", 6) +
      rect(-30, -140, 10, 120, "#fff", 5, ' opacity=".6"'),
    tr(x, y, s),
  );
}
export function coffeeCup(x, y, s = 1) {
  return g(
    ell(0, 0, 70, 16, "#f6f1e8") +
      ell(0, -2, 46, 9, "#e3dccf") +
      path("M-40 -4h80l6 -60h-92z", "#fffaf2") +
      ell(0, -64, 46, 10, "#3b2417") +
      path("M44 -50c30 0 30 34 0 34", "none", ' stroke="#fffaf2" stroke-width="10"') +
      line("M-10 -80q-10 -20 0 -40M12 -80q-10 -20 0 -40", "#fff", 4, ' opacity=".7" stroke-linecap="round"'),
    tr(x, y, s),
  );
}

// ---------- dishes (side view) ----------
export function plateSide(x, y, w, col = "#fffaf2") {
  return (
    ell(x, y, w, w * 0.16, "#d9d3c7") + ell(x, y - 6, w, w * 0.14, col) + ell(x, y - 6, w * 0.7, w * 0.09, "#f1ebdf")
  );
}
export function potSide(x, y, s = 1, col = "#2f2f36", food = "#e7a93a") {
  return g(
    rect(-150, -170, 300, 170, col, 24) +
      rect(-190, -150, 50, 20, col, 10) +
      rect(140, -150, 50, 20, col, 10) +
      ell(0, -170, 150, 30, "#45454e") +
      ell(0, -166, 134, 22, food) +
      rect(-130, -140, 16, 110, "#fff", 8, ' opacity=".12"'),
    tr(x, y, s),
  );
}
export function steam(x, y, s = 1) {
  return line(
    "M-30 0q-20-30 0-60t0-60M10 -10q-20-30 0-60t0-60M50 0q-20-30 0-60t0-60",
    "#fff",
    8,
    ` opacity=".6" stroke-linecap="round" transform="translate(${Math.round(x)} ${Math.round(y)}) scale(${s})"`,
  );
}
export function cinnamon(x, y, s = 1, rot = 0) {
  return g(
    rect(-80, -9, 160, 18, "#8a4a26", 9) + rect(-80, -9, 160, 6, "#a95f32", 3) + ell(80, 0, 6, 9, "#6b3518"),
    tr(x, y, s, rot),
  );
}
export function corn(x, y, s = 1, rot = 0) {
  return g(
    path("M-120 0C-60 -70 40 -60 110 -20 40 -30 -40 -20 -120 0z", "#7fb24a") +
      ell(10, 0, 100, 34, "#f5c533") +
      line("M-70 -20v40M-40 -26v52M-10 -30v60M20 -30v60M50 -28v56M80 -22v44", "#d9a21f", 3) +
      path("M-120 10C-60 70 40 60 110 30 40 36 -40 30 -120 10z", "#5f9a3a"),
    tr(x, y, s, rot),
  );
}
export function cakeStand(x, y, s = 1, frost = "#fff", frost2 = C.pink) {
  let o =
    rect(-150, -14, 300, 14, "#e7e1d6", 7) +
    path("M-30 -14l10 -70h40l10 70z", "#e7e1d6") +
    rect(-40, -94, 80, 12, "#e7e1d6", 6) +
    rect(-190, -100, 380, 14, "#f2ede4", 7);
  o += rect(-170, -260, 340, 160, frost, 30) + rect(-140, -380, 280, 130, frost, 30);
  let sw = "",
    sw2 = "";
  for (let i = 0; i < 9; i++) sw += t`M${-160 + i * 40} -104a20 20 0 0 1 40 0z`;
  for (let i = 0; i < 7; i++) sw2 += t`M${-136 + i * 40} -254a20 20 0 0 1 40 0z`;
  let tops = "";
  for (let i = 0; i < 6; i++) tops += t`M${-110 + i * 44} -384c0-30 30-30 30-0c0-16 -16-26 -15-40z`;
  o +=
    path(sw, frost2) +
    path(sw2, frost2) +
    path(tops, frost2) +
    line("M-150 -200h300M-120 -320h240", frost2, 8, ' stroke-dasharray="16 14" stroke-linecap="round"');
  return g(o, tr(x, y, s));
}
export function flan(x, y, s = 1) {
  return g(
    ell(0, 0, 200, 34, "#e2dccf") +
      ell(0, -6, 190, 28, "#fffaf2") +
      path("M-130 -10l24 -110h212l24 110z", "#f6cf6b") +
      ell(0, -120, 106, 18, "#b8621f") +
      path(
        "M-106 -120q6 40 0 60q12-30 20-50q6 60 0 80q14-40 26-74q4 40 0 70q14-40 30-70q6 30 0 54q16-30 30-54q6 40 -2 70q20-46 28-70q8 30 2 50q12-26 20-50z",
        "#c46d22",
      ) +
      ell(0, -6, 160, 16, "#c46d22", ' opacity=".8"') +
      rect(-96, -100, 12, 70, "#fff", 6, ' opacity=".35"'),
    tr(x, y, s),
  );
}
export function dessertCup(x, y, s = 1, fill = "#f3c64a", top = "#8a4a26") {
  return g(
    path("M-50 0h100l10 -110h-120z", "#e9f4f6", ' opacity=".7"') +
      path("M-46 -6h92l8 -84h-108z", fill) +
      ell(0, -92, 54, 10, top, ' opacity=".7"') +
      rect(-38, -80, 8, 60, "#fff", 4, ' opacity=".45"'),
    tr(x, y, s),
  );
}
export function cakeSlice(x, y, s = 1) {
  return g(
    path("M-220 0h300l140 -60v-150l-140 70h-300z", "#fff") +
      path("M-210 -10h280v-50h-280z", "#f7d77e") +
      path("M-210 -60h280v-18h-280z", "#f0a92a") +
      path("M-210 -78h280v-46h-280z", "#f7d77e") +
      path("M80 -140l130 -66v50l-130 60z", "#f3ede2") +
      line("M-200 -150q30 -30 60 0t60 0t60 0t60 0t60 0", C.pink, 14, ' stroke-linecap="round"'),
    tr(x, y, s),
  );
}
export function wedge(x, y, s = 1, col = "#e9a63a", crumb = "#f7d26a") {
  return g(
    path("M-110 0h220l-40 -60h-140z", crumb) +
      path("M-70 -60h140l-20 -10h-100z", col) +
      path("M-110 0h220v10h-220z", "#c9882c"),
    tr(x, y, s),
  );
}
export function skillet(x, y, r, fill) {
  return circ(x, y, r + 16, "#2a2a30") + circ(x, y, r, fill) + rect(x + r + 6, y - 18, 230, 36, "#2a2a30", 16);
}

// ---------- top-down pieces ----------
export function plate(x, y, r, col = "#fffaf2") {
  return circ(x + 8, y + 12, r, "#000", ' opacity=".12"') + circ(x, y, r, col) + circ(x, y, r * 0.78, "#f3ede2");
}
export function bowl(x, y, r, fill, rim = "#fffaf2") {
  return circ(x + 8, y + 12, r, "#000", ' opacity=".12"') + circ(x, y, r, rim) + circ(x, y, r * 0.82, fill);
}
export function potTop(x, y, r, fill) {
  return (
    circ(x + 8, y + 12, r + 14, "#000", ' opacity=".15"') +
    rect(x - r - 40, y - 16, 2 * r + 80, 32, "#2a2a30", 12) +
    circ(x, y, r + 14, "#2a2a30") +
    circ(x, y, r, fill)
  );
}
export function rice(x, y, r, seed = 1) {
  const rr = rnd(seed);
  let d = "";
  for (let i = 0; i < r / 2; i++) {
    const a = rr() * 6.28,
      q = rr() * r * 0.8;
    d += t`M${x + Math.cos(a) * q} ${y + Math.sin(a) * q}h8`;
  }
  return circ(x, y, r, "#fbf8f0") + line(d, "#e5ddcc", 4, ' stroke-linecap="round"');
}
export function beans(x, y, r, seed = 2, sauce = "#8a3a2a") {
  const rr = rnd(seed);
  let o = circ(x, y, r, sauce);
  for (let i = 0; i < r / 2.2; i++) {
    const a = rr() * 6.28,
      q = rr() * r * 0.82;
    o += ell(x + Math.cos(a) * q, y + Math.sin(a) * q, 9, 6, "#5a1f1a");
  }
  return o;
}
export function chickenPieces(x, y, n = 3, r = 40, col = "#c8742e", seed = 3) {
  const rr = rnd(seed);
  let o = "";
  for (let i = 0; i < n; i++) {
    const a = (i / n) * 6.28 + rr(),
      q = r * 0.6;
    o +=
      t`<path d="M${x + Math.cos(a) * q - r * 0.6} ${y + Math.sin(a) * q}c0-${r * 0.6} ${r * 1.2}-${r * 0.7} ${r * 1.2} 0s-${r * 1.2} ${r * 0.6}-${r * 1.2} 0z" fill="${col}"/>` +
      circ(x + Math.cos(a) * q - r * 0.1, y + Math.sin(a) * q - r * 0.15, r * 0.18, "#e8a85a", ' opacity=".7"');
  }
  return o;
}
export function tostones(x, y, r, n = 5, seed = 4) {
  const rr = rnd(seed);
  let o = "";
  for (let i = 0; i < n; i++) {
    const a = (i / n) * 6.28,
      q = n > 1 ? r : 0;
    o +=
      circ(x + Math.cos(a) * q, y + Math.sin(a) * q, 38 + rr() * 6, "#e9b23c") +
      circ(x + Math.cos(a) * q, y + Math.sin(a) * q, 26, "#f6d36a") +
      circ(x + Math.cos(a) * q + 8, y + Math.sin(a) * q - 6, 6, "#c98a1f", ' opacity=".5"');
  }
  return o;
}
export function limeTop(x, y, s = 1, rot = 0) {
  return g(path("M-30 0a30 30 0 0 0 60 0z", "#4f9a2e") + path("M-24 0a24 22 0 0 0 48 0z", "#bfe27a"), tr(x, y, s, rot));
}
export function egg(x, y, s = 1) {
  return g(
    path("M-60 -10c-10-40 40-60 70-40 40-10 60 30 40 56-10 30-60 40-90 20-20-6-26-20-20-36z", "#fffdf6") +
      circ(4, -4, 24, "#f7b21e") +
      circ(-4, -12, 7, "#fff", ' opacity=".5"'),
    tr(x, y, s),
  );
}
export function salami(x, y, s = 1) {
  return g(
    circ(0, 0, 30, "#b23a3a") +
      circ(0, 0, 24, "#c9504a") +
      circ(-8, -6, 4, "#f3c1b0") +
      circ(8, 6, 4, "#f3c1b0") +
      circ(6, -10, 3, "#f3c1b0"),
    tr(x, y, s),
  );
}
export function cheese(x, y, s = 1, rot = 0) {
  return g(
    rect(-46, -26, 92, 52, "#e8b04a", 8) +
      rect(-40, -20, 80, 40, "#f4cf7c", 6) +
      circ(-10, 0, 8, "#c98a2a", ' opacity=".6"'),
    tr(x, y, s, rot),
  );
}
export function onions(x, y, s = 1) {
  return g(
    line(
      "M-40 0a30 20 0 1 0 60 0a30 20 0 1 0 -60 0M-10 -20a26 16 0 1 0 52 0a26 16 0 1 0 -52 0M-30 14a22 14 0 1 0 44 0",
      "#d9468a",
      7,
    ),
    tr(x, y, s),
  );
}
export function mangu(x, y, r) {
  return circ(x, y, r, "#cfd98a") + circ(x - r * 0.2, y - r * 0.2, r * 0.6, "#dfe6a4", ' opacity=".8"');
}
export function salad(x, y, s = 1) {
  return g(
    ell(-20, 0, 40, 24, "#7cc36b") +
      ell(20, -10, 40, 24, "#5aa84f") +
      ell(0, 14, 36, 20, "#93d17f") +
      circ(-18, -6, 14, "#e5483b") +
      circ(22, 8, 14, "#e5483b") +
      circ(-18, -6, 6, "#f7a08a") +
      circ(22, 8, 6, "#f7a08a"),
    tr(x, y, s),
  );
}
export function spaghetti(x, y, r, col = "#e0683a", seed = 6) {
  const rr = rnd(seed);
  let d = "";
  for (let i = 0; i < 16; i++) {
    const a = rr() * 6.28,
      q = rr() * r * 0.6;
    d += t`M${x + Math.cos(a) * q} ${y + Math.sin(a) * q}q${30 - rr() * 60} ${30 - rr() * 60} ${60 - rr() * 120} ${20 - rr() * 40}`;
  }
  return (
    circ(x, y, r, "#d9572f") +
    line(d, col, 9, ' stroke-linecap="round"') +
    line(d, "#f08a4a", 3, ' stroke-linecap="round" opacity=".6"')
  );
}
export function cookies(x, y, n = 6, r = 26, col = "#e9c48a") {
  let o = "";
  for (let i = 0; i < n; i++)
    o +=
      circ(x + (i % 3) * r * 2.3, y + Math.floor(i / 3) * r * 2.3, r, col) +
      circ(x + (i % 3) * r * 2.3, y + Math.floor(i / 3) * r * 2.3, r * 0.5, "#f6dcae");
  return o;
}
export function fudge(x, y, n = 6, sz = 50) {
  let o = "";
  for (let i = 0; i < n; i++)
    o +=
      rect(x + (i % 3) * (sz + 10), y + Math.floor(i / 3) * (sz + 10), sz, sz, "#e8c99a", 6) +
      rect(x + (i % 3) * (sz + 10) + 6, y + Math.floor(i / 3) * (sz + 10) + 6, sz - 12, sz * 0.3, "#f6e2bf", 4);
  return o;
}
export function dust(x, y, r, col = "#9a5a2a", seed = 8, n = 30) {
  const rr = rnd(seed);
  let d = "";
  for (let i = 0; i < n; i++) {
    const a = rr() * 6.28,
      q = rr() * r;
    d += t`M${x + Math.cos(a) * q} ${y + Math.sin(a) * q}h1`;
  }
  return line(d, col, 7, ' stroke-linecap="round" opacity=".75"');
}
export function fork(x, y, s = 1, rot = 0) {
  return g(
    rect(-6, 0, 12, 180, "#c9cfd4", 6) +
      path("M-20 0v-60h6v50h4v-50h6v50h4v-50h6v50h4v-50h6v60q0 14-18 14t-18-14z", "#c9cfd4"),
    tr(x, y, s, rot),
  );
}
export function spoon(x, y, s = 1, rot = 0, col = "#b98250") {
  return g(rect(-7, 0, 14, 200, col, 7) + ell(0, -30, 26, 40, col), tr(x, y, s, rot));
}

// Motif library for the Puerto Plata Guide artwork: flat, warm travel-poster shapes.
// Every scene is drawn in a 1200x800 design space and fitted into the target size by
// generate.mjs; backgrounds overdraw far beyond the design box so wide or tall formats
// never show an edge. All numbers are rounded to integers by the `t` tag.

export const C = {
  teal: "#2bb3a8",
  lteal: "#8fe0d3",
  aqua: "#c8f1ea",
  ocean: "#1f6f9a",
  deep: "#17436b",
  navy: "#1d2d50",
  sand: "#f3d49b",
  sand2: "#e6b877",
  cream: "#fff3dc",
  white: "#fffaf0",
  coral: "#f2735f",
  pink: "#f5a3b5",
  rose: "#e8698c",
  palm: "#3f9652",
  palm2: "#2b6e3f",
  leaf: "#7cc36b",
  orange: "#f5963c",
  sun: "#ffc94d",
  yellow: "#ffd95e",
  red: "#d9483b",
  brown: "#8a5533",
  wood: "#c0804a",
  wood2: "#9b6035",
  trunk: "#8d5f3c",
  stone: "#c9a47a",
  stone2: "#a98259",
  grey: "#7d8a96",
  ink: "#263238",
  sky: "#79cde3",
  sky2: "#cdeff2",
  lilac: "#9b86c9",
  amber: "#d9892b",
  rum: "#b8621f",
  gold: "#e8a93a",
};

/** Template tag: interpolated numbers are rounded to integers. */
export const t = (s, ...v) =>
  s.reduce(
    (a, str, i) => a + str + (i < v.length ? (typeof v[i] === "number" ? Math.round(v[i]) : (v[i] ?? "")) : ""),
    "",
  );
const R = Math.round;
export const rnd = (seed) => () => (seed = (seed * 16807) % 2147483647) / 2147483647;

/** Per-image drawing context: collects <defs>. */
export class Ctx {
  constructor() {
    this.defs = [];
    this.ids = new Set();
  }
  lin(id, stops, x2 = 0, y2 = 1) {
    if (!this.ids.has(id)) {
      this.ids.add(id);
      this.defs.push(
        `<linearGradient id="${id}" x2="${x2}" y2="${y2}">${stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join("")}</linearGradient>`,
      );
    }
    return `url(#${id})`;
  }
  rad(id, stops) {
    if (!this.ids.has(id)) {
      this.ids.add(id);
      this.defs.push(
        `<radialGradient id="${id}">${stops.map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op !== undefined ? ` stop-opacity="${op}"` : ""}/>`).join("")}</radialGradient>`,
      );
    }
    return `url(#${id})`;
  }
  pat(id, w, h, body, rot = 0) {
    if (!this.ids.has(id)) {
      this.ids.add(id);
      this.defs.push(
        `<pattern id="${id}" width="${w}" height="${h}" patternUnits="userSpaceOnUse"${rot ? ` patternTransform="rotate(${rot})"` : ""}>${body}</pattern>`,
      );
    }
    return `url(#${id})`;
  }
}

// ---------- primitives ----------
export const rect = (x, y, w, h, fill, r = 0, extra = "") =>
  t`<rect x="${x}" y="${y}" width="${w}" height="${h}"${r ? t` rx="${r}"` : ""} fill="${fill}"${extra}/>`;
export const circ = (x, y, r, fill, extra = "") => t`<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"${extra}/>`;
export const ell = (x, y, rx, ry, fill, extra = "") =>
  t`<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" fill="${fill}"${extra}/>`;
export const path = (d, fill, extra = "") => `<path d="${d}" fill="${fill}"${extra}/>`;
export const line = (d, stroke, w, extra = "") =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${w}"${extra}/>`;
export const poly = (pts, fill, extra = "") =>
  `<path d="M${pts.map((p) => p.map(R).join(" ")).join("L")}Z" fill="${fill}"${extra}/>`;
export const g = (body, tr = "", extra = "") => `<g${tr ? ` transform="${tr}"` : ""}${extra}>${body}</g>`;
/** Row of bars (railings, fretwork, staves) drawn as one dashed stroke. */
export const bars = (x, y, w, h, stroke, bar = 4, gap = 10) =>
  t`<path d="M${x} ${y + h / 2}h${w}" stroke="${stroke}" stroke-width="${h}" stroke-dasharray="${bar} ${gap}"/>`;
export const tr = (x, y, s = 1, rot = 0) =>
  t`translate(${x} ${y})` + (s !== 1 ? ` scale(${s})` : "") + (rot ? ` rotate(${rot})` : "");

// ---------- sky, sea, land ----------
export const SKIES = {
  day: [
    ["0", "#5cc2e0"],
    [".6", "#bfe9ee"],
    ["1", "#fff1d6"],
  ],
  bright: [
    ["0", "#49b6dc"],
    [".7", "#aee3ee"],
    ["1", "#e9f7f2"],
  ],
  sunset: [
    ["0", "#f0657a"],
    [".45", "#f7934c"],
    [".8", "#ffc95c"],
    ["1", "#ffe3a1"],
  ],
  golden: [
    ["0", "#f49a6a"],
    [".6", "#ffcf7a"],
    ["1", "#fff0c2"],
  ],
  dusk: [
    ["0", "#2f3f7d"],
    [".5", "#8a5a9c"],
    [".85", "#f28a6c"],
    ["1", "#ffc57a"],
  ],
  night: [
    ["0", "#141c3f"],
    [".7", "#2c2f6b"],
    ["1", "#5a3b7a"],
  ],
  morning: [
    ["0", "#9fd9e8"],
    [".7", "#fde3c8"],
    ["1", "#fff3dc"],
  ],
};
export function sky(ctx, kind = "day") {
  return rect(-900, -600, 3000, 2000, ctx.lin(`sky-${kind}`, SKIES[kind]));
}
export function sun(x, y, r, col = C.sun, glow = true) {
  return (
    (glow ? circ(x, y, r * 1.9, col, ' opacity=".18"') + circ(x, y, r * 1.4, col, ' opacity=".28"') : "") +
    circ(x, y, r, col)
  );
}
export function cloud(x, y, s = 1, col = "#fff", op = 0.9) {
  return g(
    t`<path d="M-90 0h180c0-22-18-34-38-30-6-28-36-42-62-30-12-24-50-24-62 4-26-4-40 16-40 34-2 12 10 22 22 22z" transform="scale(1 .9)"/>`,
    tr(x, y, s),
    ` fill="${col}" opacity="${op}"`,
  );
}
export function birds(x, y, n = 3, col = "#33415c") {
  let d = "";
  for (let i = 0; i < n; i++) {
    const bx = x + i * 38 - (i % 2) * 10,
      by = y + (i % 2) * 18;
    d += t`M${bx} ${by}q9-9 18 0q9-9 18 0`;
  }
  return line(d, col, 3, ' stroke-linecap="round"');
}
export function sea(ctx, y, kind = "day", h = 1600) {
  const stops =
    kind === "sunset"
      ? [
          ["0", "#f08a6a"],
          [".3", "#3d7fa8"],
          ["1", "#17436b"],
        ]
      : kind === "dusk"
        ? [
            ["0", "#6d5d9a"],
            ["1", "#1d2d50"],
          ]
        : kind === "night"
          ? [
              ["0", "#2c3a72"],
              ["1", "#111833"],
            ]
          : [
              ["0", "#1f6f9a"],
              [".35", "#2bb3a8"],
              ["1", "#8fe0d3"],
            ];
  const o = rect(-900, y, 3000, h, ctx.lin(`sea-${kind}`, stops));
  return o;
}
export function waves(y0, y1, seed = 3, col = "#fff", op = 0.45, n = 14) {
  const r = rnd(seed);
  let d = "";
  for (let i = 0; i < n; i++) {
    const x = -150 + r() * 1500,
      y = y0 + r() * (y1 - y0),
      w = 20 + ((y - y0) / Math.max(1, y1 - y0)) * 40;
    d += t`M${x} ${y}q${w / 2} -${w / 5} ${w} 0`;
  }
  return line(d, col, 3, ` stroke-linecap="round" opacity="${op}"`);
}
export function sunReflection(x, y, col = "#ffd98a") {
  let o = "";
  for (let i = 0; i < 5; i++) o += rect(x - 90 + i * 12, y + 10 + i * 16, 180 - i * 24, 6, col, 3, ' opacity=".7"');
  return o;
}
/** Sand from a curved shoreline down. */
export function sand(y, tilt = 40, col = C.sand) {
  return (
    t`<path d="M-900 ${y + tilt}C-200 ${y + tilt} 200 ${y - tilt} 600 ${y}S1400 ${y + tilt} 2100 ${y}V1500H-900Z" fill="${col}"/>` +
    t`<path d="M-900 ${y + tilt}C-200 ${y + tilt} 200 ${y - tilt} 600 ${y}S1400 ${y + tilt} 2100 ${y}" fill="none" stroke="#fff" stroke-width="8" opacity=".7"/>`
  );
}
export function ground(y, col, col2) {
  return rect(-900, y, 3000, 1500, col) + (col2 ? rect(-900, y, 3000, 10, col2) : "");
}
export function mountain(x, base, w, h, col = C.palm2, light = C.palm) {
  const L = x - w / 2,
    Rr = x + w / 2,
    top = base - h;
  return (
    t`<path d="M${L} ${base}C${x - w * 0.28} ${base - h * 0.55} ${x - w * 0.12} ${top} ${x} ${top}C${x + w * 0.12} ${top} ${x + w * 0.28} ${base - h * 0.55} ${Rr} ${base}Z" fill="${col}"/>` +
    (light
      ? t`<path d="M${x} ${top}C${x - w * 0.12} ${top} ${x - w * 0.28} ${base - h * 0.55} ${L} ${base}H${x - w * 0.08}C${x - w * 0.1} ${base - h * 0.5} ${x - w * 0.05} ${top + h * 0.2} ${x} ${top}Z" fill="${light}" opacity=".55"/>`
      : "")
  );
}
export function hills(y, col, amp = 40, seed = 1) {
  const r = rnd(seed);
  let d = t`M-900 ${y}`;
  for (let x = -900; x < 2100; x += 300) d += t`Q${x + 150} ${y - amp - r() * amp} ${x + 300} ${y}`;
  return `<path d="${d}V1500H-900Z" fill="${col}"/>`;
}
/** Rounded tree-canopy band (forest edge). */
export function forest(y, col, seed = 2, x0 = -900, x1 = 2100, size = 60) {
  const r = rnd(seed);
  let d = t`M${x0} ${y + size}`;
  for (let x = x0; x < x1; x += size) d += t`a${size * 0.55} ${size * (0.5 + r() * 0.4)} 0 0 1 ${size} 0`;
  return `<path d="${d}V1500H${R(x0)}Z" fill="${col}"/>`;
}

// ---------- plants ----------
export function palm(x, y, h, lean = 0.18, s = 1, col = C.palm, col2 = C.palm2) {
  const tx = x + lean * h,
    ty = y - h,
    w = 9 * s;
  let o = t`<path d="M${x - w} ${y}Q${x + lean * h * 0.1} ${y - h * 0.5} ${tx - w * 0.5} ${ty}h${w}Q${x + lean * h * 0.1 + w * 1.6} ${y - h * 0.5} ${x + w} ${y}Z" fill="${C.trunk}"/>`;
  o += line(
    t`M${x - w} ${y - h * 0.2}h${w * 2}M${x - w * 0.6 + lean * h * 0.35} ${y - h * 0.5}h${w * 1.6}M${tx - w * 0.3 - lean * h * 0.2} ${y - h * 0.78}h${w * 1.3}`,
    "#6b4429",
    3,
    ' opacity=".5"',
  );
  const L = h * 0.5 * Math.max(0.7, s * 0.9 + 0.1);
  const angles = [-175, -145, -112, -68, -35, -5, 150, 30];
  let d1 = "",
    d2 = "";
  angles.forEach((a, i) => {
    const rad = (a * Math.PI) / 180,
      len = L * (i > 5 ? 0.7 : 1);
    const ex = tx + Math.cos(rad) * len,
      ey = ty + Math.sin(rad) * len * 0.55 + len * 0.38;
    const mx = (tx + ex) / 2,
      my = (ty + ey) / 2 - len * 0.28;
    const px = -(ey - ty) * 0.16,
      py = (ex - tx) * 0.16;
    const seg = t`M${tx} ${ty}Q${mx + px} ${my + py} ${ex} ${ey}Q${mx - px * 0.2} ${my - py * 0.2} ${tx} ${ty}Z`;
    if (i % 2) d1 += seg;
    else d2 += seg;
  });
  o += path(d2, col2) + path(d1, col);
  o += circ(tx - 6 * s, ty + 6 * s, 7 * s, "#6b4a2b") + circ(tx + 7 * s, ty + 8 * s, 7 * s, "#7d5632");
  return o;
}
export function bush(x, y, s = 1, col = C.palm, col2 = C.leaf) {
  return g(
    circ(-30, 0, 34, col) +
      circ(10, -18, 40, col) +
      circ(45, 2, 30, col) +
      circ(0, -28, 18, col2, ' opacity=".6"') +
      rect(-64, 0, 140, 34, col),
    tr(x, y, s),
  );
}
export function pottedPlant(x, y, s = 1, pot = C.coral, col = C.palm) {
  let d = "";
  for (let i = 0; i < 7; i++) {
    const a = ((-160 + i * 23) * Math.PI) / 180,
      c = Math.cos(a),
      n = Math.sin(a);
    d += t`M0 0Q${c * 30 - 8} ${n * 60} ${c * 48} ${n * 70}Q${c * 20 + 8} ${n * 30} 0 0Z`;
  }
  return g(path(d, col) + path("M-26 0h52l-8 46h-36zM-30 -4h60v12h-60z", pot), tr(x, y, s));
}
export function fern(x, y, s = 1, col = C.leaf, flip = 1) {
  let d = "";
  for (let i = 0; i < 6; i++)
    d += t`M0 0Q${20 * flip} ${-20 - i * 6} ${(30 + i * 14) * flip} ${-10 - i * 16}Q${12 * flip} ${-10 - i * 4} 0 0Z`;
  return g(path(d, col), tr(x, y, s));
}

// ---------- sea craft & creatures ----------
export function boat(x, y, s = 1, hull = C.white, accent = C.coral) {
  return g(
    path("M-70 0h140l-22 26h-96z", hull) +
      rect(-70, -2, 140, 8, accent) +
      rect(-20, -32, 44, 30, "#fff", 4) +
      rect(-12, -26, 12, 10, C.sky) +
      line("M28 -2V-60", C.ink, 3),
    tr(x, y, s),
  );
}
export function fishingBoat(x, y, s = 1, col = C.coral) {
  return g(path("M-50 0h100q-10 20-30 20h-40q-20 0-30-20z", col) + rect(-50, -4, 100, 6, "#fff"), tr(x, y, s));
}
export function catamaran(x, y, s = 1, sail = "#fff") {
  return g(
    path("M-110 -6h220l-10 22h-200z", "#fff") +
      path("M-110 -6h220l-10 22h-200z", "#000", ' opacity=".08" transform="translate(0 10)"') +
      rect(-90, -22, 150, 16, "#eef6f8", 4) +
      line("M-10 -22V-250", C.ink, 4) +
      path("M-4 -245L110 -30H-4Z", sail) +
      path("M-16 -230L-100 -30H-16Z", "#f2f7f8") +
      path("M-4 -245l30 56h-30z", C.coral),
    tr(x, y, s),
  );
}
export function kite(x, y, s = 1, col = C.coral, col2 = C.yellow, rx, ry) {
  let o = g(
    t`<path d="M-60 18Q0 -40 60 18l-10 6Q0 -22 -50 24z" fill="${col}"/><path d="M-20 -6Q0 -12 20 -6l4 8Q0 -2 -24 2z" fill="${col2}"/>`,
    tr(x, y, s),
  );
  if (rx !== undefined)
    o += line(
      t`M${x - 52 * s} ${y + 22 * s}L${rx} ${ry}M${x + 52 * s} ${y + 22 * s}L${rx} ${ry}`,
      C.ink,
      1.5,
      ' opacity=".5"',
    );
  return o;
}
export function kiter(x, y, s = 1, col = C.coral) {
  return g(
    path("M-34 8h68l-6 8h-56z", C.yellow) +
      circ(0, -52, 9, "#6b4429") +
      path("M-8 -42h16l6 30-4 22h-8l-2-18-4 18h-8l2-22z", col) +
      ell(0, 18, 60, 6, "#fff", ' opacity=".7"'),
    tr(x, y, s),
  );
}
export function dolphin(x, y, s = 1, rot = 0, col = "#5b8fb3") {
  return g(
    path(
      "M-90 10C-60 -40 20 -50 70 -20l26-4-14 14c6 8 6 14 2 18-22-14-48-20-76-12l6 18-26-14C-40 20-66 26-90 10z",
      col,
    ) +
      path("M-10 -40l18-26 8 30z", col) +
      path("M-80 8C-40 -6 10 -8 60 4", "none", ' stroke="#d8ecf5" stroke-width="8" opacity=".6"') +
      circ(58, -14, 3, C.ink),
    tr(x, y, s, rot),
  );
}
export function whaleTail(x, y, s = 1, col = "#34506e") {
  return g(
    path("M-14 60C-10 20 -6 0 0 -10C6 0 10 20 14 60z", col) +
      path("M0 -8C-30 -20 -80 -40 -120 -30C-100 -10 -50 10 0 8C50 10 100 -10 120 -30C80 -40 30 -20 0 -8z", col) +
      path("M-110 -26c20-2 40 2 60 10", "none", ' stroke="#fff" stroke-width="4" opacity=".4"') +
      line("M-60 -4l-4 20M40 -2l6 22M-20 4l-2 26", "#cfe9f4", 4, ' stroke-linecap="round" opacity=".7"'),
    tr(x, y, s),
  );
}
export function whale(x, y, s = 1, col = "#2e5d86") {
  return g(
    path(
      "M-260 0C-220 -90 40 -100 180 -30C220 -12 250 -30 290 -80C300 -40 290 -10 270 10C300 20 320 50 320 80C280 50 250 40 220 40C100 90 -140 90 -230 50C-250 40 -262 20 -260 0z",
      col,
    ) +
      path("M-230 40C-120 80 60 70 190 30C110 90 -120 100 -230 40z", "#cde7f0") +
      line("M-200 44h300M-190 56h260M-170 66h200", "#9cc5d6", 3) +
      path("M-60 40c-20 40-60 60-100 70 20-30 40-60 60-80z", col) +
      circ(-190, 10, 7, "#fff") +
      circ(-190, 10, 3, C.ink),
    tr(x, y, s),
  );
}
export function flamingo(x, y, s = 1) {
  return g(
    path(
      "M-30 -70c-20-10-30 10-20 30 14 24 40 10 50 0 10 -10 30 -12 40 0-20 0-30 10-40 30-20 10-50 4-60-16C-66 -40 -60 -80 -30 -70z",
      C.pink,
    ),
    tr(x, y, s),
  );
}

// ---------- people ----------
export function person(x, y, s = 1, shirt = C.coral, pants = C.deep, skin = "#8d5a3b", hat) {
  let o =
    path("M-14 -40h28l-2 40h-10l-2-22-2 22h-10z", pants) +
    path("M-18 -92q18-8 36 0l4 54h-44z", shirt) +
    circ(0, -104, 13, skin);
  if (hat) o += ell(0, -112, 22, 6, hat) + rect(-11, -124, 22, 12, hat, 5);
  return g(o, tr(x, y, s));
}
export function silhouette(x, y, s = 1, col = "#3a2a40", pose = 0) {
  const legs = pose ? "M-12 -40l-10 40h9l9-28 8 28h9l-10-40z" : "M-12 -40h24l-2 40h-8l-2-26-2 26h-8z";
  return g(path(`${legs}M-17 -92q17-8 34 0l4 54h-42z`, col) + circ(0, -104, 12, col), tr(x, y, s));
}
export function hand(x, y, s = 1, rot = 0, skin = "#a86d47") {
  return g(
    path(
      "M0 0c-10-30-6-60 10-70l30-6c10 0 12 10 4 14l-18 6 40-4c10 0 10 12 0 14l-36 6 36 2c10 2 8 14-2 14l-34-2 28 6c8 2 6 12-2 12l-30-2c-10 10-20 30-26 56z",
      skin,
    ),
    tr(x, y, s, rot),
  );
}

// ---------- buildings ----------
export function victorian(_ctx, x, y, w, h, col, trim = "#fff", opts = {}) {
  const floors = opts.floors ?? 2,
    fh = h / floors;
  let o = rect(x, y - h, w, h, col);
  o += path(t`M${x - 14} ${y - h}h${w + 28}l-24 -${opts.roof ?? 50}h-${w - 20}z`, opts.roofCol ?? "#a35a4a");
  o += rect(x - 8, y - h - 6, w + 16, 10, trim);
  const nWin = Math.max(2, Math.round(w / 90));
  for (let f = 0; f < floors; f++) {
    const fy = y - h + f * fh;
    for (let i = 0; i < nWin; i++) {
      const wx = x + (w / nWin) * (i + 0.5) - 18,
        wy = fy + fh * 0.22;
      if (f === floors - 1 && i === Math.floor(nWin / 2)) {
        o +=
          rect(wx - 4, y - fh * 0.72, 44, fh * 0.72, opts.door ?? C.deep, 3) + rect(wx - 8, y - fh * 0.76, 52, 8, trim);
        continue;
      }
      o +=
        rect(wx - 10, wy - 6, 56, fh * 0.56, trim, 2) +
        rect(wx, wy, 36, fh * 0.48, opts.shutter ?? C.teal) +
        line(t`M${wx + 18} ${wy}v${fh * 0.48}`, trim, 3);
    }
    if (f < floors - 1) {
      o +=
        rect(x - 10, fy + fh - 10, w + 20, 10, trim) +
        bars(x - 6, fy + fh - 44, w + 12, 34, trim, 4, 10) +
        rect(x - 10, fy + fh - 48, w + 20, 6, trim);
      if (opts.fret !== false)
        o += t`<path d="M${x} ${fy + 4}h${w}" stroke="${trim}" stroke-width="14" stroke-dasharray="14 8"/>`;
    }
  }
  return o;
}
export function flatBuilding(x, y, w, h, col, win = "#cfeef3", rows = 2) {
  let o = rect(x, y - h, w, h, col);
  const cols = Math.max(2, Math.round(w / 46));
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      o += rect(
        x + 10 + c * ((w - 20) / cols),
        y - h + 14 + r * ((h - 20) / rows),
        (w - 20) / cols - 10,
        (h - 20) / rows - 14,
        win,
        2,
      );
  return o;
}
export function resortBlock(x, y, w, floors, col = C.cream, roof = C.coral) {
  const fh = 46,
    h = floors * fh;
  let o = rect(x, y - h, w, h, col) + path(t`M${x - 12} ${y - h}h${w + 24}l-30 -34h-${w - 36}z`, roof);
  for (let f = 0; f < floors; f++) {
    o +=
      rect(x, y - h + f * fh + fh - 8, w, 8, "#fff") + bars(x + 4, y - h + f * fh + fh - 26, w - 8, 18, "#fff", 3, 8);
    for (let i = 0; i < Math.floor(w / 50); i++)
      o += rect(x + 14 + i * 50, y - h + f * fh + 8, 28, 24, C.teal, 2, ' opacity=".75"');
  }
  return o;
}
export function townRow(_ctx, y, seed = 5, x0 = -300, x1 = 1500, scale = 1) {
  const r = rnd(seed),
    cols = ["#f6b6a4", "#fbe3a0", "#9fd8cf", "#f7f1e3", "#f4a6b8", "#b9d7ef", "#ffcf8a"];
  const body = {},
    roofs = ["", ""];
  let win = "";
  for (let x = x0; x < x1; ) {
    const w = (50 + r() * 60) * scale,
      h = (40 + r() * 55) * scale,
      c = cols[Math.floor(r() * cols.length)];
    body[c] = (body[c] ?? "") + t`M${x} ${y}v${-h}h${w}v${h}z`;
    roofs[r() > 0.5 ? 0 : 1] += t`M${x} ${y - h}v${-6 * scale}h${w}v${6 * scale}z`;
    win += t`M${x + 8 * scale} ${y - h + 21 * scale}h${w - 16 * scale}`;
    x += w + 2;
  }
  return (
    Object.entries(body)
      .map(([c, d]) => path(d, c))
      .join("") +
    path(roofs[0], "#c8614d") +
    path(roofs[1], "#fff") +
    t`<path d="${win}" stroke="#35607a" stroke-width="${14 * scale}" stroke-dasharray="${10 * scale} ${12 * scale}" opacity=".55"/>`
  );
}
export function cathedral(x, y, s = 1, col = "#f4efe6") {
  return g(
    rect(-160, -260, 320, 260, col) +
      path("M-160 -260h320l-40 -40h-240z", "#e6ded0") +
      rect(-60, -420, 120, 170, col) +
      rect(-40, -470, 80, 60, col) +
      rect(-20, -510, 40, 50, col) +
      circ(0, -330, 34, "#cfd9e0") +
      circ(0, -330, 22, "#8fb4c9") +
      path("M-40 0v-110a40 40 0 0 1 80 0v110z", "#6b8aa0") +
      rect(-130, -200, 30, 90, "#cfd9e0", 15) +
      rect(100, -200, 30, 90, "#cfd9e0", 15) +
      line("M-160 -150h320", "#e0d6c6", 6) +
      line("M-56 -420v160M56 -420v160", "#e3d8c6", 6),
    tr(x, y, s),
  );
}
export function gazebo(x, y, s = 1, col = "#fff", roof = "#e9eef0") {
  let o = rect(-170, -30, 340, 30, "#d9cbb6") + rect(-190, -8, 380, 10, "#cbb99f");
  for (let i = 0; i < 6; i++) o += rect(-150 + i * 58, -190, 12, 160, col);
  o += bars(-150, -80, 300, 40, col, 3, 9) + rect(-154, -84, 308, 6, col);
  o +=
    path("M-190 -190h380l-60 -50h-260z", roof) +
    rect(-196, -196, 392, 12, col) +
    t`<path d="M-182 -178h364" stroke="${col}" stroke-width="22" stroke-dasharray="12 8"/>`;
  for (let i = 0; i < 4; i++) o += rect(-90 + i * 56, -330, 10, 90, col);
  o +=
    bars(-90, -272, 180, 26, col, 3, 8) +
    rect(-110, -340, 220, 12, col) +
    t`<path d="M-100 -324h200" stroke="${col}" stroke-width="16" stroke-dasharray="10 6"/>`;
  o +=
    path("M-120 -340h240l-120 -110z", roof) +
    path("M0 -450l-6 -10h12z", col) +
    rect(-3, -480, 6, 30, col) +
    circ(0, -482, 8, C.gold);
  return g(o, tr(x, y, s));
}
export function fort(ctx, x, y, s = 1) {
  const stone = ctx.lin("stone", [
    ["0", "#d6b488"],
    ["1", "#a98259"],
  ]);
  let o = path("M-420 0l30 -170h780l30 170z", stone);
  let m = "";
  for (let i = 0; i < 13; i++) m += t`M${-385 + i * 60} -170v-36h36v36z`;
  o += path(m, "#c49b6c");
  o += rect(230, -300, 150, 300, "#c39a6b") + path("M220 -300h170v-30h-170z", "#b08a5f");
  let m2 = "";
  for (let i = 0; i < 4; i++) m2 += t`M${222 + i * 44} -330v-30h28v30z`;
  o += path(m2, "#b08a5f");
  o += path("M-330 0l16 -130h120l16 130z", "#b38c60") + path("M-280 0v-60a26 26 0 0 1 52 0v60z", "#5b4030");
  const r = rnd(7);
  let blocks = "";
  for (let i = 0; i < 26; i++)
    blocks += t`M${-380 + r() * 740} ${-150 + r() * 140}h${30 + r() * 40}v16h-${30 + r() * 40}z`;
  o +=
    path(blocks, "#fff", ' opacity=".12"') +
    rect(280, -250, 12, 40, "#5b4030", 6) +
    rect(320, -180, 12, 40, "#5b4030", 6);
  return g(o, tr(x, y, s));
}
export function cannon(x, y, s = 1, rot = -12, flip = 1) {
  return g(
    g(
      rect(-10, -14, 110, 28, "#2f2f36", 12) + rect(90, -17, 16, 34, "#2f2f36", 6) + circ(-10, 0, 16, "#2f2f36"),
      `rotate(${rot})`,
    ) +
      path("M-30 30l14 -30h40l14 30z", "#6b4a2b") +
      circ(-8, 30, 18, "#4a3322") +
      circ(-8, 30, 6, "#8a6a4a"),
    tr(x, y, s) + (flip < 0 ? " scale(-1 1)" : ""),
  );
}
export function lighthouse(x, y, s = 1) {
  return g(
    path("M-22 0l8 -150h28l8 150z", "#fff") +
      rect(-18, -110, 36, 18, C.red) +
      rect(-18, -60, 36, 18, C.red) +
      rect(-18, -172, 36, 22, C.sun) +
      path("M-24 -172h48l-24 -22z", C.red),
    tr(x, y, s),
  );
}
export function christ(x, y, s = 1, col = "#fbfaf6") {
  return g(
    rect(-36, -40, 72, 40, "#d8d2c4") +
      rect(-46, -8, 92, 12, "#c9c1b0") +
      path("M-20 -40l8 -150h24l8 150z", col) +
      path("M-110 -176c40 -6 70 -8 110 -8s70 2 110 8v18c-40 -2 -70 0 -110 0s-70 -2 -110 0z", col) +
      circ(0, -206, 16, col) +
      path("M-20 -40l8 -150h12v150z", "#000", ' opacity=".06"'),
    tr(x, y, s),
  );
}
export function cableCar(x, y, s = 1, col = C.red) {
  return g(
    line("M0 -90V-10", C.ink, 5) +
      rect(-18, -96, 36, 12, C.ink, 4) +
      rect(-60, -14, 120, 96, col, 18) +
      rect(-46, 4, 40, 38, "#cfeef6", 6) +
      rect(6, 4, 40, 38, "#cfeef6", 6) +
      rect(-60, 56, 120, 10, "#fff", 0, ' opacity=".6"') +
      path("M-60 4h120v-10c0-10-8-18-18-18h-84c-10 0-18 8-18 18z", "#000", ' opacity=".12"'),
    tr(x, y, s),
  );
}

// ---------- street furniture ----------
/** An open umbrella seen from below (Umbrella Street). */
export function umbrella(x, y, rx, col, rot = 0) {
  const ry = rx * 0.62;
  let wedges = "";
  for (let i = 0; i < 8; i += 2) {
    const a1 = (i * Math.PI) / 4,
      a2 = ((i + 1) * Math.PI) / 4;
    wedges += t`M0 0L${Math.cos(a1) * rx} ${Math.sin(a1) * ry}L${Math.cos(a2) * rx} ${Math.sin(a2) * ry}Z`;
  }
  return g(
    ell(0, 0, rx, ry, col) + path(wedges, "#000", ' opacity=".13"') + circ(0, 0, rx * 0.07, "#333"),
    tr(x, y, 1, rot),
  );
}
export function bench(x, y, s = 1, col = C.wood) {
  return g(
    rect(-60, -40, 120, 10, col, 3) +
      rect(-60, -22, 120, 10, col, 3) +
      rect(-54, -12, 8, 22, "#3a3a40") +
      rect(46, -12, 8, 22, "#3a3a40"),
    tr(x, y, s),
  );
}
export function lamp(x, y, s = 1) {
  return g(
    rect(-4, -180, 8, 180, "#2f3a44") +
      rect(-12, -6, 24, 8, "#2f3a44") +
      path("M-14 -180h28l-6 -26h-16z", "#2f3a44") +
      circ(0, -190, 8, C.sun),
    tr(x, y, s),
  );
}
export function sunbed(x, y, s = 1, col = "#fff") {
  return g(
    path("M-60 0h80l40 -36 6 6 -40 36v6h-86z", col) + rect(-56, 6, 6, 14, "#9aa") + rect(18, 6, 6, 14, "#9aa"),
    tr(x, y, s),
  );
}
export function beachUmbrella(x, y, s = 1, col = C.coral, col2 = "#fff") {
  return g(
    line("M0 0V-120", "#6b4a2b", 5) +
      path("M-80 -110Q0 -170 80 -110z", col) +
      path("M-26 -144Q0 -150 26 -144l10 34h-72z", col2),
    tr(x, y, s),
  );
}
export function thatch(x, y, s = 1) {
  return g(
    rect(-70, -90, 8, 90, "#7a5232") +
      rect(62, -90, 8, 90, "#7a5232") +
      path("M-110 -80L0 -160 110 -80z", "#d8a85a") +
      line("M-100 -84l100-70 100 70M-80 -84l80-56 80 56", "#b9853f", 4) +
      rect(-80, -36, 160, 14, "#9b6035"),
    tr(x, y, s),
  );
}

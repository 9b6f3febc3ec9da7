// Scene compositions. Each scene is (ctx) => SVG markup in the 1200x800 design space.
import * as L from "./lib.mjs";
import * as F from "./food.mjs";
const { C, t, g, rect, circ, ell, path, line, poly, bars, tr, rnd } = L;

// ================= shared composers =================
/** Beach / bay with many optional layers. */
export function beach(ctx, o = {}) {
  const time = o.time ?? "day",
    hz = o.horizon ?? 400;
  let s = L.sky(ctx, time === "sunset" ? "sunset" : (o.sky ?? "day"));
  if (time === "sunset") s += L.sun(o.sunX ?? 760, hz - 30, 70, "#ffe08a");
  else if (o.sun !== false) s += L.sun(o.sunX ?? 960, o.sunY ?? 140, 56);
  if (o.clouds !== false) s += L.cloud(260, 150, 1) + L.cloud(700, 90, 0.7, "#fff", 0.8);
  if (o.mountain) s += L.mountain(o.mountain[0], hz + 4, o.mountain[1], o.mountain[2], "#3f7f5a", "#6fae77");
  if (o.headland)
    s += L.hills(hz + 6, "#4c8f5e", 30, 4)
      .replace("M-900", "M-900")
      .replace(/V1500H-900Z/, "V1500H-900Z");
  s += L.sea(ctx, hz, time === "sunset" ? "sunset" : "day");
  if (time === "sunset") s += L.sunReflection(o.sunX ?? 760, hz);
  s += L.waves(hz + 20, (o.shore ?? 600) - 40, 3);
  if (o.before) s += o.before;
  if (o.shore !== null) s += L.sand(o.shore ?? 600, o.tilt ?? 40);
  if (o.after) s += o.after;
  for (const p of o.palms ?? [
    [120, 760, 420, 0.25],
    [1080, 780, 380, -0.22],
  ])
    s += L.palm(p[0], p[1], p[2], p[3], p[4] ?? 1);
  return s;
}
function sceneBox(x, y, w, h, inner, vb = "0 0 1200 800") {
  return (
    t`<svg x="${x}" y="${y}" width="${w}" height="${h}" viewBox="${vb}" preserveAspectRatio="xMidYMid slice">` +
    inner +
    "</svg>"
  );
}
/** One-point perspective lane between two walls (Pink Street, Umbrella Street). */
function lane(ctx, o = {}) {
  const W = o.wall ?? "#f3a0b4",
    W2 = o.wall2 ?? "#ea8aa3";
  const qL = (t1, t2, v1, v2) => {
    const p = (tt, v) => [-200 + 670 * tt, (-300 + 530 * tt) * (1 - v) + (1100 - 540 * tt) * v];
    return [p(t1, v1), p(t2, v1), p(t2, v2), p(t1, v2)];
  };
  const qR = (t1, t2, v1, v2) => qL(t1, t2, v1, v2).map(([x, y]) => [1200 - x, y]);
  let s = L.sky(ctx, o.sky ?? "bright") + L.cloud(600, 120, 0.6);
  s +=
    rect(470, 200, 260, 360, o.far ?? "#fbe7c6") +
    rect(560, 420, 80, 140, "#6d8ca3", 4) +
    rect(490, 260, 60, 80, "#fff", 3) +
    rect(650, 260, 60, 80, "#fff", 3) +
    rect(462, 194, 276, 14, "#fff");
  s += poly(
    [
      [-200, 1100],
      [470, 560],
      [730, 560],
      [1400, 1100],
    ],
    o.ground ?? "#f7c6cf",
  );
  s += line("M600 560V1100M535 560L300 1100M665 560L900 1100", "#fff", 4, ' opacity=".35"');
  s +=
    poly(
      [
        [-200, -300],
        [470, 200],
        [470, 560],
        [-200, 1100],
      ],
      W,
    ) +
    poly(
      [
        [1400, -300],
        [730, 200],
        [730, 560],
        [1400, 1100],
      ],
      W2,
    );
  s +=
    poly(
      [
        [-200, -300],
        [470, 200],
        [470, 212],
        [-200, -270],
      ],
      "#fff",
      ' opacity=".8"',
    ) +
    poly(
      [
        [1400, -300],
        [730, 200],
        [730, 212],
        [1400, -270],
      ],
      "#fff",
      ' opacity=".8"',
    );
  for (const [side, q] of [
    ["L", qL],
    ["R", qR],
  ]) {
    for (const [t1, t2] of [
      [0.04, 0.2],
      [0.34, 0.45],
      [0.6, 0.68],
      [0.8, 0.85],
    ]) {
      s +=
        poly(q(t1, t2, 0.6, 0.98), o.door ?? "#f4f0e8") +
        poly(q(t1 + (t2 - t1) * 0.15, t2 - (t2 - t1) * 0.15, 0.64, 0.98), side === "L" ? C.teal : "#3c8fb0");
      s +=
        poly(q(t1, t2, 0.2, 0.42), "#fff") +
        poly(q(t1 + (t2 - t1) * 0.12, t2 - (t2 - t1) * 0.12, 0.23, 0.42), side === "L" ? "#5bb6a8" : "#4a9fc0");
      if (o.balconies !== false) {
        const b = q(t1 - 0.02, t2 + 0.02, 0.4, 0.5);
        s += poly(
          [b[0], b[1], q(t2 + 0.02, t2 + 0.02, 0.44, 0.44)[0], q(t1 - 0.02, t1 - 0.02, 0.44, 0.44)[0]],
          "#2f3440",
          ' opacity=".0"',
        );
        let d = "";
        for (let k = 0; k <= 8; k++) {
          const tt = t1 - 0.02 + ((t2 - t1 + 0.04) * k) / 8,
            top = q(tt, tt, 0.42, 0.5);
          d += t`M${top[0][0]} ${top[0][1]}V${top[3][1]}`;
        }
        const a = q(t1 - 0.02, t2 + 0.02, 0.42, 0.5);
        s +=
          line(d, "#2f3440", 4) +
          line(
            t`M${a[0][0]} ${a[0][1]}L${a[1][0]} ${a[1][1]}M${a[3][0]} ${a[3][1]}L${a[2][0]} ${a[2][1]}`,
            "#2f3440",
            6,
          );
      }
      if (o.pots !== false) {
        const base = q(t2 + 0.03, t2 + 0.03, 1, 1)[0];
        s += L.pottedPlant(base[0], base[1] - 40 * (1 - t2) - 10, 1.4 * (1 - t2 * 0.75), t1 > 0.5 ? C.orange : C.coral);
      }
    }
  }
  if (o.umbrellas) {
    const cols = [C.red, C.yellow, "#2f7fd1", C.palm, C.orange, "#b052c4", C.teal];
    let sh = "";
    for (let row = 5; row >= 0; row--) {
      const tt = row / 6.5,
        sc = 1 - tt * 0.82,
        y = -20 + 200 * tt,
        xl = -200 + 670 * tt,
        xr = 1400 - 670 * tt,
        n = 4 + Math.round(tt * 2);
      for (let i = 0; i < n; i++) {
        const x = xl + ((xr - xl) * (i + 0.5)) / n,
          c = cols[(row * 3 + i) % cols.length];
        s += L.umbrella(x, y + (i % 2) * 18 * sc, 100 * sc, c, (i - n / 2) * 4);
        const gy = 1100 - 540 * tt;
        sh += ell(600 + (x - 600) * 0.9, gy - 40, 70 * sc, 22 * sc, c, ' opacity=".25"');
      }
    }
    s = s.replace(/(<path d="M-200 1100L470 560L730 560L1400 1100Z"[^>]*\/>)/, `$1${sh}`);
  }
  if (o.people)
    for (const [tt, x, c] of o.people) {
      const sc = 1.3 - tt * 1.05,
        y = 1100 - 540 * tt;
      s += L.person(600 + (x - 600) * (1 - tt * 0.7), y - 60, sc, c, C.deep);
    }
  return s;
}
/** Carnival mask (Diablo Cojuelo style). */
export function mask(x, y, s = 1, col = C.red, col2 = C.yellow, horn = "#fff4dc") {
  return g(
    path("M-60 -40C-110 -80 -120 -150 -90 -200C-90 -150 -70 -110 -40 -80z", horn) +
      path("M60 -40C110 -80 120 -150 90 -200C90 -150 70 -110 40 -80z", horn) +
      path("M-80 -60C-80 -110 80 -110 80 -60L70 40C50 100 -50 100 -70 40z", col) +
      path("M-60 -10l40 -10 0 24-36 4zM60 -10l-40 -10 0 24 36 4z", "#1d1d24") +
      path("M-40 40q40 30 80 0l-8 24q-32 20-64 0z", "#fff") +
      path("M-8 0l8 -30 8 30z", col2) +
      circ(-50, -60, 8, "#bfe9f5") +
      circ(0, -76, 8, "#bfe9f5") +
      circ(50, -60, 8, "#bfe9f5") +
      line("M-70 -40q70 -30 140 0", col2, 8),
    tr(x, y, s),
  );
}
function dancer(x, y, s = 1, col = C.red, col2 = C.yellow, mcol = C.orange) {
  let ruff = "";
  for (let i = 0; i < 5; i++) ruff += t`M${-70 - i * 8} ${-180 + i * 44}h${140 + i * 16}l-6 30h${-128 - i * 16}z`;
  return g(
    path("M-60 -200h120l50 220h-220z", col) +
      path(ruff, col2, ' opacity=".9"') +
      path("M-60 -190l-80 60 10 14 80-50zM60 -190l80 -70 12 12-80 76z", col) +
      circ(-136, -124, 12, "#f2f7fa") +
      circ(146, -254, 12, "#f2f7fa") +
      rect(-40, 20, 22, 60, "#2a2a30") +
      rect(18, 20, 22, 60, "#2a2a30") +
      mask(0, -260, 0.62, mcol, col2),
    tr(x, y, s),
  );
}
function barrelEnds(_ctx, x0, y0, rows = 3, cols = 6, r = 80) {
  let o = "";
  for (let rI = 0; rI < rows; rI++)
    for (let c = 0; c < cols - (rI % 2); c++) {
      const x = x0 + c * r * 2.05 + (rI % 2) * r,
        y = y0 - rI * r * 1.8;
      o +=
        circ(x, y, r, "#7a4a2a") +
        circ(x, y, r * 0.86, "#a8693a") +
        line(
          t`M${x - r * 0.86} ${y}h${r * 1.72}M${x - r * 0.7} ${y - r * 0.45}h${r * 1.4}M${x - r * 0.7} ${y + r * 0.45}h${r * 1.4}`,
          "#8a5530",
          4,
        ) +
        circ(x, y, r, "none", ' stroke="#3a2a22" stroke-width="10"') +
        circ(x + r * 0.3, y + r * 0.5, 8, "#3a2a22");
    }
  return o;
}
function barSide(_ctx, wall = "#5b3a2a") {
  return rect(-900, -600, 3000, 2200, wall);
}
function amberPiece(x, y, s = 1, bug = true) {
  return g(
    path("M-40 -30L10 -46 46 -14 36 30-10 44-44 16z", "#e89a22") +
      path("M-30 -22L8 -34 30 -14-4 -2z", "#ffd27a", ' opacity=".7"') +
      (bug
        ? path(
            "M-6 4l10-6 10 6-10 8zM-2 0l-8-8M10 0l8-8M-2 10l-8 6M10 10l8 6",
            "#4a2a10",
            ' stroke="#4a2a10" stroke-width="2"',
          )
        : ""),
    tr(x, y, s),
  );
}
function larimar(x, y, s = 1) {
  return g(
    ell(0, 0, 34, 24, "#7cc8e8") +
      path("M-20 -6q20 -10 40 4M-24 8q24 -8 44 2", "none", ' stroke="#e8f7fd" stroke-width="4"') +
      ell(0, 0, 38, 28, "none", ' stroke="#e6c15a" stroke-width="6"'),
    tr(x, y, s),
  );
}
function gorge(ctx, _o = {}) {
  let s = L.sky(ctx, "morning") + L.hills(160, "#5f9e63", 40, 3) + L.forest(150, "#3d7d4d", 5, -900, 2100, 70);
  s +=
    path("M-900 -600H350C330 -100 300 200 330 560L220 900H-900z", "#cdb894") +
    path("M2100 -600H850C870 -100 900 200 870 560L980 900H2100z", "#bba47e");
  s += canopy(-500, 330, 120, 11) + canopy(870, 1700, 110, 12);
  s += path(
    "M240 400c-30 60-30 140 0 200M180 300c-20 80-10 160 20 220M960 380c30 60 30 140 0 200",
    "none",
    ' stroke="#a68d68" stroke-width="10" opacity=".6"',
  );
  s +=
    L.fern(330, 340, 1.4, C.leaf) +
    L.fern(880, 330, 1.4, C.leaf, -1) +
    L.fern(280, 560, 1, "#5aa84f") +
    L.fern(930, 560, 1, "#5aa84f", -1);
  return s;
}
function canopy(x0, x1, y, seed) {
  const r = rnd(seed);
  let a = "",
    b = "";
  for (let x = x0; x < x1; x += 55) {
    const rr = 45 + r() * 35,
      yy = y + r() * 70;
    a += circ(x, yy, rr, "#2f6e45");
    if (r() > 0.4) b += circ(x - rr * 0.3, yy - rr * 0.3, rr * 0.5, "#4f9a5a");
  }
  for (let x = x0 + 20; x < x1; x += 70) a += circ(x, y + 110 + r() * 60, 40 + r() * 20, "#3a7f4c");
  return a + b;
}
function slider(x, y, s = 1, rot = 0) {
  return g(
    path("M-40 30c0-30 20-60 50-60l40 0c10 20 0 40-10 50z", "#f37b2a") +
      rect(-10, -40, 60, 60, C.orange, 14) +
      circ(30, -64, 26, "#8d5a3b") +
      path("M2 -70a28 28 0 0 1 56 0v6h-56z", "#d62f2f") +
      path("M40 20l60 16-4 14-64-10zM-10 20l-70 20 4 14 70-12z", "#8d5a3b") +
      path("M-40 -10l-40 -30 10 -10 40 26z", "#8d5a3b"),
    tr(x, y, s, rot),
  );
}
function waterfallStream(x, top, bottom, w) {
  return (
    rect(x - w / 2, top, w, bottom - top, "#cfeff0") +
    line(
      t`M${x - w * 0.3} ${top}V${bottom}M${x} ${top}V${bottom}M${x + w * 0.3} ${top}V${bottom}`,
      "#fff",
      10,
      ' stroke-dasharray="60 30" opacity=".85"',
    ) +
    ell(x, bottom, w * 0.9, 26, "#fff", ' opacity=".85"')
  );
}
function pool(ctx, x, y, w, h, shape = 0) {
  const d = shape
    ? t`M${x} ${y}c${w * 0.2} -${h * 0.6} ${w * 0.5} ${h * 0.1} ${w * 0.7} -${h * 0.2}s${w * 0.35} ${h * 0.3} ${w * 0.3} ${h * 0.7}s-${w * 0.5} ${h * 0.4} -${w * 0.8} ${h * 0.2}s-${w * 0.3} -${h * 0.4} -${w * 0.2} -${h * 0.7}z`
    : t`M${x} ${y}h${w}l${h * 0.5} ${h}h-${w + h}z`;
  return (
    path(d, "#eae0cc", ' stroke="#fff" stroke-width="22" stroke-linejoin="round"') +
    path(
      d,
      ctx.lin("pool", [
        ["0", "#7fe3e0"],
        ["1", "#1aa3b5"],
      ]),
    ) +
    L.waves(y + 10, y + h * 0.8, 9, "#fff", 0.5, 6).replace(
      /M(-?\d+) /g,
      (_m0, n) => `M${Math.round(x + ((+n + 150) / 1500) * w * 0.8)} `,
    )
  );
}
function snorkeller(x, y, s = 1, col = C.yellow) {
  return g(
    ell(0, 10, 70, 14, "#fff", ' opacity=".35"') +
      ell(0, 0, 56, 16, col) +
      circ(-40, -4, 16, "#6b4429") +
      rect(-60, -12, 22, 12, "#2c8fd1", 4) +
      line("M-44 -14v-34", "#ffe04a", 6),
    tr(x, y, s),
  );
}
function bus(x, y, s = 1) {
  return g(
    path("M-260 0v-170c0-20 10-30 30-30h400c40 0 70 30 90 80l20 50v70z", "#f7f7f2") +
      rect(-240, -180, 390, 70, "#4b7e9c", 8) +
      line("M-162 -180v70M-84 -180v70M-6 -180v70M72 -180v70", "#f7f7f2", 8) +
      path("M180 -186h20c30 0 50 30 62 70h-82z", "#4b7e9c") +
      rect(-260, -70, 540, 16, C.teal) +
      rect(-260, -40, 540, 10, C.coral) +
      circ(-160, 0, 40, "#2a2a30") +
      circ(160, 0, 40, "#2a2a30") +
      circ(-160, 0, 16, "#ccc") +
      circ(160, 0, 16, "#ccc") +
      rect(250, -50, 30, 20, C.sun, 4),
    tr(x, y, s),
  );
}
function monkey(x, y, s = 1) {
  return g(
    circ(0, 0, 22, "#7a5230") +
      circ(0, 4, 13, "#d9b48a") +
      circ(-22, -4, 8, "#7a5230") +
      circ(22, -4, 8, "#7a5230") +
      ell(0, 44, 22, 28, "#7a5230") +
      line("M20 60q40 20 30 -20", "#7a5230", 6) +
      circ(-5, 0, 3, "#222") +
      circ(5, 0, 3, "#222"),
    tr(x, y, s),
  );
}
function roundTree(x, y, s = 1, col = C.palm, col2 = C.leaf) {
  return g(
    rect(-10, -120, 20, 120, C.trunk) +
      circ(0, -160, 80, col) +
      circ(-50, -120, 50, col) +
      circ(50, -120, 50, col) +
      circ(-20, -190, 30, col2, ' opacity=".5"'),
    tr(x, y, s),
  );
}
function flag(x, y, s = 1) {
  return g(
    line("M0 0V-200", "#eee", 6) + path("M3 -200l80 24-80 24z", C.red) + ell(0, 2, 18, 6, "#1d3b24"),
    tr(x, y, s),
  );
}
function kart(x, y, s = 1, col = C.red, rot = 0) {
  return g(
    rect(-70, -20, 140, 30, col, 12) +
      circ(-50, 14, 18, "#222") +
      circ(50, 14, 18, "#222") +
      circ(0, -36, 16, "#fff") +
      path("M-16 -40a16 16 0 0 1 32 0z", col) +
      rect(-12, -24, 24, 10, "#333"),
    tr(x, y, s, rot),
  );
}
function tyres(x, y, n) {
  let o = "";
  for (let i = 0; i < n; i++) o += circ(x + i * 34, y, 17, "#222") + circ(x + i * 34, y, 7, i % 2 ? C.red : "#fff");
  return o;
}
function safariTruck(x, y, s = 1) {
  let heads = "";
  for (let i = 0; i < 6; i++)
    heads +=
      circ(-180 + i * 56, -150, 18, ["#8d5a3b", "#c58b62", "#6b4429"][i % 3]) +
      rect(-196 + i * 56, -134, 32, 30, [C.coral, C.teal, C.yellow, "#fff", C.pink, C.orange][i], 6);
  return g(
    rect(-240, -260, 430, 14, "#e9d7a6") +
      line("M-236 -246v150M-130 -246v150M-20 -246v150M90 -246v150M186 -246v150", "#e9d7a6", 8) +
      heads +
      rect(-250, -100, 440, 80, "#e06a3a", 8) +
      rect(-250, -70, 440, 8, "#fff", 0, ' opacity=".6"') +
      path("M190 -100h60l40 50v30h-100z", "#e06a3a") +
      path("M200 -92h44l30 40h-74z", "#cfeef6") +
      circ(-150, -10, 38, "#2a2a30") +
      circ(200, -10, 38, "#2a2a30") +
      circ(-150, -10, 14, "#bbb") +
      circ(200, -10, 14, "#bbb"),
    tr(x, y, s),
  );
}
function mangrove(x, y, s = 1) {
  return g(
    path(
      "M-60 0q10 -40 40 -60M60 0q-10 -40 -40 -60M-20 0q4 -30 10 -60M20 0q-4 -30 -10 -60",
      "none",
      ' stroke="#5a4030" stroke-width="8"',
    ) +
      circ(0, -110, 70, "#2f7a45") +
      circ(-60, -90, 46, "#3e8d52") +
      circ(60, -90, 46, "#3e8d52"),
    tr(x, y, s),
  );
}
function camera(x, y, s = 1) {
  return g(
    rect(-170, -100, 340, 200, "#2b2e35", 24) +
      rect(-150, -130, 90, 40, "#2b2e35", 8) +
      rect(-170, -40, 340, 16, "#44474f") +
      circ(20, 0, 92, "#44474f") +
      circ(20, 0, 74, "#1b1d22") +
      circ(20, 0, 50, ctxLens) +
      circ(0, -20, 14, "#fff", ' opacity=".6"') +
      rect(100, -86, 44, 20, "#c94a3a", 4),
    tr(x, y, s),
  );
}
const ctxLens = "#3a6f9a";
function mapSheet(x, y, s = 1, rot = 0) {
  return g(
    poly(
      [
        [-160, -110],
        [-50, -90],
        [50, -110],
        [160, -90],
        [160, 110],
        [50, 90],
        [-50, 110],
        [-160, 90],
      ],
      "#f6efd8",
    ) +
      poly(
        [
          [-50, -90],
          [50, -110],
          [50, 90],
          [-50, 110],
        ],
        "#ebe0bf",
      ) +
      path("M-160 -20c60 -30 100 20 160 -10s100 -40 160 -10v40c-60 -20-100 20-160 30s-100 -20-160 -10z", "#9fd8cf") +
      line("M-120 60c40 -40 80 0 120 -30s80 10 110 -20", C.red, 5, ' stroke-dasharray="12 10"') +
      circ(110, -50, 12, C.red),
    tr(x, y, s, rot),
  );
}
function strawHat(x, y, s = 1) {
  return g(
    circ(0, 0, 150, "#e9c27a") +
      circ(0, 0, 150, "none", ' stroke="#d6a85a" stroke-width="6" stroke-dasharray="8 10"') +
      circ(0, 0, 80, "#f0cf8a") +
      circ(0, 0, 84, "none", ' stroke="#c94a3a" stroke-width="18"') +
      circ(0, 0, 50, "none", ' stroke="#dcb66c" stroke-width="4"'),
    tr(x, y, s),
  );
}
function sunglasses(x, y, s = 1, rot = 0) {
  return g(
    ell(-60, 0, 52, 40, "#1f2f3a") +
      ell(60, 0, 52, 40, "#1f2f3a") +
      line("M-12 -6q12 -12 24 0M-110 -10l-40 -10M110 -10l40 -10", "#1f2f3a", 8) +
      ell(-74, -12, 14, 8, "#fff", ' opacity=".3"') +
      ell(46, -12, 14, 8, "#fff", ' opacity=".3"'),
    tr(x, y, s, rot),
  );
}
function bottleTop(x, y, s = 1, rot = 0) {
  return g(
    rect(-40, -150, 80, 300, "#58b4d6", 36) +
      rect(-28, -190, 56, 46, "#2f6f9a", 10) +
      rect(-40, -40, 80, 70, "#fff", 0, ' opacity=".5"') +
      rect(-24, -130, 12, 240, "#fff", 6, ' opacity=".4"'),
    tr(x, y, s, rot),
  );
}
function banknote(x, y, s = 1, rot = 0, col = "#9ccf8a") {
  return g(
    rect(-120, -55, 240, 110, col, 6) +
      rect(-110, -45, 220, 90, "none", 4, ' stroke="#fff" stroke-width="4" opacity=".6"') +
      circ(40, 0, 30, "#fff", ' opacity=".5"') +
      rect(-90, -20, 80, 12, "#fff", 4, ' opacity=".6"') +
      rect(-90, 4, 50, 10, "#fff", 4, ' opacity=".6"'),
    tr(x, y, s, rot),
  );
}
function rocks(y, seed = 11, col = "#5d5a66", n = 10, x0 = -300, x1 = 1500) {
  const r = rnd(seed);
  let o = "";
  for (let i = 0; i < n; i++) {
    const x = x0 + (i / n) * (x1 - x0) + r() * 40,
      w = 50 + r() * 60;
    o += path(t`M${x - w} ${y}q${w * 0.3} -${w * 0.8} ${w} -${w * 0.7}t${w} ${w * 0.7}z`, i % 2 ? col : "#6e6b78");
  }
  return o;
}
function splash(x, y, s = 1) {
  return g(
    path("M-80 0q4-34 36-32q8-34 40-22q22-28 46 2q34-2 38 52z", "#fff", ' opacity=".92"') +
      circ(-44, -56, 9, "#fff") +
      circ(8, -78, 11, "#fff") +
      circ(56, -60, 8, "#fff") +
      circ(-12, -104, 6, "#fff", ' opacity=".8"') +
      circ(34, -100, 5, "#fff", ' opacity=".8"'),
    tr(x, y, s),
  );
}
/** Malecón promenade: curving walkway with sea wall, palms and strollers. */
function malecon(ctx, o = {}) {
  const sunset = o.time === "sunset";
  let s = L.sky(ctx, sunset ? "sunset" : "day");
  s += sunset ? L.sun(900, 350, 80, "#ffe08a") : L.sun(980, 120, 50) + L.cloud(300, 130, 0.9);
  s += L.mountain(160, 380, 700, 200, sunset ? "#6d4c6e" : "#3f7f5a", sunset ? null : "#6fae77");
  s += L.sea(ctx, 380, sunset ? "sunset" : "day") + (sunset ? L.sunReflection(900, 380) : "") + L.waves(400, 520, 5);
  s += rocks(560, 12, sunset ? "#4a3a4a" : "#5d5a66", 12, 300, 1500) + splash(700, 540, 0.9) + splash(1040, 550, 1.1);
  s +=
    path("M-300 800C100 640 500 560 1500 560V580C600 580 200 660-100 900z", "#efe4cf") +
    path("M-300 800C100 640 500 560 1500 560V548C500 548 100 620-300 780z", sunset ? "#d9b79a" : "#f7f2e8");
  s +=
    path("M-300 1100C0 900 300 700 1500 580L1500 1100z", sunset ? "#c98a7a" : "#e9c9a0") +
    line("M-300 1040C0 860 300 690 1500 590", "#fff", 6, ' opacity=".35" stroke-dasharray="40 30"');
  const palmsAt = [
    [60, 820, 430],
    [380, 690, 300],
    [640, 625, 220],
    [840, 600, 160],
    [1000, 590, 120],
  ];
  for (const [x, y, h] of palmsAt) s += L.palm(x, y, h, -0.12, h / 380);
  s += L.lamp(240, 760, 1.2) + L.lamp(740, 615, 0.6);
  const sil = sunset ? "#3a2a40" : null;
  for (const [x, y, sc, c] of o.people ?? [
    [300, 790, 1.2, C.coral],
    [520, 700, 0.9, C.teal],
    [560, 705, 0.9, C.yellow],
    [900, 630, 0.6, "#fff"],
  ])
    s += sil ? L.silhouette(x, y, sc, sil, (x / 10) % 2 > 1 ? 1 : 0) : L.person(x, y, sc, c);
  return s;
}
function townBay(ctx, o = {}) {
  let s = L.sky(ctx, o.sky ?? "day") + L.sun(1000, 110, 48) + L.cloud(560, 70, 0.8);
  s +=
    L.mountain(620, 520, 1400, 430, "#2f7a4b", "#5fa86a") +
    L.forest(360, "#2f7a4b", 9, 200, 1040, 50).replace(/V1500H200Z/, "V520H200Z");
  if (o.statue !== false) s += L.christ(620, 100, 0.28) + L.cloud(690, 116, 0.55, "#fff", 0.85);
  s += L.hills(520, "#5fa86a", 20, 5) + L.townRow(ctx, 540, 5, -300, 1500, 1);
  for (const x of [40, 260, 480, 760, 980, 1180]) s += L.palm(x, 560, 110, 0.1, 0.45);
  s += L.sea(ctx, 550) + L.waves(570, 780, 6);
  return s;
}
function parkScene(ctx, o = {}) {
  let s = L.sky(ctx, "bright") + L.cloud(200, 110, 0.8) + L.cloud(1000, 80, 0.6);
  s += L.cathedral(600, 560, o.catScale ?? 0.95);
  s +=
    roundTree(120, 600, 1.2, "#3f8a4f") +
    roundTree(1080, 600, 1.2, "#3f8a4f") +
    roundTree(300, 590, 0.9) +
    roundTree(900, 590, 0.9);
  s +=
    L.ground(560, "#8cc46e") + path("M300 800L520 560h160l220 240z", "#eadfc9") + rect(-900, 560, 3000, 14, "#77b05c");
  s += L.gazebo(600, 700, o.gz ?? 0.78);
  s +=
    L.palm(40, 780, 440, 0.12, 1) +
    L.palm(1160, 790, 420, -0.12, 1) +
    L.bench(290, 740, 1) +
    L.bench(910, 740, 1) +
    L.lamp(420, 720, 0.9) +
    L.lamp(780, 720, 0.9);
  return s;
}
function fortScene(ctx, o = {}) {
  let s = L.sky(ctx, "day") + L.sun(980, 120, 48) + L.cloud(260, 110, 0.9);
  s += L.mountain(o.mx ?? 380, 420, 900, 330, "#2f7a4b", "#5fa86a") + L.christ(o.mx ?? 380, 98, 0.15);
  s += L.townRow(ctx, 430, 7, -300, 900, 0.6) + L.sea(ctx, 420) + L.waves(440, 760, 8);
  if (o.lighthouse) s += L.lighthouse(1090, 560, 1);
  s +=
    path("M-300 800C-100 640 300 600 640 610S1000 660 1200 740L1500 900V1200H-300z", "#8e7b62") +
    path("M-300 820C-100 680 300 650 640 650S1000 700 1500 900V1200H-300z", "#d9c79a");
  s +=
    L.fort(ctx, o.fx ?? 560, 680, o.fs ?? 1) +
    L.cannon(330, 500, 0.9, -8) +
    L.cannon(600, 500, 0.9, -6) +
    L.cannon(790, 374, 0.7, -10);
  s += L.palm(1120, 790, 330, -0.15, 0.9) + L.palm(60, 780, 300, 0.15, 0.8);
  return s;
}
function resortScene(ctx, o = {}) {
  let s = L.sky(ctx, "day") + L.sun(980, 110, 48) + L.cloud(300, 90, 0.8);
  if (o.mountain) s += L.mountain(420, 420, 1100, 300, "#3f7f5a", "#6fae77");
  s += L.sea(ctx, 400) + L.waves(410, 470, 2, "#fff", 0.4, 8) + L.sand(470, 14);
  s += o.buildings ?? L.resortBlock(60, 520, 320, 3) + L.resortBlock(820, 520, 300, 2, C.cream, "#e0896a");
  s += rect(-900, 520, 3000, 400, "#eee3cf") + pool(ctx, 260, 580, 640, 150, o.freeform ? 1 : 0);
  for (const x of [120, 180, 960, 1040]) s += L.sunbed(x, 700, 0.9);
  s += L.beachUmbrella(1000, 690, 0.9) + L.beachUmbrella(150, 690, 0.9, C.teal);
  s += L.palm(40, 800, 460, 0.15) + L.palm(1150, 800, 420, -0.18) + L.palm(700, 560, 200, 0.1, 0.6);
  return s;
}
function kitesBay(ctx, o = {}) {
  let kites = "";
  const r = rnd(o.seed ?? 21),
    cols = [
      [C.coral, C.yellow],
      ["#2f7fd1", "#fff"],
      [C.yellow, C.red],
      ["#b052c4", C.pink],
      [C.teal, C.yellow],
      [C.orange, "#fff"],
    ];
  for (let i = 0; i < (o.n ?? 7); i++) {
    const x = 120 + i * 150 + r() * 40,
      y = 80 + r() * 170,
      c = cols[i % cols.length];
    kites += L.kite(x, y, 0.7 + r() * 0.5, c[0], c[1], x + 40, 420 + r() * 80);
  }
  let riders = "";
  for (let i = 0; i < (o.n ?? 7); i++) {
    const x = 160 + i * 150 + rnd(i + 3)() * 40;
    riders += L.kiter(x + 40, 500 + (i % 3) * 22, 0.5, [C.coral, C.teal, C.yellow][i % 3]);
  }
  return beach(ctx, {
    horizon: 360,
    shore: o.shore ?? 610,
    clouds: false,
    sunY: 90,
    after: (o.after ?? "") + kites,
    before: riders,
    palms: o.palms ?? [
      [80, 780, 380, 0.2],
      [1130, 790, 340, -0.2],
    ],
  });
}
function sideDrinks(ctx, items, o = {}) {
  return F.counterScene(ctx, o.wall ?? "#fbe3c4", o.top ?? 600, o) + items;
}

// ================= the catalogue =================
const S = {};
// ---- Pink Street & old town ----
S["/images/articles/pink-street.svg"] = (c) => lane(c, { people: [[0.55, 640, C.teal]] });
S["/images/articles/pink-street-lane.svg"] = (c) => lane(c, { sky: "morning", wall: "#f6b3c2", wall2: "#eb97ab" });
S["/images/listings/landmark-pink-street.svg"] = (c) => lane(c, { ground: "#f29bb0", people: [[0.6, 560, C.yellow]] });
S["/images/articles/pink-street-strollers.svg"] = (c) =>
  lane(c, {
    balconies: false,
    people: [
      [0.25, 520, C.teal],
      [0.35, 700, C.yellow],
      [0.6, 560, "#fff"],
      [0.7, 650, C.coral],
    ],
  });
S["/images/articles/umbrella-street.svg"] = (c) =>
  lane(c, { umbrellas: true, wall: "#fbe0a8", wall2: "#f4cc84", ground: "#e9ddc8", balconies: false, pots: false });
S["/images/articles/photography-umbrella-street.svg"] = (c) =>
  lane(c, {
    umbrellas: true,
    wall: "#a9dcd3",
    wall2: "#8fcdc2",
    ground: "#ece2d0",
    balconies: false,
    pots: false,
    people: [[0.5, 600, C.coral]],
  });
S["/images/articles/pink-street-doorway.svg"] = (_c) =>
  rect(-900, -600, 3000, 2200, "#f3a0b4") +
  rect(-900, 700, 3000, 600, "#e9dccb") +
  rect(360, 40, 480, 680, "#fff") +
  path("M400 720V240a200 170 0 0 1 400 0v480z", "#e76f92") +
  path("M420 720V250a180 150 0 0 1 360 0v470z", "#d9577d") +
  line("M600 100v620M420 420h360", "#c94a70", 8) +
  rect(450, 260, 120, 130, "#e76f92", 6) +
  rect(630, 260, 120, 130, "#e76f92", 6) +
  rect(450, 460, 120, 220, "#e76f92", 6) +
  rect(630, 460, 120, 220, "#e76f92", 6) +
  circ(580, 470, 10, C.gold) +
  L.pottedPlant(250, 640, 2.2, C.orange) +
  L.pottedPlant(950, 640, 2.2, C.coral) +
  L.pottedPlant(110, 650, 1.6, C.teal) +
  L.pottedPlant(1100, 650, 1.6, C.yellow) +
  rect(-900, 700, 3000, 14, "#fff", 0, ' opacity=".5"');
S["/images/articles/pink-street-balcony.svg"] = (c) =>
  L.sky(c, "bright") +
  rect(-900, 100, 3000, 1400, "#f3a0b4") +
  rect(-900, 90, 3000, 24, "#fff") +
  rect(120, 170, 300, 380, "#fff") +
  rect(145, 195, 250, 355, "#3c8fb0") +
  line("M270 195v355", "#fff", 6) +
  rect(780, 170, 300, 380, "#fff") +
  rect(805, 195, 250, 355, "#3c8fb0") +
  line("M930 195v355", "#fff", 6) +
  rect(-900, 540, 3000, 30, "#2f3440") +
  rect(-900, 720, 3000, 22, "#2f3440") +
  bars(-900, 570, 3000, 150, "#2f3440", 8, 40) +
  t`<path d="M-900 600h3000" stroke="#2f3440" stroke-width="6"/>` +
  (() => {
    let d = "";
    for (let x = -880; x < 2100; x += 96) d += t`M${x} 700c0-60 48-60 48-30s48 30 48-30`;
    return line(d, "#2f3440", 5);
  })() +
  rect(-900, 742, 3000, 40, "#fff") +
  L.pottedPlant(300, 540, 1.2, C.coral) +
  L.pottedPlant(980, 540, 1.2, C.orange);
S["/images/articles/pink-street-jewelry.svg"] = (c) =>
  F.counterScene(c, "#f3a0b4", 560, { edge: "#a5683a", front: "#7d4b2a" }) +
  rect(120, 60, 960, 300, "#8a5533", 10) +
  rect(140, 80, 920, 260, "#fbeede", 6) +
  bars(140, 200, 920, 6, "#d9c6a8", 920, 0) +
  [200, 340, 480, 620, 760, 900, 1020]
    .map(
      (x, i) =>
        line(t`M${x} 90q30 70 60 0`, C.gold, 4) +
        (i % 2 ? larimar(x + 30, 180, 0.7) : amberPiece(x + 30, 180, 0.6, false)),
    )
    .join("") +
  rect(200, 460, 800, 110, "#6b4429", 8) +
  rect(220, 470, 760, 90, "#3b2d45", 6) +
  [280, 400, 520, 640, 760, 880]
    .map((x, i) => (i % 2 ? larimar(x, 515, 0.9) : amberPiece(x, 515, 0.8, i === 2)))
    .join("") +
  [270, 930].map((x) => ell(x, 430, 60, 16, C.gold, ' fill-opacity="0" stroke="#e6c15a" stroke-width="10"')).join("");
S["/images/articles/pink-street-coffee.svg"] = (_c) =>
  rect(-900, -600, 3000, 2200, "#f3a0b4") +
  rect(700, 60, 330, 380, "#fff") +
  rect(725, 85, 280, 355, "#3c8fb0") +
  line("M865 85v355", "#fff", 6) +
  L.pottedPlant(250, 470, 1.8, C.coral) +
  ell(600, 640, 560, 150, "#2f3440") +
  ell(600, 620, 560, 150, "#f5efe4") +
  ell(600, 620, 520, 130, "#ece3d2") +
  F.coffeeCup(470, 640, 1.8) +
  F.coffeeCup(770, 600, 1.6) +
  rect(560, 560, 70, 20, "#fff", 4) +
  path("M920 650l70 -20 20 40-70 20z", "#6b4429", ' opacity=".8"');
S["/images/articles/pink-street-souvenirs.svg"] = (_c) =>
  rect(-900, -600, 3000, 2200, "#f3a0b4") +
  rect(80, 40, 1040, 720, "#fff") +
  rect(110, 70, 980, 660, "#fbeede") +
  line("M110 330h980M110 560h980", "#b77945", 16) +
  [180, 290, 400, 510].map((x, i) => F.rumBottle(x, 322, 0.8, [C.rum, "#8a3a12", "#c9761f", "#6b2f10"][i])).join("") +
  [650, 800, 950]
    .map(
      (x, i) =>
        rect(x - 60, 250, 120, 72, ["#7a4a2a", "#5a3520", "#8a5a30"][i], 4) +
        rect(x - 50, 260, 100, 18, C.gold, 2) +
        rect(x - 20, 290, 40, 20, C.cream, 2),
    )
    .join("") +
  [200, 380, 560, 740, 920]
    .map((x, i) => L.dolphin(x, 500, 0.45, -10, [C.coral, C.teal, C.yellow, "#2f7fd1", C.pink][i]))
    .join("") +
  mask(1010, 530, 0.45, C.red, C.yellow) +
  [220, 420, 620, 820, 1000]
    .map(
      (x, i) =>
        rect(x - 50, 600, 100, 110, ["#2bb3a8", "#f2735f", "#ffd95e", "#9b86c9", "#f5963c"][i], 10) +
        circ(x, 650, 26, "#fff", ' opacity=".6"'),
    )
    .join("") +
  rect(80, 40, 1040, 720, "none", 0, ' stroke="#3c8fb0" stroke-width="24"');
// ---- street art ----
const muralWall = (inner, wall = "#f1e4cc") =>
  rect(-900, -600, 3000, 2200, wall) +
  rect(-900, 700, 3000, 600, "#c9bba5") +
  rect(-900, 700, 3000, 12, "#fff", 0, ' opacity=".5"') +
  inner;
S["/images/articles/street-art.svg"] = (_c) =>
  muralWall(
    rect(40, 60, 1000, 640, "#2bb3a8") +
      circ(250, 250, 150, "#f5963c") +
      circ(250, 250, 80, C.yellow) +
      [0, 1, 2, 3, 4, 5]
        .map((i) =>
          ell(
            250 + Math.cos(i) * 150,
            250 + Math.sin(i) * 150,
            60,
            30,
            C.pink,
            t` transform="rotate(${i * 57} ${250 + Math.cos(i) * 150} ${250 + Math.sin(i) * 150})"`,
          ),
        )
        .join("") +
      path("M380 520c60-120 200-140 260-60-60-10-120 10-160 70z", C.palm) +
      path("M600 300c40-30 100-30 140 0l120-40-90 70c-10 40-60 60-110 40l-90 60 30-80c-20-10-20-30 0-50z", "#3c5bd6") +
      path("M740 300l60-60 20 10-70 60z", "#7de0f0") +
      circ(660, 300, 8, "#111") +
      mask(850, 520, 1, C.red, C.yellow) +
      L.fern(120, 690, 1.6, "#ff8cb0") +
      L.fern(1000, 690, 1.6, C.leaf, -1),
  ) +
  rect(1040, -100, 260, 900, "#b9d7ef") +
  rect(1060, 260, 220, 14, "#fff") +
  bars(1060, 274, 220, 70, "#fff", 5, 14) +
  rect(1060, 344, 220, 10, "#fff") +
  rect(1080, 100, 80, 140, "#3c8fb0");
S["/images/articles/street-art-whale.svg"] = (c) =>
  muralWall(
    rect(
      60,
      60,
      1080,
      640,
      c.lin("mw", [
        ["0", "#7fd6e8"],
        ["1", "#1f6f9a"],
      ]),
      20,
    ) +
      L.whale(560, 400, 1.1) +
      L.fishingBoat(880, 140, 1.4, C.coral) +
      line("M880 160v160", "#fff", 2, ' stroke-dasharray="6 6"') +
      L.waves(130, 690, 13, "#fff", 0.5, 20) +
      circ(300, 180, 10, "#fff", ' opacity=".6"') +
      circ(330, 150, 7, "#fff", ' opacity=".6"'),
  );
S["/images/articles/street-art-carnival.svg"] = (_c) =>
  muralWall(
    rect(80, 30, 1040, 670, "#3c2a6b", 10) +
      [0, 1, 2, 3, 4, 5, 6, 7]
        .map((i) =>
          path(
            t`M600 360L${600 + Math.cos(i * 0.785) * 900} ${360 + Math.sin(i * 0.785) * 900}L${600 + Math.cos(i * 0.785 + 0.3) * 900} ${360 + Math.sin(i * 0.785 + 0.3) * 900}z`,
            "#5a3d8c",
          ),
        )
        .join("") +
      dancer(320, 660, 1, C.red, C.yellow, C.orange) +
      dancer(600, 620, 1.15, "#2f7fd1", C.pink, C.red) +
      dancer(880, 660, 1, C.palm, C.orange, C.yellow),
    "#f1e4cc",
  ).replace(/<rect x="80" y="30"/, '<rect x="80" y="30"');
S["/images/articles/street-art-taino.svg"] = (_c) =>
  muralWall(
    (() => {
      let z = "";
      for (let i = 0; i < 14; i++) z += t`M${-200 + i * 100} 700l50 -60 50 60`;
      let sp = "";
      for (let i = 0; i < 16; i++) {
        const a = (i * Math.PI) / 8;
        sp += t`M${600 + Math.cos(a) * 170} ${340 + Math.sin(a) * 170}L${600 + Math.cos(a + 0.2) * 250} ${340 + Math.sin(a + 0.2) * 250}L${600 + Math.cos(a - 0.05) * 190} ${340 + Math.sin(a - 0.05) * 190}z`;
      }
      return (
        path(sp, "#c0392b") +
        circ(600, 340, 160, "#d98a2b") +
        circ(600, 340, 130, "#fbf6ec") +
        circ(545, 310, 26, "none", ' stroke="#c0392b" stroke-width="12"') +
        circ(655, 310, 26, "none", ' stroke="#c0392b" stroke-width="12"') +
        path("M540 400q60 40 120 0", "none", ' stroke="#c0392b" stroke-width="12"') +
        path("M600 320v50", "none", ' stroke="#d98a2b" stroke-width="10"') +
        line(z, "#c0392b", 12) +
        line(z.replace(/700/g, "640").replace(/-60/g, "-40"), "#d98a2b", 8) +
        line(
          "M80 120c0-60 80-60 80 0s-40 40-40 0M1040 120c0-60 80-60 80 0s-40 40-40 0M80 500c0-60 80-60 80 0s-40 40-40 0M1040 500c0-60 80-60 80 0s-40 40-40 0",
          "#d98a2b",
          10,
        ) +
        line("M40 40h1120M40 60h1120", "#c0392b", 8)
      );
    })(),
    "#fbf6ec",
  );
// ---- collage & tips ----
S["/images/articles/puerto-plata-budget.svg"] = (c) =>
  rect(-900, -600, 3000, 2200, C.cream) +
  sceneBox(-300, 0, 896, 396, S["/images/listings/landmark-cable-car.svg"](c)) +
  sceneBox(604, 0, 896, 396, S["/images/listings/landmark-fortress.svg"](c)) +
  sceneBox(-300, 404, 896, 396, S["/images/articles/pink-street-doorway.svg"](c)) +
  sceneBox(604, 404, 896, 396, beach(c, { clouds: false, palms: [[200, 760, 420, 0.25]] }));
S["/images/articles/travel-tips.svg"] = (c) =>
  F.towel(c) +
  strawHat(330, 280, 1.2) +
  sunglasses(760, 190, 1.1, -12) +
  mapSheet(820, 520, 1.3, 8) +
  bottleTop(120, 560, 1, -20) +
  banknote(440, 620, 1, 10, "#f29a7a") +
  banknote(480, 580, 1, -6, "#9ccf8a") +
  banknote(1080, 250, 0.9, 80, "#8fb8e8");
S["/images/articles/travel-tips-guagua.svg"] = (c) =>
  L.sky(c, "day") +
  L.sun(980, 110, 44) +
  L.cloud(300, 120, 0.9) +
  L.hills(480, "#6fae77", 50, 2) +
  L.ground(520, "#9ccf7a") +
  rect(-900, 600, 3000, 160, "#6b6f78") +
  line("M-900 680h3000", "#fff", 8, ' stroke-dasharray="60 40"') +
  rect(-900, 760, 3000, 400, "#d9c79a") +
  L.palm(90, 620, 400, 0.15) +
  L.palm(1120, 630, 380, -0.15) +
  L.palm(880, 560, 220, 0.1, 0.6) +
  bus(560, 690, 1.1) +
  L.person(930, 770, 1.1, C.coral) +
  L.person(1010, 772, 1.05, C.teal, C.deep, "#6b4429", "#e9c27a") +
  L.person(860, 776, 0.95, C.yellow) +
  rect(1060, 600, 10, 170, "#444") +
  rect(1030, 590, 70, 40, "#2f7fd1", 6);
// ---- beaches ----
S["/images/articles/beaches-puerto-plata.svg"] = (c) =>
  beach(c, {
    palms: [
      [120, 760, 460, 0.3],
      [260, 790, 360, 0.35, 0.8],
      [1100, 780, 420, -0.25],
    ],
    shore: 560,
    after: L.beachUmbrella(760, 690, 0.9, C.coral) + L.sunbed(860, 710, 0.9),
  });
S["/images/articles/beaches-playa-dorada.svg"] = (c) =>
  beach(c, {
    shore: 520,
    tilt: 60,
    sunX: 1040,
    before: L.resortBlock(880, 470, 220, 2) + L.resortBlock(1060, 470, 180, 2, "#fde7c8"),
    palms: [
      [100, 780, 420, 0.2],
      [380, 640, 220, 0.1, 0.6],
      [700, 560, 140, 0.1, 0.4],
      [840, 520, 100, 0.1, 0.3],
    ],
  }).replace(/<path d="M-900 560/, '<path d="M-900 560');
S["/images/articles/beaches-cabarete-kites.svg"] = (c) =>
  kitesBay(c, { after: L.thatch(240, 720, 1) + L.thatch(960, 730, 0.9) });
S["/images/cards/cabarete-resorts.svg"] = (c) =>
  kitesBay(c, {
    n: 6,
    seed: 5,
    after: L.resortBlock(700, 640, 300, 2) + L.resortBlock(320, 650, 240, 2, "#fde7c8", "#e0896a"),
  });
S["/images/listings/tour-5.svg"] = (c) => kitesBay(c, { n: 4, seed: 9, shore: 680, palms: [[100, 790, 300, 0.2]] });
S["/images/listings/resort-5.svg"] = (c) =>
  kitesBay(c, {
    n: 5,
    seed: 13,
    shore: 600,
    palms: [[1150, 790, 320, -0.2]],
    after:
      rect(-900, 660, 3000, 300, "#c98b55") +
      bars(-900, 600, 3000, 60, "#fff", 6, 22) +
      rect(-900, 596, 3000, 8, "#fff") +
      rect(180, 620, 120, 40, C.coral, 20) +
      rect(360, 624, 120, 36, C.teal, 20) +
      ell(780, 720, 110, 20, "#eee") +
      rect(770, 720, 20, 60, "#999") +
      F.tumbler(740, 712, 0.5, C.orange, 0.7),
  });
S["/images/cards/sosua-resorts.svg"] = (c) =>
  L.sky(c, "day") +
  L.sun(980, 110, 48) +
  L.cloud(300, 110, 0.8) +
  L.sea(c, 360) +
  L.waves(380, 560, 4) +
  path("M-900 360H160C260 360 240 520 420 600S820 600 960 520 980 360 1060 360H2100V1200H-900z", "#6e9d5c") +
  path("M-900 420H100C200 420 200 560 400 640S820 660 1000 560 1040 420 1120 420H2100V1200H-900z", "#a8835a") +
  path("M320 660C500 720 760 720 900 640L980 1200H240z", C.sand) +
  L.resortBlock(-60, 400, 200, 2, C.cream) +
  L.resortBlock(1060, 400, 200, 3, "#fde7c8") +
  L.resortBlock(140, 470, 120, 1, "#f6b6a4") +
  L.fishingBoat(520, 520, 1, C.coral) +
  L.fishingBoat(700, 480, 0.9, "#2f7fd1") +
  L.fishingBoat(620, 590, 1.1, C.yellow) +
  L.palm(300, 680, 200, 0.1, 0.6) +
  L.palm(960, 660, 200, -0.1, 0.6);
// ---- waterfalls ----
S["/images/articles/27-charcos.svg"] = (c) =>
  gorge(c) +
  path("M300 200C420 260 520 420 560 560L700 600C640 420 520 260 380 180z", "#e6d6b4") +
  path("M330 200C440 270 530 420 570 560l60 20C580 420 500 280 370 190z", "#bfe9ea") +
  line("M360 210C460 280 540 420 590 570", "#fff", 6, ' stroke-dasharray="30 24" opacity=".9"') +
  ell(
    620,
    660,
    420,
    120,
    c.lin("pl", [
      ["0", "#4fd1c5"],
      ["1", "#14859a"],
    ]),
  ) +
  L.waves(600, 740, 17, "#fff", 0.5, 8) +
  slider(520, 470, 1, 32) +
  splash(640, 600, 1);
S["/images/videos/27-charcos.svg"] = S["/images/articles/27-charcos.svg"];
S["/images/articles/27-charcos-la-virgen.svg"] = (c) =>
  gorge(c) +
  waterfallStream(600, 170, 590, 150) +
  ell(
    600,
    680,
    440,
    130,
    c.lin("pl", [
      ["0", "#4fd1c5"],
      ["1", "#14859a"],
    ]),
  ) +
  L.waves(600, 760, 17, "#fff", 0.5, 10) +
  rect(500, 160, 200, 20, "#a68d68", 10) +
  L.fern(460, 200, 1.1, C.leaf) +
  L.fern(740, 200, 1.1, C.leaf, -1);
S["/images/listings/tour-2.svg"] = (c) =>
  gorge(c) +
  waterfallStream(520, 220, 560, 110) +
  ell(
    600,
    680,
    440,
    130,
    c.lin("pl", [
      ["0", "#4fd1c5"],
      ["1", "#14859a"],
    ]),
  ) +
  slider(560, 520, 0.8, 30) +
  slider(760, 640, 0.6, 0) +
  splash(620, 620, 0.8);
// ---- Mount Isabel ----
S["/images/articles/mount-isabel-de-torres.svg"] = (c) => townBay(c);
S["/images/articles/puerto-plata-travel-guide.svg"] = (c) =>
  townBay(c) + L.boat(300, 690, 0.8) + L.fishingBoat(800, 640, 0.9) + L.catamaran(1000, 740, 0.55);
S["/images/articles/mount-isabel-cable-car.svg"] = (c) =>
  L.sky(c, "bright") +
  L.cloud(900, 120, 0.9) +
  L.sea(c, 620) +
  (() => {
    let grid = "";
    for (let i = 0; i < 30; i++)
      grid += rect(
        -100 + (i % 10) * 60,
        560 + Math.floor(i / 10) * 20,
        46,
        14,
        ["#f7f1e3", "#f6b6a4", "#9fd8cf", "#fbe3a0"][i % 4],
      );
    return grid;
  })() +
  path("M-300 560C200 520 500 300 700 100S1100 -100 1500 -200V1200H900C800 900 600 700 450 600z", "#2f7a4b") +
  path("M-300 560C200 520 500 300 700 100L760 120C560 330 300 560 100 640z", "#5fa86a", ' opacity=".6"') +
  L.forest(400, "#3e8d52", 4, 600, 1500, 60) +
  line("M-100 640L1400 -60", C.ink, 4) +
  line("M-100 700L1400 0", C.ink, 4) +
  L.cableCar(420, 480, 1.1, C.red) +
  L.cableCar(820, 330, 0.9, C.yellow);
S["/images/listings/landmark-cable-car.svg"] = (c) =>
  L.sky(c, "day") +
  L.sun(1040, 120, 44) +
  L.mountain(800, 700, 1300, 640, "#2f7a4b", "#5fa86a") +
  L.sea(c, 700) +
  L.townRow(c, 720, 3, -300, 500, 0.8) +
  line("M-100 700L900 80", C.ink, 4) +
  L.cableCar(420, 460, 1.1, C.red) +
  L.christ(800, 78, 0.22);
S["/images/articles/mount-isabel-christ-statue.svg"] = (c) =>
  L.sky(c, "bright") +
  L.cloud(200, 200, 1.2) +
  L.cloud(1000, 160, 1) +
  L.cloud(820, 420, 0.7, "#fff", 0.8) +
  L.sea(c, 470) +
  path("M-300 470H200C300 500 400 560 500 560S800 520 1500 540V1200H-300z", "#4c8f5e") +
  L.waves(480, 540, 3, "#fff", 0.4, 6) +
  L.hills(640, "#7cc36b", 30, 8) +
  L.christ(600, 660, 2.2) +
  L.bush(180, 700, 1.2) +
  L.bush(1020, 700, 1.1, C.palm, C.pink);
// ---- Malecón ----
S["/images/articles/the-malecon.svg"] = (c) => malecon(c, { time: "sunset" });
S["/images/articles/photography-malecon-golden-hour.svg"] = (c) =>
  malecon(c, {
    time: "sunset",
    people: [
      [280, 790, 1.3],
      [420, 740, 1.1],
      [470, 745, 1.1],
      [700, 680, 0.8],
      [860, 640, 0.6],
    ],
  });
S["/images/articles/malecon-walkway.svg"] = (c) => malecon(c);
S["/images/listings/landmark-malecon.svg"] = (c) =>
  malecon(c, { people: [[520, 700, 0.9, C.coral]] }) + L.bench(380, 760, 1.3);
S["/images/articles/malecon-carnival.svg"] = (c) =>
  L.sky(c, "bright") +
  L.sea(c, 430) +
  L.waves(440, 520, 6) +
  rect(-900, 520, 3000, 40, "#f7f2e8") +
  rect(-900, 560, 3000, 600, "#e9c9a0") +
  L.palm(80, 560, 380, 0.1) +
  L.palm(1120, 560, 360, -0.1) +
  L.palm(600, 540, 300, 0.05, 0.8) +
  [0, 1, 2, 3, 4, 5, 6]
    .map(
      (i) =>
        line(t`M${-100 + i * 220} 60q110 60 220 0`, [C.red, C.yellow, "#2f7fd1", C.palm][i % 4], 4) +
        path(t`M${-60 + i * 220} 78l10 24 10-24z`, [C.coral, C.teal, C.yellow][i % 3]),
    )
    .join("") +
  dancer(270, 760, 1.1, C.red, C.yellow, C.orange) +
  dancer(600, 780, 1.2, "#2f7fd1", C.pink, C.red) +
  dancer(930, 760, 1.1, C.orange, "#7fd6e8", C.yellow);
// ---- Central park & Victorian ----
S["/images/articles/central-park.svg"] = (c) => parkScene(c);
S["/images/cards/puerto-plata-landmarks-museums.svg"] = (c) => parkScene(c, { gz: 0.85 });
S["/images/listings/landmark-cathedral.svg"] = (c) => parkScene(c, { catScale: 1.1, gz: 0.6 });
S["/images/articles/central-park-gazebo.svg"] = (c) =>
  L.sky(c, "bright") +
  L.cloud(260, 120, 0.9) +
  roundTree(150, 640, 1.5, "#3f8a4f") +
  roundTree(1050, 640, 1.5, "#3f8a4f") +
  L.ground(600, "#8cc46e") +
  ell(600, 700, 420, 60, "#eadfc9") +
  L.gazebo(600, 720, 1.35) +
  L.palm(30, 800, 460, 0.12) +
  L.palm(1170, 800, 440, -0.12) +
  L.bench(230, 760, 1.2) +
  L.bench(970, 760, 1.2);
S["/images/articles/central-park-victorian-houses.svg"] = (c) =>
  L.sky(c, "bright") +
  L.cloud(900, 100, 0.7) +
  L.victorian(c, -120, 660, 420, 420, "#f6b6a4", "#fff", { shutter: "#3c8fb0" }) +
  L.victorian(c, 330, 660, 400, 440, "#9fd8cf", "#fff", { shutter: "#e76f92", roofCol: "#6d8ca3" }) +
  L.victorian(c, 760, 660, 420, 410, "#fbe3a0", "#fff", { shutter: C.palm }) +
  L.victorian(c, 1210, 660, 400, 420, "#c9b6e4", "#fff") +
  rect(-900, 660, 3000, 30, "#ddd3c4") +
  rect(-900, 690, 3000, 600, "#8a8f99") +
  L.lamp(310, 680, 1.2) +
  L.lamp(740, 680, 1.2) +
  L.palm(1140, 720, 300, -0.1, 0.8);
S["/images/listings/landmark-house-museum.svg"] = (c) =>
  L.sky(c, "day") +
  L.sun(1040, 110, 40) +
  L.ground(660, "#8cc46e") +
  L.victorian(c, 250, 660, 700, 470, "#f7f1e3", "#fff", { shutter: "#3c8fb0", roofCol: "#b5503f", door: "#6b4429" }) +
  rect(-900, 660, 3000, 20, "#ddd3c4") +
  L.palm(100, 720, 420, 0.12) +
  L.pottedPlant(200, 680, 1.2) +
  roundTree(1080, 700, 1.2);
S["/images/articles/photography-puerto-plata.svg"] = (c) =>
  L.sky(c, "bright") +
  L.victorian(c, -100, 900, 1400, 820, "#f6b6a4", "#fff", { shutter: "#3c8fb0", roof: 60 }) +
  rect(-900, -600, 3000, 2200, "#fff", 0, ' opacity=".18"') +
  L.hand(390, 760, 1.5, 10) +
  L.hand(810, 760, 1.5, -10)
    .replace("translate(", "translate(")
    .replace(/scale\(1.5\)/, "scale(-1.5 1.5)") +
  camera(600, 500, 1.25);
// ---- Fortress ----
S["/images/articles/fort-san-felipe.svg"] = (c) => fortScene(c, { lighthouse: true });
S["/images/articles/fort-san-felipe-walls.svg"] = (c) =>
  L.sky(c, "day") +
  L.sun(240, 120, 48) +
  L.cloud(900, 120, 0.8) +
  L.sea(c, 380) +
  L.waves(400, 780, 9) +
  rocks(720, 5, "#5d5a66", 9, 100, 1100) +
  splash(260, 700, 1) +
  splash(1000, 700, 1) +
  L.fort(c, 600, 690, 0.95) +
  L.cannon(380, 510, 0.9, -10) +
  L.cannon(640, 510, 0.9, -10) +
  L.cannon(820, 390, 0.7, -10);
S["/images/listings/landmark-fortress.svg"] = (c) =>
  L.sky(c, "day") +
  L.sea(c, 420) +
  L.waves(440, 700, 7) +
  rect(
    -900,
    520,
    3000,
    600,
    c.lin("stone", [
      ["0", "#d6b488"],
      ["1", "#a98259"],
    ]),
  ) +
  path(
    (() => {
      let m = "";
      for (let i = 0; i < 14; i++) m += t`M${-300 + i * 130} 520v-60h70v60z`;
      return m;
    })(),
    "#c49b6c",
  ) +
  L.cannon(540, 540, 2.2, -8) +
  L.lighthouse(1000, 420, 0.8);
S["/images/articles/fort-san-felipe-view.svg"] = (c) =>
  L.sky(c, "bright") +
  L.cloud(200, 110, 0.8) +
  L.mountain(700, 420, 1200, 340, "#2f7a4b", "#5fa86a") +
  L.christ(700, 86, 0.16) +
  L.townRow(c, 440, 4, -300, 1500, 0.7) +
  L.sea(c, 440) +
  L.waves(460, 580, 4) +
  rect(
    -900,
    600,
    3000,
    600,
    c.lin("stone", [
      ["0", "#d6b488"],
      ["1", "#a98259"],
    ]),
  ) +
  path(
    (() => {
      let m = "";
      for (let i = 0; i < 14; i++) m += t`M${-300 + i * 130} 600v-50h70v50z`;
      return m;
    })(),
    "#c49b6c",
  ) +
  L.person(360, 720, 1.8, C.coral, C.deep, "#6b4429", "#e9c27a") +
  L.person(520, 730, 1.7, C.teal) +
  L.person(860, 730, 1.8, C.yellow, "#6d4c6e");
// ---- Rum ----
const rumRoom = (c, x = 80) =>
  barSide(c) +
  barrelEnds(c, x, 420, 3, 7, 84) +
  rect(
    -900,
    -600,
    3000,
    2200,
    c
      .rad("lamp", [
        ["0", "#ffcf7a", 0.35],
        ["1", "#ffcf7a", 0],
      ])
      .replace("url", "url"),
    0,
    "",
  ).replace(
    /<rect x="-900" y="-600" width="3000" height="2200" fill="url\(#lamp\)"\/>/,
    ell(600, 100, 800, 500, "url(#lamp)"),
  );
S["/images/articles/macorix-house-of-rum.svg"] = (c) =>
  rumRoom(c) +
  rect(-900, 560, 3000, 40, "#b06f3e") +
  rect(-900, 600, 3000, 600, "#7d4b2a") +
  rect(-900, 560, 3000, 8, "#fff", 0, ' opacity=".25"') +
  F.snifter(420, 570, 1.5, "#e0a040") +
  F.snifter(600, 570, 1.5, C.rum) +
  F.snifter(780, 570, 1.5, "#7a3510");
S["/images/listings/landmark-rum-museum.svg"] = (c) =>
  rumRoom(c, 40) +
  rect(-900, 580, 3000, 40, "#b06f3e") +
  rect(-900, 620, 3000, 600, "#7d4b2a") +
  F.tumbler(460, 590, 1.2, "#e0a040") +
  F.tumbler(640, 590, 1.2, C.rum, 0.6) +
  F.rumBottle(860, 590, 0.9);
S["/images/articles/macorix-barrels.svg"] = (c) =>
  barSide(c, "#4a2e22") +
  barrelEnds(c, -40, 470, 3, 5, 92) +
  ell(
    300,
    100,
    600,
    400,
    c.rad("lamp", [
      ["0", "#ffcf7a", 0.35],
      ["1", "#ffcf7a", 0],
    ]),
  ) +
  rect(760, 420, 600, 40, "#b06f3e") +
  rect(760, 460, 600, 800, "#7d4b2a") +
  F.rumBottle(860, 430, 0.8) +
  F.rumBottle(980, 430, 0.8, "#8a3a12") +
  F.rumBottle(1100, 430, 0.8, "#c9761f") +
  circ(1000, 0, 40, "#ffcf7a") +
  line("M1000 -600v560", "#222", 4);
S["/images/articles/macorix-cocktail-workshop.svg"] = (c) =>
  F.counterScene(c, "#5b3a2a", 580, { edge: "#b06f3e", front: "#7d4b2a" }) +
  barrelEnds(c, -60, 360, 2, 3, 80).replace(/<circle/g, '<circle opacity=".6"') +
  F.shaker(640, 590, 1.3) +
  g(F.rumBottle(0, 0, 1.1), "translate(470 230) rotate(-120)") +
  line("M520 370Q600 390 620 330", "#d9892b", 10, ' stroke-linecap="round"') +
  F.lime(880, 590, 1) +
  F.lime(960, 598, 0.9) +
  F.mint(1060, 580, 1.4) +
  L.hand(340, 330, 1.3, 60);
S["/images/listings/landmark-distillery.svg"] = (_c) =>
  rect(-900, -600, 3000, 2200, "#394452") +
  rect(100, 80, 1000, 560, "#dfe9ee") +
  rect(120, 100, 960, 520, "#b9cdd6") +
  rect(120, 100, 960, 200, "#c9dbe2") +
  rect(-100, 470, 1400, 30, "#5a6470") +
  line("M-100 520h1400", "#2f3640", 20, ' stroke-dasharray="20 16"') +
  [0, 1, 2, 3, 4, 5, 6, 7].map((i) => F.rumBottle(170 + i * 125, 470, 0.55, i % 3 ? C.rum : "#c9761f")).join("") +
  line("M600 100v520M120 360h960", "#394452", 16) +
  rect(100, 640, 1000, 30, "#2b323c") +
  line("M-900 700h3000", "#2b323c", 60);
// ---- Amber ----
S["/images/listings/landmark-amber.svg"] = (c) =>
  rect(-900, -600, 3000, 2200, "#3a2a2a") +
  ell(
    600,
    300,
    700,
    360,
    c.rad("lamp", [
      ["0", "#ffcf7a", 0.35],
      ["1", "#ffcf7a", 0],
    ]),
  ) +
  rect(140, 120, 920, 500, "#fdf4e0", 10) +
  rect(140, 120, 920, 500, "#dfeef2", 10, ' opacity=".25"') +
  rect(140, 440, 920, 180, "#6b4429") +
  rect(160, 420, 880, 30, "#f3e3c3") +
  [250, 420, 600, 780, 950].map((x, i) => amberPiece(x, 360 + (i % 2) * 10, 1.6, i !== 1)).join("") +
  [330, 690, 870].map((x) => amberPiece(x, 250, 1, false)).join("") +
  path("M140 120l300 500h-120l-180 -300z", "#fff", ' opacity=".25"') +
  rect(130, 110, 940, 520, "none", 10, ' stroke="#2a1e1a" stroke-width="20"') +
  rect(-900, 640, 3000, 800, "#2a1e1a");
// ---- Resorts ----
S["/images/cards/puerto-plata-resorts.svg"] = (c) => resortScene(c, { mountain: true });
S["/images/listings/resort-1.svg"] = (c) => resortScene(c, { buildings: "" });
S["/images/listings/resort-3.svg"] = (c) =>
  resortScene(c, {
    freeform: true,
    buildings:
      L.resortBlock(-60, 540, 380, 3, "#fde7c8") +
      L.resortBlock(360, 540, 420, 2) +
      L.resortBlock(820, 540, 380, 3, "#f7f1e3", "#e0896a"),
  });
S["/images/listings/resort-2.svg"] = (c) =>
  L.sky(c, "day") +
  L.sun(260, 130, 44) +
  L.sea(c, 430) +
  L.waves(450, 560, 3) +
  L.victorian(c, 560, 600, 520, 360, "#fbfaf6", "#fff", { shutter: "#6d8ca3", roofCol: "#7f8e99" }) +
  rect(-900, 600, 3000, 600, "#eee3cf") +
  rect(
    -200,
    620,
    1000,
    60,
    c.lin("pool", [
      ["0", "#7fe3e0"],
      ["1", "#1aa3b5"],
    ]),
  ) +
  rect(-200, 616, 1000, 6, "#fff") +
  L.sunbed(300, 740, 1) +
  L.sunbed(480, 740, 1) +
  L.palm(1100, 800, 420, -0.12) +
  L.pottedPlant(520, 610, 1);
S["/images/listings/resort-4.svg"] = (c) =>
  L.sky(c, "day") +
  L.sun(980, 110, 44) +
  L.sea(c, 520) +
  L.waves(540, 800, 4) +
  path("M-300 300C100 280 400 420 700 520S1000 600 1100 800H-300z", "#5fa86a") +
  path("M-300 420C100 420 400 520 600 600S900 700 1000 800H-300z", "#4c8f5e") +
  [
    [100, 380, 1],
    [320, 460, 0.9],
    [520, 560, 0.8],
    [180, 600, 1.1],
    [420, 700, 1],
  ]
    .map(([x, y, s]) =>
      g(
        rect(-70, -70, 140, 70, "#fbefe0") +
          path("M-86 -70h172l-30 -44h-112z", "#c9613f") +
          rect(-50, -56, 36, 40, C.teal) +
          rect(14, -56, 36, 40, C.teal) +
          rect(-80, -10, 160, 10, "#fff"),
        tr(x, y, s),
      ),
    )
    .join("") +
  L.palm(30, 700, 300, 0.1, 0.8) +
  L.palm(640, 620, 240, 0.1, 0.7) +
  L.palm(260, 540, 160, 0.1, 0.5) +
  L.fishingBoat(900, 640, 1);
S["/images/listings/resort-6.svg"] = (c) =>
  L.sky(c, "morning") +
  L.sun(900, 150, 50) +
  L.forest(300, "#3e8d52", 6, -900, 2100, 90) +
  L.ground(560, "#7fb25e") +
  L.thatch(300, 560, 1.8) +
  L.thatch(900, 570, 1.5) +
  pool(c, 420, 640, 300, 80, 1) +
  line("M40 520q120 80 240 0", "#e6c88a", 14) +
  line("M40 520q120 80 240 0", "#d9553f", 4, ' stroke-dasharray="12 8"') +
  rect(30, 440, 12, 240, C.trunk) +
  rect(280, 440, 12, 240, C.trunk) +
  roundTree(60, 790, 1.5) +
  L.palm(1150, 800, 420, -0.15) +
  L.fern(600, 560, 1.2);
// ---- Golf ----
const golf = (c, o = {}) =>
  L.sky(c, "bright") +
  L.sun(1000, 120, 46) +
  L.cloud(300, 120, 0.8) +
  (o.sea !== false
    ? L.sea(c, 420) + L.waves(430, 480, 3, "#fff", 0.4, 6)
    : L.hills(430, "#5f9e63", 60, 7) + L.hills(470, "#4c8f5e", 40, 8)) +
  path("M-900 480C0 440 600 470 2100 450V1200H-900z", "#7cc36b") +
  path("M-900 560C0 500 700 540 2100 520V1200H-900z", "#5fb05a") +
  ell(640, 620, 280, 70, "#8fd66f") +
  ell(300, 700, 130, 34, C.sand) +
  flag(700, 620, 1.2) +
  circ(640, 640, 10, "#fff") +
  (o.mango
    ? roundTree(120, 620, 1.3, "#2f7a45", "#f5a53a") +
      roundTree(1060, 600, 1.1, "#2f7a45", "#f5a53a") +
      roundTree(920, 540, 0.7, "#2f7a45")
    : L.palm(100, 760, 420, 0.15) + L.palm(1100, 760, 380, -0.15) + L.palm(960, 540, 200, -0.1, 0.5));
S["/images/cards/puerto-plata-golf-courses.svg"] = (c) => golf(c);
S["/images/listings/golf-1.svg"] = (c) => golf(c).replace('fill="#8fd66f"', 'fill="#9be07a"');
S["/images/listings/golf-2.svg"] = (c) => golf(c, { sea: false, mango: true });
// ---- Tours ----
S["/images/cards/tours-excursions-puerto-plata.svg"] = (c) =>
  beach(c, {
    horizon: 380,
    shore: null,
    mountain: [160, 700, 220],
    palms: [],
    after: L.catamaran(640, 620, 1.3) + L.waves(640, 760, 14, "#fff", 0.6, 10),
  });
S["/images/listings/tour-3.svg"] = (c) =>
  L.sky(c, "bright") +
  L.sun(1000, 110, 44) +
  L.cloud(300, 110, 0.8) +
  L.sea(c, 360) +
  rect(
    -900,
    460,
    3000,
    800,
    c.lin("shallow", [
      ["0", "#2bb3a8"],
      ["1", "#c8f1ea"],
    ]),
  ) +
  ell(900, 700, 420, 50, C.sand) +
  L.catamaran(420, 540, 1) +
  snorkeller(760, 620, 0.9) +
  snorkeller(620, 700, 0.9, C.coral) +
  snorkeller(250, 720, 0.8, "#2f7fd1") +
  L.palm(1080, 690, 160, -0.1, 0.5);
S["/images/listings/tour-1.svg"] = (c) =>
  L.sky(c, "day") +
  L.cloud(900, 110, 0.8) +
  L.palm(100, 500, 380, 0.15) +
  L.palm(1100, 500, 360, -0.15) +
  L.ground(420, "#6fae77") +
  rect(
    -900,
    460,
    3000,
    800,
    c.lin("lag", [
      ["0", "#4fd1c5"],
      ["1", "#1a94a8"],
    ]),
  ) +
  L.waves(480, 780, 12) +
  rect(-900, 440, 3000, 26, "#f3ead8") +
  rect(-900, 600, 560, 40, "#a8703f") +
  bars(-900, 640, 560, 150, "#7a4a2a", 16, 90) +
  L.dolphin(620, 440, 1.2, -25) +
  L.dolphin(880, 520, 1.1, 20, "#4a7fa3") +
  splash(560, 560, 1.1) +
  splash(940, 600, 0.9) +
  L.person(180, 600, 1.1, C.yellow);
S["/images/listings/tour-4.svg"] = (c) =>
  L.sky(c, "day") +
  L.sun(980, 110, 44) +
  L.hills(420, "#6fae77", 50, 3) +
  L.ground(470, "#8cc46e") +
  path("M-300 800C200 700 600 600 1500 560V620C700 640 400 700 0 900z", "#c9a77c") +
  roundTree(120, 480, 1.3, "#2f7a45") +
  roundTree(1080, 470, 1.2, "#2f7a45") +
  monkey(60, 300, 0.9) +
  monkey(1120, 300, 0.8) +
  monkey(170, 380, 0.7) +
  safariTruck(620, 720, 1.1) +
  L.palm(920, 520, 220, -0.1, 0.6);
S["/images/listings/tour-6.svg"] = (c) =>
  L.sky(c, "morning") +
  path("M-900 -600H260C320 -100 360 200 300 520H-900z", "#cdbd9a") +
  path("M-20 520c0-140 60-240 160-240s150 100 150 240z", "#2b2320") +
  L.forest(160, "#3e8d52", 9, 200, 2100, 80) +
  rect(
    -900,
    500,
    3000,
    800,
    c.lin("mang", [
      ["0", "#3fa6a0"],
      ["1", "#1a6f80"],
    ]),
  ) +
  L.waves(520, 780, 16, "#fff", 0.3) +
  mangrove(500, 520, 1) +
  mangrove(760, 520, 1.2) +
  mangrove(1040, 520, 1) +
  L.fishingBoat(620, 660, 1.8, "#f7f7f2") +
  L.person(620, 640, 0.8, C.coral) +
  L.person(560, 640, 0.8, C.teal);
S["/images/listings/tour-7.svg"] = (c) =>
  L.sky(c, "bright") +
  L.cloud(300, 110, 0.8) +
  L.hills(380, "#4c8f5e", 60, 6) +
  L.sea(c, 380) +
  L.waves(400, 780, 21) +
  L.whaleTail(480, 560, 1.8) +
  splash(480, 690, 1.5) +
  L.boat(930, 560, 1.3) +
  L.person(940, 520, 0.5, C.orange);
S["/images/listings/tour-8.svg"] = (c) =>
  L.sky(c, "day") +
  L.sun(1000, 110, 40) +
  L.hills(380, "#6fae77", 40, 3) +
  L.ground(400, "#8cc46e") +
  ell(600, 600, 620, 230, "#4a4e57") +
  ell(600, 600, 400, 110, "#8cc46e") +
  line("M-20 600a620 230 0 0 1 1240 0", "#fff", 6, ' stroke-dasharray="30 20"') +
  tyres(120, 380, 10) +
  tyres(600, 820, 12) +
  kart(300, 720, 1, C.red, 10) +
  kart(620, 780, 1, "#2f7fd1", -2) +
  kart(960, 700, 1, C.yellow, -12) +
  L.palm(80, 500, 260, 0.1, 0.7) +
  L.palm(1120, 500, 260, -0.1, 0.7);

// ---- Food: drinks ----
S["/images/recipes/perfect-pina-colada-recipe.svg"] = (c) =>
  beach(c, { horizon: 330, shore: 480, palms: [[1080, 560, 360, -0.2, 0.9]], sunX: 240, sunY: 110 }) +
  rect(-900, 560, 3000, 40, "#b06f3e") +
  rect(-900, 600, 3000, 600, "#8f5632") +
  hurricaneGlass(560, 580, 1.7) +
  F.pineappleWedge(660, 200, 1.2) +
  cherryAt(500, 178) +
  line("M600 180L680 40", C.red, 12, ' stroke-linecap="round"') +
  F.coconutHalf(260, 560, 1.2) +
  F.lime(880, 570, 0.9);
function hurricaneGlass(x, y, s) {
  return F.hurricaneGlass(x, y, s);
}
function cherryAt(x, y) {
  return F.cherry(x, y, 1.4);
}
S["/images/recipes/pina-colada-glass.svg"] = (c) =>
  sideDrinks(
    c,
    F.tallGlass(520, 560, 170, 380, "#fff8e8", { foam: "#fff", straw: C.red }) +
      F.pineapple(c, 850, 500, 1.5) +
      F.coconutHalf(230, 560, 1.3) +
      F.jigger(420, 690, 1.2, "#f0c96a") +
      F.jigger(560, 700, 1.2, "#f7d358") +
      F.jigger(700, 690, 1.2, "#fff4e0"),
    { window: F.seaWindow(c, 120, 60, 400, 240), top: 560 },
  );
S["/images/recipes/dominican-morir-sonando-recipe.svg"] = (c) =>
  sideDrinks(
    c,
    F.pitcher(400, 600, 1.6, "#fbc48a") +
      F.tallGlass(690, 600, 180, 400, "#fbc48a", { ice: true }) +
      F.tallGlass(900, 600, 180, 400, "#fbc48a", { ice: true }) +
      F.orangeHalf(130, 590, 1.5) +
      F.orangeHalf(1080, 590, 1.4) +
      F.milkCan(210, 600, 1.3),
    { tiles: "#cfe9ef", top: 600 },
  );
S["/images/recipes/morir-sonando-glasses.svg"] = (c) =>
  F.woodTable(c, 560).replace('fill="url(#planks)"', 'fill="url(#planks)"') +
  rect(-900, -600, 3000, 1160, "#f7ddb8") +
  rect(-900, 540, 3000, 20, "#9b6035") +
  F.tallGlass(370, 650, 180, 440, "#fbc48a", { ice: true }) +
  F.tallGlass(600, 660, 180, 440, "#fbc48a", { ice: true }) +
  F.tallGlass(830, 650, 180, 440, "#fbc48a", { ice: true }) +
  F.orangeHalf(160, 700, 1.3) +
  F.wholeOrange(1040, 660, 1.2) +
  g(path("M-50 0h100l-10 -40h-80z", "#e5e9ec") + path("M-20 -40q20 -60 40 0z", "#cfd6db"), tr(1080, 760, 1.2));
S["/images/recipes/caribbean-papaya-banana-smoothie.svg"] = (c) =>
  sideDrinks(
    c,
    F.tallGlass(520, 610, 200, 420, "#f7a055", { dust: "#8a4a26", straw: C.teal }) +
      F.tallGlass(760, 610, 200, 420, "#f7a055", { dust: "#8a4a26" }) +
      F.papayaHalf(220, 590, 1.5) +
      F.bananas(1090, 600, 1.5),
    { wall: "#fde9c9", tiles: "#ffd9a8", top: 600 },
  );
S["/images/recipes/papaya-banana-smoothie.svg"] = (c) =>
  sideDrinks(
    c,
    F.blender(170, 600, 1.1) +
      [430, 600, 770, 940].map((x) => F.tallGlass(x, 620, 140, 360, "#f9b774")).join("") +
      [420, 560, 700].map((x) => rect(x, 640, 50, 50, "#f7873a", 8)).join("") +
      [860, 930, 1000].map((x) => circ(x, 680, 26, "#fbe7a0") + circ(x, 680, 10, "#e8cf7a")).join(""),
    { wall: "#fde9c9", top: 610 },
  );
// ---- Food: mains (top-down) ----
S["/images/recipes/dominican-chicken-sancocho.svg"] = (c) =>
  F.woodTable(c) +
  F.potTop(600, 400, 330, "#e7a93a") +
  ell(600, 400, 320, 320, "#f0b44a") +
  F.corn(420, 300, 0.5) +
  circ(420, 300, 40, "#f5c533") +
  circ(420, 300, 22, "#d9a21f") +
  circ(760, 520, 40, "#f5c533") +
  circ(760, 520, 22, "#d9a21f") +
  rect(480, 460, 70, 50, "#f7f2e0", 8) +
  rect(700, 260, 64, 44, "#f7f2e0", 8) +
  rect(340, 440, 60, 50, "#f5963c", 8) +
  rect(640, 560, 56, 44, "#f5963c", 8) +
  ell(600, 300, 50, 30, "#a7b86a") +
  ell(380, 540, 44, 28, "#a7b86a") +
  F.chickenPieces(600, 420, 3, 40) +
  F.chickenPieces(820, 380, 2, 34) +
  F.spoon(820, 140, 1.4, 30);
S["/images/recipes/sancocho-bowl.svg"] = (c) =>
  F.cloth(c) +
  F.bowl(500, 400, 280, "#e9a73a") +
  circ(430, 320, 50, "#f5c533") +
  circ(430, 320, 26, "#d9a21f") +
  rect(540, 300, 80, 60, "#f7f2e0", 8) +
  rect(380, 440, 70, 56, "#f5963c", 8) +
  ell(600, 480, 60, 36, "#a7b86a") +
  F.chickenPieces(520, 420, 2, 40) +
  F.steam(500, 260, 1.3) +
  F.plate(960, 600, 170) +
  F.rice(920, 580, 90) +
  path("M980 560c40 -30 90 -10 90 30s-50 60-90 40z", "#9cc66a") +
  path("M990 570c30 -20 60 -6 60 20s-36 40-60 28z", "#d8e99a") +
  F.limeTop(1040, 680, 1, 20);
S["/images/recipes/dominican-espaguetis-recipe.svg"] = (c) =>
  F.cloth(c, "#fff3dc", "#2bb3a8") +
  F.plate(560, 400, 300) +
  F.spaghetti(560, 400, 200) +
  [0, 1, 2, 3, 4, 5, 6]
    .map((i) => rect(470 + ((i * 37) % 170), 320 + ((i * 53) % 150), 26, 26, "#8a2f20", 4))
    .join("") +
  path("M480 360q60 -40 140 0q-40 40-140 0z", "#fbe39a", ' opacity=".8"') +
  F.fork(720, 330, 1.3, 35) +
  g(
    path("M-120 -70c0-50 240-50 240 0v130h-240z", "#d9a05a") + path("M-104 -56c0-36 208-36 208 0v110h-208z", "#f3dcb0"),
    tr(1020, 620, 1, 12),
  );
S["/images/recipes/dominican-espaguetis.svg"] = (c) =>
  F.woodTable(c) +
  rect(170, 150, 860, 520, "#d9d3c7", 30) +
  rect(200, 180, 800, 460, "#c0622e", 16) +
  F.spaghetti(600, 410, 0).replace(/<circle[^>]*\/>/, "") +
  rect(220, 200, 760, 420, "#e4a03c", 10) +
  rect(
    220,
    200,
    760,
    420,
    c.pat(
      "cheese",
      70,
      60,
      '<rect width="70" height="60" fill="#f0b84a"/><circle cx="20" cy="20" r="12" fill="#c9762a" opacity=".6"/><circle cx="52" cy="44" r="8" fill="#b5561f" opacity=".6"/>',
    ),
    10,
  ) +
  rect(640, 380, 200, 200, "#c0622e") +
  line("M660 400q40 40 0 80t40 80M720 400q40 40 0 80t40 80M780 400q40 40 0 80t40 80", "#e0683a", 10) +
  g(
    rect(-90, -80, 180, 170, "#f0b84a", 6) +
      rect(-90, -80, 180, 30, "#c9762a") +
      line("M-70 0q30 30 0 60M-20 0q30 30 0 60M30 0q30 30 0 60", "#e0683a", 10) +
      rect(-30, 90, 60, 200, "#c9cfd4", 8),
    tr(900, 300, 1, -14),
  );
S["/images/recipes/creamy-dominican-pollo-frito.svg"] = (c) =>
  F.cloth(c, "#fff3dc", "#f5963c") +
  F.plate(600, 400, 320) +
  circ(600, 400, 230, "#f3e6c4") +
  F.rice(440, 330, 110) +
  F.chickenPieces(680, 440, 3, 100, "#c9762a", 9) +
  [0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => circ(560 + ((i * 47) % 220), 330 + ((i * 71) % 220), 6, C.palm)).join("") +
  F.limeTop(380, 520, 1.4, 30) +
  F.limeTop(460, 570, 1.2, -10) +
  F.fork(960, 420, 1.3, 15);
S["/images/recipes/pollo-frito-skillet.svg"] = (c) =>
  F.woodTable(c) +
  F.skillet(520, 400, 300, "#efdcb0") +
  F.chickenPieces(520, 400, 4, 130, "#c26a26", 12) +
  [0, 1, 2, 3, 4, 5].map((i) => ell(380 + i * 50, 540 - (i % 2) * 30, 14, 9, "#fffdf3")).join("") +
  F.limeTop(1000, 200, 1.6, 20) +
  F.limeTop(1060, 320, 1.4, -40);
S["/images/articles/top-8-dominican-dishes.svg"] = (c) =>
  F.cloth(c, "#fff3dc", "#2bb3a8") +
  F.plate(600, 400, 330) +
  F.mangu(480, 380, 170) +
  F.onions(470, 360, 1.6) +
  F.cheese(760, 260, 1, 10) +
  F.cheese(820, 340, 1, -8) +
  F.salami(780, 470, 1.2) +
  F.salami(700, 540, 1.2) +
  F.egg(600, 590, 1) +
  F.fork(1000, 380, 1.3, 10);
S["/images/articles/la-bandera-plate.svg"] = (c) =>
  F.cloth(c, "#fdf2e6", "#d9483b") +
  F.plate(600, 400, 330) +
  F.rice(500, 330, 140) +
  F.beans(700, 300, 100) +
  F.chickenPieces(700, 500, 3, 80) +
  F.salad(450, 520, 1.3) +
  F.fork(1000, 400, 1.3, 8);
S["/images/articles/tostones-plate.svg"] = (c) =>
  F.woodTable(c) +
  F.plate(560, 400, 300) +
  F.tostones(560, 400, 130, 7) +
  F.tostones(560, 400, 0, 1) +
  F.limeTop(800, 260, 1.3, 40) +
  F.limeTop(820, 520, 1.3, -30) +
  F.bowl(960, 600, 100, "#f4a0a8") +
  F.bowl(960, 600, 60, "#f7b8b8", "#f4a0a8");
S["/images/articles/dominican-dishes-spread.svg"] = (c) =>
  F.cloth(c, "#fff3dc", "#2bb3a8") +
  F.bowl(230, 230, 170, "#fbf8f0") +
  F.rice(230, 230, 130) +
  F.potTop(640, 220, 150, "#8a3a2a") +
  F.beans(640, 220, 150) +
  F.plate(1020, 300, 170) +
  F.chickenPieces(1020, 300, 3, 80, "#b35a22") +
  F.bowl(420, 590, 150, "#cfd98a") +
  F.onions(420, 580, 1.3) +
  F.plate(820, 620, 170) +
  F.tostones(820, 620, 90, 5);
S["/images/cards/dominican-cuisine.svg"] = (c) =>
  F.woodTable(c) +
  F.plate(270, 250, 200) +
  F.rice(230, 230, 110) +
  F.beans(320, 300, 80) +
  F.potTop(780, 240, 150, "#e9a73a") +
  circ(740, 220, 36, "#f5c533") +
  rect(790, 250, 60, 44, "#f7f2e0", 8) +
  F.plate(420, 610, 160) +
  F.tostones(420, 610, 80, 5) +
  F.plate(900, 600, 180) +
  circ(900, 600, 130, "#fff") +
  [0, 1, 2, 3, 4, 5, 6, 7]
    .map((i) => circ(900 + Math.cos(i * 0.785) * 100, 600 + Math.sin(i * 0.785) * 100, 26, C.pink))
    .join("") +
  circ(900, 600, 50, "#fff6f8");
// ---- Food: desserts ----
S["/images/recipes/dominican-majarete-recipe.svg"] = (c) =>
  F.woodTable(c) +
  rect(300, 180, 560, 440, "#dfeef2", 24, ' opacity=".8"') +
  rect(330, 210, 500, 380, "#f3c64a", 12) +
  F.dust(580, 400, 240, "#9a5a2a", 8, 60) +
  path("M660 330c40-30 110-20 120 30s-40 90-100 70-60-70-20-100z", "#e6ad2e") +
  F.spoon(780, 380, 1.2, -50) +
  F.cinnamon(980, 200, 1, 70) +
  F.cinnamon(1060, 230, 1, 80) +
  F.corn(180, 640, 1, -30) +
  F.corn(1000, 650, 1, 200);
S["/images/recipes/majarete-cups.svg"] = (c) =>
  sideDrinks(
    c,
    [330, 500, 670, 840].map((x) => F.dessertCup(x, 620, 1.2) + F.dust(x, 510, 40, "#8a4a26", x, 12)).join("") +
      F.corn(1060, 640, 0.8, -10) +
      F.corn(160, 650, 0.8, 190) +
      F.spoon(600, 690, 1, -80),
    { wall: "#fbe3c4", top: 620 },
  );
S["/images/recipes/dominican-arroz-con-leche.svg"] = (c) =>
  F.cloth(c, "#fdf2e6", "#9b86c9") +
  [
    [380, 300],
    [760, 260],
    [560, 560],
  ]
    .map(
      ([x, y]) =>
        F.bowl(x, y, 170, "#fbf4e4") +
        F.rice(x, y, 120, x).replace('fill="#fbf8f0"', 'fill="#f7efdc"') +
        F.dust(x, y, 90, "#9a5a2a", x, 30) +
        circ(x - 30, y + 30, 10, "#5a2a3a") +
        circ(x + 40, y - 20, 10, "#5a2a3a") +
        circ(x + 10, y + 50, 10, "#5a2a3a"),
    )
    .join("") +
  F.cinnamon(960, 540, 1, 30) +
  F.cinnamon(1000, 600, 1, 40) +
  F.cinnamon(180, 620, 0.8, -20);
S["/images/recipes/arroz-con-leche-pot.svg"] = (c) =>
  F.counterScene(c, "#fbe3c4", 600, { tiles: "#cfe9ef", edge: "#4a4e57", front: "#2f3440" }) +
  rect(340, 590, 520, 20, "#222") +
  F.potSide(600, 590, 1.5, "#3a3a44", "#f7efdc") +
  F.cinnamon(560, 330, 0.6, -70) +
  F.cinnamon(640, 330, 0.6, -100) +
  F.spoon(600, 330, 1.3, -80) +
  F.steam(560, 270, 1.2);
S["/images/recipes/dominican-arepa-dulce.svg"] = (c) =>
  F.woodTable(c) +
  circ(610, 412, 330, "#000", ' opacity=".15"') +
  circ(600, 400, 330, "#9aa3ab") +
  circ(600, 400, 306, "#b8621f") +
  circ(600, 400, 280, "#d98a2e") +
  circ(590, 390, 200, "#e39a3a", ' opacity=".6"') +
  path("M600 400L600 94A306 306 0 0 1 865 247z", "#c5ccd2") +
  line("M600 400L600 94M600 400L865 247", "#f7d26a", 22) +
  line("M600 400L600 94M600 400L865 247", "#b8621f", 6, ' stroke-dasharray="2 30"') +
  F.dust(500, 470, 170, "#9a5a2a", 3, 30) +
  F.cinnamon(1040, 620, 1, -30);
S["/images/recipes/arepa-dulce-slices.svg"] = (c) =>
  F.cloth(c, "#fff3dc", "#2bb3a8") +
  F.plate(500, 420, 300) +
  [0, 1, 2]
    .map((i) =>
      g(
        path("M0 0L-90 -230A240 240 0 0 1 90 -230z", "#d98a2e") +
          path("M0 -10L-80 -214A226 226 0 0 1 80 -214z", "#f3c95a"),
        tr(500, 420, 1, -100 + i * 100),
      ),
    )
    .join("") +
  g(
    circ(0, 0, 110, "#f6f1e8") +
      circ(0, 0, 70, "#fffaf2") +
      circ(0, 0, 56, "#3b2417") +
      rect(60, -14, 90, 28, "#fffaf2", 14),
    tr(960, 280),
  );
S["/images/recipes/dominican-cake-boss.svg"] = (c) =>
  F.counterScene(c, "#c8ecf0", 640, { edge: "#f3ede2", front: "#e7dccb" }) +
  F.cakeStand(600, 640, 1.45) +
  L.pottedPlant(130, 640, 1.5, C.coral) +
  circ(1020, 260, 80, C.pink, ' opacity=".6"') +
  circ(1090, 330, 50, C.yellow, ' opacity=".6"');
S["/images/recipes/bizcocho-slice.svg"] = (c) =>
  F.counterScene(c, "#fbe3c4", 620, { edge: "#f3ede2", front: "#e7dccb" }) +
  F.plateSide(560, 620, 360) +
  F.cakeSlice(540, 600, 1.4) +
  F.fork(960, 520, 1, 60);
S["/images/articles/9-best-dominican-desserts.svg"] = (_c) =>
  rect(-900, -600, 3000, 2200, "#f3d6c0") +
  rect(80, 60, 1040, 640, "#f7fbfc", 12) +
  rect(80, 60, 1040, 640, "#cfe7ee", 12, ' opacity=".5"') +
  rect(80, 380, 1040, 12, "#d6dfe3") +
  F.cakeStand(300, 370, 0.75) +
  F.flan(740, 360, 0.8) +
  F.fudge(240, 460, 6, 70) +
  F.cookies(700, 470, 6, 36) +
  rect(80, 700, 1040, 100, "#c9a77c") +
  path("M80 60l320 640h-140l-180 -360z", "#fff", ' opacity=".3"') +
  rect(60, 40, 1080, 680, "none", 14, ' stroke="#b06f3e" stroke-width="22"');
S["/images/articles/dominican-desserts-table.svg"] = (c) =>
  F.cloth(c, "#fdf2e6", "#f5a3b5") +
  F.plate(300, 270, 200) +
  circ(300, 270, 160, "#fff") +
  [0, 1, 2, 3, 4, 5, 6, 7]
    .map((i) => circ(300 + Math.cos(i * 0.785) * 120, 270 + Math.sin(i * 0.785) * 120, 30, C.pink))
    .join("") +
  F.bowl(800, 240, 150, "#f7efdc") +
  F.dust(800, 240, 90) +
  F.plate(320, 600, 170) +
  [0, 1, 2, 3].map((i) => rect(250 + (i % 2) * 80, 530 + Math.floor(i / 2) * 80, 70, 70, "#f3c95a", 6)).join("") +
  F.plate(840, 580, 180) +
  circ(840, 580, 120, "#f6cf6b") +
  circ(840, 580, 100, "#b8621f") +
  circ(820, 560, 30, "#d98a3a", ' opacity=".6"');
S["/images/articles/dominican-flan.svg"] = (c) =>
  F.counterScene(c, "#fbe3c4", 620, { tiles: "#f7c9b6", edge: "#f3ede2", front: "#e7dccb" }) +
  F.flan(600, 620, 1.6) +
  F.spoon(1000, 560, 1, 70, "#c9cfd4");
S["/images/articles/habichuelas-con-dulce.svg"] = (c) =>
  F.woodTable(c) +
  [
    [330, 300],
    [800, 260],
    [560, 580],
  ]
    .map(
      ([x, y]) =>
        g(
          circ(0, 0, 200, "#f6f1e8") +
            circ(0, 0, 150, "#fffaf2") +
            circ(0, 0, 130, "#b98258") +
            [
              [-50, -30],
              [40, 40],
              [-20, 60],
              [60, -40],
            ]
              .map(([a, b]) => rect(a - 16, b - 16, 32, 32, "#f3a45a", 6))
              .join("") +
            F.cookies(-60, -70, 3, 22, "#f3e1b8"),
          tr(x, y, 0.9),
        ) + rect(x + 110, y + 40, 90, 24, "#f6f1e8", 12),
    )
    .join("");

// ================= extras (home, cards, videos) =================
const X = {};
X["/images/hero/aquatic-adventures.svg"] = (c) =>
  beach(c, {
    horizon: 330,
    shore: null,
    palms: [[60, 800, 420, 0.2]],
    mountain: [1100, 600, 200],
    after:
      L.catamaran(300, 520, 0.9) +
      L.dolphin(760, 560, 1.1, -20) +
      L.dolphin(960, 620, 0.9, 15, "#4a7fa3") +
      splash(700, 660, 1) +
      snorkeller(500, 700, 1) +
      L.kite(1000, 140, 1, C.coral, C.yellow, 1060, 420) +
      L.kiter(1060, 440, 0.6),
  });
X["/images/hero/breathtaking-beaches.svg"] = (c) =>
  beach(c, {
    horizon: 380,
    shore: 560,
    tilt: 50,
    palms: [
      [110, 780, 480, 0.3],
      [300, 800, 360, 0.35, 0.8],
      [1100, 780, 440, -0.25],
      [940, 640, 200, -0.1, 0.55],
    ],
    after: L.beachUmbrella(640, 700, 1, C.coral) + L.sunbed(740, 720, 1) + L.flamingo(0, 0, 0),
  });
X["/images/hero/all-inclusive-resorts.svg"] = (c) =>
  resortScene(c, {
    mountain: true,
    freeform: true,
    buildings: L.resortBlock(-200, 540, 460, 3) + L.resortBlock(800, 540, 560, 3, "#fde7c8", "#e0896a"),
  });
X["/images/hero/tasty-local-cuisine.svg"] = (c) =>
  F.counterScene(c, "#f7c9a0", 560, { window: F.seaWindow(c, 360, 60, 480, 260) }) +
  F.potSide(200, 560, 0.9, "#2f2f36", "#e9a73a") +
  F.steam(200, 380, 0.8) +
  F.plateSide(600, 600, 250) +
  ell(520, 560, 90, 40, "#fbf8f0") +
  ell(640, 560, 80, 36, "#8a3a2a") +
  path("M680 560c20-50 90-50 100 0z", "#c8742e") +
  F.tallGlass(920, 600, 120, 260, "#fbc48a", { ice: true }) +
  F.hurricaneGlass(1070, 600, 0.9) +
  F.pineappleWedge(1110, 396, 0.8) +
  F.lime(780, 640, 0.8);
X["/images/hero/exhilarating-excursions.svg"] = (c) =>
  gorge(c) +
  waterfallStream(600, 150, 580, 140) +
  ell(
    600,
    680,
    480,
    130,
    c.lin("pl", [
      ["0", "#4fd1c5"],
      ["1", "#14859a"],
    ]),
  ) +
  slider(440, 600, 0.9, 20) +
  splash(520, 650, 1) +
  line("M-300 60L1500 240", C.ink, 3) +
  g(L.person(0, 0, 0.9, C.orange, C.deep), "translate(900 306)") +
  line("M900 200v16", C.ink, 3);
X["/images/cards/beaches.svg"] = (c) =>
  beach(c, {
    shore: 540,
    palms: [
      [140, 780, 440, 0.25],
      [1060, 780, 400, -0.22],
    ],
    after: L.beachUmbrella(600, 700, 1, C.teal),
  });
X["/images/cards/casual-dining.svg"] = (c) =>
  L.sky(c, "dusk") +
  L.sea(c, 420, "dusk") +
  L.waves(430, 520, 4, "#fff", 0.3) +
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
    .map(
      (i) =>
        circ(-20 + i * 110, 130 + Math.sin(i) * 20, 10, C.sun) +
        circ(-20 + i * 110, 130 + Math.sin(i) * 20, 20, C.sun, ' opacity=".3"'),
    )
    .join("") +
  line("M-100 110Q600 190 1300 110", "#222", 3) +
  rect(-900, 520, 3000, 700, "#c98b55") +
  ell(360, 620, 220, 40, "#fff3dc") +
  rect(350, 620, 20, 140, "#444") +
  ell(860, 640, 220, 40, "#fff3dc") +
  rect(850, 640, 20, 140, "#444") +
  F.plateSide(300, 610, 70) +
  F.plateSide(420, 610, 70) +
  F.tumbler(360, 600, 0.5, C.orange, 0.7) +
  F.plateSide(820, 630, 70) +
  F.tallGlass(920, 630, 50, 110, C.yellow) +
  L.palm(60, 560, 420, 0.1) +
  L.palm(1140, 560, 400, -0.1) +
  L.lamp(600, 560, 1);
X["/images/cards/resorts.svg"] = (c) => resortScene(c, { mountain: true, freeform: true });
X["/images/cards/tours.svg"] = (c) =>
  S["/images/cards/tours-excursions-puerto-plata.svg"](c).replace(
    L.catamaran(640, 620, 1.3),
    L.catamaran(640, 620, 1.3, C.yellow),
  );
X["/images/cards/shopping.svg"] = (c) =>
  rect(-900, -600, 3000, 2200, "#f6b6a4") +
  L.victorian(c, -100, 900, 1400, 840, "#f6b6a4", "#fff", { fret: false }).slice(0, 0) +
  rect(60, 120, 1080, 80, C.teal) +
  [0, 1, 2, 3, 4, 5, 6, 7, 8]
    .map((i) => path(t`M${60 + i * 120} 200h120v50a60 40 0 0 1 -120 0z`, i % 2 ? C.teal : "#fff"))
    .join("") +
  rect(100, 260, 1000, 430, "#fbeede") +
  line("M100 460h1000", "#b77945", 14) +
  [200, 340, 480]
    .map(
      (x, i) =>
        ell(x, 380, 80, 24, "#e9c27a") +
        rect(x - 44, 320, 88, 60, "#e9c27a", 30) +
        rect(x - 44, 350, 88, 12, [C.red, C.teal, C.orange][i]),
    )
    .join("") +
  [640, 800, 960].map((x, i) => (i === 1 ? mask(x, 400, 0.5, C.red, C.yellow) : larimar(x, 400, 1.2))).join("") +
  [200, 380, 560, 740, 920].map((x, i) => F.rumBottle(x, 670, 0.6, i % 2 ? C.rum : "#c9761f")).join("") +
  rect(-900, 690, 3000, 600, "#8f5632");
X["/images/cards/landmarks.svg"] = (c) => fortScene(c, { lighthouse: true });
X["/images/cards/night-clubs.svg"] = (c) =>
  L.sky(c, "night") +
  [0, 1, 2, 3, 4]
    .map((i) =>
      path(
        t`M${200 + i * 200} -40L${100 + i * 220} 800h${160}z`,
        [C.pink, C.teal, C.yellow, "#b052c4", C.orange][i],
        ' opacity=".22"',
      ),
    )
    .join("") +
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    .map((i) => circ(60 + i * 120, 60 + (i % 3) * 10, 8, [C.pink, C.teal, C.yellow][i % 3]))
    .join("") +
  circ(600, 160, 60, "#c9d1e0") +
  line("M560 120l80 80M640 120l-80 80M540 160h120M600 100v120", "#8a93a8", 4) +
  rect(
    -900,
    620,
    3000,
    600,
    c.pat(
      "floor",
      120,
      120,
      '<rect width="120" height="120" fill="#3b2d6b"/><rect width="60" height="60" fill="#b052c4" opacity=".6"/><rect x="60" y="60" width="60" height="60" fill="#2bb3a8" opacity=".6"/>',
    ),
  ) +
  [
    [220, 700, 1.5, 1],
    [420, 690, 1.4, 0],
    [640, 710, 1.6, 1],
    [860, 690, 1.4, 0],
    [1020, 700, 1.5, 1],
  ]
    .map(
      ([x, y, s, p]) =>
        L.silhouette(x, y, s, "#140d2a", p) +
        line(
          t`M${x - 18 * s} ${y - 86 * s}l-30 -60M${x + 18 * s} ${y - 86 * s}l30 -${p ? 70 : 20}`,
          "#140d2a",
          14 * s,
          ' stroke-linecap="round"',
        ),
    )
    .join("") +
  L.palm(40, 640, 400, 0.1, 1, "#1c3b3a", "#122826") +
  L.palm(1160, 640, 380, -0.1, 1, "#1c3b3a", "#122826");
X["/images/cards/family-fun.svg"] = (c) =>
  L.sky(c, "bright") +
  L.sun(1040, 110, 44) +
  L.cloud(260, 110, 0.8) +
  L.sea(c, 420) +
  L.sand(520, 20) +
  rect(700, 140, 40, 420, "#e9e2d6") +
  rect(900, 140, 40, 420, "#e9e2d6") +
  rect(680, 120, 280, 40, C.coral, 8) +
  line("M700 160C400 200 600 420 300 600", C.yellow, 60) +
  line("M700 160C400 200 600 420 300 600", "#ffe99a", 14) +
  line("M940 160C1100 300 900 460 1100 600", "#2f7fd1", 60) +
  ell(300, 640, 200, 50, "#7fe3e0") +
  g(
    circ(0, 0, 70, "#fff") +
      path("M0 -70a70 70 0 0 1 60 36l-60 34z", C.red) +
      path("M60 -34a70 70 0 0 1 0 68l-60-34z", C.yellow) +
      path("M0 70a70 70 0 0 1 -60 -36l60-34z", "#2f7fd1") +
      path("M-60 34a70 70 0 0 1 0 -68l60 34z", C.palm),
    tr(640, 680),
  ) +
  L.person(160, 760, 1.1, C.coral) +
  L.person(880, 770, 0.8, C.teal) +
  L.palm(1140, 800, 360, -0.15);
X["/images/cards/videos.svg"] = (c) =>
  rect(-900, -600, 3000, 2200, "#1d2d50") +
  sceneBox(150, 110, 900, 506, beach(c, { time: "sunset", clouds: false })) +
  rect(150, 110, 900, 506, "none", 16, ' stroke="#2c3a60" stroke-width="24"') +
  circ(600, 363, 90, "#fff", ' opacity=".9"') +
  path("M570 313l90 50-90 50z", C.coral) +
  rect(150, 650, 900, 12, "#2c3a60", 6) +
  rect(150, 650, 380, 12, C.coral, 6) +
  circ(530, 656, 14, "#fff");
X["/images/cards/search.svg"] = (_c) =>
  rect(-900, -600, 3000, 2200, "#9fdcea") +
  path("M-900 300C-100 260 100 380 400 360S700 200 1000 260 1600 300 2100 260V1400H-900z", "#f3d49b") +
  path("M-900 340C-100 300 100 420 400 400S700 240 1000 300 1600 340 2100 300V1400H-900z", "#8cc46e") +
  line("M100 620C300 520 500 640 700 560S1000 460 1100 520", C.red, 6, ' stroke-dasharray="16 12"') +
  [
    [220, 560],
    [520, 590],
    [860, 500],
  ]
    .map(([x, y]) => path(t`M${x} ${y}c-30-40-30-80 0-80s30 40 0 80z`, C.coral) + circ(x, y - 52, 10, "#fff"))
    .join("") +
  L.mountain(700, 420, 500, 200, "#4c8f5e", "#7cc36b") +
  L.palm(320, 400, 120, 0.1, 0.4) +
  g(
    circ(0, 0, 170, "#fff", ' opacity=".35"') +
      circ(0, 0, 170, "none", ' stroke="#263238" stroke-width="34"') +
      rect(120, 110, 60, 220, "#263238", 24, ' transform="rotate(-45)"').replace(
        'transform="rotate(-45)"',
        'transform="rotate(-45 150 220)"',
      ),
    tr(620, 330, 1),
  );
X["/images/videos/poster-1.svg"] = (c) =>
  beach(c, {
    shore: 560,
    palms: [
      [120, 780, 460, 0.28],
      [1080, 780, 420, -0.22],
      [950, 640, 200, -0.1, 0.55],
    ],
    after: L.beachUmbrella(560, 700, 1, C.coral) + L.sunbed(660, 720, 1) + L.beachUmbrella(300, 690, 0.8, C.teal),
  });
X["/images/videos/poster-2.svg"] = (c) => S["/images/listings/landmark-cable-car.svg"](c);
X["/images/videos/poster-3.svg"] = (c) => S["/images/articles/27-charcos-la-virgen.svg"](c) + slider(470, 640, 0.7, 10);
X["/images/videos/poster-4.svg"] = (c) =>
  lane(c, {
    people: [
      [0.45, 520, C.teal],
      [0.6, 660, C.yellow],
    ],
  });
X["/images/videos/poster-5.svg"] = (c) =>
  malecon(c, {
    time: "sunset",
    people: [
      [420, 740, 1.1],
      [700, 680, 0.8],
    ],
  });
X["/images/videos/poster-6.svg"] = (c) => S["/images/articles/dominican-dishes-spread.svg"](c);

/** Keyword fallback for images added by fragments that have no hand-made scene yet. */
export function fallback(title) {
  const s = title.toLowerCase();
  const pick = (k) => S[k] ?? X[k];
  if (/waterfall|charco|canyon/.test(s)) return pick("/images/articles/27-charcos-la-virgen.svg");
  if (/pool|resort|hotel/.test(s)) return pick("/images/listings/resort-1.svg");
  if (/kite/.test(s)) return pick("/images/listings/tour-5.svg");
  if (/umbrella/.test(s)) return pick("/images/articles/umbrella-street.svg");
  if (/pink/.test(s)) return pick("/images/articles/pink-street.svg");
  if (/fort|cannon/.test(s)) return pick("/images/articles/fort-san-felipe-walls.svg");
  if (/cable car|mountain/.test(s)) return pick("/images/listings/landmark-cable-car.svg");
  if (/malec|promenade|sunset/.test(s)) return pick("/images/articles/malecon-walkway.svg");
  if (/rum|barrel|bar\b|cocktail/.test(s)) return pick("/images/articles/macorix-house-of-rum.svg");
  if (/night|club|danc|music/.test(s)) return pick("/images/cards/night-clubs.svg");
  if (/shop|market|souvenir|store/.test(s)) return pick("/images/cards/shopping.svg");
  if (/cake|bakery|pastr|bread|dessert|ice cream|sweet/.test(s))
    return pick("/images/articles/9-best-dominican-desserts.svg");
  if (/coffee|café|cafe/.test(s)) return pick("/images/articles/pink-street-coffee.svg");
  if (/restaurant|dining|food|plate|dish|meal|rice|chicken|fish|seafood/.test(s))
    return pick("/images/cards/casual-dining.svg");
  if (/drink|juice|smoothie|glass/.test(s)) return pick("/images/recipes/dominican-morir-sonando-recipe.svg");
  if (/boat|catamaran|snorkel|dolphin|whale/.test(s)) return pick("/images/listings/tour-3.svg");
  if (/park|gazebo|church|cathedral/.test(s)) return pick("/images/articles/central-park.svg");
  if (/house|victorian|museum/.test(s)) return pick("/images/listings/landmark-house-museum.svg");
  if (/golf/.test(s)) return pick("/images/listings/golf-1.svg");
  return pick("/images/articles/beaches-puerto-plata.svg");
}
export const SCENES = S,
  EXTRAS = X;
export { lane, beach as beachScene, larimar, amberPiece };
// Motifs the per-listing pictures (listings.mjs) compose into their own scenes.
export { roundTree, monkey, snorkeller, splash, safariTruck, waterfallStream, rocks, strawHat, golf };

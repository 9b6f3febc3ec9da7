// Scenes for the directory listings (spas, shops, taxis, food, nightlife, family fun).
import * as L from "./lib.mjs";
import * as F from "./food.mjs";
import { SCENES as S, EXTRAS as X, lane, beachScene as beach, larimar, amberPiece, mask } from "./scenes.mjs";
const { C, t, g, rect, circ, ell, path, line, bars, tr } = L;

// ---------- motifs ----------
const burgerTop = (x, y, s = 1) =>
  g(
    circ(0, 0, 110, "#5a8f2e") +
      circ(0, 0, 100, "#d9892b") +
      circ(-10, -10, 80, "#e9a347") +
      [
        [-40, -30],
        [10, -50],
        [40, -10],
        [-20, 20],
        [30, 40],
        [-50, 30],
      ]
        .map(([a, b]) => ell(a, b, 8, 5, "#fff3d6"))
        .join(""),
    tr(x, y, s),
  );
const burgerSide = (x, y, s = 1) =>
  g(
    path("M-110 -60c0-80 220-80 220 0z", "#e39a3a") +
      path(
        "M-116 -60h232l-10 16-14-10-14 10-14-10-14 10-14-10-14 10-14-10-14 10-14-10-14 10-14-10-14 10-14-10-14 10z",
        "#6ab04c",
      ) +
      rect(-116, -48, 232, 20, "#f2c230", 4) +
      rect(-112, -30, 224, 34, "#6b3a22", 14) +
      rect(-110, 4, 220, 36, "#e39a3a", 16) +
      [-50, -10, 30, 60].map((a, i) => ell(a, -96 + (i % 2) * 10, 7, 4, "#fff3d6")).join(""),
    tr(x, y, s),
  );
const pizzaSlice = (x, y, s = 1, rot = 0) =>
  g(
    path("M0 0L-90 -260Q0 -290 90 -260z", "#f3c45a") +
      path("M-90 -260Q0 -290 90 -260l-6 20Q0 -266 -84 -240z", "#c9782a") +
      circ(-20, -180, 18, "#c0392b") +
      circ(30, -120, 16, "#c0392b") +
      circ(-10, -70, 12, "#c0392b"),
    tr(x, y, s, rot),
  );
const pizzaTop = (x, y, r) =>
  circ(x, y, r, "#c9782a") +
  circ(x, y, r * 0.86, "#e0572f") +
  circ(x, y, r * 0.8, "#f3c45a", ' opacity=".85"') +
  [0, 1, 2, 3, 4, 5, 6, 7]
    .map((i) =>
      circ(
        x + Math.cos(i * 0.8) * r * (0.3 + (i % 3) * 0.18),
        y + Math.sin(i * 0.8) * r * (0.3 + (i % 3) * 0.18),
        r * 0.1,
        "#b8322a",
      ),
    )
    .join("") +
  line(
    t`M${x} ${y}L${x + r} ${y}M${x} ${y}L${x - r * 0.5} ${y + r * 0.86}M${x} ${y}L${x - r * 0.5} ${y - r * 0.86}`,
    "#b86a2a",
    3,
  );
const empanada = (x, y, s = 1, rot = 0) =>
  g(
    path("M-70 0a70 56 0 0 1 140 0z", "#e0a03a") +
      line("M-70 0h140", "#b8741f", 12, ' stroke-dasharray="6 6"') +
      ell(-10, -26, 30, 10, "#f3c15a", ' opacity=".7"'),
    tr(x, y, s, rot),
  );
const fries = (x, y, s = 1) =>
  g(
    path(
      "M-8 -120v100M12 -130v110M32 -116v96M-28 -110v90M-48 -100v80M52 -104v84",
      "none",
      ' stroke="#f7d04a" stroke-width="16" stroke-linecap="round"',
    ) +
      path("M-60 -50h120l-14 110h-92z", C.red) +
      path("M-40 -10q40 20 80 0", "none", ' stroke="#fff" stroke-width="8"'),
    tr(x, y, s),
  );
const colaCup = (x, y, s = 1) =>
  g(
    path("M-40 0l-10 -150h100l-10 150z", C.red) +
      rect(-54, -160, 108, 14, "#fff", 6) +
      line("M10 -160l20 -60", "#fff", 8) +
      path("M-30 -100q30 20 60 0", "none", ' stroke="#fff" stroke-width="8"'),
    tr(x, y, s),
  );
const cone = (x, y, s = 1, scoops = ["#fff6e0", "#f6c331"]) =>
  g(
    path("M-60 0L0 200 60 0z", "#d9a05a") +
      path("M-50 10l90 140M-20 10l70 100M-50 60l60 -50M-30 120l70 -90", "none", ' stroke="#b87a3a" stroke-width="5"') +
      scoops
        .map(
          (c, i) =>
            circ(i ? 16 : -10, i ? -110 : -30, 70, c) +
            path(t`M${(i ? 16 : -10) - 70} ${i ? -100 : -20}q20 24 40 0t40 0t40 0t20 0`, c),
        )
        .join("") +
      circ(-30, -56, 10, "#fff", ' opacity=".5"') +
      (scoops[1] === "#f6c331"
        ? [
            [-10, -130],
            [30, -100],
            [40, -140],
          ]
            .map(([a, b]) => circ(a + 16, b, 6, "#3a2a1a"))
            .join("")
        : ""),
    tr(x, y, s),
  );
const massageTable = (x, y, s = 1) =>
  g(
    rect(-260, -150, 520, 40, "#f4efe6", 16) +
      rect(-260, -118, 520, 14, "#d8cbb8") +
      rect(-230, -110, 20, 110, "#9b6035") +
      rect(210, -110, 20, 110, "#9b6035") +
      rect(-200, -60, 400, 12, "#9b6035") +
      [
        [-170, -170],
        [-110, -170],
        [-140, -200],
      ]
        .map(([a, b]) => circ(a, b, 26, "#fff") + circ(a, b, 12, "#e9e2d6"))
        .join("") +
      ell(120, -160, 40, 10, "#7a7a80") +
      ell(120, -176, 30, 9, "#8d8d93") +
      ell(120, -190, 20, 7, "#a0a0a6"),
    tr(x, y, s),
  );
const orchid = (x, y, s = 1) =>
  g(
    path("M-30 0h60l-8 50h-44z", "#fff") +
      line("M0 0C0 -80 20 -140 60 -170", "#5a7a3a", 5) +
      ell(-20, 0, 40, 14, "#3f8a4f", ' transform="rotate(-20)"') +
      [
        [10, -80],
        [28, -120],
        [50, -150],
      ]
        .map(([a, b]) =>
          g(
            [0, 72, 144, 216, 288].map((r) => ell(0, -14, 9, 16, "#e58fc8", ` transform="rotate(${r})"`)).join("") +
              circ(0, 0, 6, "#fff2a0"),
            tr(a, b),
          ),
        )
        .join(""),
    tr(x, y, s),
  );
const candle = (x, y, s = 1) =>
  g(
    rect(-16, -50, 32, 50, "#fff8ea", 4) +
      ell(0, -64, 7, 14, C.sun) +
      ell(0, -60, 3, 7, "#fff") +
      circ(0, -60, 26, C.sun, ' opacity=".2"'),
    tr(x, y, s),
  );
const pavilion = (x, y, s = 1) =>
  g(
    rect(-320, -20, 640, 20, "#b98250") +
      rect(-300, -360, 20, 340, "#8a5533") +
      rect(280, -360, 20, 340, "#8a5533") +
      path("M-360 -350h720l-80 -90h-560z", "#d8a85a") +
      line("M-340 -360h680", "#fff", 14, ' stroke-dasharray="4 20"') +
      path(
        "M-300 -340c40 60 40 200 20 300h-10c10-100 10-240-10-300zM300 -340c-40 60-40 200-20 300h10c-10-100-10-240 10-300z",
        "#fff",
        ' opacity=".9"',
      ),
    tr(x, y, s),
  );
const plantain = (x, y, s = 1, rot = 0, col = "#6fa83a") =>
  g(
    path("M-80 0C-40 30 40 30 80 0 50 14 -50 14 -80 0z", col) +
      path("M-80 0C-40 -24 40 -24 80 0 40 -10 -40 -10 -80 0z", col) +
      path("M-80 0C-40 24 40 24 80 0", "none", ' stroke="#3f6a1f" stroke-width="3"'),
    tr(x, y, s, rot),
  );
const avocado = (x, y, s = 1) =>
  g(ell(0, 0, 36, 48, "#2f5a24") + ell(-10, -12, 10, 14, "#4f7a3a", ' opacity=".6"'), tr(x, y, s));
const mango = (x, y, s = 1) =>
  g(
    ell(0, 0, 50, 38, "#f59a2a") + ell(14, -6, 30, 24, "#e5502a", ' opacity=".6"') + ell(-40, -20, 10, 5, C.palm),
    tr(x, y, s),
  );
const coffeeBag = (x, y, s = 1) =>
  g(
    path("M-60 0v-170l10-20h100l10 20v170z", "#6b3a22") +
      rect(-44, -130, 88, 70, C.cream, 6) +
      ell(0, -96, 20, 14, "#6b3a22") +
      line("M0 -108v24", C.cream, 3),
    tr(x, y, s),
  );
const basket = (x, y, s = 1) =>
  g(
    path("M-220 -60h440l-40 200h-360z", "#c9914a") +
      line("M-210 -30h420M-200 10h400M-190 50h380M-180 90h360", "#a8703a", 8, ' stroke-dasharray="20 12"') +
      rect(-230, -70, 460, 24, "#a8703a", 12) +
      path("M-180 -70C-180 -300 180 -300 180 -70", "none", ' stroke="#a8703a" stroke-width="18"'),
    tr(x, y, s),
  );
const crate = (x, y, w, fill) =>
  rect(x, y, w, 90, "#b98250") + line(t`M${x} ${y + 30}h${w}M${x} ${y + 60}h${w}`, "#8a5533", 6) + fill;
const cart = (x, y, s = 1) =>
  g(
    path(
      "M-260 -280h50l40 220h360l40 -180h-420",
      "none",
      ' stroke="#9aa3ab" stroke-width="14" stroke-linejoin="round"',
    ) +
      path(
        "M-190 -240h400M-180 -190h380M-170 -140h360M-160 -90h340M-120 -250v190M-40 -250v190M40 -250v190M120 -250v190",
        "none",
        ' stroke="#9aa3ab" stroke-width="5"',
      ) +
      circ(-140, 0, 26, "#333") +
      circ(170, 0, 26, "#333") +
      line("M-170 -60l30 34h310", "#9aa3ab", 12),
    tr(x, y, s),
  );
const van = (x, y, s = 1, open = false) =>
  g(
    path("M-280 0v-150q0-40 40-50h370q50 0 90 60l50 60v80z", "#f7f7f2") +
      rect(-250, -180, 120, 64, "#4b7e9c", 8) +
      rect(-110, -180, 120, 64, open ? "#2a2e35" : "#4b7e9c", 8) +
      path("M30 -180h100q30 0 60 50v14h-160z", "#4b7e9c") +
      (open ? rect(-110, -110, 120, 100, "#2a2e35") + rect(-10, -180, 60, 170, "#e9e9e2") : "") +
      rect(-280, -60, 560, 12, C.yellow) +
      rect(-60, -236, 90, 30, C.yellow, 6) +
      circ(-170, 0, 44, "#2a2a30") +
      circ(170, 0, 44, "#2a2a30") +
      circ(-170, 0, 18, "#ccc") +
      circ(170, 0, 18, "#ccc") +
      rect(260, -46, 24, 20, C.sun, 4),
    tr(x, y, s),
  );
const cruiseShip = (x, y, s = 1) =>
  g(
    path("M-520 0h1040l-60 90h-900z", "#fff") +
      rect(-520, 60, 1040, 30, C.deep) +
      rect(-440, -70, 860, 70, "#fff") +
      rect(-380, -130, 700, 60, "#f7f7f2") +
      rect(-300, -180, 480, 50, "#fff") +
      line("M-420 -34h820M-360 -100h660M-280 -154h440", "#4b7e9c", 16, ' stroke-dasharray="20 12"') +
      line("M-500 30h1000", "#4b7e9c", 12, ' stroke-dasharray="10 26"') +
      path("M100 -180l20 -80h90l10 80z", C.red) +
      rect(110, -250, 100, 20, "#222"),
    tr(x, y, s),
  );
const yacht = (x, y, s = 1, lit = false) =>
  g(
    path("M-160 0h320l-40 40h-260z", "#fff") +
      path("M-100 0l20 -50h160l40 50z", "#f2f2ec") +
      line("M-60 -26h140", lit ? C.sun : "#4b7e9c", 12, ' stroke-dasharray="20 10"') +
      line("M0 -50v-150", "#ddd", 4),
    tr(x, y, s),
  );
const martini = (x, y, s = 1, col = C.pink) =>
  g(
    path("M-60 -140h120l-60 70z", "#e9f4f6", ' opacity=".6"') +
      path("M-50 -134h100l-50 58z", col) +
      rect(-3, -76, 6, 70, "#e9f4f6") +
      ell(0, -4, 36, 7, "#e9f4f6") +
      circ(30, -140, 10, C.lteal),
    tr(x, y, s),
  );
const cigar = (x, y, s = 1, rot = 0) =>
  g(
    rect(-140, -14, 280, 28, "#7a4a2a", 14) +
      rect(60, -14, 30, 28, C.red) +
      rect(126, -14, 20, 28, "#bbb", 8) +
      circ(148, 0, 8, "#ff7a3a") +
      line("M160 -10q30 -40 0 -80t10 -90", "#fff", 6, ' opacity=".45" stroke-linecap="round"'),
    tr(x, y, s, rot),
  );
const ashtray = (x, y, s = 1) => ell(x, y, 130 * s, 30 * s, "#4a4e57") + ell(x, y - 6 * s, 100 * s, 20 * s, "#2f3440");
const neon = (d, col) =>
  line(d, col, 30, ' opacity=".25" stroke-linecap="round"') +
  line(d, col, 10, ' stroke-linecap="round"') +
  line(d, "#fff", 3, ' stroke-linecap="round" opacity=".8"');
const popcorn = (x, y, s = 1) =>
  g(
    path("M-110 -260h220l-30 260h-160z", "#fff") +
      path("M-90 -260h40l-10 260h-30zM10 -260h40l0 260h-34z", C.red) +
      path("M90 -260h20l-30 260h-20z", C.red) +
      [
        [-80, -280],
        [-30, -300],
        [20, -290],
        [70, -280],
        [-50, -330],
        [0, -340],
        [50, -320],
        [-90, -300],
        [90, -300],
      ]
        .map(([a, b]) => circ(a, b, 30, "#fff6d6") + circ(a + 8, b + 6, 10, "#f4d27a"))
        .join(""),
    tr(x, y, s),
  );
const breadRoll = (x, y, s = 1, rot = 0) =>
  g(
    ell(0, 0, 90, 50, "#c9782a") +
      ell(0, -8, 80, 40, "#e0a04a") +
      line("M-40 -30l20 40M0 -36l20 40M40 -30l14 30", "#f7d79a", 8, ' stroke-linecap="round"'),
    tr(x, y, s, rot),
  );
const quipe = (x, y, s = 1, rot = 0) =>
  g(
    path("M-100 0C-60 -50 60 -50 100 0 60 50 -60 50 -100 0z", "#b8621f") +
      path("M-80 -4C-40 -34 40 -34 70 -10", "none", ' stroke="#d98a3a" stroke-width="10" stroke-linecap="round"'),
    tr(x, y, s, rot),
  );
const lobster = (x, y, s = 1) =>
  g(
    path("M-200 0c0-60 80-80 200-70s200 20 200 70-80 60-200 70-200-10-200-70z", "#d9483b") +
      path("M-180 0c0-40 70-50 180-46s180 16 180 46-70 40-180 46-180-6-180-46z", "#fff2dc") +
      line("M-160 0h330", "#f2c9a0", 8) +
      path("M200 0l80 -60 20 20-60 50 60 50-20 20z", "#d9483b") +
      line("M-200 -20l-80 -60M-200 20l-80 60", "#d9483b", 8),
    tr(x, y, s),
  );
const grilledFish = (x, y, s = 1) =>
  g(
    path("M-200 0C-120 -90 120 -90 180 0 120 90 -120 90 -200 0z", "#c97a3a") +
      path("M170 0l90 -70v140z", "#b8621f") +
      line("M-120 -50l40 100M-50 -64l40 128M20 -64l40 128M90 -50l30 90", "#6b3a22", 10, ' opacity=".6"') +
      circ(-150, -10, 10, "#fff") +
      circ(-150, -10, 5, "#222"),
    tr(x, y, s),
  );
const beerBottle = (x, y, s = 1) =>
  g(
    path("M-34 0v-170c0-30 20-40 24-70v-50h20v50c4 30 24 40 24 70v170z", "#3a7a3a") +
      rect(-34, -130, 68, 70, C.cream) +
      rect(-20, -300, 40, 12, C.sun, 3) +
      rect(-26, -220, 8, 200, "#fff", 4, ' opacity=".3"') +
      line("M-20 -280v250M20 -260v220", "#fff", 3, ' opacity=".4" stroke-dasharray="8 20"'),
    tr(x, y, s),
  );
const wineGlass = (x, y, s = 1, col = "#8a1f3a") =>
  g(
    path("M-40 -200c-10 60 0 100 40 100s50 -40 40 -100z", "#e9f4f6", ' opacity=".6"') +
      path("M-38 -150c2 30 12 46 38 46s36-16 38-46z", col) +
      rect(-3, -100, 6, 96, "#e9f4f6") +
      ell(0, -4, 34, 7, "#e9f4f6"),
    tr(x, y, s),
  );
const stringLights = (y, col = C.sun) =>
  line(t`M-300 ${y}Q600 ${y + 90} 1500 ${y}`, "#222", 3) +
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    .map((i) => {
      const xx = -200 + i * 120,
        yy = y + 90 * (1 - ((xx - 600) / 900) ** 2) * 0.5 + 12;
      return circ(xx, yy, 10, col) + circ(xx, yy, 22, col, ' opacity=".3"');
    })
    .join("");
const tub = (x, y, w, col, col2) =>
  rect(x, y, w, 90, "#c9cfd4", 4) +
  path(t`M${x + 6} ${y + 20}q${w / 4} -40 ${w / 2} -10t${w / 2 - 12} 0v30h${-(w - 12)}z`, col) +
  rect(x + 6, y + 40, w - 12, 44, col) +
  (col2 ? circ(x + w / 2, y + 20, 8, col2) : "");
const glassCase = (inner, wall = "#f3d6c0") =>
  rect(-900, -600, 3000, 2200, wall) +
  rect(80, 160, 1040, 480, "#f7fbfc", 12) +
  inner +
  rect(80, 160, 1040, 480, "#cfe7ee", 12, ' opacity=".3"') +
  path("M80 160l260 480h-140l-120 -240z", "#fff", ' opacity=".3"') +
  rect(60, 140, 1080, 520, "none", 14, ' stroke="#b06f3e" stroke-width="22"') +
  rect(-900, 660, 3000, 600, "#8f5632");
const night = (c) =>
  L.sky(c, "night") +
  [
    [100, 80],
    [300, 160],
    [520, 60],
    [860, 120],
    [1080, 60],
    [1000, 200],
    [200, 260],
  ]
    .map(([a, b]) => circ(a, b, 3, "#fff"))
    .join("") +
  circ(980, 140, 44, "#fdf2c8");
const terrace = (_c, col = "#c98b55") =>
  rect(-900, 560, 3000, 700, col) + bars(-900, 470, 3000, 90, "#fff", 6, 30) + rect(-900, 466, 3000, 10, "#fff");

// ---------- scenes ----------
const N = {};
N["/images/cards/puerto-plata-day-spas.svg"] = (c) =>
  L.sky(c, "day") +
  L.sun(600, 170, 40) +
  L.sea(c, 380) +
  L.waves(400, 540, 3) +
  L.palm(180, 560, 300, 0.1, 0.8) +
  L.palm(1020, 560, 300, -0.1, 0.8) +
  rect(-900, 560, 3000, 600, "#c98b55") +
  pavilion(600, 560, 1.2).replace(/<path d="M-300 -340c40[^>]*\/>/, "") +
  massageTable(600, 700, 0.9) +
  orchid(1000, 700, 1.1) +
  candle(220, 720, 1.2);
N["/images/listings/spa-1.svg"] = (c) =>
  rect(-900, -600, 3000, 2200, "#efe2cf") +
  rect(-900, -600, 3000, 860, "#e3d2bb") +
  rect(380, 80, 440, 280, "#fff") +
  rect(
    400,
    100,
    400,
    240,
    c.lin("ws", [
      ["0", "#8fd3e8"],
      ["1", "#c8f1ea"],
    ]),
  ) +
  L.palm(700, 360, 220, -0.1, 0.6) +
  rect(-900, 640, 3000, 600, "#b98250") +
  massageTable(560, 680, 1.1) +
  orchid(1000, 620, 1.2) +
  candle(180, 660, 1.3) +
  candle(260, 670, 1) +
  ell(140, 640, 120, 20, "#9b6035");
N["/images/listings/spa-2.svg"] = (c) =>
  L.sky(c, "morning") +
  L.sun(940, 200, 50) +
  L.sea(c, 420) +
  L.waves(430, 560, 5) +
  L.sand(560, 10) +
  pavilion(600, 640, 1.2) +
  massageTable(600, 640, 0.85) +
  L.palm(120, 780, 420, 0.15) +
  L.palm(1100, 780, 400, -0.15);
N["/images/cards/puerto-plata-supermarkets.svg"] = (c) =>
  F.counterScene(c, "#d8f0e4", 660, { edge: "#c98b55", front: "#a8703a" }) +
  [
    [-120, -130, 30, "#6fa83a"],
    [-60, -150, 10, "#7fb84a"],
    [0, -140, -20, "#6fa83a"],
  ]
    .map(([a, b, r, col]) => plantain(600 + a, 560 + b, 1.6, r, col))
    .join("") +
  coffeeBag(780, 540, 1.2) +
  F.rumBottle(880, 560, 0.9) +
  basket(600, 560, 1.1) +
  avocado(470, 500) +
  avocado(540, 520) +
  mango(660, 500) +
  mango(720, 520) +
  mango(220, 640, 1) +
  avocado(1020, 640);
N["/images/listings/supermarket-1.svg"] = (c) =>
  rect(-900, -600, 3000, 2200, "#eef3ee") +
  rect(-900, 100, 3000, 40, C.teal) +
  [0, 1, 2]
    .map((row) =>
      [0, 1, 2, 3]
        .map((i) => {
          const x = 80 + i * 270,
            y = 200 + row * 170;
          const fills = [
            (cx, cy) => [0, 1, 2].map((k) => plantain(cx + 120, cy + 20 + k * 8, 0.9, k * 8)).join(""),
            (cx, cy) => [0, 1, 2, 3].map((k) => ell(cx + 50 + k * 45, cy + 16, 30, 14, "#8a5a3a")).join(""),
            (cx, cy) => F.pineapple(c, cx + 80, cy + 10, 0.3) + F.pineapple(c, cx + 170, cy + 10, 0.3),
            (cx, cy) => [0, 1, 2, 3].map((k) => mango(cx + 45 + k * 55, cy + 16, 0.6)).join(""),
            (cx, cy) => [0, 1, 2, 3, 4].map((k) => avocado(cx + 40 + k * 45, cy + 16, 0.5)).join(""),
          ];
          return crate(x, y + 40, 240, fills[(row * 4 + i) % 5](x, y));
        })
        .join(""),
    )
    .join("") +
  rect(-900, 720, 3000, 600, "#d9d3c7");
N["/images/listings/supermarket-2.svg"] = (_c) =>
  rect(-900, -600, 3000, 2200, "#eef3ee") +
  rect(-900, 620, 3000, 600, "#d9d3c7") +
  rect(-900, 80, 3000, 300, "#fff") +
  line("M-900 180h3000M-900 280h3000", "#c9cfd4", 10) +
  path("M260 420h440l-20 -140h-400z", "#e9dcc2") +
  rect(420, 230, 140, 200, "#f0e6cc", 20) +
  rect(440, 290, 100, 50, C.red, 4) +
  coffeeBag(330, 420, 0.9) +
  F.rumBottle(640, 420, 0.7) +
  plantain(560, 250, 1.4, -20) +
  plantain(600, 260, 1.4, -30, "#7fb84a") +
  cart(500, 700, 1.2);
N["/images/cards/puerto-plata-taxis.svg"] = (c) =>
  L.sky(c, "day") +
  L.sun(1000, 110, 44) +
  L.sea(c, 420) +
  L.waves(430, 500, 4) +
  rect(-900, 500, 3000, 40, "#e9dcc2") +
  rect(-900, 540, 3000, 200, "#6b6f78") +
  line("M-900 640h3000", "#fff", 8, ' stroke-dasharray="60 40"') +
  rect(-900, 740, 3000, 400, "#9ccf7a") +
  [60, 360, 660, 960, 1260].map((x) => L.palm(x, 520, 260, 0.1, 0.7)).join("") +
  van(560, 690, 1);
N["/images/listings/taxi-1.svg"] = (c) =>
  L.sky(c, "bright") +
  rect(-900, 300, 3000, 300, "#f7efe0") +
  rect(-900, 280, 3000, 30, C.coral) +
  bars(-900, 340, 3000, 160, "#cfeef6", 80, 40) +
  L.palm(100, 620, 420, 0.1) +
  L.palm(1120, 620, 400, -0.1) +
  rect(-900, 600, 3000, 600, "#8a8f99") +
  rect(-900, 600, 3000, 30, "#ddd3c4") +
  van(600, 740, 1.1, true) +
  L.person(1000, 760, 1.1, C.teal) +
  rect(1040, 700, 70, 60, C.coral, 8);
N["/images/listings/taxi-2.svg"] = (c) =>
  L.sky(c, "day") +
  L.sea(c, 400) +
  cruiseShip(640, 420, 0.9) +
  rect(-900, 500, 3000, 700, "#9aa3ab") +
  rect(-900, 500, 3000, 16, "#fff") +
  [
    [220, 700],
    [560, 720],
    [900, 740],
  ]
    .map(([x, y], i) =>
      g(
        path("M-150 0v-60q0-40 40-50h160q40 0 70 40l30 30v40z", "#f7f7f2") +
          rect(-130, -100, 90, 40, "#4b7e9c", 6) +
          rect(-30, -100, 90, 40, "#4b7e9c", 6) +
          rect(-40, -140, 60, 24, C.yellow, 6) +
          circ(-90, 0, 26, "#2a2a30") +
          circ(100, 0, 26, "#2a2a30"),
        tr(x, y, 0.9 + i * 0.1),
      ),
    )
    .join("") +
  rect(1080, 480, 12, 260, "#444") +
  rect(1020, 460, 130, 70, C.yellow, 8) +
  rect(1040, 480, 90, 10, "#333") +
  rect(1040, 500, 60, 10, "#333");
const trayTop = (c, items, col = C.red) =>
  F.woodTable(c) +
  rect(160, 120, 880, 560, col, 30) +
  rect(
    200,
    160,
    800,
    480,
    c.pat(
      "paper",
      40,
      40,
      '<rect width="40" height="40" fill="#fff8e8"/><path d="M0 20h40M20 0v40" stroke="#f2c9a0" stroke-width="3"/>',
    ),
    12,
  ) +
  items;
N["/images/cards/fast-food-puerto-plata.svg"] = (c) =>
  trayTop(
    c,
    burgerTop(380, 320, 1.1) +
      pizzaSlice(740, 600, 1, 150) +
      empanada(400, 560, 1.1, -8) +
      empanada(560, 540, 1.1, 12) +
      empanada(830, 260, 1.1, -20),
  );
// Issue 34: the burger chain's tray held fried chicken too, like KFC's bucket on the same page: a burger chain shows burgers.
N["/images/listings/fast-food-1.svg"] = (c) =>
  trayTop(
    c,
    burgerTop(400, 330, 1.1) +
      burgerTop(680, 480, 0.85) +
      g(
        rect(-80, -60, 160, 120, C.red, 10) +
          [0, 1, 2, 3, 4, 5].map((i) => rect(-70 + i * 24, -50, 16, 100, "#f7d04a", 4)).join(""),
        "translate(400 530)",
      ) +
      circ(840, 250, 90, "#fff") +
      circ(840, 250, 74, "#3a1a10") +
      circ(860, 230, 8, "#fff"),
  );
N["/images/listings/fast-food-2.svg"] = (c) =>
  F.woodTable(c) +
  rect(200, 80, 800, 640, "#e9dcc2", 8) +
  rect(230, 110, 740, 580, "#f4ead4", 8) +
  pizzaTop(600, 400, 270) +
  path("M600 400L870 400A270 270 0 0 1 735 634z", "#e9dcc2") +
  g(
    path("M0 0L270 0A270 270 0 0 1 135 234z", "#c9782a") +
      path("M14 10L250 10A250 250 0 0 1 130 214z", "#f3c45a") +
      circ(140, 60, 22, "#b8322a") +
      circ(190, 120, 20, "#b8322a"),
    "translate(680 430)",
  ) +
  line("M690 440c-20 20-40 20-60 0M700 470c-20 20-50 16-70 -4", "#f3d98a", 8, ' stroke-linecap="round"');
N["/images/listings/fast-food-3.svg"] = (c) =>
  F.counterScene(c, "#fbe3a0", 620, { tiles: "#f7c9a0" }) +
  path("M240 620l80 -200h560l80 200z", "#fff8e8") +
  empanada(420, 590, 1.7, -6) +
  empanada(640, 560, 1.7, 4) +
  empanada(860, 590, 1.7, 8) +
  empanada(540, 470, 1.4, -12) +
  empanada(760, 460, 1.4, 10);
N["/images/cards/shopping-puerto-plata.svg"] = (c) =>
  L.sky(c, "bright") +
  L.victorian(c, -100, 760, 1400, 700, "#b9d7ef", "#fff", { shutter: C.coral, roof: 40 }) +
  rect(360, 380, 480, 420, "#6b4429", 10) +
  rect(380, 400, 440, 380, "#2f2a40", 6) +
  [
    [460, 480],
    [600, 470],
    [740, 480],
    [460, 640],
    [600, 650],
    [740, 640],
  ]
    .map(
      ([x, y], i) =>
        line(t`M${x - 30} ${y - 60}L${x} ${y - 30}L${x + 30} ${y - 60}`, C.gold, 3) +
        (i % 2 ? larimar(x, y, 1) : amberPiece(x, y, 0.9, false)),
    )
    .join("");
N["/images/listings/shopping-1.svg"] = (_c) =>
  glassCase(
    rect(100, 180, 1000, 460, "#3b2d45") +
      [
        [260, 300],
        [460, 290],
        [660, 300],
        [860, 290],
        [260, 500],
        [460, 510],
        [660, 500],
        [860, 510],
      ]
        .map(([x, y], i) =>
          i % 2
            ? larimar(x, y, 1.3) + circ(x, y, 60, "none", ' stroke="#e6c15a" stroke-width="6" opacity=".8"')
            : line(t`M${x - 40} ${y - 70}L${x} ${y - 30}L${x + 40} ${y - 70}`, C.gold, 4) +
              amberPiece(x, y, 1.1, i === 4),
        )
        .join(""),
  );
N["/images/listings/shopping-2.svg"] = (c) =>
  L.sky(c, "bright") +
  L.cloud(300, 110, 0.8) +
  [
    [-100, "#f6b6a4", C.teal],
    [300, "#fbe3a0", C.coral],
    [700, "#9fd8cf", C.red],
    [1100, "#f4a6b8", C.palm],
  ]
    .map(
      ([x, col, aw]) =>
        rect(x, 200, 380, 380, col) +
        rect(x + 40, 380, 300, 200, "#cfeef6") +
        [0, 1, 2, 3, 4]
          .map((i) => path(t`M${x + 20 + i * 68} 320h68v50a34 24 0 0 1 -68 0z`, i % 2 ? "#fff" : aw))
          .join("") +
        rect(x + 20, 300, 340, 24, aw),
    )
    .join("") +
  rect(-900, 580, 3000, 600, "#eadfc9") +
  ell(600, 680, 160, 40, "#c9cfd4") +
  ell(600, 670, 140, 30, "#7fd6e8") +
  rect(585, 560, 30, 110, "#c9cfd4") +
  line("M600 560q-60 20-80 100M600 560q60 20 80 100", "#bfe9f5", 8) +
  L.palm(160, 780, 420, 0.1) +
  L.palm(1040, 780, 400, -0.1);
N["/images/listings/shopping-3.svg"] = (_c) =>
  rect(-900, -600, 3000, 2200, "#f7e3b8") +
  rect(60, 60, 1080, 80, C.coral) +
  [0, 1, 2, 3, 4, 5, 6, 7, 8]
    .map((i) => path(t`M${60 + i * 120} 140h120v40a60 30 0 0 1 -120 0z`, i % 2 ? C.coral : C.yellow))
    .join("") +
  [
    [120, "#2bb3a8"],
    [380, "#f5963c"],
    [640, "#9b86c9"],
  ]
    .map(
      ([x, col], i) =>
        rect(x, 210, 220, 170, "#8a5533") +
        rect(x + 10, 220, 200, 150, col) +
        circ(x + 150, 260, 24, C.sun) +
        L.hills(340, C.palm, 20, i).replace(/M-900/, "M-900").slice(0, 0) +
        path(t`M${x + 10} 330c60 -40 120 -20 200 -10v50h-200z`, C.palm) +
        (i === 1
          ? L.palm(x + 60, 370, 110, 0.1, 0.3)
          : rect(x + 40, 300, 50, 60, "#fff") + path(t`M${x + 34} 300l31 -26 31 26z`, C.red)),
    )
    .join("") +
  g(
    ell(0, 0, 90, 24, "#e9c27a") + rect(-50, -60, 100, 60, "#e9c27a", 30) + rect(-50, -30, 100, 12, C.red),
    "translate(1000 340)",
  ) +
  rect(-900, 480, 3000, 40, "#8a5533") +
  [180, 300, 420].map((x) => g(ell(0, 0, 30, 60, "#7a4a2a") + circ(0, -80, 26, "#7a4a2a"), tr(x, 470))).join("") +
  [620, 720, 820, 920].map((x, i) => F.rumBottle(x, 480, 0.6, i % 2 ? "#a0401a" : "#6b2f10", C.yellow)).join("") +
  rect(-900, 520, 3000, 600, "#6b4429");
N["/images/listings/shopping-4.svg"] = (c) =>
  L.sky(c, "day") +
  L.sea(c, 380) +
  cruiseShip(700, 360, 0.8) +
  [
    [-80, "#f6b6a4"],
    [200, "#fbe3a0"],
    [480, "#9fd8cf"],
    [760, "#f4a6b8"],
    [1040, "#b9d7ef"],
  ]
    .map(([x, col]) => L.victorian(c, x, 640, 250, 220, col, "#fff", { floors: 1, roof: 40 }))
    .join("") +
  rect(-900, 640, 3000, 600, "#c9a77c") +
  line("M-900 700h3000M-900 760h3000", "#a8835a", 6);
N["/images/cards/bakeries-puerto-plata.svg"] = (c) =>
  F.counterScene(c, "#f3d6c0", 600, { tiles: "#fbe3c4" }) +
  basket(300, 540, 0.7) +
  breadRoll(220, 460, 0.8, -10) +
  breadRoll(340, 450, 0.8, 8) +
  breadRoll(280, 400, 0.8) +
  path("M500 600v-260h160v260z", "#e9f4f6", ' opacity=".7"') +
  rect(510, 320, 140, 20, "#c9cfd4", 4) +
  [0, 1, 2, 3, 4].map((i) => circ(560 + (i % 2) * 40, 570 - i * 46, 30, "#e9c48a")).join("") +
  F.cakeStand(900, 600, 0.75);
N["/images/listings/bakery-1.svg"] = (c) =>
  F.woodTable(c) +
  basket(600, 560, 1.4) +
  [
    [420, 420, -10],
    [600, 400, 6],
    [780, 420, 14],
    [500, 320, -4],
    [700, 320, 10],
    [600, 250, 0],
  ]
    .map(([x, y, r]) => breadRoll(x, y, 1.1, r))
    .join("") +
  F.steam(560, 160, 1);
N["/images/listings/bakery-2.svg"] = (_c) =>
  glassCase(
    rect(100, 400, 1000, 12, "#d6dfe3") +
      g(F.cakeStand(0, 0, 0.6), "translate(840 400)") +
      g(
        rect(-120, -180, 240, 180, "#5a2f1f", 20) +
          rect(-120, -130, 240, 14, "#8a4a2a") +
          rect(-120, -70, 240, 14, "#8a4a2a") +
          path("M-120 -180c40 40 80 -20 120 20s80 -20 120 0v-10h-240z", "#3a1a10"),
        "translate(500 400)",
      ) +
      [0, 1, 2]
        .map((i) =>
          g(
            rect(-80, -50, 160, 50, "#f3c45a", 10) +
              path("M-80 -40q40 -20 80 0t80 0", "none", ' stroke="#c9782a" stroke-width="8"') +
              rect(-70, -10, 140, 10, "#f7e3b8"),
            tr(260 + i * 220, 620),
          ),
        )
        .join(""),
  );
N["/images/listings/bakery-3.svg"] = (c) =>
  F.cloth(c, "#fdf2e6", "#2bb3a8") +
  g(
    rect(-120, -200, 240, 300, "#e9f4f6", 40, ' opacity=".75"') +
      rect(-100, -230, 200, 40, "#b98250", 10) +
      F.cookies(-70, -140, 9, 30),
    "translate(300 400)",
  ) +
  F.cookies(500, 220, 3, 40) +
  F.plate(840, 460, 220) +
  F.fudge(720, 340, 6, 70);
N["/images/listings/bakery-4.svg"] = (_c) =>
  glassCase(
    rect(100, 400, 1000, 12, "#d6dfe3") +
      [
        [260, 300, -6],
        [480, 290, 4],
        [700, 300, -4],
        [920, 290, 8],
      ]
        .map(([x, y, r]) => quipe(x, y, 1, r))
        .join("") +
      [
        [240, 560],
        [420, 550],
        [600, 560],
        [780, 550],
        [960, 560],
      ]
        .map(([x, y], i) => empanada(x, y, 0.9, i % 2 ? 6 : -6))
        .join(""),
  );
N["/images/cards/fine-dining-puerto-plata.svg"] = (c) =>
  L.sky(c, "dusk") +
  L.sun(900, 380, 50, "#ffd08a") +
  L.sea(c, 400, "dusk") +
  L.waves(410, 520, 3, "#fff", 0.3) +
  terrace(c, "#5a3d3a") +
  ell(600, 640, 360, 80, "#fffaf0") +
  rect(260, 640, 680, 140, "#fffaf0") +
  line("M260 700h680", "#f0e6d6", 4) +
  wineGlass(480, 620, 1.1) +
  wineGlass(720, 620, 1.1, "#f3e3a0") +
  candle(600, 640, 1.3) +
  F.plateSide(420, 660, 90) +
  F.plateSide(780, 660, 90);
N["/images/listings/fine-dining-1.svg"] = (_c) =>
  rect(-900, -600, 3000, 2200, "#2c3a4a") +
  L.forest(120, "#2f5a3a", 8, -900, 2100, 90) +
  [80, 300, 900, 1120].map((x) => L.palm(x, 600, 420, x < 600 ? 0.1 : -0.1, 1, "#2f6a45", "#204a30")).join("") +
  stringLights(60) +
  rect(-900, 600, 3000, 600, "#6b4a3a") +
  ell(600, 620, 380, 80, "#fffaf0") +
  rect(240, 620, 720, 160, "#fffaf0") +
  wineGlass(470, 610, 1) +
  wineGlass(730, 610, 1) +
  candle(600, 620, 1.3) +
  F.plateSide(400, 640, 90) +
  F.plateSide(800, 640, 90);
N["/images/listings/fine-dining-2.svg"] = (c) =>
  rect(-900, -600, 3000, 2200, "#3a3340") +
  rect(620, 60, 520, 420, "#fff") +
  rect(640, 80, 480, 380, c.lin("sky-dusk", L.SKIES.dusk)) +
  rect(640, 320, 480, 140, "#2f3f6a") +
  circ(880, 320, 40, "#ffd08a") +
  rect(-900, 520, 3000, 700, "#fffaf0") +
  F.plateSide(480, 640, 330) +
  path("M300 600c60-60 300-60 360 0-60 40-300 40-360 0z", "#f0e6c8") +
  path("M340 590c40-40 220-40 260 0-40 20-220 20-260 0z", "#e8c48a") +
  line("M320 620q160 40 340 0", "#3f9652", 14, ' stroke-linecap="round"') +
  F.fork(900, 560, 0.9, 80) +
  wineGlass(1060, 620, 1);
N["/images/cards/ice-cream-puerto-plata.svg"] = (c) =>
  L.sky(c, "bright") +
  L.ground(600, "#8cc46e") +
  L.gazebo(600, 660, 0.9) +
  L.palm(60, 700, 380, 0.1) +
  L.palm(1140, 700, 360, -0.1) +
  L.hand(560, 880, 2, 0) +
  cone(600, 500, 1.3);
N["/images/listings/ice-cream-1.svg"] = (_c) =>
  glassCase(
    rect(100, 420, 1000, 12, "#d6dfe3") +
      [
        ["#fff6e0", "#fff"],
        ["#f6c331", "#3a2a1a"],
        ["#6b3a22", null],
        [C.pink, null],
        ["#bfe27a", null],
        ["#f7873a", null],
      ]
        .map(([col, col2], i) => tub(140 + (i % 3) * 330, i < 3 ? 290 : 520, 260, col, col2))
        .join(""),
    "#cfeef6",
  );
N["/images/listings/ice-cream-2.svg"] = (c) =>
  rect(
    -900,
    -600,
    3000,
    2200,
    c.lin("icbg", [
      ["0", "#c8f1ea"],
      ["1", "#f5a3b5"],
    ]),
  ) +
  circ(600, 400, 300, "#fff", ' opacity=".3"') +
  cone(600, 460, 1.6, ["#f5a3b5", "#f6c331"]) +
  [
    [200, 200],
    [1000, 260],
    [260, 620],
    [960, 620],
  ]
    .map(([x, y]) => circ(x, y, 14, "#fff", ' opacity=".7"'))
    .join("");
N["/images/listings/ice-cream-3.svg"] = (c) =>
  L.sky(c, "bright") +
  L.victorian(c, -100, 600, 1400, 520, "#f7f1e3", "#fff", { floors: 2 }) +
  rect(-900, 600, 3000, 600, "#d9d3c7") +
  g(
    rect(-220, -180, 440, 180, "#2f7fd1", 10) +
      rect(-220, -200, 440, 30, "#fff") +
      [0, 1, 2, 3, 4]
        .map((i) => rect(-190 + i * 80, -300, 40, 110, [C.red, C.yellow, "#2f7fd1", C.palm, C.orange][i], 8))
        .join("") +
      circ(-160, 10, 40, "#2a2a30") +
      circ(160, 10, 40, "#2a2a30") +
      path("M-240 -200l-60 -160M240 -200l60 -160", "none", ' stroke="#aaa" stroke-width="8"') +
      path("M-320 -360h640l-60 -60h-520z", C.coral),
    "translate(420 700)",
  ) +
  g(
    path("M-70 0l-16 -160h172l-16 160z", "#fff") +
      path("M-86 -160c0-80 172-80 172 0z", C.red) +
      path("M-86 -160c0-40 80-70 100-30 10-30 72-20 72 30z", C.yellow) +
      line("M-70 -130q70 30 140 0", "#f0e6d6", 6),
    "translate(940 720) scale(1.3)",
  );
N["/images/cards/casual-dining-puerto-plata.svg"] = (c) =>
  L.sky(c, "day") +
  L.sea(c, 380) +
  L.waves(390, 480, 4) +
  rect(-900, 480, 3000, 40, "#efe4cf") +
  L.palm(100, 500, 300, 0.1, 0.8) +
  L.palm(1100, 500, 300, -0.1, 0.8) +
  terrace(c).replace(/y="466"/, 'y="466"') +
  ell(600, 700, 560, 140, "#fff8ea") +
  F.plateSide(460, 700, 250) +
  grilledFish(460, 650, 0.8) +
  tostonesSide(840, 700) +
  beerBottle(1000, 690, 0.9);
function tostonesSide(x, y) {
  return (
    F.plateSide(x, y, 140) + [-60, 0, 60].map((d, i) => ell(x + d, y - 22 - (i % 2) * 10, 50, 16, "#e9b23c")).join("")
  );
}
N["/images/listings/casual-dining-1.svg"] = (c) =>
  L.sky(c, "bright") +
  L.sea(c, 380) +
  L.waves(390, 470, 7) +
  L.sand(460, 10) +
  terrace(c) +
  ell(600, 700, 560, 140, "#fff8ea") +
  F.plateSide(500, 700, 260) +
  burgerSide(460, 650, 0.9) +
  [0, 1, 2].map((i) => ell(640 + i * 30, 662 - i * 6, 40, 14, "#e9b23c")).join("") +
  beerBottle(920, 690, 0.9);
N["/images/listings/casual-dining-2.svg"] = (c) =>
  rect(-900, -600, 3000, 2200, "#6b4429") +
  rect(
    -900,
    -600,
    3000,
    1200,
    c.pat(
      "wall",
      80,
      800,
      '<rect width="80" height="800" fill="#8a5533"/><rect width="6" height="800" fill="#6b4429"/>',
    ),
  ) +
  rect(120, 140, 440, 300, "#2bb3a8", 10) +
  L.whale(340, 290, 0.5, "#1f4f7a") +
  rect(640, 140, 440, 300, "#f5963c", 10) +
  mask(860, 320, 0.7, C.red, C.yellow) +
  stringLights(40) +
  rect(-900, 600, 3000, 600, "#4a2e22") +
  [260, 600, 940]
    .map(
      (x) =>
        ell(x, 620, 120, 26, "#c98b55") +
        rect(x - 8, 620, 16, 110, "#2a1a12") +
        F.tumbler(x - 30, 612, 0.5, C.orange, 0.7) +
        martini(x + 40, 612, 0.5),
    )
    .join("");
N["/images/listings/casual-dining-3.svg"] = (c) =>
  L.sky(c, "bright") +
  L.sea(c, 400) +
  L.waves(410, 500, 8) +
  terrace(c, "#c98b55") +
  pizzaTop(430, 660, 200)
    .replace(/<circle/, '<ellipse rx="200" ry="70" cx="430" cy="660" fill="#9aa3ab"/><circle')
    .replace(/cy="660" r="(\d+)"/g, 'cy="660" r="$1" transform="matrix(1 0 0 .35 0 429)"') +
  F.bowl(880, 660, 0).slice(0, 0) +
  ell(880, 680, 170, 50, "#fffaf2") +
  path("M730 670c0-60 300-60 300 0z", "#e0683a") +
  line("M760 650q40 -30 80 0t80 0t80 0M780 630q40 -20 80 0t80 0", "#f08a4a", 8) +
  F.fork(1060, 600, 0.6, 30);
N["/images/listings/casual-dining-4.svg"] = (c) => S["/images/articles/la-bandera-plate.svg"](c);
N["/images/listings/casual-dining-5.svg"] = (c) =>
  beach(c, {
    horizon: 340,
    shore: 480,
    palms: [[1120, 700, 380, -0.15]],
    after:
      L.thatch(260, 620, 2.2) +
      ell(640, 700, 360, 70, "#c98b55") +
      F.plateSide(640, 690, 260) +
      lobster(640, 650, 0.9) +
      F.lime(880, 680, 0.7),
  });
N["/images/cards/puerto-plata-night-clubs.svg"] = (_c) =>
  rect(-900, -600, 3000, 2200, "#1a1030") +
  path("M100 -100L300 620H-100z", "#d9483b", ' opacity=".35"') +
  path("M1100 -100L1300 620H800z", "#9b52c4", ' opacity=".4"') +
  path("M600 -100L800 620H400z", "#e8698c", ' opacity=".25"') +
  [
    [300, 560, 1.6, 1],
    [380, 560, 1.6, 0],
    [760, 560, 1.5, 1],
    [840, 560, 1.5, 0],
  ]
    .map(([x, y, s, p]) => L.silhouette(x, y, s, "#0d0820", p))
    .join("") +
  rect(-900, 560, 3000, 60, "#5a3a2a") +
  rect(-900, 620, 3000, 600, "#3a2418") +
  ashtray(420, 620, 1) +
  cigar(440, 600, 0.9, -6) +
  F.snifter(800, 620, 1.3, "#6b2f10");
N["/images/listings/nightclub-1.svg"] = (c) =>
  X["/images/cards/night-clubs.svg"](c).replace(/<circle cx="600" cy="160"[^>]*\/>/, "") +
  g(
    rect(-220, -120, 440, 120, "#222", 10) +
      circ(-110, -130, 50, "#444") +
      circ(110, -130, 50, "#444") +
      circ(-110, -130, 14, C.pink) +
      circ(110, -130, 14, C.teal) +
      line("M-200 -60h400", C.pink, 6, ' stroke-dasharray="20 14"'),
    "translate(600 470)",
  ) +
  L.silhouette(600, 350, 1.2, "#140d2a");
N["/images/listings/nightclub-2.svg"] = (c) =>
  rect(
    -900,
    -600,
    3000,
    2200,
    c.pat(
      "panel",
      200,
      300,
      '<rect width="200" height="300" fill="#6b3a22"/><rect x="16" y="16" width="168" height="268" rx="6" fill="#7a4a2a"/>',
    ),
  ) +
  ell(
    600,
    120,
    500,
    260,
    c.rad("lamp", [
      ["0", "#ffcf7a", 0.35],
      ["1", "#ffcf7a", 0],
    ]),
  ) +
  g(
    rect(-220, -300, 440, 300, "#5a2418", 60) +
      rect(-280, -160, 100, 220, "#6b2a1c", 40) +
      rect(180, -160, 100, 220, "#6b2a1c", 40) +
      rect(-200, -80, 400, 120, "#7a3322", 30) +
      rect(-240, 40, 20, 40, "#2a1a12") +
      rect(220, 40, 20, 40, "#2a1a12"),
    "translate(360 620)",
  ) +
  ell(900, 620, 220, 40, "#3a2418") +
  rect(880, 620, 40, 150, "#2a1a12") +
  ashtray(860, 600, 0.8) +
  cigar(870, 582, 0.6, -8) +
  F.snifter(1010, 610, 1, "#6b2f10");
N["/images/listings/nightclub-3.svg"] = (c) =>
  night(c) +
  L.sea(c, 420, "night") +
  L.waves(440, 600, 3, "#fff", 0.2) +
  [
    [200, 470, 0.8],
    [520, 500, 1],
    [860, 470, 0.8],
    [1100, 510, 0.9],
  ]
    .map(([x, y, s]) => yacht(x, y, s, true))
    .join("") +
  line("M-900 530h3000", "#6b4a3a", 30) +
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => circ(-100 + i * 150, 510, 8, C.sun)).join("") +
  terrace(c, "#3a2418").replace('fill="#fff"', 'fill="#d9c9a8"') +
  stringLights(120) +
  F.tumbler(420, 620, 0.9, C.orange, 0.7) +
  martini(620, 620, 1) +
  F.tumbler(820, 620, 0.9, C.rum, 0.6);
N["/images/listings/nightclub-4.svg"] = (_c) =>
  rect(-900, -600, 3000, 2200, "#1d1a33") +
  neon("M140 120h380M140 120v160", C.pink) +
  neon("M700 100c60 -40 120 40 180 0s120 -40 180 0", C.teal) +
  rect(80, 300, 1040, 16, "#3a3560") +
  rect(80, 190, 1040, 16, "#3a3560") +
  [0, 1, 2, 3, 4, 5, 6, 7, 8]
    .map((i) => F.rumBottle(140 + i * 115, 300, 0.35, [C.rum, "#2f7fd1", "#c9761f", "#3a7a3a"][i % 4]))
    .join("") +
  rect(-900, 520, 3000, 40, "#b052c4") +
  rect(-900, 560, 3000, 700, "#2a2445") +
  martini(520, 520, 1.2, C.pink) +
  martini(700, 520, 1.2, C.lteal) +
  g(rect(-200, -80, 400, 100, "#e8698c", 30) + rect(-220, -140, 440, 80, "#d9587a", 30), "translate(200 780)") +
  g(rect(-200, -80, 400, 100, "#2bb3a8", 30) + rect(-220, -140, 440, 80, "#23998f", 30), "translate(1000 780)");
N["/images/listings/family-cruise-port.svg"] = (c) =>
  L.sky(c, "day") +
  L.sun(1040, 100, 40) +
  L.sea(c, 380) +
  cruiseShip(600, 380, 0.85) +
  L.townRow(c, 470, 4, -300, 1500, 0.9) +
  rect(-900, 470, 3000, 600, "#eee3cf") +
  pool(c, 200, 560, 560, 130, 1) +
  rect(940, 300, 30, 300, "#e9e2d6") +
  line("M960 320C800 380 1000 480 820 600", C.yellow, 40) +
  L.palm(80, 780, 380, 0.1) +
  L.palm(1140, 780, 360, -0.1);
function pool(c, x, y, w, h, _shape) {
  const d = t`M${x} ${y}c${w * 0.2} -${h * 0.6} ${w * 0.5} ${h * 0.1} ${w * 0.7} -${h * 0.2}s${w * 0.35} ${h * 0.3} ${w * 0.3} ${h * 0.7}s-${w * 0.5} ${h * 0.4} -${w * 0.8} ${h * 0.2}s-${w * 0.3} -${h * 0.4} -${w * 0.2} -${h * 0.7}z`;
  return (
    path(d, "#eae0cc", ' stroke="#fff" stroke-width="22" stroke-linejoin="round"') +
    path(
      d,
      c.lin("pool", [
        ["0", "#7fe3e0"],
        ["1", "#1aa3b5"],
      ]),
    )
  );
}
N["/images/listings/family-amber.svg"] = (c) =>
  F.woodTable(c) +
  rect(200, 180, 800, 440, "#f6efd8", 6) +
  amberPiece(620, 400, 3.2, true) +
  g(
    circ(0, 0, 190, "#fff", ' opacity=".3"') +
      circ(0, 0, 190, "none", ' stroke="#263238" stroke-width="30"') +
      rect(130, 130, 60, 230, "#6b4429", 24, ' transform="rotate(-45 160 245)"'),
    "translate(600 380)",
  );
N["/images/listings/family-ecolodge.svg"] = (c) =>
  L.sky(c, "morning") +
  L.hills(300, "#6fae77", 60, 4) +
  L.hills(380, "#4c8f5e", 40, 5) +
  L.ground(470, "#7fb25e") +
  path(
    "M-300 800C100 700 300 560 700 560S1100 600 1500 560V900H-300z",
    c.lin("river", [
      ["0", "#7fe3e0"],
      ["1", "#1aa3b5"],
    ]),
  ) +
  L.waves(600, 760, 4, "#fff", 0.4, 8) +
  rocks2() +
  [
    [260, 470, 1],
    [560, 440, 0.8],
    [900, 460, 1],
  ]
    .map(([x, y, s]) =>
      g(
        rect(-100, -110, 200, 110, "#a8703a") +
          line("M-100 -80h200M-100 -50h200M-100 -20h200", "#8a5533", 4) +
          path("M-130 -110h260l-130 -80z", "#6b4a2b") +
          rect(-30, -70, 60, 70, "#4a2e22") +
          rect(-110, 0, 220, 14, "#8a5533"),
        tr(x, y, s),
      ),
    )
    .join("") +
  L.palm(1120, 500, 300, -0.1, 0.8) +
  roundTree(60, 520, 1.1);
function rocks2() {
  return [
    [300, 700],
    [860, 640],
    [1000, 720],
  ]
    .map(([x, y]) => ell(x, y, 60, 26, "#8a8f99"))
    .join("");
}
function roundTree(x, y, s = 1, col = C.palm) {
  return g(
    rect(-10, -120, 20, 120, C.trunk) + circ(0, -160, 80, col) + circ(-50, -120, 50, col) + circ(50, -120, 50, col),
    tr(x, y, s),
  );
}
N["/images/listings/family-go-karts.svg"] = (c) =>
  S["/images/listings/tour-8.svg"](c).replace(/<g transform="translate\(960 700\)[\s\S]*?<\/g>/, "");
N["/images/listings/family-park.svg"] = (c) =>
  S["/images/articles/central-park-gazebo.svg"](c) +
  [
    [420, 760],
    [470, 772],
    [760, 766],
    [800, 756],
  ]
    .map(([x, y]) =>
      g(ell(0, 0, 22, 14, "#8a93a8") + circ(18, -10, 9, "#8a93a8") + path("M26 -10l10 3-10 3z", C.orange), tr(x, y)),
    )
    .join("");
N["/images/listings/family-lagoon.svg"] = (c) =>
  L.sky(c, "bright") +
  L.sun(1000, 110, 44) +
  L.palm(80, 480, 340, 0.1, 0.9) +
  L.palm(1130, 480, 320, -0.1, 0.9) +
  rect(-900, 420, 3000, 60, C.sand) +
  rect(
    -900,
    470,
    3000,
    800,
    c.lin("lag2", [
      ["0", "#7fe3e0"],
      ["1", "#2bb3a8"],
    ]),
  ) +
  L.waves(500, 780, 6, "#fff", 0.5) +
  rect(760, 240, 24, 260, "#e9e2d6") +
  line("M780 260C700 300 760 420 640 500", C.coral, 40) +
  g(ell(0, 0, 90, 34, C.yellow) + ell(0, 0, 50, 16, "#7fe3e0"), "translate(400 620)") +
  g(ell(0, 0, 90, 34, C.pink) + ell(0, 0, 50, 16, "#7fe3e0"), "translate(900 690)") +
  [
    [300, 560],
    [520, 700],
    [760, 600],
  ]
    .map(
      ([x, y]) =>
        circ(x, y, 22, "#8d5a3b") +
        ell(x, y + 30, 34, 12, "#fff", ' opacity=".5"') +
        line(t`M${x - 20} ${y + 10}l-30 -40M${x + 20} ${y + 10}l30 -40`, "#8d5a3b", 10, ' stroke-linecap="round"'),
    )
    .join("");
N["/images/listings/family-pink-street.svg"] = (c) =>
  lane(c, {
    ground: "#f29bb0",
    people: [
      [0.4, 560, C.yellow],
      [0.5, 640, C.teal],
    ],
  });
N["/images/listings/family-umbrellas.svg"] = (c) =>
  lane(c, { umbrellas: true, wall: "#b9d7ef", wall2: "#fbe3a0", ground: "#ece2d0", balconies: false, pots: false });
N["/images/cards/family-fun-puerto-plata.svg"] = (c) =>
  lane(c, {
    umbrellas: true,
    wall: "#f6b6a4",
    wall2: "#9fd8cf",
    ground: "#ece2d0",
    balconies: false,
    pots: false,
    people: [
      [0.3, 540, C.yellow],
      [0.32, 640, C.coral],
      [0.5, 600, C.teal],
    ],
  });
N["/images/listings/family-boulevard.svg"] = (c) =>
  L.sky(c, "dusk") +
  L.townRow(c, 520, 6, -300, 1500, 1.6) +
  rect(-900, 520, 3000, 700, "#d9c6a8") +
  stringLights(300) +
  g(
    path("M-150 0v-160a150 120 0 0 1 300 0v160z", "#b5503f") +
      path("M-70 0v-80a70 60 0 0 1 140 0v80z", "#2a1a12") +
      ell(0, -40, 40, 20, "#ff8a3a") +
      rect(-20, -300, 40, 100, "#8a8f99"),
    "translate(900 620)",
  ) +
  [260, 520].map((x) => ell(x, 640, 110, 24, "#fff8ea") + rect(x - 8, 640, 16, 100, "#444")).join("") +
  g(
    rect(-90, -120, 180, 120, "#2f7fd1", 10) +
      [0, 1, 2].map((i) => rect(-70 + i * 50, -190, 30, 70, [C.red, C.yellow, C.palm][i], 6)).join("") +
      circ(-60, 10, 24, "#2a2a30") +
      circ(60, 10, 24, "#2a2a30"),
    "translate(1120 700)",
  ) +
  L.person(380, 760, 1.1, C.coral) +
  L.person(640, 770, 0.9, C.yellow);
N["/images/listings/family-cinema.svg"] = (c) =>
  rect(-900, -600, 3000, 2200, "#1b1530") +
  ell(
    600,
    240,
    620,
    240,
    c.rad("glow", [
      ["0", "#cfe9ff", 0.5],
      ["1", "#cfe9ff", 0],
    ]),
  ) +
  rect(160, 60, 880, 360, "#e6f2ff", 8) +
  path("M160 420l-80 40h1040l-80 -40z", "#2a2245") +
  [0, 1, 2]
    .map((r) =>
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
        .map((i) => rect(40 + i * 106 - r * 10, 480 + r * 90, 90, 70, "#8a2f3a", 16))
        .join(""),
    )
    .join("") +
  popcorn(600, 800, 1.1);

export const LISTING_SCENES = N;
// Motifs the per-listing pictures (listings.mjs) compose into their own scenes.
export {
  burgerSide,
  pizzaTop,
  fries,
  colaCup,
  cone,
  massageTable,
  orchid,
  candle,
  pavilion,
  van,
  cruiseShip,
  yacht,
  martini,
  cigar,
  ashtray,
  beerBottle,
  grilledFish,
  stringLights,
  glassCase,
  night,
  terrace,
};

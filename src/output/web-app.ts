import { readPublicFile } from "../core/site-folder.ts";
import { decoding, loadSharp } from "../assets/raster.ts";
import type { Manifest, WebAppSettings } from "../manifest/types.ts";

/**
 * The web app manifest (https://www.w3.org/TR/appmanifest/) and the icons a phone shows for the
 * site on its home screen, from site.app in site.yaml. The icons are drawn with sharp from one
 * picture of public/: 192 and 512 px for `any` purpose, and a 512 px maskable one whose picture
 * sits inside the safe zone (the central circle of 80% of the side, which every mask keeps) on
 * the app's background colour, so no launcher crops it.
 */
export const WEB_APP_MANIFEST = "site.webmanifest";
const ICONS = [
  { file: "icons/icon-192.png", size: 192, maskable: false },
  { file: "icons/icon-512.png", size: 512, maskable: false },
  { file: "icons/maskable-512.png", size: 512, maskable: true },
] as const;
/**
 * The picture's share of a maskable icon's side. The safe zone is a circle of 80% of the side: a
 * round picture (the guide's) of 60% stays well inside it, and a square one loses at most the tips
 * of its corners.
 */
const MASKABLE_SCALE = 0.6;

/** The files site.app makes, by name: known before any is drawn, so they are claimed with the rest. */
export function webAppFileNames(manifest: Manifest): string[] {
  return manifest.site.app ? [WEB_APP_MANIFEST, ...ICONS.map((i) => i.file)] : [];
}

export function webAppFiles(
  manifest: Manifest,
  publicDir: string,
): { file: string; content: () => Promise<string | Uint8Array> | string }[] {
  const app = manifest.site.app;
  if (!app) return [];
  return [
    { file: WEB_APP_MANIFEST, content: () => webAppManifest(manifest, app) },
    ...ICONS.map(({ file, size, maskable }) => ({
      file,
      content: () => drawIcon(publicDir, app.icon, size, maskable ? app.backgroundColor : undefined),
    })),
  ];
}

function webAppManifest(manifest: Manifest, app: WebAppSettings): string {
  const description = app.description ?? manifest.site.tagline;
  return `${JSON.stringify(
    {
      name: app.name,
      short_name: app.shortName,
      ...(description && { description }),
      lang: manifest.site.language,
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: app.themeColor,
      background_color: app.backgroundColor,
      icons: ICONS.map(({ file, size, maskable }) => ({
        src: `/${file}`,
        sizes: `${size}x${size}`,
        type: "image/png",
        purpose: maskable ? "maskable" : "any",
      })),
    },
    null,
    2,
  )}\n`;
}

/**
 * One icon: the picture fitted in a `size` square (transparent around it), or for a maskable icon,
 * centred on `background`.
 */
async function drawIcon(publicDir: string, src: string, size: number, background?: string): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const input = await readPublicFile(publicDir, decodeURI(src));
  return decoding(src, async () => {
    const inner = background ? Math.round(size * MASKABLE_SCALE) : size;
    // An SVG is rasterised at the density that gives `inner` pixels, never scaled up from 72 dpi.
    const meta = await sharp(input).metadata();
    const density =
      meta.format === "svg"
        ? Math.min(2400, (72 * inner) / Math.max(meta.width ?? inner, meta.height ?? inner))
        : undefined;
    const picture = await sharp(input, density ? { density } : {})
      .resize(inner, inner, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
    if (!background) return sharp(picture).png({ compressionLevel: 9 }).toBuffer();
    const pad = Math.floor((size - inner) / 2);
    return sharp(picture)
      .extend({ top: pad, left: pad, bottom: size - inner - pad, right: size - inner - pad, background })
      .flatten({ background })
      .png({ compressionLevel: 9 })
      .toBuffer();
  });
}

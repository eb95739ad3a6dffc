/**
 * Writes the brand's image files into apps/web/public from the one drawing of the mark
 * (packages/ui/src/brand/mark.ts): favicon.svg, favicon.ico, apple-touch-icon.png, the manifest's
 * icons (192, 512 and a maskable 512) and og-image.png, the 1200×630 card pages share by default.
 * Text on the card is set in Figtree and turned into outlines here, so the result depends on no
 * font installed on the machine. Run `pnpm brand:images` after changing the mark and commit the
 * files; `SITE_NAME=… pnpm brand:images` sets another deployment's wordmark on the card.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { MARK_VIEWBOX, markShapesSvg, markSvg } from '@lantern/ui/brand/mark';
import { tokens } from '@lantern/ui/tokens';
import * as fontkit from 'fontkit';
import sharp from 'sharp';

const PUBLIC_DIR = join(import.meta.dirname, '..', 'public');
const SITE_NAME = process.env.SITE_NAME?.trim() || 'Lantern';
const CARD_LINE = 'Sell your home on the MLS for one flat fee.';
const CARD_KICKER = 'Flat-fee MLS listings and real estate services';

const require = createRequire(import.meta.url);
/** Figtree at one static weight, in WOFF (fontkit reads WOFF2 but not a variable WOFF2's weights). */
const fontFile = (weight: number) =>
  require.resolve(`@fontsource/figtree/files/figtree-latin-${weight}-normal.woff`);

const { primary, primaryActive, accent, onPrimary } = tokens.color;

/** The mark drawn at `size` px inside a square of `canvas` px, on a plain background. */
function iconSvg(canvas: number, size: number, background: string): string {
  const offset = (canvas - size) / 2;
  const scale = size / MARK_VIEWBOX;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${canvas}" height="${canvas}" viewBox="0 0 ${canvas} ${canvas}"><rect width="${canvas}" height="${canvas}" fill="${background}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${markShapesSvg()}</g></svg>`;
}

interface Glyph {
  id: number;
  advanceWidth: number;
  path: { toSVG(): string };
}
interface Font {
  unitsPerEm: number;
  glyphsForString(text: string): Glyph[];
}

/** `text` as SVG paths in Figtree at `weight`, its baseline's left end at (x, y). */
function textPath(
  text: string,
  opts: { x: number; y: number; size: number; weight: number; fill: string },
) {
  const font = fontkit.openSync(fontFile(opts.weight)) as Font;
  const scale = opts.size / font.unitsPerEm;
  let pen = 0;
  const parts = font.glyphsForString(text).map((glyph) => {
    const at = pen;
    pen += glyph.advanceWidth;
    const d = glyph.path.toSVG();
    return d ? `<path transform="translate(${at} 0)" d="${d}"/>` : '';
  });
  const svg = `<g fill="${opts.fill}" transform="translate(${opts.x} ${opts.y}) scale(${scale} ${-scale})">${parts.join('')}</g>`;
  return { svg, width: pen * scale };
}

/** The sharing card: the mark, the wordmark and one line of ours on the brand's navy. */
function cardSvg(): string {
  const [width, height] = [1200, 630];
  const markSize = 168;
  const left = 96;
  const wordmark = textPath(SITE_NAME, {
    x: left + markSize + 40,
    y: 270,
    size: 112,
    weight: 800,
    fill: onPrimary,
  });
  const line = textPath(CARD_LINE, { x: left, y: 430, size: 52, weight: 600, fill: onPrimary });
  const kicker = textPath(CARD_KICKER, { x: left, y: 510, size: 32, weight: 500, fill: accent });
  const scale = markSize / MARK_VIEWBOX;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${primary}"/><stop offset="1" stop-color="${primaryActive}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<rect x="0" y="${height - 16}" width="${width}" height="16" fill="${accent}"/>
<g transform="translate(${left} 120) scale(${scale})">${markShapesSvg()}</g>
${wordmark.svg}
${line.svg}
${kicker.svg}
</svg>`;
}

/** An .ico holding one 32px PNG (every browser since 2010 reads PNG inside ICO). */
function icoOf(png: Buffer): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(32, 6); // width
  header.writeUInt8(32, 7); // height
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // offset of the PNG
  return Buffer.concat([header, png]);
}

/** Rasterised at 4× and scaled down, for smooth edges; the card's few colours fit a palette. */
const png = (svg: string, width: number, height = width, palette = false) =>
  sharp(Buffer.from(svg), { density: 288 })
    .resize(width, height)
    .png({ compressionLevel: 9, palette })
    .toBuffer();

async function main() {
  const files: Array<[string, Buffer | string]> = [
    ['favicon.svg', markSvg(undefined, SITE_NAME)],
    ['favicon.ico', icoOf(await png(markSvg(), 32))],
    // iOS draws its own rounded corners: a full-bleed square, the mark inset.
    ['apple-touch-icon.png', await png(iconSvg(180, 148, primary), 180)],
    ['icon-192.png', await png(markSvg(192), 192)],
    ['icon-512.png', await png(markSvg(512), 512)],
    // Maskable: the mark inside the 80% safe zone on a full-bleed square.
    ['icon-512-maskable.png', await png(iconSvg(512, 360, primary), 512)],
    ['og-image.png', await png(cardSvg(), 1200, 630, true)],
  ];
  for (const [name, content] of files) {
    writeFileSync(join(PUBLIC_DIR, name), content);
    console.log(`wrote public/${name}`);
  }
}

await main();

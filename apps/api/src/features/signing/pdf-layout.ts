import { PageSizes, type PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { drawableWith, fontFiles, pdfLibFontkit } from '../pdf/fonts.ts';

/**
 * A small flowing-text writer over pdf-lib for the documents we have signed (decision 032):
 * headings, wrapped paragraphs, key–value lines and signature lines, US Letter with one-inch
 * margins, a new page when the text reaches the bottom. The embedded DejaVu fonts (decision 061)
 * draw Latin, Greek and Cyrillic names as written; what they lack is simplified or shown as "?".
 */

const [WIDTH, HEIGHT] = PageSizes.Letter;
const MARGIN = 72;
const TEXT_WIDTH = WIDTH - 2 * MARGIN;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.35, 0.38, 0.43);

/** Where a signer's signature goes: stamped on the signed copy when they have all signed. */
export interface SignatureSpot {
  page: number;
  x: number;
  y: number;
}

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
}

/** The three faces, subset: only the glyphs a document draws are written into it. */
export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  const [fontkit, files] = await Promise.all([pdfLibFontkit(), fontFiles()]);
  doc.registerFontkit(fontkit);
  const [regular, bold, mono] = await Promise.all([
    doc.embedFont(files.regular, { subset: true }),
    doc.embedFont(files.bold, { subset: true }),
    doc.embedFont(files.mono, { subset: true }),
  ]);
  return { regular, bold, mono };
}

/** Text the font can draw (fonts.ts `drawableWith`): what it lacks is simplified or "?". */
export function drawable(font: PDFFont, text: string): string {
  return drawableWith(charsetOf(font), text);
}

const charsets = new WeakMap<PDFFont, Set<number>>();
function charsetOf(font: PDFFont): Set<number> {
  let set = charsets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charsets.set(font, set);
  }
  return set;
}

/**
 * Lines of at most `width` points; a word longer than a line is cut (hashes, user agents). Each
 * word is measured once and a line's width summed: an embedded font's measure lays the text out
 * (fontkit), far slower than a standard font's table, and a space joins no glyphs across it.
 */
export function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const measure = (s: string) => (widthPer1000(font, s) * size) / 1000;
  const space = measure(' ');
  const lines: string[] = [];
  for (const para of drawable(font, text).split('\n')) {
    let line = '';
    let lineWidth = 0;
    for (const word of para.split(/ +/)) {
      const wordWidth = measure(word);
      const candidate = line ? lineWidth + space + wordWidth : wordWidth;
      if (candidate <= width) {
        line = line ? `${line} ${word}` : word;
        lineWidth = candidate;
        continue;
      }
      if (line) lines.push(line);
      const cut = cutToWidth(word, wordWidth, width, measure);
      lines.push(...cut.slice(0, -1));
      line = cut.at(-1) ?? '';
      lineWidth = line === word ? wordWidth : measure(line);
    }
    lines.push(line);
  }
  return lines;
}

// Width at 1000 pt of each word measured in a document: agreements repeat their words a lot.
const widthCaches = new WeakMap<PDFFont, Map<string, number>>();
function widthPer1000(font: PDFFont, text: string): number {
  let cache = widthCaches.get(font);
  if (!cache) {
    cache = new Map();
    widthCaches.set(font, cache);
  }
  let width = cache.get(text);
  if (width === undefined) {
    width = font.widthOfTextAtSize(text, 1000);
    cache.set(text, width);
  }
  return width;
}

/** A word wider than `width` in pieces that fit (the last may be short), cut between code points. */
function cutToWidth(
  word: string,
  wordWidth: number,
  width: number,
  measure: (s: string) => number,
): string[] {
  if (wordWidth <= width) return [word];
  const pieces: string[] = [];
  let rest = [...word];
  while (rest.length > 1 && measure(rest.join('')) > width) {
    // The longest prefix that fits, by halves (at least one character, so the loop ends).
    let lo = 1;
    let hi = rest.length - 1;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (measure(rest.slice(0, mid).join('')) <= width) lo = mid;
      else hi = mid - 1;
    }
    pieces.push(rest.slice(0, lo).join(''));
    rest = rest.slice(lo);
  }
  pieces.push(rest.join(''));
  return pieces;
}

export function createWriter(doc: PDFDocument, fonts: Fonts, footer: string) {
  let page: PDFPage;
  let y = 0;

  function newPage() {
    page = doc.addPage([WIDTH, HEIGHT]);
    y = HEIGHT - MARGIN;
    const text = drawable(fonts.regular, footer);
    page.drawText(text, { x: MARGIN, y: MARGIN / 2, size: 8, font: fonts.regular, color: MUTED });
  }
  newPage();

  function room(height: number) {
    if (y - height < MARGIN) newPage();
  }

  function lines(
    text: string,
    opts: { font?: PDFFont; size?: number; color?: typeof INK; indent?: number },
  ) {
    const font = opts.font ?? fonts.regular;
    const size = opts.size ?? 10.5;
    const indent = opts.indent ?? 0;
    const leading = size * 1.4;
    for (const line of wrap(font, size, text, TEXT_WIDTH - indent)) {
      room(leading);
      y -= leading;
      page.drawText(line, { x: MARGIN + indent, y, size, font, color: opts.color ?? INK });
    }
  }

  return {
    title(text: string) {
      lines(text, { font: fonts.bold, size: 16 });
      y -= 6;
    },
    heading(text: string) {
      room(40);
      y -= 8;
      lines(text, { font: fonts.bold, size: 11.5 });
      y -= 2;
    },
    paragraph(text: string, muted = false) {
      lines(text, muted ? { color: MUTED, size: 9.5 } : {});
      y -= 6;
    },
    /** "Label: value", the value in a fixed-width font when it is a code (hashes, addresses). */
    field(label: string, value: string, code = false) {
      lines(`${label}:`, { font: fonts.bold, size: 9.5 });
      lines(value, { font: code ? fonts.mono : fonts.regular, size: code ? 9 : 10, indent: 12 });
      y -= 3;
    },
    /** A line to sign on with the signer's name under it; returns where the signature goes. */
    signatureLine(name: string, caption: string): SignatureSpot {
      room(70);
      y -= 40;
      const spot = { page: doc.getPageCount() - 1, x: MARGIN, y: y + 6 };
      page.drawLine({
        start: { x: MARGIN, y },
        end: { x: MARGIN + 260, y },
        thickness: 0.8,
        color: INK,
      });
      y -= 12;
      page.drawText(drawable(fonts.regular, `${name} — ${caption}`), {
        x: MARGIN,
        y,
        size: 9,
        font: fonts.regular,
        color: MUTED,
      });
      y -= 8;
      return spot;
    },
    newPage,
  };
}
export type Writer = ReturnType<typeof createWriter>;

/** "Signed electronically by …" above each signer's line on the signed copy. */
export function stampSignature(
  doc: PDFDocument,
  fonts: Fonts,
  spot: SignatureSpot,
  text: string,
): void {
  const page = doc.getPage(spot.page);
  page.drawText(drawable(fonts.bold, text), {
    x: spot.x + 2,
    y: spot.y,
    size: 9,
    font: fonts.bold,
    color: rgb(0.08, 0.2, 0.5),
  });
}

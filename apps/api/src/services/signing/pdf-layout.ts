import {
  PageSizes,
  type PDFDocument,
  type PDFFont,
  type PDFPage,
  rgb,
  StandardFonts,
} from 'pdf-lib';

/**
 * A small flowing-text writer over pdf-lib for the documents we have signed (decision 032):
 * headings, wrapped paragraphs, key–value lines and signature lines, US Letter with one-inch
 * margins, a new page when the text reaches the bottom. Standard fonts only (no font file to
 * ship): text they cannot draw is simplified first (accents dropped) and otherwise shown as "?".
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

export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  return {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.Courier),
  };
}

/** Text the font can draw: NFKD without combining marks, then "?" for whatever is left. */
export function drawable(font: PDFFont, text: string): string {
  const known = charsetOf(font);
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0) ?? 63;
    if (ch === '\t') out += ' ';
    else if (known.has(cp)) out += ch;
    else {
      const plain = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += [...plain].every((c) => known.has(c.codePointAt(0) ?? 0)) && plain ? plain : '?';
    }
  }
  return out;
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

/** Lines of at most `width` points; a word longer than a line is cut (hashes, user agents). */
export function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const para of drawable(font, text).split('\n')) {
    let line = '';
    for (const word of para.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
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

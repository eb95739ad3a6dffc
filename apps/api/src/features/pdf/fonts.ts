import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * The fonts of every PDF we make (docs/decisions/061-pdf-unicode-font.md): DejaVu Sans Condensed
 * (regular, bold) and DejaVu Sans Mono from the `dejavu-fonts-ttf` package, so names and
 * addresses in Latin, Greek or Cyrillic script print as written. Condensed, as its widths are
 * near the Helvetica our layouts were made in. pdf-lib (pdf-layout.ts) and pdfkit (receipt-pdf.ts)
 * both read the bytes here and embed a subset of them.
 */

export type Face = 'regular' | 'bold' | 'mono';

const FILES: Record<Face, string> = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf',
  mono: 'dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf',
};

const read = (face: Face) => readFile(createRequire(import.meta.url).resolve(FILES[face]));

/** Made once when first asked for, and kept; made again next time if it failed. */
function kept<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= make().catch((err: unknown) => {
      value = undefined;
      throw err;
    });
    return value;
  };
}

/**
 * The TTF bytes of each face, read with the first PDF rather than at start (PDF making is loaded
 * lazily to keep start-up memory low; the three files are about 1.8 MB).
 */
export const fontFiles = kept(async (): Promise<Record<Face, Buffer>> => {
  const [regular, bold, mono] = await Promise.all([read('regular'), read('bold'), read('mono')]);
  return { regular, bold, mono };
});

/**
 * pdf-lib's font engine (its fontkit fork), loaded with the first PDF that embeds a font. Each
 * face is parsed once and the parsed font shared by every document: reading a face's layout
 * tables costs more than the rest of a document, and a document only reads the parsed font.
 */
export const pdfLibFontkit = kept(async () => {
  const fontkit = (await import('@pdf-lib/fontkit')).default;
  const parsed = new WeakMap<Uint8Array, ReturnType<typeof fontkit.create>>();
  const create = (bytes: Uint8Array) => {
    let font = parsed.get(bytes);
    if (!font) {
      font = fontkit.create(bytes);
      parsed.set(bytes, font);
    }
    return font;
  };
  return { create };
});

const charsets: Record<Face, () => Promise<ReadonlySet<number>>> = {
  regular: kept(() => charsetFrom('regular')),
  bold: kept(() => charsetFrom('bold')),
  mono: kept(() => charsetFrom('mono')),
};
async function charsetFrom(face: Face): Promise<ReadonlySet<number>> {
  const [kit, files] = await Promise.all([pdfLibFontkit(), fontFiles()]);
  return new Set(kit.create(files[face]).characterSet);
}

/** The code points a face has glyphs for (for pdfkit; pdf-lib's PDFFont tells its own). */
export const charsetOf = (face: Face) => charsets[face]();

/**
 * Text a font can draw: a character it lacks (CJK, emoji…) loses its accents when that leaves
 * something drawable (NFKD), else becomes "?", so a PDF never shows an empty box or fails.
 */
export function drawableWith(known: ReadonlySet<number>, text: string): string {
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

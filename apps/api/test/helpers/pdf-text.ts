import fontkit from '@pdf-lib/fontkit';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFStream,
} from 'pdf-lib';
import { getDocumentProxy } from 'unpdf';

/**
 * Each page's text runs as a PDF viewer reads them: pdf.js (through unpdf) maps the glyphs drawn
 * back to characters by the fonts' ToUnicode tables, so a name comes back exactly as it prints.
 * A run is one string drawn (a line, a label); the blank runs pdf.js puts between them are left
 * out.
 */
export async function pdfTextRuns(bytes: Uint8Array): Promise<string[][]> {
  // pdf.js may take over the buffer it is handed: give it a copy.
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  try {
    const pages: string[][] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const { items } = await (await pdf.getPage(n)).getTextContent();
      pages.push(items.flatMap((item) => ('str' in item && item.str.trim() ? [item.str] : [])));
    }
    return pages;
  } finally {
    await pdf.loadingTask.destroy();
  }
}

/** All the text of a PDF, one run a line. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfTextRuns(bytes)).map((runs) => runs.join('\n')).join('\n');
}

/** The BaseFont of every font dictionary in the file, and whether each has its font file in it. */
export async function pdfFonts(bytes: Uint8Array): Promise<{ name: string; embedded: boolean }[]> {
  const doc = await PDFDocument.load(bytes);
  const fonts: { name: string; embedded: boolean }[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict) || obj.get(PDFName.of('Type')) !== PDFName.of('Font')) continue;
    const subtype = obj.get(PDFName.of('Subtype'));
    if (subtype === PDFName.of('Type0')) continue; // Its descendant CID font carries the file.
    const descriptor = obj.lookupMaybe(PDFName.of('FontDescriptor'), PDFDict);
    const embedded = ['FontFile', 'FontFile2', 'FontFile3'].some((k) =>
      descriptor?.has(PDFName.of(k)),
    );
    fonts.push({ name: obj.get(PDFName.of('BaseFont'))?.toString().slice(1) ?? '', embedded });
  }
  return fonts;
}

type Glyph = ReturnType<ReturnType<typeof fontkit.create>['getGlyph']>;
/** A glyph's box and outline: a subset's glyph is the original's only if these agree. */
function shapeOf(glyph: Glyph): string {
  try {
    const { minX, minY, maxX, maxY } = glyph.bbox;
    return `${minX} ${minY} ${maxX} ${maxY} ${glyph.path.toSVG()}`;
  } catch {
    return 'unreadable';
  }
}

/** A stream's decoded bytes. */
function bytesOf(dict: PDFDict, key: string): Uint8Array {
  const stream = dict.lookup(PDFName.of(key), PDFStream);
  if (!(stream instanceof PDFRawStream)) throw new Error(`${key}: not a stream read from a file`);
  return decodePDFRawStream(stream).decode();
}

/** A ToUnicode CMap's code → text (bfchar and bfrange, as pdf-lib and pdfkit write them). */
function toUnicode(cmap: string): Map<number, string> {
  // pdfkit may space a ligature's code units: <0066 0069>.
  const text = (hex: string) =>
    Buffer.from(hex.replace(/\s/g, ''), 'hex').swap16().toString('utf16le');
  const map = new Map<number, string>();
  for (const [, body] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, dst] of (body ?? '').matchAll(/<(\w+)>\s*<(\w+)>/g))
      map.set(Number.parseInt(code ?? '', 16), text(dst ?? ''));
  }
  for (const [, body] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, list, dst] of (body ?? '').matchAll(
      /<(\w+)>\s*<(\w+)>\s*(?:\[([^\]]*)\]|<(\w+)>)/g,
    )) {
      const first = Number.parseInt(lo ?? '', 16);
      const items = list ? [...list.matchAll(/<([\w\s]+)>/g)].map((m) => m[1] ?? '') : [];
      for (let code = first; code <= Number.parseInt(hi ?? '', 16); code++) {
        const start = Number.parseInt(dst ?? '0', 16) + code - first;
        map.set(code, list ? text(items[code - first] ?? '') : String.fromCharCode(start));
      }
    }
  }
  return map;
}

/**
 * The glyphs of the embedded subsets that are not the original font's glyph for the text they
 * stand for ("Font glyph 7: é"). Text extraction reads the ToUnicode table only, so it passes even
 * when a subsetter breaks the outlines (the fontkit fork pdf-lib uses does for fonts with
 * odd-length glyphs: blank or garbled letters on paper). `originals`: the TTF files used.
 */
export async function brokenGlyphs(
  bytes: Uint8Array,
  originals: readonly Uint8Array[],
): Promise<string[]> {
  const fonts = new Map(
    originals.map((b) => [fontkit.create(b).postscriptName, fontkit.create(b)]),
  );
  const doc = await PDFDocument.load(bytes);
  const broken: string[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict) || obj.get(PDFName.of('Subtype')) !== PDFName.of('Type0'))
      continue;
    const cid = obj.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
    const descriptor = cid.lookup(PDFName.of('FontDescriptor'), PDFDict);
    const file = bytesOf(descriptor, 'FontFile2');
    const cmap = Buffer.from(bytesOf(obj, 'ToUnicode')).toString('latin1');
    // pdfkit names a subset "ABCDEF+Name", pdf-lib "Name-1234".
    const name = String(descriptor.get(PDFName.of('FontName'))).replace(/^\/(\w{6}\+)?|-\d+$/g, '');
    const original = fonts.get(name);
    if (!original) throw new Error(`${name}: not one of the fonts given`);
    const subset = fontkit.create(file);
    for (const [code, text] of toUnicode(cmap)) {
      const [glyph, ...more] = original.layout(text).glyphs;
      if (code === 0 || !glyph || more.length) continue; // .notdef, or text of several glyphs.
      if (shapeOf(subset.getGlyph(code)) !== shapeOf(glyph))
        broken.push(`${name} glyph ${code}: ${text}`);
    }
  }
  return broken;
}

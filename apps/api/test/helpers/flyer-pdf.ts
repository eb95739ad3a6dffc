import jsqr from 'jsqr';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFPage,
  PDFRawStream,
} from 'pdf-lib';
import { QR_TAG } from '../../src/features/listing-tools/open-houses/flyer.ts';
import { pdfTextRuns } from './pdf-text.ts';

/** jsqr is CommonJS: its function is the default export, or that export's `default`. */
const jsQR = jsqr.default ?? (jsqr as unknown as typeof jsqr.default);

/** A flyer read back: its pages, the words drawn on page 1, its images and its QR code's text. */
export interface ReadFlyer {
  pages: PDFPage[];
  width: number;
  height: number;
  /** Each string drawn on page 1, in drawing order, as a PDF viewer reads it (pdf-text.ts). */
  texts: string[];
  images: number;
  /** What the squares inside the QR code's marked content decode to (jsQR), or null. */
  qr: string | null;
  title: string | undefined;
}

/** The page's content streams, inflated, as one string. */
function contentOf(doc: PDFDocument, page: PDFPage): string {
  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((ref) => doc.context.lookup(ref))
      : [contents];
  return streams
    .map((s) =>
      s instanceof PDFRawStream
        ? Buffer.from(decodePDFRawStream(s).decode()).toString('latin1')
        : '',
    )
    .join('\n');
}

/**
 * Rasterise the rectangles inside `/QRCode BMC … EMC` (4 pixels a module, a 4-module quiet zone)
 * and decode them with jsQR, as a phone's camera would read the printed squares.
 */
function decodeQr(content: string): string | null {
  const start = content.indexOf(`/${QR_TAG} BMC`);
  const end = content.indexOf('EMC', start);
  if (start < 0 || end < 0) return null;
  const rects = [
    ...content.slice(start, end).matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re/g),
  ].map((m) => m.slice(1, 5).map(Number) as [number, number, number, number]);
  if (!rects.length) return null;
  const cell = Math.min(...rects.map((r) => r[3]));
  const left = Math.min(...rects.map((r) => r[0]));
  const top = Math.max(...rects.map((r) => r[1] + r[3]));
  const right = Math.max(...rects.map((r) => r[0] + r[2]));
  const modules = Math.round((right - left) / cell);
  const px = 4;
  const quiet = 4;
  const side = (modules + 2 * quiet) * px;
  const rgba = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [x, y, w, h] of rects) {
    const col = Math.round((x - left) / cell);
    const row = Math.round((top - (y + h)) / cell);
    const span = Math.round(w / cell);
    for (let c = col; c < col + span; c++) {
      for (let dy = 0; dy < px; dy++) {
        for (let dx = 0; dx < px; dx++) {
          const i = (((row + quiet) * px + dy) * side + (c + quiet) * px + dx) * 4;
          rgba[i] = rgba[i + 1] = rgba[i + 2] = 0;
        }
      }
    }
  }
  return jsQR(rgba, side, side)?.data ?? null;
}

export async function readFlyer(bytes: Uint8Array): Promise<ReadFlyer> {
  const doc = await PDFDocument.load(bytes);
  const pages = doc.getPages();
  const page = pages[0];
  if (!page) throw new Error('the flyer has no page');
  const content = contentOf(doc, page);
  const xobjects = page.node.Resources()?.lookup(PDFName.of('XObject'));
  const images =
    xobjects instanceof PDFDict
      ? xobjects.keys().filter((k) => {
          const obj = doc.context.lookup(xobjects.get(k));
          return (
            obj instanceof PDFRawStream &&
            obj.dict.get(PDFName.of('Subtype'))?.toString() === '/Image'
          );
        }).length
      : 0;
  const { width, height } = page.getSize();
  return {
    pages,
    width,
    height,
    texts: (await pdfTextRuns(bytes))[0] ?? [],
    images,
    qr: decodeQr(content),
    title: doc.getTitle(),
  };
}

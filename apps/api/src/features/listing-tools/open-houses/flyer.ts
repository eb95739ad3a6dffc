import { OPEN_HOUSE_PAGE_TEXTS as P, type TListingStatus } from '@lantern/contracts';
import {
  beginMarkedContent,
  endMarkedContent,
  fill,
  PageSizes,
  PDFDocument,
  type PDFFont,
  type PDFImage,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingRgbColor,
} from 'pdf-lib';
import { encode } from 'uqr';
import { drawable, embedFonts, type Fonts, wrap } from '../../signing/pdf-layout.ts';

/**
 * The open house flyer (issue 22, "Open house kit"; docs/decisions/045-open-house-kit.md): one US
 * Letter page to print — what is for sale and where, the price, the primary photo, the key facts,
 * the open house times in the home's zone, a QR code to the listing page with its address written
 * beside it, and who is selling (the brokerage line and Equal Housing Opportunity for an MLS
 * listing, the for-sale-by-owner note for an FSBO one). pdf-lib and the embedded DejaVu faces
 * (decision 061), as the signed documents (decision 032); the QR code is drawn as vector squares,
 * sharp at any size.
 */
export interface FlyerContent {
  siteName: string;
  kind: 'mls' | 'fsbo';
  status: TListingStatus;
  /** The street line, and "City, ST 12345". */
  address: string;
  place: string;
  /** Whole US dollars. */
  price: number | null;
  /** "3", "2.5", "1,540 sq ft", "Single-family home": only the ones the listing has. */
  facts: { label: string; value: string }[];
  remarks: string | null;
  /** The primary photo as a JPEG, or null. */
  photo: Uint8Array | null;
  /** Upcoming, soonest first, each already in words in the home's zone. */
  openHouses: { label: string; note: string }[];
  /** The listing page's absolute address: the QR code's content. */
  url: string;
  /** MLS listings: the licenses to show beside the brokerage's name. */
  licenses: readonly string[];
  /** FSBO listings: the details the seller chose to show on the page. */
  contact: { name: string; phone: string | null; email: string | null } | null;
}

const [WIDTH, HEIGHT] = PageSizes.Letter;
const MARGIN = 40;
const CONTENT = WIDTH - 2 * MARGIN;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.33, 0.36, 0.41);
const BRAND = rgb(0.07, 0.23, 0.42);
const PANEL = rgb(0.94, 0.95, 0.97);
const RULE = rgb(0.8, 0.82, 0.86);
const QR_SIZE = 126;
const MIN_PHOTO = 150;
const MONEY = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** The marked-content tag around the QR code's squares (tests read them back from it). */
export const QR_TAG = 'QRCode';

/** The QR code's dark modules for `text`: rows of booleans, quiet zone not included. */
export function qrModules(text: string): boolean[][] {
  return encode(text, { ecc: 'M', border: 0 }).data;
}

/** Draws the modules as filled squares inside one marked-content sequence, top-left at (x, top). */
function drawQr(page: PDFPage, text: string, x: number, top: number, size: number): void {
  const modules = qrModules(text);
  const n = modules.length;
  const cell = size / n;
  const ops = [pushGraphicsState(), setFillingRgbColor(0, 0, 0), beginMarkedContent(QR_TAG)];
  modules.forEach((row, r) => {
    let c = 0;
    while (c < n) {
      if (!row[c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < n && row[c]) c++;
      ops.push(rectangle(x + start * cell, top - (r + 1) * cell, (c - start) * cell, cell));
    }
  });
  ops.push(fill(), endMarkedContent(), popGraphicsState());
  page.pushOperators(...ops);
}

interface Text {
  page: PDFPage;
  fonts: Fonts;
}

function line(
  t: Text,
  text: string,
  x: number,
  y: number,
  opts: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; right?: boolean } = {},
) {
  const font = opts.font ?? t.fonts.regular;
  const size = opts.size ?? 11;
  const shown = drawable(font, text);
  const at = opts.right ? x - font.widthOfTextAtSize(shown, size) : x;
  t.page.drawText(shown, { x: at, y, size, font, color: opts.color ?? INK });
}

/** Lines of `text` that fit `width`, at most `max` of them (the last one ends in "…" if cut). */
function clipped(font: PDFFont, size: number, text: string, width: number, max: number) {
  const lines = wrap(font, size, text, width).filter((l, i, all) => l || i < all.length - 1);
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  let last = kept[max - 1] ?? '';
  while (last && font.widthOfTextAtSize(`${last}…`, size) > width) last = last.slice(0, -1);
  kept[max - 1] = `${last.trimEnd()}…`;
  return kept;
}

/** The Equal Housing Opportunity mark, drawn (as on the listing page): a house with two bars. */
function drawEqualHousing(page: PDFPage, x: number, top: number, size: number) {
  const scale = size / 48;
  page.drawSvgPath('M24 4 3 20h5v24h32V20h5z', {
    x,
    y: top,
    scale,
    borderColor: INK,
    borderWidth: 3.5,
  });
  page.drawSvgPath('M14 22h20v5H14zM14 31h20v5H14z', { x, y: top, scale, color: INK });
}

/** Open house entries laid out two to a row when there are more than three. */
function openHouseBlock(fonts: Fonts, entries: FlyerContent['openHouses'], width: number) {
  const columns = entries.length > 3 ? 2 : 1;
  const colWidth = columns === 2 ? (width - 16) / 2 : width;
  // The times in one size, as large as keeps each on one line (11.5 pt down to 10.5: DejaVu is a
  // little wider than the Helvetica this was laid out in); a longer one still wraps.
  const fits = (size: number) =>
    entries.every(
      (e) => fonts.bold.widthOfTextAtSize(drawable(fonts.bold, e.label), size) <= colWidth,
    );
  let whenSize = 11.5;
  while (whenSize > 10.5 && !fits(whenSize)) whenSize -= 0.5;
  const cells = entries.map((e) => {
    const when = wrap(fonts.bold, whenSize, e.label, colWidth);
    const note = e.note ? clipped(fonts.regular, 10, e.note, colWidth, 2) : [];
    return { when, note, height: when.length * 14 + note.length * 12.5 + 8 };
  });
  const rows: (typeof cells)[] = [];
  for (let i = 0; i < cells.length; i += columns) rows.push(cells.slice(i, i + columns));
  const height = 24 + rows.reduce((h, row) => h + Math.max(...row.map((c) => c.height)), 0);
  return { columns, colWidth, rows, height, whenSize };
}

/** The top band, the address, the place and the price; answers where the middle starts. */
function drawHeader(t: Text, c: FlyerContent): number {
  const { page, fonts } = t;
  // The band across the top: what this is, and who made the flyer.
  let y = HEIGHT - MARGIN;
  page.drawRectangle({ x: MARGIN, y: y - 44, width: CONTENT, height: 44, color: BRAND });
  const banner = c.openHouses.length
    ? P.flyerOpenHouse
    : c.status === 'pending'
      ? P.flyerUnderContract
      : P.flyerForSale;
  line(t, banner, MARGIN + 14, y - 31, { font: fonts.bold, size: 24, color: rgb(1, 1, 1) });
  line(t, c.siteName, MARGIN + CONTENT - 14, y - 27, {
    size: 12,
    color: rgb(1, 1, 1),
    right: true,
  });
  y -= 44;

  // The address, the place and the price.
  for (const l of clipped(fonts.bold, 24, c.address, CONTENT, 2)) {
    y -= 30;
    line(t, l, MARGIN, y, { font: fonts.bold, size: 24 });
  }
  y -= 24;
  line(t, c.place, MARGIN, y, { size: 14, color: MUTED });
  if (c.price != null) {
    line(t, MONEY.format(c.price), MARGIN + CONTENT, y, {
      font: fonts.bold,
      size: 22,
      color: BRAND,
      right: true,
    });
  }
  return y - 14;
}

/** Who sells it, along the bottom; answers the height used from the bottom up. */
function drawFooter(t: Text, c: FlyerContent): number {
  const { page, fonts } = t;
  let bottom = MARGIN;
  page.drawLine({
    start: { x: MARGIN, y: bottom + 34 },
    end: { x: MARGIN + CONTENT, y: bottom + 34 },
    thickness: 0.6,
    color: RULE,
  });
  if (c.kind === 'mls') {
    const listedBy = c.licenses.length
      ? `Listed by ${c.siteName}, ${c.licenses.length === 1 ? 'license' : 'licenses'} ${c.licenses.join(', ')}`
      : `Listed by ${c.siteName}`;
    const [first] = clipped(fonts.regular, 9.5, listedBy, CONTENT - 170, 1);
    line(t, first ?? '', MARGIN, bottom + 12, { size: 9.5, color: MUTED });
    drawEqualHousing(page, MARGIN + CONTENT - 150, bottom + 26, 22);
    line(t, P.equalHousing, MARGIN + CONTENT, bottom + 12, {
      size: 9.5,
      color: MUTED,
      right: true,
    });
  } else {
    line(t, P.fsboNote(c.siteName), MARGIN, bottom + 12, { size: 9.5, color: MUTED });
  }
  bottom += 46;
  return bottom;
}

/** The QR code and what it leads to, above `bottom`; answers the new bottom. */
function drawQrBlock(t: Text, c: FlyerContent, bottom: number): number {
  const { page, fonts } = t;
  // The QR code, and beside it what it leads to.
  drawQr(page, c.url, MARGIN, bottom + QR_SIZE, QR_SIZE);
  const besideX = MARGIN + QR_SIZE + 18;
  const besideWidth = CONTENT - QR_SIZE - 18;
  let by = bottom + QR_SIZE - 14;
  line(t, P.flyerScan, besideX, by, { font: fonts.bold, size: 12 });
  for (const l of wrap(fonts.mono, 10.5, c.url, besideWidth)) {
    by -= 15;
    line(t, l, besideX, by, { font: fonts.mono, size: 10.5 });
  }
  if (c.contact && (c.contact.phone || c.contact.email)) {
    by -= 24;
    line(t, `${P.flyerContact}: ${c.contact.name}`, besideX, by, { font: fonts.bold, size: 11 });
    for (const detail of [c.contact.phone, c.contact.email]) {
      if (!detail) continue;
      by -= 15;
      line(t, detail, besideX, by, { size: 11 });
    }
  }
  return bottom + QR_SIZE + 18;
}

/** The open house times above `bottom`, leaving the photo its room; answers the new bottom. */
function drawOpenHouses(t: Text, c: FlyerContent, start: number, topOfMiddle: number): number {
  const { fonts } = t;
  let bottom = start;
  // The open house times: as many as leave the photo its room, and how many more there are.
  const factsHeight = c.facts.length ? 50 + 14 : 0;
  const room = (shown: number) => {
    const block = openHouseBlock(fonts, c.openHouses.slice(0, shown), CONTENT);
    const more = shown < c.openHouses.length ? 16 : 0;
    return { block, left: topOfMiddle - (bottom + block.height + more + 10 + factsHeight) };
  };
  let shown = c.openHouses.length;
  let layout = room(shown);
  while (shown > 1 && layout.left < MIN_PHOTO) layout = room(--shown);
  if (c.openHouses.length) {
    const { block } = layout;
    if (shown < c.openHouses.length) {
      line(t, P.flyerMore(c.openHouses.length - shown), MARGIN, bottom + 2, {
        size: 10,
        color: MUTED,
      });
      bottom += 16;
    }
    let oy = bottom + block.height - 14;
    line(t, P.flyerTimes, MARGIN, oy, { font: fonts.bold, size: 14, color: BRAND });
    oy -= 24;
    for (const row of block.rows) {
      row.forEach((cell, i) => {
        const x = MARGIN + i * (block.colWidth + 16);
        let cy = oy;
        for (const l of cell.when) {
          line(t, l, x, cy, { font: fonts.bold, size: block.whenSize });
          cy -= 14;
        }
        for (const l of cell.note) {
          line(t, l, x, cy + 1.5, { size: 10, color: MUTED });
          cy -= 12.5;
        }
      });
      oy -= Math.max(...row.map((cell) => cell.height));
    }
    bottom += block.height + 10;
  }

  return bottom;
}

/** The key facts, one box each, above `bottom`; answers the new bottom. */
function drawFacts(t: Text, c: FlyerContent, bottom: number): number {
  const { page, fonts } = t;
  // The key facts, one box each.
  if (c.facts.length) {
    const gap = 10;
    const boxWidth = (CONTENT - gap * (c.facts.length - 1)) / c.facts.length;
    c.facts.forEach((f, i) => {
      const x = MARGIN + i * (boxWidth + gap);
      page.drawRectangle({ x, y: bottom, width: boxWidth, height: 50, color: PANEL });
      line(t, f.label, x + 10, bottom + 33, { size: 9, color: MUTED });
      // The value as large as fits its box (15 pt down to 10), cut with "…" only past that.
      const shown = drawable(fonts.bold, f.value);
      let size = 15;
      while (size > 10 && fonts.bold.widthOfTextAtSize(shown, size) > boxWidth - 20) size -= 0.5;
      const [value] = clipped(fonts.bold, size, f.value, boxWidth - 20, 1);
      line(t, value ?? '', x + 10, bottom + 12, { font: fonts.bold, size });
    });
    return bottom + 50 + 14;
  }

  return bottom;
}

/** The room between: the photo as large as it allows, or else the description. */
function drawMiddle(
  t: Text,
  c: FlyerContent,
  photo: PDFImage | null,
  bottom: number,
  topOfMiddle: number,
) {
  const { page, fonts } = t;
  // The primary photo, as large as the room allows; without one, the description.
  const space = topOfMiddle - bottom;
  if (photo && space > 40) {
    const scale = Math.min(CONTENT / photo.width, space / photo.height);
    const w = photo.width * scale;
    const h = photo.height * scale;
    page.drawImage(photo, {
      x: MARGIN + (CONTENT - w) / 2,
      y: topOfMiddle - h,
      width: w,
      height: h,
    });
  } else if (c.remarks?.trim() && space > 60) {
    const size = 12;
    const lines = clipped(
      fonts.regular,
      size,
      c.remarks.trim(),
      CONTENT - 36,
      Math.floor((space - 36) / 17),
    );
    const height = Math.min(space, lines.length * 17 + 36);
    // Centred in the room the photo would have taken.
    const panelTop = topOfMiddle - Math.max(0, (space - height) / 2);
    page.drawRectangle({ x: MARGIN, y: panelTop - height, width: CONTENT, height, color: PANEL });
    let ry = panelTop - 18 - size;
    for (const l of lines) {
      line(t, l, MARGIN + 18, ry, { size });
      ry -= 17;
    }
  }
}

/** The listing's photo, embedded; null when it is not a JPEG we can read. */
async function embedPhoto(doc: PDFDocument, bytes: Uint8Array | null): Promise<PDFImage | null> {
  if (!bytes) return null;
  try {
    return await doc.embedJpg(bytes);
  } catch {
    return null; // Not a JPEG we can read: the flyer goes without it.
  }
}

export async function renderFlyer(c: FlyerContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${c.address}, ${c.place}`);
  doc.setSubject(c.openHouses.length ? 'Open house flyer' : 'Listing flyer');
  doc.setAuthor(c.siteName);
  doc.setCreator(c.siteName);
  doc.setProducer(c.siteName);
  const fonts = await embedFonts(doc);
  const page = doc.addPage([WIDTH, HEIGHT]);
  const t: Text = { page, fonts };
  const photo = await embedPhoto(doc, c.photo);

  const topOfMiddle = drawHeader(t, c);
  // From the bottom up: who sells it, the QR code with the address beside it, the open house
  // times and the facts. The photo (or the description) takes the room left between.
  let bottom = drawFooter(t, c);
  bottom = drawQrBlock(t, c, bottom);
  bottom = drawOpenHouses(t, c, bottom, topOfMiddle);
  bottom = drawFacts(t, c, bottom);
  drawMiddle(t, c, photo, bottom, topOfMiddle);

  return doc.save();
}

import {
  EMPTY_PROPERTY_FACTS,
  LISTING_SYNDICATION_DEFAULTS,
  VALUATION_DISCLAIMER_FIXED,
} from '@lantern/contracts';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderFlyer } from '../src/features/listing-tools/open-houses/flyer.ts';
import { type ReceiptData, receiptPdf } from '../src/features/payments/receipt-pdf.ts';
import { fontFiles } from '../src/features/pdf/fonts.ts';
import {
  type DocumentBody,
  renderDocument,
  signedCopy,
} from '../src/features/signing/documents.ts';
import { embedFonts, wrap } from '../src/features/signing/pdf-layout.ts';
import { commissionDisbursement } from '../src/features/signing/templates/commission-disbursement.ts';
import {
  changeForm,
  exclusiveAgencyAgreement,
  renewalAgreement,
} from '../src/features/signing/templates/exclusive-agency-agreement.ts';
import { valuationReportPdf } from '../src/features/valuation/report-pdf.ts';
import { brokenGlyphs, pdfFonts, pdfText } from './helpers/pdf-text.ts';

// Names and an address beyond Latin-1 (decision 061): the standard fonts printed "?" for them.
const NAME = 'Zoë Łukasiewicz-Nguyễn';
const ADDRESS = '12 Đường Ørsted, Springfield, IL 62701';
const OWNER = 'Ğül Şahin';
const AGENT = 'Дмитрий Ковалёв';
const EMAIL = 'zoe@example.com';
const NOW = new Date('2026-11-29T15:00:00Z');

/**
 * Every font in the file is DejaVu with its subset embedded, no standard font at all, and every
 * glyph in those subsets is the original's (a broken subset would print blanks yet extract fine).
 */
async function expectEmbeddedDejaVu(bytes: Uint8Array) {
  const fonts = await pdfFonts(bytes);
  expect(fonts.length).toBeGreaterThan(0);
  for (const font of fonts) {
    expect(font.name).toMatch(/DejaVuSans/);
    expect(font.embedded).toBe(true);
  }
  const originals = Object.values(await fontFiles());
  expect(await brokenGlyphs(bytes, originals)).toEqual([]);
}

const receipt = (over: Partial<ReceiptData> = {}): ReceiptData => ({
  siteName: 'Lantern',
  supportPhone: '(555) 010-0000',
  publicUrl: 'https://lantern.example',
  number: 42,
  billedTo: NAME,
  address: ADDRESS,
  lines: [{ description: `Listing for ${ADDRESS}`, amountCents: 14_900, taxable: true }],
  subtotalCents: 14_900,
  discountCents: 0,
  couponCode: null,
  taxCents: 0,
  totalCents: 14_900,
  payments: [
    { amountCents: 14_900, method: 'check', reference: 'Nº 1042', receivedOn: '2026-11-28' },
  ],
  paidAt: NOW,
  ...over,
});

const agreementData = {
  broker: 'Lantern Realty',
  licenses: ['IL 471.000000'],
  owners: [
    { name: NAME, email: EMAIL },
    { name: OWNER, email: 'gul@example.com' },
  ],
  address: ADDRESS,
  county: 'Sangamon County',
  state: 'IL',
  board: 'Sample MLS',
  propertyType: 'Residential, Single family residence',
  listPrice: 389_000,
  listingTerms: ['Cash'],
  possession: ['At closing'],
  startDate: '2026-11-29',
  expirationDate: '2027-05-29',
  fee: '$149.00',
  services: [],
  syndication: LISTING_SYNDICATION_DEFAULTS,
};

/** Each document the signing service makes, from its template. */
const templates: Record<string, Omit<DocumentBody, 'footer'>> = {
  'listing agreement': exclusiveAgencyAgreement(agreementData),
  renewal: renewalAgreement({
    ...agreementData,
    mlsNumber: 'SM-1042',
    currentExpiration: '2027-05-29',
    newExpiration: '2027-08-29',
  }),
  'change form': changeForm({
    broker: 'Lantern Realty',
    address: ADDRESS,
    mlsNumber: 'SM-1042',
    board: 'Sample MLS',
    changes: ['List price: $379,000'],
    detail: `Showings through ${OWNER}.`,
    signer: { name: NAME, email: EMAIL },
    startDate: '2026-11-29',
  }),
  'commission disbursement authorisation': commissionDisbursement({
    broker: 'Lantern Realty',
    address: ADDRESS,
    escrowNumber: 'ESC-1',
    salePriceCents: 38_900_000,
    closingDate: '2027-01-15',
    commissionCents: 1_000_000,
    payees: [{ name: NAME, role: 'buyer_brokerage', amountCents: 1_000_000, instructions: null }],
    agent: { name: AGENT, email: 'dmitry@example.com' },
    preparedOn: '2026-11-29',
  }),
};

const render = (body: Omit<DocumentBody, 'footer'>) =>
  renderDocument(
    { ...body, footer: `${body.title} · test` },
    { producer: 'Lantern', createdAt: NOW },
  );

describe('PDFs print names and addresses beyond Latin-1 (decision 061)', () => {
  it('the receipt: the name billed, the property and the lines as written', async () => {
    const pdf = await receiptPdf(receipt());
    const text = await pdfText(pdf);
    expect(text).toContain(`Billed to: ${NAME}`);
    expect(text).toContain(`Property: ${ADDRESS}`);
    expect(text).toContain(`Listing for ${ADDRESS}`);
    expect(text).toContain('Nº 1042');
    await expectEmbeddedDejaVu(pdf);
  });

  it.each(Object.keys(templates))(
    'the %s: every party and the address as written',
    async (kind) => {
      const body = templates[kind];
      if (!body) throw new Error(kind);
      const { bytes } = await render(body);
      const text = await pdfText(bytes);
      expect(text).toContain(ADDRESS);
      for (const signer of body.signers) expect(text).toContain(`${signer.name} — ${signer.email}`);
      await expectEmbeddedDejaVu(bytes);
    },
  );

  it('the signed copy: the stamp and the certificate name the signer as written', async () => {
    const body = templates['listing agreement'];
    if (!body) throw new Error('no agreement');
    const unsigned = await render(body);
    const trail = (name: string, email: string) => ({
      name,
      email,
      signedAt: NOW,
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/140.0',
      consentVersion: 'esign-2026-11-24',
      unsignedSha256: unsigned.sha256,
    });
    const signed = await signedCopy(
      unsigned.bytes,
      unsigned.spots,
      {
        producer: 'Lantern',
        documentTitle: body.title,
        documentId: 'doc-1',
        templateVersion: 'v1',
        createdAt: NOW,
        unsignedSha256: unsigned.sha256,
        signers: [trail(NAME, EMAIL), trail(OWNER, 'gul@example.com')],
        hashNote: 'The SHA-256 of this copy is on the Sign page.',
      },
      NOW,
    );
    const text = await pdfText(signed.bytes);
    expect(text).toContain(`/s/ ${NAME}, signed electronically 2026-11-29 15:00:00 UTC`);
    expect(text).toContain(`/s/ ${OWNER}, signed electronically`);
    expect(text).toContain(`Signer 1: ${NAME}`);
    expect(text).toContain(`Signer 2: ${OWNER}`);
    expect(text).toContain(unsigned.sha256);
    await expectEmbeddedDejaVu(signed.bytes);
  });

  it('the open house flyer: address, place, facts and the seller as written', async () => {
    const pdf = await renderFlyer({
      siteName: 'Lantern',
      kind: 'fsbo',
      status: 'active',
      address: '12 Đường Ørsted',
      place: 'Springfield, IL 62701',
      price: 289_000,
      facts: [{ label: 'Type', value: 'Nhà phố' }],
      remarks: `Quiet street, a short walk to Łazienki Park. Ask for ${AGENT}.`,
      photo: null,
      openHouses: [{ label: 'Saturday, December 5, 1:00 – 3:00 PM CST', note: `Host: ${OWNER}` }],
      url: 'https://lantern.example/listings/12-duong-orsted',
      licenses: [],
      contact: { name: NAME, phone: '(555) 301-2200', email: EMAIL },
    });
    const text = await pdfText(pdf);
    for (const expected of [
      '12 Đường Ørsted',
      'Nhà phố',
      `Host: ${OWNER}`,
      `Ask for ${AGENT}.`,
      `Contact the seller: ${NAME}`,
    ]) {
      expect(text).toContain(expected);
    }
    await expectEmbeddedDejaVu(pdf);
  });

  it('the valuation report: the address and a comparable’s place as written', async () => {
    const bytes = await valuationReportPdf(
      {
        hash: 'r1',
        product: 'home-value-report',
        productName: 'Home Value Report',
        order: 'o1',
        version: 1,
        status: 'ready',
        createdAt: NOW.toISOString(),
        asOf: '2026-10-31',
        pdf: true,
        canRegenerate: true,
        address: ADDRESS,
        position: { lat: 47.6, lng: -122.3 },
        facts: { ...EMPTY_PROPERTY_FACTS, livingArea: 1800 },
        notValued: null,
        estimate: { value: 650_000, low: 600_000, high: 700_000, grade: 'B', gradeMeaning: 'B' },
        comparables: [
          {
            place: `${OWNER}’s home, 3 Şahin Sk.`,
            lat: 47.6,
            lng: -122.3,
            distanceMiles: 0.4,
            closeDate: '2026-10-01',
            price: 640_000,
            pricePerSqft: 355,
            bedrooms: 3,
            bathrooms: 2,
            livingArea: 1800,
            lotSizeSquareFeet: 4000,
            yearBuilt: 1925,
            adjustments: [{ label: 'Living area', dollars: -4000 }],
            adjustedPrice: 636_000,
            attribution: AGENT,
          },
        ],
        trend: [{ month: '2026-10', sales: 12, medianPricePerSqft: 360 }],
        accuracy: [],
        attributions: [AGENT],
        disclaimer: { fixed: VALUATION_DISCLAIMER_FIXED, text: 'Plain words.' },
      },
      'Lantern',
    );
    await expectEmbeddedDejaVu(bytes);
    const text = await pdfText(bytes);
    for (const written of [ADDRESS, OWNER, AGENT, '−$4,000']) expect(text).toContain(written);
  });

  it('draws what the font lacks (CJK) as "?" everywhere, without failing', async () => {
    const name = `${NAME} 北京`;
    const shown = `${NAME} ??`;
    expect(await pdfText(await receiptPdf(receipt({ billedTo: name })))).toContain(shown);
    const body = templates['change form'];
    if (!body) throw new Error('no change form');
    const doc = await render({ ...body, intro: [name], signers: [{ name, email: EMAIL }] });
    expect(await pdfText(doc.bytes)).toContain(`${shown} — ${EMAIL}`);
  });
});

describe('wrapping in the embedded font', () => {
  it('fills each line as far as the font’s own widths allow, and loses no character', async () => {
    const { regular } = await embedFonts(await PDFDocument.create());
    const text = `${NAME}, ${ADDRESS}; ${AGENT} — ${OWNER}. `.repeat(6).trim();
    const lines = wrap(regular, 10.5, text, 300);
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.join(' ')).toBe(text);
    lines.forEach((line, i) => {
      expect(regular.widthOfTextAtSize(line, 10.5)).toBeLessThanOrEqual(300);
      const next = lines[i + 1]?.split(' ')[0];
      // Greedy: the next line's first word would not have fitted on this one.
      if (next) expect(regular.widthOfTextAtSize(`${line} ${next}`, 10.5)).toBeGreaterThan(300);
    });
  });

  it('cuts a word longer than a line between characters, never inside one', async () => {
    const { regular } = await embedFonts(await PDFDocument.create());
    // Old Italic letters lie beyond the BMP (two UTF-16 units each) and DejaVu Sans has them.
    const word = '\u{10300}\u{10301}\u{10302}'.repeat(20);
    const lines = wrap(regular, 9, word, 120);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe(word);
    for (const line of lines) {
      expect(line).not.toMatch(
        /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
      );
      expect(regular.widthOfTextAtSize(line, 9)).toBeLessThanOrEqual(120);
    }
  });
});

// `pnpm bench` (signing): what making the listing agreement's PDF and its signed copy (the
// signatures stamped, the certificate pages appended, both hashed) costs, as ratios against the
// PDF receipt (pdfkit) made in the same run — the one document the product already made per
// request. In process, no server: the work is CPU and memory of one call. Prints figures and
// writes bench/signing-results.json for docs/performance.md; nothing is asserted.

import { performance } from 'node:perf_hooks';
import { LISTING_SYNDICATION_DEFAULTS } from '@lantern/contracts';
import { receiptPdf } from '../src/features/payments/receipt-pdf.ts';
import { renderDocument, signedCopy } from '../src/features/signing/documents.ts';
import { exclusiveAgencyAgreement } from '../src/features/signing/templates/exclusive-agency-agreement.ts';
import { writeResults } from './harness.ts';

const ROUNDS = Number(process.env.BENCH_SIGNING_ROUNDS ?? 200);
const MB = 1024 * 1024;

const owners = [
  { name: 'Alice Owner', email: 'alice.owner@example.com' },
  { name: 'Carol Owner', email: 'carol.owner@example.com' },
];
const body = {
  ...exclusiveAgencyAgreement({
    broker: 'Lantern Realty',
    licenses: ['IL 471.000000'],
    owners,
    address: '18 Signature Row, Springfield, IL 62701',
    county: 'Sangamon County',
    state: 'IL',
    board: 'Sample MLS',
    propertyType: 'Residential, Single family residence',
    listPrice: 389_000,
    listingTerms: ['Cash', 'Conventional'],
    possession: ['At closing'],
    startDate: '2026-11-24',
    expirationDate: '2027-05-24',
    fee: '$149.00',
    services: [],
    syndication: LISTING_SYNDICATION_DEFAULTS,
  }),
  footer: 'Lantern Realty · Exclusive Agency Listing Agreement · bench',
};
const receipt = () =>
  receiptPdf({
    siteName: 'Lantern Realty',
    supportPhone: '(555) 010-0100',
    publicUrl: 'https://lantern.example',
    number: 123,
    billedTo: 'alice.owner@example.com',
    address: '18 Signature Row, Springfield, IL 62701',
    lines: [{ description: 'Flat Fee MLS Listing', amountCents: 14_900, taxable: true }],
    subtotalCents: 14_900,
    discountCents: 0,
    couponCode: null,
    taxCents: 0,
    totalCents: 14_900,
    payments: [
      { amountCents: 14_900, method: 'check', reference: '1001', receivedOn: '2026-11-24' },
    ],
    paidAt: new Date(),
  });

async function time(label: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await fn(); // warm up
  const start = performance.now();
  for (let i = 0; i < ROUNDS; i++) await fn();
  const msPerOp = (performance.now() - start) / ROUNDS;
  return { label, msPerOp: Math.round(msPerOp * 100) / 100 };
}

const rssBefore = process.memoryUsage().rss;
const unsigned = await renderDocument(body, { producer: 'Lantern Realty', createdAt: new Date() });
const signed = () =>
  signedCopy(
    unsigned.bytes,
    unsigned.spots,
    {
      producer: 'Lantern Realty',
      documentTitle: body.title,
      documentId: 'bench',
      templateVersion: 'bench',
      createdAt: new Date(),
      unsignedSha256: unsigned.sha256,
      hashNote: 'bench',
      signers: owners.map((o) => ({
        ...o,
        signedAt: new Date(),
        ip: '203.0.113.7',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36',
        consentVersion: '2026-11-24',
        unsignedSha256: unsigned.sha256,
      })),
    },
    new Date(),
  );

const base = await time('PDF receipt (pdfkit, baseline)', receipt);
const agreement = await time('Agreement PDF (pdf-lib) + SHA-256', () =>
  renderDocument(body, { producer: 'Lantern Realty', createdAt: new Date() }),
);
const copy = await time('Signed copy: stamps + certificate + SHA-256', signed);
const peakRss = process.resourceUsage().maxRSS * 1024;
// What stays after a collection (run with --expose-gc): growth here would be a leak, not garbage.
(globalThis as { gc?: () => void }).gc?.();
const heapAfterGcMb = Math.round(process.memoryUsage().heapUsed / MB);

const results = {
  date: new Date().toISOString(),
  rounds: ROUNDS,
  baseline: base,
  agreement: { ...agreement, ratio: Math.round((agreement.msPerOp / base.msPerOp) * 100) / 100 },
  signedCopy: { ...copy, ratio: Math.round((copy.msPerOp / base.msPerOp) * 100) / 100 },
  agreementBytes: unsigned.bytes.length,
  signedBytes: (await signed()).bytes.length,
  rssAtStartMb: Math.round(rssBefore / MB),
  rssGrowthMb: Math.round((process.memoryUsage().rss - rssBefore) / MB),
  peakRssMb: Math.round(peakRss / MB),
  heapAfterGcMb,
};
writeResults('signing-results.json', results);
console.log('\nSigning documents (in process, per call)');
for (const r of [base, results.agreement, results.signedCopy]) {
  console.log(
    `  ${r.label.padEnd(46)} ${String(r.msPerOp).padStart(7)} ms${'ratio' in r ? `  ×${r.ratio} of the receipt` : ''}`,
  );
}
console.log(
  `  sizes: agreement ${Math.round(results.agreementBytes / 1024)} KB, signed ${Math.round(results.signedBytes / 1024)} KB; RSS ${results.rssAtStartMb} MB after loading, +${results.rssGrowthMb} MB after the rounds, peak ${results.peakRssMb} MB; heap after a collection ${heapAfterGcMb} MB`,
);

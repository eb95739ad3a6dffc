import { type TValuationReport, VALUATION_CONDITIONS } from '@lantern/contracts';
import { formatCents } from '@lantern/domain';
import { charsetOf, drawableWith, fontFiles } from '../pdf/fonts.ts';

type Doc = PDFKit.PDFDocument;

const LEFT = 50;
const WIDTH = 512;
const dollars = (n: number) => formatCents(n * 100).replace(/\.00$/, '');
const signed = (n: number) => `${n < 0 ? '−' : '+'}${dollars(Math.abs(n))}`;
const percent = (f: number) => `${(f * 100).toFixed(1)} %`;

/** A row of cells at fixed x positions, on a new page when the page is full. */
function cells(doc: Doc, xs: number[], values: string[], bold = false) {
  if (doc.y > 700) doc.addPage();
  const y = doc.y;
  doc.font(bold ? 'bold' : 'regular').fontSize(8.5);
  values.forEach((v, i) => {
    const x = xs[i] as number;
    const next = xs[i + 1] ?? LEFT + WIDTH;
    doc.text(v, x, y, { width: next - x - 4, lineBreak: false, ellipsis: true });
  });
  doc.y = y + 13;
  doc.x = LEFT;
}

/** A section heading, on a new page when less than `room` points are left for what follows. */
function heading(doc: Doc, text: string, room = 90) {
  if (doc.y > 742 - room) doc.addPage();
  doc.moveDown(0.8).font('bold').fontSize(13).text(text, LEFT, doc.y);
  doc.moveDown(0.3);
}

function facts(doc: Doc, r: TValuationReport) {
  const f = r.facts;
  const rows: [string, string][] = [
    ['Bedrooms', f.bedrooms === null ? 'Not given' : String(f.bedrooms)],
    ['Bathrooms', f.bathrooms === null ? 'Not given' : String(f.bathrooms)],
    [
      'Living area',
      f.livingArea === null ? 'Not given' : `${f.livingArea.toLocaleString('en-US')} sq ft`,
    ],
    [
      'Lot size',
      f.lotSizeSquareFeet === null
        ? 'Not given'
        : `${f.lotSizeSquareFeet.toLocaleString('en-US')} sq ft`,
    ],
    ['Year built', f.yearBuilt === null ? 'Not given' : String(f.yearBuilt)],
    ['Condition', f.condition === null ? 'Not given' : VALUATION_CONDITIONS[f.condition as 1]],
  ];
  for (const [label, value] of rows) cells(doc, [LEFT, LEFT + 120], [label, value]);
}

function comparables(doc: Doc, r: TValuationReport) {
  const xs = [
    LEFT,
    LEFT + 170,
    LEFT + 215,
    LEFT + 275,
    LEFT + 340,
    LEFT + 385,
    LEFT + 415,
    LEFT + 445,
  ];
  cells(doc, xs, ['Place', 'Miles', 'Closed', 'Price', '$/sq ft', 'Beds', 'Baths', 'Sq ft'], true);
  for (const c of r.comparables) {
    cells(doc, xs, [
      c.place,
      c.distanceMiles.toFixed(2),
      c.closeDate,
      c.price === null ? 'Withheld' : dollars(c.price),
      c.pricePerSqft === null ? '—' : dollars(c.pricePerSqft),
      c.bedrooms === null ? '—' : String(c.bedrooms),
      c.bathrooms === null ? '—' : String(c.bathrooms),
      c.livingArea === null ? '—' : c.livingArea.toLocaleString('en-US'),
    ]);
    if (c.adjustments && c.adjustedPrice !== null) {
      const parts = c.adjustments.map((a) => `${a.label} ${signed(a.dollars)}`).join('; ');
      doc.font('regular').fontSize(7.5).fillColor('#444444');
      doc.text(
        `Adjustments: ${parts || 'none'}. Adjusted price ${dollars(c.adjustedPrice)}.`,
        LEFT + 10,
        doc.y,
        { width: WIDTH - 10 },
      );
      doc.fillColor('#000000').moveDown(0.3);
    }
  }
  if (r.comparables.some((c) => c.price === null)) {
    doc
      .font('regular')
      .fontSize(7.5)
      .text(
        'Withheld: the sale’s source lets us use it in estimates but not show its price.',
        LEFT,
        doc.y,
        { width: WIDTH },
      );
  }
}

/** The trend as labelled bars (median price per square foot by month) and as a table. */
function trend(doc: Doc, r: TValuationReport) {
  const months = r.trend.filter((m) => m.medianPricePerSqft !== null);
  if (months.length) {
    const top = doc.y + 12;
    const values = months.map((m) => m.medianPricePerSqft as number);
    // Scaled from a little under the lowest month, so month-to-month movement is visible.
    const floor = Math.max(0, Math.min(...values) * 0.8);
    const span = Math.max(1, Math.max(...values) - floor);
    const step = WIDTH / months.length;
    const barW = Math.min(34, step - 6);
    months.forEach((m, i) => {
      const h = 20 + (((m.medianPricePerSqft as number) - floor) / span) * 90;
      const x = LEFT + i * step;
      doc.rect(x, top + 110 - h, barW, h).fill('#1d4ed8');
      doc.fillColor('#000000').font('regular').fontSize(7);
      doc.text(dollars(m.medianPricePerSqft as number), x - 4, top + 110 - h - 10, {
        width: barW + 8,
        align: 'center',
        lineBreak: false,
      });
      doc.text(m.month.slice(2), x - 4, top + 114, {
        width: barW + 8,
        align: 'center',
        lineBreak: false,
      });
    });
    doc.y = top + 130;
    doc.x = LEFT;
  }
  const xs = [LEFT, LEFT + 100, LEFT + 170];
  cells(doc, xs, ['Month', 'Sales', 'Median $/sq ft'], true);
  for (const m of r.trend)
    cells(doc, xs, [
      m.month,
      String(m.sales),
      m.medianPricePerSqft === null ? '—' : dollars(m.medianPricePerSqft),
    ]);
}

function body(doc: Doc, r: TValuationReport, siteName: string) {
  doc.font('bold').fontSize(18).text(`${r.productName}`, LEFT, 50);
  doc.font('regular').fontSize(11).text(r.address);
  doc
    .fontSize(9)
    .text(
      `${siteName} · made ${r.createdAt.slice(0, 10)} · version ${r.version}${r.asOf ? ` · sales to ${r.asOf}` : ''}`,
    );
  doc.moveDown(0.4).font('bold').fontSize(9).text(r.disclaimer.fixed);
  if (r.notValued) {
    heading(doc, 'No estimate');
    doc.font('regular').fontSize(10).text(r.notValued, { width: WIDTH });
  }
  if (r.estimate) {
    heading(doc, 'Automated estimate');
    doc.font('bold').fontSize(22).text(dollars(r.estimate.value));
    doc
      .font('regular')
      .fontSize(10)
      .text(
        `Range ${dollars(r.estimate.low)} to ${dollars(r.estimate.high)}. Confidence ${r.estimate.gradeMeaning}.`,
        { width: WIDTH },
      );
  }
  heading(doc, 'The home’s facts');
  facts(doc, r);
  if (r.comparables.length) {
    heading(doc, 'Comparable sales');
    comparables(doc, r);
  }
  if (r.trend.length) {
    heading(doc, 'Price per square foot by month, within 3 km', 260);
    trend(doc, r);
  }
  if (r.accuracy.length) {
    heading(doc, 'How accurate our estimates have been here');
    const xs = [LEFT, LEFT + 240, LEFT + 320, LEFT + 420];
    cells(doc, xs, ['Measured on', 'Sales', 'Median error', 'Within 10 %'], true);
    for (const a of r.accuracy)
      cells(doc, xs, [a.label, String(a.sales), percent(a.medianError), percent(a.within10)]);
  }
  heading(doc, 'Sources and limits');
  doc.font('regular').fontSize(8.5);
  for (const a of r.attributions) doc.text(`Sales data: ${a}`, { width: WIDTH });
  doc.moveDown(0.4).text(`${r.disclaimer.fixed} ${r.disclaimer.text}`, { width: WIDTH });
}

/**
 * The strings of a report that come from people or sources (the address, a comparable's place,
 * credit lines, the state's disclaimer), made drawable in the embedded face (decision 061).
 */
function drawableReport(r: TValuationReport, known: ReadonlySet<number>): TValuationReport {
  const d = (text: string) => drawableWith(known, text);
  return {
    ...r,
    address: d(r.address),
    comparables: r.comparables.map((c) => ({ ...c, place: d(c.place) })),
    attributions: r.attributions.map(d),
    disclaimer: { fixed: d(r.disclaimer.fixed), text: d(r.disclaimer.text) },
  };
}

/** A paid valuation report as a PDF (issue 38): what the page shows, on paper. */
export async function valuationReportPdf(
  report: TValuationReport,
  siteName: string,
): Promise<Buffer> {
  // pdfkit costs some 15 MB of memory: loaded by the first report, not at start.
  const [{ default: PDFDocument }, files, known] = await Promise.all([
    import('pdfkit'),
    fontFiles(),
    charsetOf('regular'),
  ]);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: LEFT,
    info: { Title: `${report.productName}: ${report.address}`, Author: siteName },
  });
  // The embedded DejaVu faces (decision 061): every name and address prints as written.
  doc.registerFont('regular', files.regular);
  doc.registerFont('bold', files.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  body(doc, drawableReport(report, known), siteName);
  doc.end();
  return done;
}

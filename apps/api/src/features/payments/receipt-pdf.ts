import { INVOICE_LINE_TEXTS, PAYMENT_METHOD_LABELS, type TPaymentMethod } from '@lantern/contracts';
import { formatCents, invoiceNumber } from '@lantern/domain';
import { charsetOf, drawableWith, fontFiles } from '../pdf/fonts.ts';

export interface ReceiptData {
  siteName: string;
  supportPhone: string;
  publicUrl: string;
  number: number;
  billedTo: string;
  address: string;
  lines: ReadonlyArray<{ description: string; amountCents: number; taxable: boolean }>;
  subtotalCents: number;
  discountCents: number;
  couponCode: string | null;
  taxCents: number;
  totalCents: number;
  payments: ReadonlyArray<{
    amountCents: number;
    method: TPaymentMethod;
    reference: string;
    receivedOn: string;
  }>;
  paidAt: Date;
}

/**
 * The PDF receipt of a paid invoice (issue 17), drawn from our data in the embedded DejaVu faces
 * (decision 061), so the name billed and the address print as written.
 */
export async function receiptPdf(d: ReceiptData): Promise<Buffer> {
  // pdfkit costs some 15 MB of memory: loaded by the first receipt, not at start.
  const [{ default: PDFDocument }, files, regularChars, boldChars] = await Promise.all([
    import('pdfkit'),
    fontFiles(),
    charsetOf('regular'),
    charsetOf('bold'),
  ]);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    info: { Title: `Receipt ${invoiceNumber(d.number)}`, Author: d.siteName },
  });
  // pdfkit subsets an embedded font itself: only the glyphs drawn are written.
  doc.registerFont('regular', files.regular);
  doc.registerFont('bold', files.bold);
  // pdfkit would draw an empty box for a character the face lacks: simplify it or show "?".
  const text = (s: string, face: 'regular' | 'bold' = 'regular') =>
    drawableWith(face === 'bold' ? boldChars : regularChars, s);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const row = (label: string, value: string, bold = false) => {
    const y = doc.y;
    const face = bold ? 'bold' : 'regular';
    doc.font(face).fontSize(11);
    doc.text(text(label, face), 56, y, { width: 360 });
    doc.text(text(value, face), 420, y, { width: 136, align: 'right' });
    doc.moveDown(0.3);
  };

  doc.font('bold').fontSize(18).text(text(d.siteName, 'bold'));
  doc
    .font('regular')
    .fontSize(10)
    .text(text(`${d.publicUrl} · ${d.supportPhone}`));
  doc.moveDown(1.5);
  doc
    .font('bold')
    .fontSize(16)
    .text(`Receipt for ${invoiceNumber(d.number)}`);
  doc.font('regular').fontSize(11);
  doc.text(`Paid in full on ${d.paidAt.toISOString().slice(0, 10)}`);
  doc.text(text(`Billed to: ${d.billedTo}`));
  doc.text(text(`Property: ${d.address}`));
  doc.moveDown(1);
  for (const line of d.lines)
    row(
      line.taxable
        ? line.description
        : `${line.description} (${INVOICE_LINE_TEXTS.notTaxed.toLowerCase()})`,
      formatCents(line.amountCents),
    );
  doc.moveDown(0.5);
  row('Subtotal', formatCents(d.subtotalCents));
  if (d.discountCents > 0)
    row(`Discount${d.couponCode ? ` (${d.couponCode})` : ''}`, formatCents(-d.discountCents));
  row('Tax', formatCents(d.taxCents));
  row('Total', formatCents(d.totalCents), true);
  doc.moveDown(1);
  doc.font('bold').fontSize(12).text('Payments', 56);
  doc.moveDown(0.3);
  for (const p of d.payments)
    row(
      `${p.receivedOn} · ${PAYMENT_METHOD_LABELS[p.method]} · ${p.reference}`,
      formatCents(p.amountCents),
    );
  doc.end();
  return done;
}

import {
  formatCents,
  INVOICE_LINE_TEXTS,
  invoiceNumber,
  PAYMENT_METHOD_LABELS,
  type TPaymentMethod,
} from '@lantern/contracts';

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

/** The PDF receipt of a paid invoice (issue 17), drawn from our data with the built-in fonts. */
export async function receiptPdf(d: ReceiptData): Promise<Buffer> {
  // pdfkit costs some 15 MB of memory: loaded by the first receipt, not at start.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    info: { Title: `Receipt ${invoiceNumber(d.number)}`, Author: d.siteName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const row = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(11);
    doc.text(label, 56, y, { width: 360 });
    doc.text(value, 420, y, { width: 136, align: 'right' });
    doc.moveDown(0.3);
  };

  doc.font('Helvetica-Bold').fontSize(18).text(d.siteName);
  doc.font('Helvetica').fontSize(10).text(`${d.publicUrl} · ${d.supportPhone}`);
  doc.moveDown(1.5);
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(`Receipt for ${invoiceNumber(d.number)}`);
  doc.font('Helvetica').fontSize(11);
  doc.text(`Paid in full on ${d.paidAt.toISOString().slice(0, 10)}`);
  doc.text(`Billed to: ${d.billedTo}`);
  doc.text(`Property: ${d.address}`);
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
  doc.font('Helvetica-Bold').fontSize(12).text('Payments', 56);
  doc.moveDown(0.3);
  for (const p of d.payments)
    row(
      `${p.receivedOn} · ${PAYMENT_METHOD_LABELS[p.method]} · ${p.reference}`,
      formatCents(p.amountCents),
    );
  doc.end();
  return done;
}

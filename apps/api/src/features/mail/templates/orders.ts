import { type BrandData, type MailContent, render } from './render.ts';

/** Orders and what they bill: invoices, quotes, cancellations, lockbox rentals, valuation reports. */

/** Issue 17: to the person an invoice is billed to, once it is paid in full; the PDF receipt is attached. */
export function paymentReceipt(
  brand: BrandData,
  data: { number: string; amount: string; description: string; invoiceUrl: string },
): MailContent {
  return render(brand, {
    subject: `Receipt for ${data.number}: paid in full`,
    heading: 'Payment received',
    paragraphs: [
      `Thank you. We received ${data.amount} for invoice ${data.number} (${data.description}), which is now paid in full.`,
      'Your receipt is attached as a PDF. The invoice in your dashboard shows every payment.',
    ],
    button: { label: 'View the invoice', url: data.invoiceUrl },
  });
}

/** Issue 17: to the property's other owners, when one of its invoices is paid in full. */
export function invoicePaidNotice(
  brand: BrandData,
  data: { number: string; description: string; street: string; invoiceUrl: string },
): MailContent {
  return render(brand, {
    subject: `${data.number} for ${data.street} is paid`,
    heading: 'An invoice was paid',
    paragraphs: [
      `Invoice ${data.number} (${data.description}) for ${data.street} is now paid in full, and we are starting on the order.`,
    ],
    button: { label: 'View the invoice', url: data.invoiceUrl },
  });
}

/**
 * The lockbox rental's mails (issue 21), to the property's owners: the reminders around the end
 * date and the notice that the deposit was kept. Our own words; the layout is the shared one.
 */

/** 7 days before the end date, on it, and 7, 14 and 21 days after it. */
export function lockboxReminder(
  brand: BrandData,
  data: {
    street: string;
    /** Days from the end date: negative before it. */
    offset: number;
    endDate: string;
    forfeitDate: string;
    deposit: string;
    rentalUrl: string;
  },
): MailContent {
  const button = { label: 'See the rental', url: data.rentalUrl };
  if (data.offset < 0)
    return render(brand, {
      subject: `${data.street}: the lockbox rental ends on ${data.endDate}`,
      heading: 'Your lockbox rental ends soon',
      paragraphs: [
        `The lockbox rental at ${data.street} ends on ${data.endDate}, in ${-data.offset} days.`,
        `Please have the lockbox back to us by then. Once we have it, we refund your ${data.deposit} deposit in full.`,
      ],
      button,
    });
  if (data.offset === 0)
    return render(brand, {
      subject: `${data.street}: the lockbox rental ends today`,
      heading: 'Your lockbox rental ends today',
      paragraphs: [
        `The lockbox rental at ${data.street} ends today, ${data.endDate}.`,
        `Please return the lockbox. Once we have it, we refund your ${data.deposit} deposit in full.`,
      ],
      button,
    });
  return render(brand, {
    subject: `${data.street}: the lockbox is ${data.offset} days overdue`,
    heading: 'Please return the lockbox',
    paragraphs: [
      `The lockbox rental at ${data.street} ended on ${data.endDate}, ${data.offset} days ago, and the lockbox has not come back yet.`,
      `If it is not back by ${data.forfeitDate}, we keep the ${data.deposit} deposit and count the lockbox as lost. Once we have it, we refund the deposit in full.`,
    ],
    button,
  });
}

/** 30 days past the end date, the lockbox still out: the deposit is kept. */
export function lockboxDepositForfeited(
  brand: BrandData,
  data: { street: string; endDate: string; deposit: string; rentalUrl: string },
): MailContent {
  return render(brand, {
    subject: `${data.street}: the lockbox deposit was kept`,
    heading: 'We kept the lockbox deposit',
    paragraphs: [
      `The lockbox rental at ${data.street} ended on ${data.endDate} and the lockbox has not come back in the 30 days since.`,
      `So we have kept the ${data.deposit} deposit and count the lockbox as lost. If you find it, call us: we will arrange to collect it.`,
    ],
    button: { label: 'See the rental', url: data.rentalUrl },
  });
}

/** Issue 21: staff priced a quoted service; its invoice is ready to pay. */
export function orderQuoteReady(
  brand: BrandData,
  data: { service: string; street: string; total: string; invoiceUrl: string },
): MailContent {
  return render(brand, {
    subject: `Your quote for ${data.service} is ready`,
    heading: 'Your quote is ready',
    paragraphs: [
      `We have priced ${data.service} for ${data.street}: ${data.total}, tax included.`,
      'Your invoice is ready in the dashboard. Pay it there when you are ready and we will start.',
    ],
    button: { label: 'See the invoice', url: data.invoiceUrl },
  });
}

/** Issue 21: staff cancelled an order, with the reason they gave. */
export function orderCancelled(
  brand: BrandData,
  data: { service: string; street: string; reason: string; ordersUrl: string },
): MailContent {
  return render(brand, {
    subject: `Your order of ${data.service} is cancelled`,
    heading: 'Order cancelled',
    paragraphs: [
      `We have cancelled your order of ${data.service} for ${data.street}.`,
      `Why: ${data.reason}`,
      'Nothing more is owed for it. Call us or open a support ticket if this is not what you expected.',
    ],
    button: { label: 'See your orders', url: data.ordersUrl },
  });
}

/** A paid valuation report is ready (issue 38): a link to read it and its PDF. */
export function valuationReportReady(
  brand: BrandData,
  data: { product: string; street: string; url: string },
): MailContent {
  return render(brand, {
    subject: `Your ${data.product} for ${data.street} is ready`,
    heading: 'Your report is ready',
    paragraphs: [
      `Your ${data.product} for ${data.street} is ready. Read it online or download its PDF; it is also kept on the property's Valuation page.`,
      'It is an automated estimate from recorded sales: not prepared by a licensed appraiser and not for lending decisions.',
    ],
    button: { label: 'Read the report', url: data.url },
  });
}

/** A paid valuation report could not be made, so it was refunded (issue 38). */
export function valuationReportRefunded(
  brand: BrandData,
  data: { product: string; street: string; amount: string; url: string },
): MailContent {
  return render(brand, {
    subject: `We refunded your ${data.product} for ${data.street}`,
    heading: 'Your payment was refunded',
    paragraphs: [
      `We could not make your ${data.product} for ${data.street}: when it was due, we no longer had enough recent sales near the home to support it.`,
      `We have refunded your payment of ${data.amount} in full. A card refund usually reaches your statement within 5 to 10 business days.`,
    ],
    button: { label: 'See the Valuation page', url: data.url },
  });
}

import { type BrandData, type MailContent, render } from './render.ts';

/** Support tickets and documents sent back (issue 23). */

/** Issue 23: staff answered a customer's support ticket. */
export function supportReply(
  brand: BrandData,
  data: { subject: string; reply: string; solved: boolean; ticketUrl: string; byReply: boolean },
): MailContent {
  const where = data.byReply ? 'reply to this email or write on the ticket' : 'reply on the ticket';
  return render(brand, {
    subject: `Re: ${data.subject}`,
    heading: 'We answered your ticket',
    paragraphs: [
      `We answered your support ticket “${data.subject}”:`,
      data.reply,
      data.solved
        ? `We have marked it solved. If something is still not right, ${where} and it opens again.`
        : `If you have questions, ${where}; we keep the whole conversation there.`,
    ],
    button: { label: 'See the ticket', url: data.ticketUrl },
  });
}

/** Issue 23: to the staff member handling a ticket, when the customer writes on it. */
export function supportCustomerReply(
  brand: BrandData,
  data: { subject: string; customer: string; reply: string; ticketUrl: string },
): MailContent {
  return render(brand, {
    subject: `${data.customer} replied: ${data.subject}`,
    heading: 'A customer replied',
    paragraphs: [`${data.customer} wrote on “${data.subject}”:`, data.reply],
    button: { label: 'Open the ticket', url: data.ticketUrl },
  });
}

/** Issue 23 "Documents": to the uploader when staff send a document back. */
export function documentRejected(
  brand: BrandData,
  data: { document: string; address: string; reason: string; note: string; url: string },
): MailContent {
  return render(brand, {
    subject: `Please send the ${data.document} again`,
    heading: 'A document needs a new file',
    paragraphs: [
      `We looked at the ${data.document} you sent for ${data.address} and need a new file.`,
      `Why: ${data.reason}`,
      ...(data.note ? [`Our note: ${data.note}`] : []),
      'Open the documents page to send a corrected file; we review it again as soon as it arrives.',
    ],
    button: { label: 'Send a new file', url: data.url },
  });
}

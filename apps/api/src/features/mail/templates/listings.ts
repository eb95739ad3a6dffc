import { type BrandData, type MailContent, render } from './render.ts';

/** The MLS listing (issue 18): signatures, review, the concierge, going live, changes, the end date. */

/** Issue 18: to an owner named on the listing who has not signed the agreement yet. */
export function listingSignatureRequest(
  brand: BrandData,
  data: {
    street: string;
    requestedBy: string;
    document: string;
    signUrl: string;
    /** Why every owner signs it, when it is not the first agreement (a renewal says so). */
    purpose?: string;
  },
): MailContent {
  return render(brand, {
    subject: `Please sign the ${data.document} for ${data.street}`,
    heading: 'Your signature is needed',
    paragraphs: [
      `${data.requestedBy} named you as an owner of ${data.street} on its MLS listing. ${data.purpose ?? `Every owner signs the ${data.document} before the listing can go on the MLS.`}`,
      `Sign in with this email address, read the ${data.purpose ? 'document' : 'agreement'} and sign it on the listing’s Sign page.`,
    ],
    button: { label: 'Read and sign', url: data.signUrl },
  });
}

/** Issue 18: to every owner when the last one signed and the listing went to review. */
export function listingSubmitted(
  brand: BrandData,
  data: { street: string; listingUrl: string },
): MailContent {
  return render(brand, {
    subject: `${data.street}: every owner has signed`,
    heading: 'Your listing is with our team',
    paragraphs: [
      `Every owner has signed the listing agreement for ${data.street}. Our team now checks the listing before it goes on the MLS, usually within one business day.`,
      'You can download the signed agreement from the listing’s Sign page at any time.',
    ],
    button: { label: 'See the listing', url: data.listingUrl },
  });
}

/** Issue 24: to every owner when the last one signed and the listing went to its concierge. */
export function listingWithConcierge(
  brand: BrandData,
  data: { street: string; listingUrl: string },
): MailContent {
  return render(brand, {
    subject: `${data.street}: every owner has signed`,
    heading: 'Your listing is with your concierge',
    paragraphs: [
      `Every owner has signed the listing agreement for ${data.street}. Your concierge now reads the listing and its photos before our staff review it for the MLS.`,
      'If they suggest changes, you will find their notes beside the fields and photos. You can download the signed agreement from the listing’s Sign page at any time.',
    ],
    button: { label: 'See the listing', url: data.listingUrl },
  });
}

/** Issue 24: to the listing's concierges when its owners have signed and it waits for them. */
export function conciergeListingWaiting(
  brand: BrandData,
  data: { street: string; reviewUrl: string },
): MailContent {
  return render(brand, {
    subject: `${data.street} is ready for your review`,
    heading: 'A listing waits for your review',
    paragraphs: [
      `Every owner has signed the MLS listing for ${data.street}, and it comes to you before our staff see it.`,
      'Read its fields and photos, then return it to the customer with your notes or mark it ready for staff review.',
    ],
    button: { label: 'Review the listing', url: data.reviewUrl },
  });
}

/** Issue 24: the concierge returned the listing with notes beside fields and photos. */
export function listingConciergeReturned(
  brand: BrandData,
  data: { street: string; notes: string[]; listingUrl: string },
): MailContent {
  return render(brand, {
    subject: `${data.street}: notes from your concierge`,
    heading: 'Your concierge has suggestions',
    paragraphs: [
      `Your concierge read the listing for ${data.street} and returned it with these notes:`,
      ...data.notes.map((n) => `• ${n}`),
      'Make the changes in the listing (each note is beside its field or photo), then every owner signs the updated agreement to send it back to your concierge.',
    ],
    button: { label: 'Update the listing', url: data.listingUrl },
  });
}

/** Issue 24: the concierge marked the listing ready and it went to staff review. */
export function listingConciergeReady(
  brand: BrandData,
  data: { street: string; listingUrl: string },
): MailContent {
  return render(brand, {
    subject: `${data.street}: on to our review`,
    heading: 'Your concierge has sent the listing on',
    paragraphs: [
      `Your concierge is happy with the listing for ${data.street} and has sent it to our staff, who check it before it goes on the MLS, usually within one business day.`,
    ],
    button: { label: 'See the listing', url: data.listingUrl },
  });
}

/** Issue 39: the concierge handed the draft they worked on back to the owners to review. */
export function listingConciergeHanded(
  brand: BrandData,
  data: { street: string; concierge: string; changes: number; listingUrl: string },
): MailContent {
  return render(brand, {
    subject: `${data.street}: your concierge's changes to review`,
    heading: 'Your concierge has finished the listing',
    paragraphs: [
      `${data.concierge} has worked on the listing for ${data.street} and handed it back to you with ${data.changes === 1 ? 'one change' : `${data.changes} changes`}.`,
      'Each change is shown beside what you had before. Review them and accept them, then sign the listing agreement as before.',
    ],
    button: { label: 'Review the changes', url: data.listingUrl },
  });
}

/** Issue 18: staff approved the listing and entered its MLS number. */
export function listingLive(
  brand: BrandData,
  data: { street: string; mlsNumber: string; board: string; listingUrl: string },
): MailContent {
  return render(brand, {
    subject: `${data.street} is live on the MLS (#${data.mlsNumber})`,
    heading: 'Your listing is live',
    paragraphs: [
      `${data.street} is now on ${data.board} as MLS number ${data.mlsNumber}.`,
      'When you accept an offer, and again when the sale closes, tell us within one business day from the listing’s Manage page so the MLS stays accurate. Price, remarks, photo and status changes are asked for there too.',
    ],
    button: { label: 'Manage the listing', url: data.listingUrl },
  });
}

/** Issue 18: staff sent the listing back with reasons beside the fields to fix. */
export function listingReturned(
  brand: BrandData,
  data: { street: string; reasons: string[]; listingUrl: string },
): MailContent {
  return render(brand, {
    subject: `${data.street}: a few things to fix before it goes on the MLS`,
    heading: 'Your listing needs changes',
    paragraphs: [
      `Our team checked the listing for ${data.street} and sent it back. What to fix:`,
      ...data.reasons.map((r) => `• ${r}`),
      'Fix these in the listing (each is noted beside its field), then every owner signs the updated agreement to send it back to us.',
    ],
    button: { label: 'Fix the listing', url: data.listingUrl },
  });
}

/** Issue 18: staff found the listing cannot go on an MLS; the invoice was refunded in full. */
export function listingRejected(
  brand: BrandData,
  data: { street: string; reason: string; amount: string; listingUrl: string },
): MailContent {
  return render(brand, {
    subject: `${data.street} cannot be listed: refunded in full`,
    heading: 'We cannot list this property',
    paragraphs: [
      `We are sorry: the listing for ${data.street} cannot go on an MLS. ${data.reason}`,
      `We have refunded ${data.amount}, everything paid for the listing. A card refund usually reaches the account within 5 to 10 business days.`,
    ],
    button: { label: 'See the listing', url: data.listingUrl },
  });
}

/** Issue 18: staff carried out or declined a change an owner asked for. */
export function listingChangeDecided(
  brand: BrandData,
  data: {
    street: string;
    summary: string;
    done: boolean;
    note: string | null;
    listingUrl: string;
  },
): MailContent {
  const first = data.done
    ? `We made the change you asked for on ${data.street}: ${data.summary}.`
    : `We could not make the change you asked for on ${data.street}: ${data.summary}.`;
  return render(brand, {
    subject: `${data.street}: ${data.summary} — ${data.done ? 'done' : 'not made'}`,
    heading: data.done ? 'Your change is done' : 'Your change was not made',
    paragraphs: data.note ? [first, data.note] : [first],
    button: { label: 'See the listing', url: data.listingUrl },
  });
}

/** Issue 18: 14 days before the listing's end date. */
export function listingExpiryReminder(
  brand: BrandData,
  data: { street: string; expirationDate: string; days: number; listingUrl: string },
): MailContent {
  return render(brand, {
    subject: `${data.street}: the listing ends on ${data.expirationDate}`,
    heading: 'Your listing ends soon',
    paragraphs: [
      `The MLS listing for ${data.street} ends on ${data.expirationDate}, in ${data.days} days. After that it is marked Expired and leaves the MLS's active listings.`,
      'To keep it on the market, renew it from the Manage page: every owner signs a renewal with the new end date.',
    ],
    button: { label: 'Renew the listing', url: data.listingUrl },
  });
}

/** Issue 18: the end date passed without a renewal. */
export function listingExpired(
  brand: BrandData,
  data: { street: string; expirationDate: string; listingUrl: string },
): MailContent {
  return render(brand, {
    subject: `${data.street}: the listing has expired`,
    heading: 'Your listing has expired',
    paragraphs: [
      `The MLS listing for ${data.street} ended on ${data.expirationDate} and is now Expired.`,
      'To list the property again, order a new MLS listing from its dashboard.',
    ],
    button: { label: 'See the listing', url: data.listingUrl },
  });
}

/** Issue 18: after an accepted offer is recorded, the duty to tell us of the closing. */
export function listingClosingReminder(
  brand: BrandData,
  data: { street: string; status: string; listingUrl: string },
): MailContent {
  return render(brand, {
    subject: `${data.street} is ${data.status}: tell us when it closes`,
    heading: 'Congratulations on your offer',
    paragraphs: [
      `${data.street} is now ${data.status} on the MLS.`,
      'When the sale closes, tell us within one business day from the Manage page with the sale price and the closing date, so we can mark the listing Closed. If the sale falls through, ask for the status to go back on the same page.',
    ],
    button: { label: 'Manage the listing', url: data.listingUrl },
  });
}

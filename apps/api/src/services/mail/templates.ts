import { type BrandData, type MailContent, type MailWords, render } from './templates/render.ts';

/**
 * Every email the product sends, in one place: each template takes its data and describes its mail
 * once; `render` writes the subject, a plain-text body and an HTML body from that description.
 * Values are escaped for the HTML version.
 */
export type { BrandData, MailContent } from './templates/render.ts';

/** Double opt-in for the newsletter form (issue 3). */
export function newsletterConfirmation(
  brand: BrandData,
  data: { confirmUrl: string },
): MailContent {
  return render(brand, {
    subject: `Confirm your ${brand.siteName} newsletter subscription`,
    heading: 'Confirm your subscription',
    paragraphs: [
      `Someone, hopefully you, asked to receive the ${brand.siteName} newsletter at this address.`,
      'Please confirm by following the link below. The link works for seven days.',
    ],
    button: { label: 'Confirm my subscription', url: data.confirmUrl },
    after: ['If you did not ask for this, ignore this email: you will not be subscribed.'],
  });
}

/** Double opt-in for the "news and offers" box ticked at sign-up (promoOptin). */
export function promoConfirmation(brand: BrandData, data: { confirmUrl: string }): MailContent {
  return render(brand, {
    subject: `Confirm you want news and offers from ${brand.siteName}`,
    heading: 'Confirm news and offers',
    paragraphs: [
      `When you created your ${brand.siteName} account you asked to receive our news and offers.`,
      'Please confirm by following the link below. The link works for seven days.',
    ],
    button: { label: 'Yes, send me news and offers', url: data.confirmUrl },
    after: [
      'If you did not ask for this, ignore this email: your account works the same either way.',
    ],
  });
}

/** Issue 6: someone was invited to take part in a property. */
export function participantInvitation(
  brand: BrandData,
  data: { inviter: string; streetAddress: string; role: string; acceptUrl: string; days: number },
): MailContent {
  return render(brand, {
    subject: `${data.inviter} invited you to ${data.streetAddress} on ${brand.siteName}`,
    heading: 'You are invited to a property',
    paragraphs: [
      `${data.inviter} would like you to join ${data.streetAddress} on ${brand.siteName} as ${data.role}. You will see the property in your dashboard and can message everyone working on it.`,
      `Follow the link below to accept. If you do not have an account yet, create one with this email address and you will come straight back to the invitation. The link works for ${data.days} days.`,
    ],
    button: { label: 'See the invitation', url: data.acceptUrl },
    after: [
      'If you were not expecting this, ignore this email: nothing changes unless you accept.',
    ],
  });
}

/**
 * Issue 24: a referrer invites someone (docs/decisions/051). The note is the referrer's own words,
 * quoted as theirs; the link is single-use and carries its token in the fragment.
 */
export function referralInvitation(
  brand: BrandData,
  data: { referrer: string; name: string; note: string; acceptUrl: string; days: number },
): MailContent {
  return render(brand, {
    subject: `${data.referrer} recommends ${brand.siteName} to you`,
    heading: `${data.referrer} referred you`,
    paragraphs: [
      `Hello ${data.name},`,
      `${data.referrer} thinks ${brand.siteName} can help you sell, rent or buy a home: flat-fee MLS listings, free FSBO listings, photography, signs, lockboxes and agents when you want one.`,
      ...(data.note ? [`${data.referrer} wrote: “${data.note}”`] : []),
      `Follow the link below to create your free account (or sign in, if you have one) with this email address. Accepting lets ${data.referrer} see how far you have come — signed up, property added, ordered, paid — and nothing else. The link works once, for ${data.days} days.`,
    ],
    button: { label: 'Accept the referral', url: data.acceptUrl },
    after: ['If you are not interested, ignore this email: nothing happens unless you accept.'],
  });
}

/** Issue 6: sent to the previous address when an account's sign-in email changes. */
export function emailChangedNotice(brand: BrandData, data: { newEmail: string }): MailContent {
  return render(brand, {
    subject: `Your ${brand.siteName} sign-in email was changed`,
    heading: 'Your sign-in email was changed',
    paragraphs: [
      `The email address you use to sign in to ${brand.siteName} was just changed to ${data.newEmail}. We will send account emails there from now on.`,
      `If you made this change, there is nothing to do. If you did not, call us at ${brand.supportPhone} right away so we can secure your account.`,
    ],
  });
}

/** Password reset by link (issue 8); the link works once, for `minutes` minutes. */
export function passwordResetLink(
  brand: BrandData,
  data: { resetUrl: string; minutes: number },
): MailContent {
  return render(brand, {
    subject: `Reset your ${brand.siteName} password`,
    heading: 'Reset your password',
    paragraphs: [
      `We received a request to reset the password of your ${brand.siteName} account.`,
      `Choose a new password by following the link below. The link works once, within ${data.minutes} minutes.`,
    ],
    button: { label: 'Choose a new password', url: data.resetUrl },
    after: [
      'If you did not ask for this, ignore this email: your password stays as it is. Someone may have typed your address by mistake.',
    ],
  });
}

/** Sent after a password was changed through a reset, so an owner who did not do it can act. */
export function passwordChanged(brand: BrandData, data: { loginUrl: string }): MailContent {
  return render(brand, {
    subject: `Your ${brand.siteName} password was changed`,
    heading: 'Your password was changed',
    paragraphs: [
      `The password of your ${brand.siteName} account was just changed, and every other device was signed out.`,
      `If this was you, there is nothing more to do. If it was not, reset your password right away and call us at ${brand.supportPhone}.`,
    ],
    button: { label: 'Log in', url: data.loginUrl },
  });
}

/** Email verification of a new account (issue 8). */
export function emailVerification(
  brand: BrandData,
  data: { verifyUrl: string; days: number },
): MailContent {
  return render(brand, {
    subject: `Confirm your email for ${brand.siteName}`,
    heading: 'Confirm your email address',
    paragraphs: [
      `Thanks for creating your ${brand.siteName} account. Please confirm this is your email address, so we can reach you about your listings, orders and messages.`,
      `Follow the link below to confirm. It works for ${data.days} days.`,
    ],
    button: { label: 'Confirm my email', url: data.verifyUrl },
    after: [
      'If you did not create an account, ignore this email: nothing happens without the link.',
    ],
  });
}

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

/**
 * Issue 22: how to answer a relayed mail — by replying, when the relay has a reply domain; else
 * where to go instead.
 */
function answerHow(byReply: boolean, instead: string): string {
  return byReply
    ? 'Reply to this email to answer. Your email address stays private: we pass your answer on.'
    : instead;
}

/** Issue 22: to a listing's owners, when a buyer asks a question (or writes again). */
export function inquiryToSeller(
  brand: BrandData,
  data: {
    address: string;
    buyer: string;
    message: string;
    followUp: boolean;
    byReply: boolean;
    inboxUrl: string;
  },
): MailContent {
  return render(brand, {
    subject: data.followUp
      ? `${data.buyer} wrote again about ${data.address}`
      : `A question about ${data.address}`,
    heading: data.followUp ? 'A buyer wrote again' : 'A buyer has a question',
    paragraphs: [
      data.followUp
        ? `${data.buyer} wrote again about ${data.address}:`
        : `${data.buyer} asked a question about ${data.address}:`,
      data.message,
      answerHow(data.byReply, 'Answer it in your dashboard. Your email address stays private.'),
    ],
    button: {
      label: 'See the questions',
      url: data.inboxUrl,
      textLead: 'All questions about your listing: ',
    },
  });
}

/** Issue 22: to the buyer, with the seller's answer. */
export function inquiryAnswer(
  brand: BrandData,
  data: {
    address: string;
    answer: string;
    sellerEmail: string | null;
    byReply: boolean;
    listingUrl: string;
  },
): MailContent {
  return render(brand, {
    subject: `Re: Your question about ${data.address}`,
    heading: 'The seller answered',
    paragraphs: [
      `The seller of ${data.address} answered your question:`,
      data.answer,
      ...(data.sellerEmail
        ? [`The seller chose to share their email address: ${data.sellerEmail}`]
        : []),
      answerHow(data.byReply, 'To ask something else, use the form on the listing page.'),
    ],
    button: { label: 'See the listing', url: data.listingUrl },
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

/**
 * To the settlement agent who signed a commission disbursement authorisation (issue 24; decision
 * 049): staff approved it, or sent it back with a note.
 */
export function settlementCdaDecided(
  brand: BrandData,
  data: { address: string; approved: boolean; note: string | null; url: string },
): MailContent {
  return render(brand, {
    subject: data.approved
      ? `Commission disbursement approved: ${data.address}`
      : `Please correct the commission disbursement for ${data.address}`,
    heading: data.approved ? 'Authorisation approved' : 'Authorisation sent back',
    paragraphs: data.approved
      ? [
          `We approved the commission disbursement authorisation you signed for ${data.address}.`,
          'Disburse the commission at closing as it sets out. It can no longer change; the signed copy is on the transaction’s page.',
        ]
      : [
          `We sent back the commission disbursement authorisation you signed for ${data.address}.`,
          ...(data.note ? [`Our note: ${data.note}`] : []),
          'Open the transaction to correct it and sign it again.',
        ],
    button: { label: 'Open the transaction', url: data.url },
  });
}

/**
 * To the property's sellers once staff approve the CDA of their sale (decision 066): the
 * settlement statement and the signed CDA are in their documents.
 */
export function settlementDocumentsReady(
  brand: BrandData,
  data: { address: string; closingDate: string; documentsUrl: string },
): MailContent {
  return render(brand, {
    subject: `Your closing documents for ${data.address}`,
    heading: 'Your closing documents are ready',
    paragraphs: [
      `The settlement statement and the signed commission disbursement authorisation of the sale of ${data.address}, closing ${data.closingDate}, are in your documents.`,
      'They show who is paid what from the commission at closing. Keep a copy with your records.',
    ],
    button: { label: 'See your documents', url: data.documentsUrl },
  });
}

/** To the staff who approve commission disbursements: an agent signed one (decision 066). */
export function settlementCdaSigned(
  brand: BrandData,
  data: { address: string; agent: string; commission: string; url: string },
): MailContent {
  return render(brand, {
    subject: `Commission disbursement to approve: ${data.address}`,
    heading: 'An authorisation waits for approval',
    paragraphs: [
      `${data.agent} signed the commission disbursement authorisation for ${data.address}: ${data.commission} in commission.`,
      'Check it against the settlement statement, then approve it or send it back with a note.',
    ],
    button: { label: 'Review the authorisation', url: data.url },
  });
}

/**
 * To whoever placed an hourly representation order (decision 066): their agent logged time,
 * which is billed on the order at the hourly rate.
 */
export function agentHoursLogged(
  brand: BrandData,
  data: {
    street: string;
    agent: string;
    day: string;
    time: string;
    note: string;
    amount: string;
    unbilled: string;
    pageUrl: string;
  },
): MailContent {
  return render(brand, {
    subject: `${data.street}: ${data.time} logged by your agent`,
    heading: 'Your agent logged time',
    paragraphs: [
      `${data.agent} logged ${data.time} of work on ${data.street} for ${data.day}: ${data.note}`,
      `At the hourly rate that is ${data.amount}. Hours not billed yet come to ${data.unbilled}; we bill them on an invoice of their own.`,
    ],
    button: { label: 'See the hours', url: data.pageUrl },
  });
}

/** To the property's customers (decision 066): their agent recorded an offer received. */
export function agentOfferRecorded(
  brand: BrandData,
  data: {
    street: string;
    agent: string;
    price: string;
    buyerAgent: string;
    expires: string;
    note: string;
    pageUrl: string;
  },
): MailContent {
  return render(brand, {
    subject: `${data.street}: an offer of ${data.price}`,
    heading: 'An offer came in',
    paragraphs: [
      `${data.agent} recorded an offer of ${data.price} on ${data.street}, from ${data.buyerAgent}.`,
      `It expires ${data.expires}.`,
      ...(data.note ? [`Your agent's note: ${data.note}`] : []),
      'Talk it over with your agent before it expires; they record your answer on the offer.',
    ],
    button: { label: 'See the offers', url: data.pageUrl },
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

/** A work order's change of state, as `workOrderUpdate` tells it. */
type WorkOrderChange =
  | { state: 'requested' }
  | { state: 'scheduled'; day: string }
  | { state: 'assigned'; day: string | null }
  | { state: 'en_route' }
  | { state: 'done' }
  | { state: 'failed'; reason: string }
  | { state: 'cancelled' };

/**
 * Issue 21, "Work orders": to the customer who placed the order, at each change of a trip to
 * their property. `what` is the trip ("Sign post install"); `change` says what happened.
 */
export function workOrderUpdate(
  brand: BrandData,
  data: { street: string; what: string; change: WorkOrderChange; pageUrl: string },
): MailContent {
  return render(brand, {
    ...workOrderWords(data.street, data.what.toLowerCase(), data.change),
    button: { label: 'See its status', url: data.pageUrl },
  });
}

/** The subject, heading and paragraphs of a work order's update, by its new state. */
function workOrderWords(street: string, what: string, change: WorkOrderChange): MailWords {
  switch (change.state) {
    case 'requested':
      return {
        subject: `${street}: ${what} requested`,
        heading: `We have your ${what} request`,
        paragraphs: [
          `We have noted a ${what} at ${street}. We will write again once it has a day.`,
        ],
      };
    case 'scheduled':
      return {
        subject: `${street}: ${what} on ${change.day}`,
        heading: `Your ${what} is scheduled`,
        paragraphs: [`The ${what} at ${street} is scheduled for ${change.day}.`],
      };
    case 'assigned':
      return {
        subject: `${street}: ${what} assigned`,
        heading: `Someone is taking care of your ${what}`,
        paragraphs: [
          change.day
            ? `We have given the ${what} at ${street} to the person who will come on ${change.day}.`
            : `We have given the ${what} at ${street} to the person who will come; we will write again once it has a day.`,
        ],
      };
    case 'en_route':
      return {
        subject: `${street}: ${what} on the way`,
        heading: 'We are on the way',
        paragraphs: [`The ${what} at ${street} is on its way today.`],
      };
    case 'done':
      return {
        subject: `${street}: ${what} done`,
        heading: `Your ${what} is done`,
        paragraphs: [`The ${what} at ${street} is finished.`],
      };
    case 'failed':
      return {
        subject: `${street}: ${what} could not be finished`,
        heading: `Your ${what} could not be finished`,
        paragraphs: [
          `We could not finish the ${what} at ${street}: ${change.reason}`,
          'We will be in touch to find another day.',
        ],
      };
    case 'cancelled':
      return {
        subject: `${street}: ${what} cancelled`,
        heading: `Your ${what} is cancelled`,
        paragraphs: [`The ${what} at ${street} is cancelled; nobody will come for it.`],
      };
  }
}

/**
 * Issue 22, "Listing analytics": the weekly summary to each owner of a published listing. A
 * marketing mail: it says why it came, links to stop it (the same address as its RFC 8058
 * List-Unsubscribe header, which the caller sets) and carries the business's postal address.
 */
export function listingWeeklySummary(
  brand: BrandData,
  data: {
    street: string;
    /** "June 1 to June 7, 2026". */
    week: string;
    /** The week's page views, for the subject. */
    views: number;
    figures: { label: string; value: number }[];
    analyticsUrl: string;
    unsubscribeUrl: string;
    postalAddress: string;
  },
): MailContent {
  return render(brand, {
    subject: `${data.street}: ${data.views.toLocaleString('en-US')} ${data.views === 1 ? 'page view' : 'page views'} last week`,
    heading: 'Your listing last week',
    paragraphs: [`Here is how your listing at ${data.street} did from ${data.week}.`],
    figures: {
      caption: `${data.week}`,
      rows: data.figures.map((f) => [f.label, f.value.toLocaleString('en-US')]),
    },
    button: {
      label: 'See every day in your dashboard',
      url: data.analyticsUrl,
      textLead: 'See every day, as charts and a table you can download, in your dashboard.\n',
    },
    footer: {
      why: `You get this summary once a week because you are an owner of the listing at ${data.street} on ${brand.siteName}.`,
      link: { label: 'Stop these emails', url: data.unsubscribeUrl },
      address: `${brand.siteName}, ${data.postalAddress}`,
    },
  });
}

/**
 * Issue 22, "Showing management": to each owner of a listing when a visitor asks to see it. The
 * buyer's email is not in it: the answer reaches them through us (the link or the dashboard).
 */
export function showingRequested(
  brand: BrandData,
  data: {
    street: string;
    buyerName: string;
    when: string;
    minutes: number;
    note: string;
    answerUrl: string;
    dashboardUrl: string;
  },
): MailContent {
  return render(brand, {
    subject: `${data.street}: a showing request for ${data.when}`,
    heading: 'A buyer asked to see your home',
    paragraphs: [
      `${data.buyerName} would like to see ${data.street} on ${data.when}, for ${data.minutes} minutes.`,
      ...(data.note ? [`Their note: “${data.note}”`] : []),
      'Confirm the time, propose another or decline with the button below. The buyer does not see your email, and you do not see theirs: your answer reaches them through us.',
      `You can also answer from your dashboard: ${data.dashboardUrl}`,
    ],
    button: { label: 'Answer this request', url: data.answerUrl },
  });
}

/** Issue 22: to the buyer and to each owner once a showing is confirmed; the invitation is attached. */
export function showingConfirmed(
  brand: BrandData,
  data: {
    street: string;
    when: string;
    minutes: number;
    /** Who reads it: the buyer, or an owner (who also gets the buyer's name and phone). */
    to: 'buyer' | 'seller';
    buyerName: string;
    buyerPhone: string;
    manageUrl: string;
  },
): MailContent {
  return render(brand, {
    subject: `Showing confirmed: ${data.street}, ${data.when}`,
    heading: 'Your showing is confirmed',
    paragraphs:
      data.to === 'buyer'
        ? [
            `The seller confirmed your showing of ${data.street} on ${data.when}, for ${data.minutes} minutes.`,
            'The calendar invitation is attached. If you can no longer come, cancel with the button below so the seller knows.',
          ]
        : [
            `Your showing of ${data.street} to ${data.buyerName} on ${data.when} (${data.minutes} minutes) is confirmed.`,
            ...(data.buyerPhone ? [`Their phone, for the day: ${data.buyerPhone}`] : []),
            'The calendar invitation is attached. If it can no longer happen, cancel it with the button below or from your dashboard, and we will tell the buyer.',
          ],
    button: { label: 'See the showing', url: data.manageUrl },
  });
}

/** Issue 22: to the buyer when the seller proposes another time. */
export function showingProposed(
  brand: BrandData,
  data: { street: string; asked: string; proposed: string; answerUrl: string },
): MailContent {
  return render(brand, {
    subject: `${data.street}: the seller proposed another time`,
    heading: 'The seller proposed another time',
    paragraphs: [
      `The seller cannot show ${data.street} on ${data.asked}, and proposed ${data.proposed} instead.`,
      'Accept the new time, or cancel your request, with the button below.',
    ],
    button: { label: 'Answer the seller', url: data.answerUrl },
  });
}

/** Issue 22: to the buyer when the seller declines the time asked for. */
export function showingDeclined(
  brand: BrandData,
  data: { street: string; when: string; listingUrl: string },
): MailContent {
  return render(brand, {
    subject: `${data.street}: your showing request`,
    heading: 'The seller cannot show the home then',
    paragraphs: [
      `The seller cannot show ${data.street} on ${data.when}.`,
      'You are welcome to ask for another time on the listing page.',
    ],
    button: { label: 'See the home', url: data.listingUrl },
  });
}

/**
 * Issue 22: to both sides when a showing is cancelled (a confirmed one's invitation comes with a
 * cancellation for calendars), and to the owners when a buyer withdraws a pending request.
 */
export function showingCancelled(
  brand: BrandData,
  data: {
    street: string;
    when: string;
    /** Who reads it, and who cancelled. */
    to: 'buyer' | 'seller';
    by: 'buyer' | 'seller';
    buyerName: string;
    /** A cancellation for calendars is attached (the showing had been confirmed). */
    calendar: boolean;
    url: string;
  },
): MailContent {
  const who =
    data.by === data.to
      ? 'You cancelled'
      : data.by === 'buyer'
        ? `${data.buyerName} cancelled`
        : 'The seller cancelled';
  return render(brand, {
    subject: `Showing cancelled: ${data.street}, ${data.when}`,
    heading: 'The showing is cancelled',
    paragraphs: [
      `${who} the showing of ${data.street} on ${data.when}.`,
      ...(data.calendar ? ['The attached cancellation takes it off your calendar.'] : []),
    ],
    button:
      data.to === 'buyer'
        ? { label: 'See the home', url: data.url }
        : { label: 'See your showings', url: data.url },
  });
}

/** Issue 24: to someone who asked for transaction access, to confirm their address first. */
export function transactionAccessConfirm(
  brand: BrandData,
  data: { street: string; name: string; confirmUrl: string; hours: number },
): MailContent {
  return render(brand, {
    subject: `Confirm your request for access to ${data.street}`,
    heading: 'Confirm your request',
    paragraphs: [
      `Hello ${data.name}, you asked the owners of ${data.street} for transaction access on ${brand.siteName}.`,
      `Please confirm your email address with the button below within ${data.hours} hours. The owners see your request only once you have.`,
      'If you did not ask for this, ignore this email: nothing is sent to the owners.',
    ],
    button: { label: 'Confirm my request', url: data.confirmUrl },
  });
}

/** Issue 24: to each owner of a listing once a request for transaction access is confirmed. */
export function transactionAccessRequested(
  brand: BrandData,
  data: {
    street: string;
    name: string;
    company: string;
    role: string;
    email: string;
    message: string;
    dashboardUrl: string;
  },
): MailContent {
  const who = data.company ? `${data.name} (${data.company})` : data.name;
  return render(brand, {
    subject: `${data.street}: ${who} asks for transaction access`,
    heading: 'Someone asks for transaction access',
    paragraphs: [
      `${who}, ${data.role.toLowerCase()}, asks for a view of your transaction at ${data.street}. Their email address is ${data.email}; we confirmed it.`,
      ...(data.message ? [`Their message: “${data.message}”`] : []),
      'Nothing is shared until you say so. In your dashboard you choose what they see and for how many days, or refuse, and you can take access back at any time.',
    ],
    button: { label: 'Answer this request', url: data.dashboardUrl },
  });
}

/** Issue 24: to the requester when the owners give transaction access. */
export function transactionAccessGranted(
  brand: BrandData,
  data: { street: string; name: string; until: string; accessUrl: string },
): MailContent {
  return render(brand, {
    subject: `Access to ${data.street} is open until ${data.until}`,
    heading: 'Your access is ready',
    paragraphs: [
      `Hello ${data.name}, the owners of ${data.street} gave you a view of the transaction until ${data.until}.`,
      'The link below is yours alone: anyone who has it sees what the owners shared, so please do not forward it. Every visit is recorded and shown to the owners, who can take access back at any time.',
    ],
    button: { label: 'Open the shared view', url: data.accessUrl },
  });
}

/** Issue 24: to the requester when the owners refuse; one paragraph in text, two in HTML. */
export function transactionAccessRefused(
  brand: BrandData,
  data: { street: string; name: string },
): MailContent {
  return render(brand, {
    subject: `Your request for access to ${data.street}`,
    heading: 'Your request was not accepted',
    paragraphs: [
      `Hello ${data.name}, the owners of ${data.street} did not give transaction access this time.`,
      { runOn: 'If you think this is a mistake, please contact them directly.' },
    ],
  });
}

/**
 * Decision 046: to the customer who placed the order, when staff bill the trip charge of a trip
 * that could not be finished.
 */
export function tripCharge(
  brand: BrandData,
  data: { street: string; what: string; reason: string; total: string; invoiceUrl: string },
): MailContent {
  const what = data.what.toLowerCase();
  return render(brand, {
    subject: `${data.street}: trip charge for the ${what}`,
    heading: 'A trip charge',
    paragraphs: [
      `We went to ${data.street} for the ${what}, but the trip could not be finished${data.reason ? `: ${data.reason}` : '.'}`,
      `A trip charge of ${data.total}, tax included, is now on a new invoice in your dashboard. Pay it there like any invoice.`,
      'Call us or open a support ticket if you think this is a mistake.',
    ],
    button: { label: 'See the invoice', url: data.invoiceUrl },
  });
}

interface PhotoAppointmentData {
  to: 'customer' | 'photographer';
  change: 'booked' | 'moved' | 'cancelled';
  street: string;
  /** The appointment's time in the property's zone, as words. */
  when: string;
  /** The time it had before a move. */
  before: string | null;
  photographer: string;
  pageUrl: string;
}

/**
 * Decision 046: a photography appointment booked, moved or cancelled by the customer; one mail
 * to the customer and one to the photographer (`to`), each with its own page.
 */
export function photoAppointment(brand: BrandData, data: PhotoAppointmentData): MailContent {
  return render(brand, {
    ...photoAppointmentWords(data),
    button: {
      label: data.to === 'customer' ? 'See the appointment' : 'See your work orders',
      url: data.pageUrl,
    },
  });
}

/** The subject, heading and paragraphs of a photography appointment's mail, by its change. */
function photoAppointmentWords(data: PhotoAppointmentData): MailWords {
  const at = `at ${data.street}`;
  switch (data.change) {
    case 'booked':
      return {
        subject: `Photography ${at}: ${data.when}`,
        heading:
          data.to === 'customer' ? 'Your photography appointment' : 'A new photography appointment',
        paragraphs:
          data.to === 'customer'
            ? [
                `${data.photographer} will photograph ${data.street} on ${data.when}.`,
                'You can move or cancel the appointment on the Photography page until 24 hours before it starts.',
              ]
            : [`A customer booked you to photograph ${data.street} on ${data.when}.`],
      };
    case 'moved':
      return {
        subject: `Photography ${at} moved to ${data.when}`,
        heading: 'The photography appointment has moved',
        paragraphs: [
          `The photography appointment ${at} has moved${data.before ? ` from ${data.before}` : ''} to ${data.when}${data.to === 'customer' ? `, with ${data.photographer}` : ''}.`,
        ],
      };
    case 'cancelled':
      return {
        subject: `Photography ${at} cancelled`,
        heading: 'The photography appointment is cancelled',
        paragraphs: [
          data.to === 'customer'
            ? `Your photography appointment ${at} on ${data.when} is cancelled. You can book another time on the Photography page.`
            : `The customer cancelled the photography appointment ${at} on ${data.when}. That time is free again.`,
        ],
      };
  }
}

/** Issue 25: to an endpoint's owner when 3 days of failed deliveries turned it off. */
export function webhookDisabled(
  brand: BrandData,
  data: { url: string; failingSince: string; lastError: string; pageUrl: string },
): MailContent {
  return render(brand, {
    subject: 'A webhook endpoint was turned off',
    heading: 'Webhook endpoint turned off',
    paragraphs: [
      `We stopped sending events to ${data.url}: every delivery to it has failed since ${data.failingSince}.`,
      `The last answer: ${data.lastError}.`,
      'Events that happen while it is off are not kept for it. Once it answers again, turn it back on in Account Settings; you can send any listed delivery again from there.',
    ],
    button: { label: 'See its deliveries', url: data.pageUrl },
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

/** To the customer when staff approve a photography shoot (issue 39): the photos are theirs. */
export function photoShootDelivered(
  brand: BrandData,
  data: { street: string; count: number; url: string },
): MailContent {
  return render(brand, {
    subject: `${data.street}: your photographs are ready`,
    heading: 'Your photographs are ready',
    paragraphs: [
      `The ${data.count} photograph${data.count === 1 ? '' : 's'} of ${data.street} have been checked and are ready.`,
      'Open the Photography page to view them full screen, download them one by one or all at once, and add the ones you choose to your listing.',
    ],
    button: { label: 'See your photographs', url: data.url },
  });
}

/** To the photographer when staff send a shoot back (issue 39), with what to change. */
export function photoShootReturned(
  brand: BrandData,
  data: { street: string; reason: string; url: string },
): MailContent {
  return render(brand, {
    subject: `${data.street}: photographs sent back`,
    heading: 'Some photographs need changes',
    paragraphs: [
      `We checked the photographs of ${data.street} and need some changes before they go to the owner.`,
      `What to change: ${data.reason}`,
      'Open the work order to replace or delete photos, then send the shoot for review again.',
    ],
    button: { label: 'Open the work order', url: data.url },
  });
}

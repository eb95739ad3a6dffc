import { type BrandData, type MailContent, render } from './render.ts';

/** The transaction: settlement, the seller's agent's work, access shared with third parties. */

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

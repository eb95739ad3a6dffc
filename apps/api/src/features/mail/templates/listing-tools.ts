import { type BrandData, type MailContent, render } from './render.ts';

/** A published listing's tools (issue 22): the weekly summary, buyers' questions and showings. */

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

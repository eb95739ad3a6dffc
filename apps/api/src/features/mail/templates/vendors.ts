import { type BrandData, type MailContent, type MailWords, render } from './render.ts';

/** Work done at the property by vendors: work orders, trip charges, photography. */

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

import { z } from 'zod';
import { ZPropertyHashSchema } from '../dashboard/property-hash.ts';
import { singleLineText } from '../text.ts';

/**
 * Open houses (issue 22, "Open house kit"; docs/decisions/045-open-house-kit.md): times a public
 * listing's owners set when buyers may walk in, shown on the listing page, and a printable flyer.
 * Every time is entered and shown in the property's own time zone; the server stores instants.
 */
export const OPEN_HOUSES_API = {
  /** GET ?property=: the listing's open houses; POST: schedule one. */
  list: '/api/dashboard/listing/open-houses',
  /** GET ?property=: the printable flyer (PDF). */
  flyer: '/api/dashboard/listing/open-houses/flyer',
  /** PUT: change one that has not started. */
  item: (id: string) => `/api/dashboard/listing/open-houses/${encodeURIComponent(id)}`,
  /** POST: cancel one that has not ended (it stays in the list, marked cancelled). */
  cancel: (id: string) => `/api/dashboard/listing/open-houses/${encodeURIComponent(id)}/cancel`,
} as const;

/** The rules' numbers, shown to the owner beside the form. */
export const OPEN_HOUSE_LIMITS = {
  /** Scheduled open houses that have not ended, per listing. */
  maxUpcoming: 10,
  minMinutes: 30,
  maxHours: 8,
  /** How far ahead one may be scheduled, in days from today. */
  maxDaysAhead: 180,
  noteMax: 200,
} as const;

export const OPEN_HOUSE_TEXTS = {
  tab: 'Open houses',
  intro:
    'Open houses are shown on your listing page and on your flyer. Buyers may walk in at these times without asking for a showing.',
  timesIn: (zoneName: string) => `Times are in the home’s time zone (${zoneName}).`,
  rules: `An open house lasts from ${OPEN_HOUSE_LIMITS.minMinutes} minutes to ${OPEN_HOUSE_LIMITS.maxHours} hours, on one day within the next ${OPEN_HOUSE_LIMITS.maxDaysAhead} days. Open houses may not overlap, and up to ${OPEN_HOUSE_LIMITS.maxUpcoming} can be planned at once.`,
  upcomingTitle: 'Coming up',
  noneUpcoming: 'No open houses planned.',
  pastTitle: 'Past and cancelled',
  happeningNow: 'Happening now',
  cancelled: 'Cancelled',
  addTitle: 'Schedule an open house',
  editTitle: 'Change this open house',
  fields: {
    date: 'Day',
    startTime: 'Starts at',
    endTime: 'Ends at',
    note: 'Note for visitors (optional)',
  },
  noteHint: 'For example “Park on Elm St.” It is shown on your listing page and flyer.',
  add: 'Schedule open house',
  save: 'Save changes',
  keep: 'Don’t change',
  change: 'Change',
  cancel: 'Cancel',
  cancelTitle: 'Cancel this open house?',
  cancelConfirm: 'Cancel open house',
  cancelDescription: (label: string) =>
    `${label}. It comes off your listing page and flyer at once. It stays in your list, marked cancelled.`,
  added: (label: string) => `Open house scheduled: ${label}.`,
  saved: (label: string) => `Open house changed: ${label}.`,
  cancelledDone: (label: string) => `Open house cancelled: ${label}.`,
  flyer: 'Download the flyer (PDF)',
  flyerHint:
    'A US Letter page to print: your primary photo, price and facts, the open house times and a QR code to your listing page.',
  notOnSale:
    'Open houses can be scheduled only while your listing is on the public site, for sale or under contract.',
  notPublished: 'Your listing is not on the public site, so it has no flyer and no open houses.',
  /** Field messages. */
  dateRequired: 'Enter the day of the open house.',
  dateInvalid: 'Enter a real day, such as 2026-12-05.',
  startRequired: 'Enter when the open house starts.',
  endRequired: 'Enter when the open house ends.',
  timeInvalid: 'Enter a time such as 1:00 PM.',
  endBeforeStart: 'The open house must end after it starts, on the same day.',
  tooShort: `An open house lasts at least ${OPEN_HOUSE_LIMITS.minMinutes} minutes.`,
  tooLong: `An open house lasts at most ${OPEN_HOUSE_LIMITS.maxHours} hours.`,
  dayPassed: 'That day has passed. Choose today or a later day.',
  timePassed: 'That time has passed. Choose a later time.',
  tooFarAhead: `Choose a day within the next ${OPEN_HOUSE_LIMITS.maxDaysAhead} days.`,
  noSuchTime:
    'That time does not exist on that day: the clocks move forward an hour. Choose another time.',
  overlaps: (label: string) => `It overlaps your open house on ${label}.`,
  noteTooLong: `Keep the note under ${OPEN_HOUSE_LIMITS.noteMax} characters.`,
  /** Refusals. */
  tooMany: `You have ${OPEN_HOUSE_LIMITS.maxUpcoming} open houses planned, the most a listing can have. Cancel one to add another.`,
  started: 'This open house has started, so it can no longer be changed. You can still cancel it.',
  ended: 'This open house is over. It is kept for your records.',
  alreadyCancelled: 'This open house was cancelled.',
  notFound: 'We could not find that open house.',
} as const;

/** The words on the printed flyer and the public page. */
export const OPEN_HOUSE_PAGE_TEXTS = {
  sectionTitle: 'Open houses',
  sectionIntro: 'Come and see this home, no appointment needed:',
  eventName: (address: string) => `Open house: ${address}`,
  flyerOpenHouse: 'OPEN HOUSE',
  flyerForSale: 'FOR SALE',
  flyerUnderContract: 'UNDER CONTRACT',
  flyerTimes: 'Open house times',
  flyerScan: 'Scan for every photo and detail, or visit:',
  flyerMore: (n: number) => `…and ${n} more: see the listing page.`,
  flyerFactLabels: { beds: 'Bedrooms', baths: 'Bathrooms', area: 'Living area', type: 'Type' },
  flyerContact: 'Contact the seller',
  fsboNote: (siteName: string) => `For sale by owner. ${siteName} does not represent this seller.`,
  equalHousing: 'Equal Housing Opportunity',
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A day as a date input gives it (YYYY-MM-DD), and a real one. */
const realDay = (value: string) => {
  if (!DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
};

/** POST (schedule) and PUT (change): the day and times as the owner reads them, in the home's zone. */
export const ZOpenHouseRequestSchema = z.object({
  property: ZPropertyHashSchema,
  date: singleLineText({ error: OPEN_HOUSE_TEXTS.dateRequired })
    .trim()
    .min(1, OPEN_HOUSE_TEXTS.dateRequired)
    .refine((v) => v === '' || realDay(v), OPEN_HOUSE_TEXTS.dateInvalid),
  startTime: singleLineText({ error: OPEN_HOUSE_TEXTS.startRequired })
    .trim()
    .min(1, OPEN_HOUSE_TEXTS.startRequired)
    .refine((v) => v === '' || TIME.test(v), OPEN_HOUSE_TEXTS.timeInvalid),
  endTime: singleLineText({ error: OPEN_HOUSE_TEXTS.endRequired })
    .trim()
    .min(1, OPEN_HOUSE_TEXTS.endRequired)
    .refine((v) => v === '' || TIME.test(v), OPEN_HOUSE_TEXTS.timeInvalid),
  note: singleLineText()
    .trim()
    .max(OPEN_HOUSE_LIMITS.noteMax, OPEN_HOUSE_TEXTS.noteTooLong)
    .default(''),
});
export type TOpenHouseRequest = z.input<typeof ZOpenHouseRequestSchema>;

export const ZOpenHouseParamsSchema = z.object({ id: singleLineText().min(1).max(64) });

/**
 * `scheduled`: not started; `now`: started, not ended; `past`: ended; `cancelled` by an owner.
 */
export const OPEN_HOUSE_STATES = ['scheduled', 'now', 'past', 'cancelled'] as const;
export type TOpenHouseState = (typeof OPEN_HOUSE_STATES)[number];

export const ZOpenHouseSchema = z.object({
  id: z.string(),
  state: z.enum(OPEN_HOUSE_STATES),
  /** The day and times in the home's zone, as the form takes them. */
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  note: z.string(),
  /** "Saturday, December 5, 1:00 – 3:00 PM CST". */
  label: z.string(),
});
export type TOpenHouse = z.infer<typeof ZOpenHouseSchema>;

export const ZOpenHousesResponseSchema = z.object({
  /** The home's IANA zone and its name in words ("Central time"). */
  timeZone: z.string(),
  timeZoneName: z.string(),
  /** Whether open houses can be scheduled now (a published listing, for sale or pending). */
  canSchedule: z.boolean(),
  /** The flyer's URL while the listing is published; null otherwise. */
  flyerUrl: z.string().nullable(),
  /** Not ended and not cancelled, soonest first. */
  upcoming: z.array(ZOpenHouseSchema),
  /** Ended or cancelled, latest first (at most 50). */
  past: z.array(ZOpenHouseSchema),
});
export type TOpenHousesResponse = z.infer<typeof ZOpenHousesResponseSchema>;

export const ZOpenHouseResponseSchema = z.object({ openHouse: ZOpenHouseSchema });

/** What the public listing page shows of an open house (the page's detail schema). */
export const ZPublicOpenHouseSchema = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  /** The home's IANA zone, in which the page shows the times. */
  timeZone: z.string(),
  note: z.string(),
});
export type TPublicOpenHouse = z.infer<typeof ZPublicOpenHouseSchema>;

/**
 * Showing requests (issue 22, "Showing management"): the rules and words the database, the API,
 * the dashboard and the public pages share. No imports but the import-free zoned-time (no zod),
 * so packages/db and the public site's scripts can take it alone (`@lantern/contracts/showing-rules`).
 */
import { localDateTime, type TLocalDateTime, zonedInstant } from '../zoned-time.ts';

export { localDateTime, type TLocalDateTime, zonedInstant };

/**
 * The statuses, named as the issue names RESO's ShowingAppointment statuses: Pending (asked,
 * waiting for an answer), Confirmed, Denied (the seller said no) and Cancelled (called off by
 * either side after it was asked or confirmed). Stored as these very strings.
 */
export const SHOWING_STATUSES = ['Pending', 'Confirmed', 'Denied', 'Cancelled'] as const;
export type TShowingStatus = (typeof SHOWING_STATUSES)[number];

/** What people read for each status. */
export const SHOWING_STATUS_LABELS: Record<TShowingStatus, string> = {
  Pending: 'Waiting for an answer',
  Confirmed: 'Confirmed',
  Denied: 'Declined',
  Cancelled: 'Cancelled',
};

/** The two sides of a showing: the seller's (every owner of the listing) and the buyer's. */
export const SHOWING_SIDES = ['seller', 'buyer'] as const;
export type TShowingSide = (typeof SHOWING_SIDES)[number];

/** How someone acted: the dashboard, a mailed link, or (later) a text reply. */
export const SHOWING_CHANNELS = ['dashboard', 'mail', 'text', 'form'] as const;
export type TShowingChannel = (typeof SHOWING_CHANNELS)[number];

/**
 * What either side may do. `confirm` is the seller accepting the asked time, or the buyer
 * accepting the time the seller proposed; `propose` is the seller offering another time;
 * `decline` is the seller saying no; `cancel` calls off a pending or confirmed showing.
 */
export const SHOWING_ACTIONS = ['confirm', 'propose', 'decline', 'cancel'] as const;
export type TShowingAction = (typeof SHOWING_ACTIONS)[number];

/** What the kept events record: the request itself, then each action. */
export const SHOWING_EVENT_KINDS = ['requested', ...SHOWING_ACTIONS] as const;
export type TShowingEventKind = (typeof SHOWING_EVENT_KINDS)[number];

/** A showing as the rules see it: its status, and whether a time the seller proposed waits. */
export interface TShowingState {
  status: TShowingStatus;
  proposed: boolean;
}

/** Who is to answer a pending showing: the seller, or the buyer once the seller proposed. */
export const showingTurn = (s: TShowingState): TShowingSide | null =>
  s.status === 'Pending' ? (s.proposed ? 'buyer' : 'seller') : null;

/** Where a legal action leads, and what becomes of a proposed time. */
export interface TShowingMove {
  to: TShowingStatus;
  /** `set`: the action's new time waits for the buyer; `accept`: it becomes the showing's time. */
  proposal: 'set' | 'accept' | 'clear';
}

/**
 * The legal moves (the transition table): keyed by side, then by the state's name
 * (`Pending` with no proposal, `Proposed` for a pending showing with a proposed time waiting).
 * Denied and Cancelled are final.
 */
export const SHOWING_TRANSITIONS: Readonly<
  Record<
    TShowingSide,
    Partial<Record<TShowingStatus | 'Proposed', Partial<Record<TShowingAction, TShowingMove>>>>
  >
> = {
  seller: {
    Pending: {
      confirm: { to: 'Confirmed', proposal: 'clear' },
      propose: { to: 'Pending', proposal: 'set' },
      decline: { to: 'Denied', proposal: 'clear' },
    },
    Proposed: {
      propose: { to: 'Pending', proposal: 'set' },
      decline: { to: 'Denied', proposal: 'clear' },
    },
    Confirmed: { cancel: { to: 'Cancelled', proposal: 'clear' } },
  },
  buyer: {
    Pending: { cancel: { to: 'Cancelled', proposal: 'clear' } },
    Proposed: {
      confirm: { to: 'Confirmed', proposal: 'accept' },
      cancel: { to: 'Cancelled', proposal: 'clear' },
    },
    Confirmed: { cancel: { to: 'Cancelled', proposal: 'clear' } },
  },
};

const stateKey = (s: TShowingState): TShowingStatus | 'Proposed' =>
  s.status === 'Pending' && s.proposed ? 'Proposed' : s.status;

/** The move `side` makes with `action` from `state`, or null when it is not allowed. */
export function showingMove(
  state: TShowingState,
  side: TShowingSide,
  action: TShowingAction,
): TShowingMove | null {
  return SHOWING_TRANSITIONS[side][stateKey(state)]?.[action] ?? null;
}

/** The actions `side` may take now, in the order buttons show them. */
export function showingActionsFor(state: TShowingState, side: TShowingSide): TShowingAction[] {
  return SHOWING_ACTIONS.filter((a) => showingMove(state, side, a) !== null);
}

/** Lengths a buyer may ask for, in minutes; 30 unless they choose. */
export const SHOWING_DURATIONS = [15, 30, 45, 60] as const;
export type TShowingDuration = (typeof SHOWING_DURATIONS)[number];
export const SHOWING_DEFAULT_DURATION: TShowingDuration = 30;

/** A showing starts at least this long after it is asked for (or proposed). */
export const SHOWING_MIN_LEAD_MINUTES = 60;
/** …and at most this many days ahead. */
export const SHOWING_MAX_DAYS_AHEAD = 90;
/** …between these local hours (from 7:00 to 21:00 at the latest), in the home's time zone. */
export const SHOWING_FIRST_HOUR = 7;
export const SHOWING_LAST_HOUR = 21;

export const SHOWING_NAME_MAX = 100;
export const SHOWING_NOTE_MAX = 1000;

/** The zone's everyday name, e.g. "Central Time", for labels. */
export function timeZoneName(timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(new Date())
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** "Saturday, March 14, 2026 at 10:30 AM CDT": an instant as people at the home read it. */
export function formatShowingTime(instant: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(instant));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Why a start time cannot be asked for (or proposed), in words; null when it can. */
export function showingTimeProblem(start: Date, timeZone: string, now: Date): string | null {
  if (start.getTime() < now.getTime() + SHOWING_MIN_LEAD_MINUTES * 60_000) {
    return start.getTime() <= now.getTime()
      ? SHOWING_TEXTS.errors.past
      : SHOWING_TEXTS.errors.tooSoon;
  }
  if (start.getTime() > now.getTime() + SHOWING_MAX_DAYS_AHEAD * 86_400_000) {
    return SHOWING_TEXTS.errors.tooFar;
  }
  const { time } = localDateTime(start, timeZone);
  if (time < `${pad(SHOWING_FIRST_HOUR)}:00` || time > `${pad(SHOWING_LAST_HOUR)}:00`) {
    return SHOWING_TEXTS.errors.hours;
  }
  return null;
}

const hourWords = (h: number) => `${h % 12 || 12} ${h < 12 ? 'am' : 'pm'}`;

/** Every word people read about showings: the public form, the mailed link's page, the dashboard. */
export const SHOWING_TEXTS = {
  form: {
    heading: 'Request a showing',
    intro:
      'Choose a day and time to see this home. We send your request to the seller, and email you when they answer.',
    name: 'Your name',
    email: 'Your email',
    emailHint: 'The seller does not see your email: their answer comes to you through us.',
    phone: 'Phone (optional)',
    phoneHint:
      'Shared with the seller only once they confirm, so you can reach each other that day.',
    date: 'Day',
    time: 'Start time',
    timeHint: (zoneName: string) =>
      `In the home's local time (${zoneName}), from ${hourWords(SHOWING_FIRST_HOUR)} to ${hourWords(SHOWING_LAST_HOUR)}.`,
    duration: 'How long',
    minutes: (n: number) => `${n} minutes`,
    note: 'Note to the seller (optional)',
    honeypot: 'Leave this field empty',
    submit: 'Send my request',
    sending: 'Sending your request…',
    noScript: 'This form needs JavaScript. Turn it on to request a showing.',
    fixErrors: 'Please correct the fields marked below.',
    sent: (email: string) =>
      `Your request was sent to the seller. We will email you at ${email} when they answer.`,
  },
  errors: {
    name: 'Enter your name.',
    phone: 'Enter a 10-digit US phone number, or leave it empty.',
    date: 'Choose a day.',
    time: 'Choose a start time.',
    duration: 'Choose how long the showing lasts.',
    note: `Keep your note under ${SHOWING_NOTE_MAX} characters.`,
    noSuchTime:
      'That time does not exist on that day, because the clocks move forward. Choose another time.',
    past: 'That time has already passed. Choose a time in the future.',
    tooSoon: `Choose a time at least ${SHOWING_MIN_LEAD_MINUTES} minutes from now, so the seller has time to answer.`,
    tooFar: `Choose a day within the next ${SHOWING_MAX_DAYS_AHEAD} days.`,
    hours: `Choose a start time between ${hourWords(SHOWING_FIRST_HOUR)} and ${hourWords(SHOWING_LAST_HOUR)}, the home's local time.`,
    notTaking: 'This home is not taking showing requests now.',
    proposeNeedsTime: 'Choose the day and time you propose.',
  },
  refusals: {
    notFound: 'We could not find that showing request.',
    final: (status: string) => `This showing is ${status.toLowerCase()}; nothing more can change.`,
    notYourTurn: 'This request is waiting for the other side to answer.',
    notAllowed: 'That is not possible for this showing now.',
    staleLink:
      'This link has already been used, or the showing changed since it was sent. Here is where it stands now.',
    badLink: 'This link is not valid. Open it again from your email, or ask for a new one.',
    timePassed: 'That time has already passed.',
  },
  actions: {
    confirm: 'Confirm',
    acceptProposal: 'Accept the new time',
    propose: 'Propose another time',
    decline: 'Decline',
    cancel: 'Cancel the showing',
  } satisfies Record<TShowingAction | 'acceptProposal', string>,
  done: {
    confirm: 'The showing is confirmed. We emailed both of you a calendar invitation.',
    propose: 'We sent the new time to the buyer and will tell you when they answer.',
    decline: 'We told the buyer that this time does not work.',
    cancel: 'The showing is cancelled. We told everyone.',
  } satisfies Record<TShowingAction, string>,
  dashboard: {
    tab: 'Showings',
    heading: 'Showing requests',
    none: 'No one has asked to see this home yet. Requests from your listing page appear here.',
    requestedBy: (name: string) => `Requested by ${name}`,
    asked: 'Asked for',
    proposed: 'You proposed',
    scheduled: 'Showing',
    length: (n: number) => `${n} minutes`,
    phone: 'Phone',
    note: 'Note',
    waitingForBuyer: 'Waiting for the buyer to accept the time you proposed.',
    replyHint:
      'To answer the buyer, use these buttons: we pass your answer on, so neither of you sees the other’s email.',
    history: 'History',
    proposeHeading: 'Propose another time',
    proposeSubmit: 'Send this time',
    timesIn: (zoneName: string) => `Times are in the home's local time (${zoneName}).`,
    by: { buyer: 'The buyer', seller: 'You' } satisfies Record<TShowingSide, string>,
    via: {
      dashboard: 'in the dashboard',
      mail: 'from an email link',
      text: 'by text',
      form: 'on the listing page',
    } satisfies Record<TShowingChannel, string>,
    events: {
      requested: 'asked for a showing',
      confirm: 'confirmed',
      propose: 'proposed another time',
      decline: 'declined',
      cancel: 'cancelled',
    } satisfies Record<TShowingEventKind, string>,
  },
  link: {
    title: 'Showing request',
    checking: 'Checking your link…',
    noScript: 'This page needs JavaScript. Turn it on, then open the link from your email again.',
    forSeller: 'A buyer asked to see your home',
    forBuyer: 'Your showing request',
    status: 'Status',
    when: 'When',
    proposedTime: 'Proposed time',
    buyer: 'Buyer',
    note: 'Note from the buyer',
    home: 'Home',
    dashboardHint: 'You can also answer from your dashboard.',
  },
} as const;

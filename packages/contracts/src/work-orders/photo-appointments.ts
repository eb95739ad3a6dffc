import { z } from 'zod';
import { ZPropertyHashSchema } from '../dashboard/property-hash.ts';
import { singleLineText } from '../text.ts';

/**
 * Photography appointments (issue 21; docs/decisions/046): a photographer — a field vendor — keeps
 * weekly hours and the states they go to; the customer with a paid photography order books a
 * slot of those hours, and may move or cancel it until 24 hours before it starts.
 */
export const PHOTO_SLOT_MINUTES = 90;
/** A booking may be moved or cancelled until this many hours before its start. */
export const PHOTO_CHANGE_HOURS = 24;
/** How far ahead slots are offered, in calendar days from the earliest day. */
export const PHOTO_BOOKING_DAYS = 28;

/** Weekdays a photographer keeps hours on: Monday (1) to Friday (5), our business days. */
export const PHOTO_WEEKDAYS = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
} as const;

export const PHOTO_APPOINTMENT_TEXTS = {
  time: 'Enter a time as HH:MM, like 09:00.',
  weekday: 'Choose a weekday from Monday to Friday.',
  windowOrder: 'The end must come after the start.',
  windowTooShort: `Each stretch of hours must hold at least one ${PHOTO_SLOT_MINUTES}-minute appointment.`,
  windowsOverlap: 'Two stretches of hours on the same day overlap. Join them or move one.',
  tooManyWindows: 'Keep to at most 20 stretches of hours.',
  state: 'Enter two-letter states, like TX.',
  tooManyStates: 'Keep to at most 51 states.',
  dayOff: 'Enter days off as YYYY-MM-DD.',
  tooManyDaysOff: 'Keep to at most 100 days off.',
  slot: 'Choose one of the times offered.',
  noOrder: 'Order photography for this property first; you can book the visit once it is paid.',
  quoteWaiting:
    'We are pricing your photography. Once you have paid the invoice you can book the visit here.',
  unpaid: 'Pay the photography invoice first; then you can book the visit here.',
  alreadyBooked: 'The visit is already booked. Move or cancel it instead.',
  scheduledByUs: (day: string) =>
    `Our team has scheduled the visit for ${day}. Write to us to change it.`,
  underWay: 'The photographer is on the way; the visit can no longer change here.',
  done: 'The photographs have been taken.',
  notBooked: 'There is no booked visit to change.',
  tooLate: (hours: number) =>
    `The visit starts in less than ${hours} hours, so it can no longer be moved or cancelled here. Call us if you need to change it.`,
  slotGone: 'Someone has just taken that time. Choose another one.',
  sameSlot: 'The visit is already at that time.',
  cannotBook: 'Only the people who may order for this property can book or change the visit.',
  noSlots:
    'No photographer has free time here in the next four weeks. Write to us and we will find one.',
} as const;

/** The words of the Photography page's booking card and the photographer's hours page. */
export const PHOTO_APPOINTMENT_UI = {
  title: 'Your photography visit',
  booked: (when: string, who: string) => `Booked for ${when} with ${who}.`,
  changeUntil: (when: string) => `You can move or cancel it until ${when}.`,
  locked: `It starts within ${PHOTO_CHANGE_HOURS} hours, so it can no longer be moved or cancelled here. Call us if you need to change it.`,
  pick: 'Choose a time for the photographer’s visit',
  pickHint: (zone: string) =>
    `Times are in the property’s time zone (${zone.replace('_', ' ')}). A visit takes about ${PHOTO_SLOT_MINUTES} minutes.`,
  moveTitle: 'Move it to another time',
  book: 'Book this time',
  move: 'Move to this time',
  cancel: 'Cancel the visit',
  cancelConfirm: 'Cancel the photography visit? You can book another time afterwards.',
  chooseFirst: 'Choose a time first.',
  bookedSaid: (when: string) => `Booked: ${when}.`,
  movedSaid: (when: string) => `Moved to ${when}.`,
  cancelledSaid: 'The visit is cancelled.',
  withWhom: (time: string, who: string) => `${time} with ${who}`,
  viewOnly: 'Only the people who may order for this property can book or change the visit.',
  hoursTitle: 'Your photography hours',
  hoursIntro: `Customers book ${PHOTO_SLOT_MINUTES}-minute photography visits from these hours, Monday to Friday except federal holidays, in the time zone of the property. Visits already booked stay booked when you change them.`,
  states: 'States you go to',
  statesHint: 'Two-letter states, separated by commas, like IL, IN.',
  daysOff: 'Days off',
  daysOffHint: 'Dates as YYYY-MM-DD, separated by commas. Past days are dropped.',
  addHours: 'Add hours',
  removeHours: 'Remove',
  save: 'Save the hours',
  saved: 'Your hours are saved.',
  noHours: 'No hours yet: customers cannot book you until you add some.',
} as const;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const time = singleLineText().trim().regex(HHMM, PHOTO_APPOINTMENT_TEXTS.time);

export const ZPhotoWindowSchema = z.object({
  weekday: z
    .number()
    .int()
    .min(1, PHOTO_APPOINTMENT_TEXTS.weekday)
    .max(5, PHOTO_APPOINTMENT_TEXTS.weekday),
  /** Wall-clock times in the property's time zone. */
  start: time,
  end: time,
});
export type TPhotoWindow = z.infer<typeof ZPhotoWindowSchema>;

const isRealDay = (d: string) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
};

/** PUT …/photography-hours: the whole of a photographer's hours, replaced at once. */
export const ZPhotographerHoursSchema = z
  .object({
    states: z
      .array(
        singleLineText()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z]{2}$/, PHOTO_APPOINTMENT_TEXTS.state),
      )
      .max(51, PHOTO_APPOINTMENT_TEXTS.tooManyStates),
    weeklyHours: z.array(ZPhotoWindowSchema).max(20, PHOTO_APPOINTMENT_TEXTS.tooManyWindows),
    daysOff: z
      .array(singleLineText().trim().refine(isRealDay, PHOTO_APPOINTMENT_TEXTS.dayOff))
      .max(100, PHOTO_APPOINTMENT_TEXTS.tooManyDaysOff),
  })
  .superRefine((b, ctx) => {
    b.weeklyHours.forEach((w, i) => {
      if (!HHMM.test(w.start) || !HHMM.test(w.end)) return;
      const [s, e] = [minutesOf(w.start), minutesOf(w.end)];
      if (e <= s)
        ctx.addIssue({
          code: 'custom',
          path: ['weeklyHours', i, 'end'],
          message: PHOTO_APPOINTMENT_TEXTS.windowOrder,
        });
      else if (e - s < PHOTO_SLOT_MINUTES)
        ctx.addIssue({
          code: 'custom',
          path: ['weeklyHours', i, 'end'],
          message: PHOTO_APPOINTMENT_TEXTS.windowTooShort,
        });
      const overlaps = b.weeklyHours.some(
        (o, j) =>
          j < i &&
          o.weekday === w.weekday &&
          HHMM.test(o.start) &&
          HHMM.test(o.end) &&
          minutesOf(o.start) < e &&
          s < minutesOf(o.end),
      );
      if (overlaps)
        ctx.addIssue({
          code: 'custom',
          path: ['weeklyHours', i, 'start'],
          message: PHOTO_APPOINTMENT_TEXTS.windowsOverlap,
        });
    });
  });
export type TPhotographerHours = z.infer<typeof ZPhotographerHoursSchema>;

/** A window in minutes of the day, as stored. */
export const photoWindowMinutes = (w: TPhotoWindow) => ({
  weekday: w.weekday,
  startMinute: minutesOf(w.start),
  endMinute: minutesOf(w.end),
});
const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
/** A stored window back as HH:MM times. */
export const photoWindowTimes = (w: {
  weekday: number;
  startMinute: number;
  endMinute: number;
}) => ({
  weekday: w.weekday,
  start: hhmm(w.startMinute),
  end: hhmm(w.endMinute),
});

export const ZPhotographerAvailabilitySchema = z.object({
  photographer: z.object({ hash: z.string(), name: z.string() }),
  states: z.array(z.string()),
  weeklyHours: z.array(ZPhotoWindowSchema),
  daysOff: z.array(z.string()),
});
export type TPhotographerAvailability = z.infer<typeof ZPhotographerAvailabilitySchema>;

export const ZPhotographerParamsSchema = z.object({ hash: singleLineText().min(1).max(64) });

/** A time the customer may book: a photographer's free slot. */
export const ZPhotoSlotSchema = z.object({
  photographer: z.object({ hash: z.string(), name: z.string() }),
  /** ISO instants. */
  startsAt: z.string(),
  endsAt: z.string(),
});
export type TPhotoSlot = z.infer<typeof ZPhotoSlotSchema>;

/** GET /api/dashboard/photo-appointment?property=: the visit and the times that may be booked. */
export const ZPhotoAppointmentViewSchema = z.object({
  /** The property's IANA time zone: every time here is shown in it. */
  timeZone: z.string(),
  appointment: z
    .object({
      workOrder: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
      photographer: z.string(),
      /** The last moment it may be moved or cancelled here (24 hours before the start). */
      changeUntil: z.string(),
      changeable: z.boolean(),
    })
    .nullable(),
  /** Whether this user may book or change it (those who may order for the property). */
  canChange: z.boolean(),
  /** Why booking is not possible now, in words; null when slots are offered. */
  notice: z.string().nullable(),
  slots: z.array(ZPhotoSlotSchema),
});
export type TPhotoAppointmentView = z.infer<typeof ZPhotoAppointmentViewSchema>;

export const ZPhotoAppointmentQuerySchema = z.object({ property: ZPropertyHashSchema });

/** POST /api/dashboard/photo-appointment (book) and …/move: the slot chosen. */
export const ZBookPhotoRequestSchema = z.object({
  property: ZPropertyHashSchema,
  photographer: singleLineText().trim().min(1, PHOTO_APPOINTMENT_TEXTS.slot).max(64),
  startsAt: singleLineText()
    .trim()
    .max(40, PHOTO_APPOINTMENT_TEXTS.slot)
    .refine(
      (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v)),
      PHOTO_APPOINTMENT_TEXTS.slot,
    ),
});
export type TBookPhotoRequest = z.infer<typeof ZBookPhotoRequestSchema>;

/** POST /api/dashboard/photo-appointment/cancel */
export const ZCancelPhotoRequestSchema = z.object({ property: ZPropertyHashSchema });

export const PHOTO_APPOINTMENT_API = {
  customer: '/api/dashboard/photo-appointment',
  move: '/api/dashboard/photo-appointment/move',
  cancel: '/api/dashboard/photo-appointment/cancel',
  vendorHours: '/api/vendor/photography-hours',
  adminHours: (hash: string) => `/api/admin/photographers/${encodeURIComponent(hash)}/hours`,
} as const;

/**
 * An appointment's time in words in the property's zone, with the zone's short name:
 * "Tuesday, December 1, 2026, 9:00 AM CST".
 */
export function formatAppointment(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** Only the time of day, in the zone: "9:00 AM". */
export const formatSlotTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  );

/** The calendar day of an instant in the zone, YYYY-MM-DD. */
export function dayInZone(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

import {
  LEAD_HONEYPOT_FIELD,
  SHOWING_ACTIONS,
  SHOWING_CHANNELS,
  SHOWING_DEFAULT_DURATION,
  SHOWING_DURATIONS,
  SHOWING_EVENT_KINDS,
  SHOWING_NAME_MAX,
  SHOWING_NOTE_MAX,
  SHOWING_SIDES,
  SHOWING_STATUSES,
  SHOWING_TEXTS,
  type TShowingDuration,
} from '@lantern/domain';
import { z } from 'zod';
import { ZEmailSchema } from '../auth/credentials.ts';
import { ZPropertyHashSchema } from '../dashboard/property-hash.ts';
import { isUsPhone } from '../listings/fsbo-listing.ts';
import { multilineText, singleLineText } from '../text.ts';

const E = SHOWING_TEXTS.errors;

/** Showing requests' endpoints (issue 22). */
export const SHOWINGS_API = {
  /** GET ?property=: the listing's showing requests, newest first (its owners only). */
  owner: '/api/dashboard/listing/showings',
  /** POST {property, action, date?, time?}: the seller answers one request. */
  respond: (showing: string) =>
    `/api/dashboard/listing/showings/${encodeURIComponent(showing)}/respond`,
  /** POST (public): a visitor asks to see a published listing. */
  request: (listing: string) => `/api/listings/${encodeURIComponent(listing)}/showings`,
  /** POST {token} (public): what a mailed link's page shows. */
  link: '/api/showings/link',
  /** POST {token, action, date?, time?} (public): act through a mailed link. */
  linkRespond: '/api/showings/link/respond',
} as const;

/** Where the seller's and the buyer's mailed links land: `${SHOWING_LINK_PAGE}#token=…`. */
export const SHOWING_LINK_PAGE = '/showings/respond';

const date = singleLineText({ error: E.date }).regex(/^\d{4}-\d{2}-\d{2}$/, E.date);
const time = singleLineText({ error: E.time }).regex(/^\d{2}:\d{2}$/, E.time);

/** POST /api/listings/:hash/showings — the listing page's form. */
export const ZShowingRequestSchema = z.object({
  name: singleLineText({ error: E.name }).trim().min(1, E.name).max(SHOWING_NAME_MAX, E.name),
  email: ZEmailSchema,
  phone: singleLineText({ error: E.phone })
    .trim()
    .max(30, E.phone)
    .refine((v) => v === '' || isUsPhone(v), E.phone)
    .optional()
    .default(''),
  /** The day and start time in the home's own time zone. */
  date,
  time,
  duration: z
    .number({ error: E.duration })
    .refine(
      (n): n is TShowingDuration => (SHOWING_DURATIONS as readonly number[]).includes(n),
      E.duration,
    )
    .optional()
    .default(SHOWING_DEFAULT_DURATION),
  note: multilineText({ error: E.note })
    .trim()
    .max(SHOWING_NOTE_MAX, E.note)
    .optional()
    .default(''),
  /** The honeypot: hidden from people, so anything in it came from a bot. */
  [LEAD_HONEYPOT_FIELD]: singleLineText().max(500).optional(),
});
export type TShowingRequest = z.input<typeof ZShowingRequestSchema>;

export const ZShowingRequestParamsSchema = z.object({ hash: singleLineText().min(1).max(64) });

/** The answer to the form: the words to show (the same for a bot's request, which is dropped). */
export const ZShowingRequestResultSchema = z.object({ message: z.string() });

/** An answer with a new time (propose); confirm, decline and cancel need none. */
const answer = {
  action: z.enum(SHOWING_ACTIONS, { error: 'Choose what to do.' }),
  date: date.optional(),
  time: time.optional(),
};

/** POST /api/dashboard/listing/showings/:showing/respond */
export const ZShowingRespondSchema = z.object({ property: ZPropertyHashSchema, ...answer });
export type TShowingRespond = z.infer<typeof ZShowingRespondSchema>;
export const ZShowingParamsSchema = z.object({ showing: singleLineText().min(1).max(64) });

/** POST /api/showings/link and /api/showings/link/respond */
export const ZShowingLinkSchema = z.object({ token: singleLineText().min(1).max(1000) });
export const ZShowingLinkRespondSchema = ZShowingLinkSchema.extend(answer);
export type TShowingLinkRespond = z.infer<typeof ZShowingLinkRespondSchema>;

const ZShowingEventSchema = z.object({
  kind: z.enum(SHOWING_EVENT_KINDS),
  by: z.enum(SHOWING_SIDES),
  /** The seller's side: who of the owners acted (name or email); null for the buyer. */
  actor: z.string().nullable(),
  via: z.enum(SHOWING_CHANNELS),
  status: z.enum(SHOWING_STATUSES),
  /** The time the event was about: asked, confirmed or proposed. */
  start: z.string().nullable(),
  at: z.string(),
});

/** A showing request as the listing's owners see it. The buyer's email is never sent. */
export const ZOwnerShowingSchema = z.object({
  hash: z.string(),
  status: z.enum(SHOWING_STATUSES),
  /** Whose answer a pending request waits for. */
  turn: z.enum(SHOWING_SIDES).nullable(),
  buyerName: z.string(),
  /** Only once confirmed (the form tells the buyer so). */
  buyerPhone: z.string().nullable(),
  /** ISO instants; shown in the listing's `timeZone`. */
  start: z.string(),
  end: z.string(),
  requestedStart: z.string(),
  durationMinutes: z.number().int(),
  proposedStart: z.string().nullable(),
  note: z.string(),
  /** What the seller may do now. */
  actions: z.array(z.enum(SHOWING_ACTIONS)),
  createdAt: z.string(),
  updatedAt: z.string(),
  history: z.array(ZShowingEventSchema),
});
export type TOwnerShowing = z.infer<typeof ZOwnerShowingSchema>;

export const ZOwnerShowingsResponseSchema = z.object({
  timeZone: z.string(),
  showings: z.array(ZOwnerShowingSchema),
});
export type TOwnerShowingsResponse = z.infer<typeof ZOwnerShowingsResponseSchema>;

export const ZOwnerShowingResponseSchema = z.object({
  message: z.string(),
  showing: ZOwnerShowingSchema,
});

/** What a mailed link's page shows: the request, from its side, and what that side may do. */
export const ZShowingLinkViewSchema = z.object({
  side: z.enum(SHOWING_SIDES),
  status: z.enum(SHOWING_STATUSES),
  turn: z.enum(SHOWING_SIDES).nullable(),
  address: z.string(),
  /** The public page while published, else null. */
  listingUrl: z.string().nullable(),
  timeZone: z.string(),
  start: z.string(),
  durationMinutes: z.number().int(),
  proposedStart: z.string().nullable(),
  /** The seller's side only. */
  buyerName: z.string().nullable(),
  note: z.string().nullable(),
  /** Empty when the link is stale (used, or the showing moved on since it was mailed). */
  actions: z.array(z.enum(SHOWING_ACTIONS)),
  /** Why the link offers nothing, in words; null while it may act. */
  notice: z.string().nullable(),
  /** The words after an action through the link. */
  message: z.string().nullable(),
});
export type TShowingLinkView = z.infer<typeof ZShowingLinkViewSchema>;

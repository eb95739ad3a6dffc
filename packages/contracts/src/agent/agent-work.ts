import { z } from 'zod';
import { pageSchema, ZListQuerySchema } from '../admin/table.ts';
import { ZAssignmentSchema } from '../admin/users.ts';
import { ZPropertyHashSchema } from '../dashboard/property-hash.ts';
import { ZTransactionKindSchema } from '../documents/documents.ts';
import { cleanMessageBody, MESSAGE_MAX_LENGTH, MESSAGE_TEXTS } from '../messages/messages.ts';
import { multilineText, singleLineText } from '../text.ts';

/**
 * The agent's vendor page (issue 24; docs/decisions/050): assigned properties, their listing,
 * seller documents, messages with the customers, hours logged for hourly representation and
 * offers received.
 */

/** The products an agent logs billable hours for; the rate is AGENT_HOURLY_RATE_CENTS. */
export const HOURLY_REPRESENTATION_SLUGS = [
  'seller-hourly-representation',
  'buyer-hourly-representation',
] as const;

/** Hourly representation's price: $150 an hour, in cents (the product page's published terms). */
export const AGENT_HOURLY_RATE_CENTS = 15_000;

/** What an entry of `minutes` costs at `rateCents` an hour: rounded to the cent, half up. */
export function hoursAmountCents(minutes: number, rateCents = AGENT_HOURLY_RATE_CENTS): number {
  return Math.round((minutes * rateCents) / 60);
}

/** "1 h 30 min", "45 min", "2 h". */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return `${m} min`;
  return m ? `${h} h ${m} min` : `${h} h`;
}

export const OFFER_STATUSES = [
  'received',
  'countered',
  'accepted',
  'rejected',
  'withdrawn',
  'expired',
] as const;
export const ZOfferStatusSchema = z.enum(OFFER_STATUSES);
export type TOfferStatus = z.infer<typeof ZOfferStatusSchema>;
export const OFFER_STATUS_LABELS: Record<TOfferStatus, string> = {
  received: 'Received',
  countered: 'Countered',
  accepted: 'Accepted',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

/**
 * Where an offer may go from where it is. An open offer (received or countered) may be countered
 * again, accepted, rejected or withdrawn by the buyer; the rest are final. Expired is never chosen:
 * an open offer past its expiry reads as expired (`offerStatusAt`).
 */
export const OFFER_MOVES: Record<TOfferStatus, readonly TOfferStatus[]> = {
  received: ['countered', 'accepted', 'rejected', 'withdrawn'],
  countered: ['countered', 'accepted', 'rejected', 'withdrawn'],
  accepted: [],
  rejected: [],
  withdrawn: [],
  expired: [],
};

/** The status as of `now`: an open offer past its expiry has expired. */
export function offerStatusAt(status: TOfferStatus, expiresAt: Date, now: Date): TOfferStatus {
  return (status === 'received' || status === 'countered') && expiresAt.getTime() <= now.getTime()
    ? 'expired'
    : status;
}

export const AGENT_WORK_TEXTS = {
  day: 'Enter the day as YYYY-MM-DD.',
  dayFuture: 'Hours can be logged for today or earlier, not for a day to come.',
  minutes: 'Enter the time worked in whole minutes, from 1 to 1440 (24 hours).',
  note: 'Say briefly what the time was for.',
  noteLong: 'Keep the note under 500 characters.',
  notHourly:
    'Hours are logged only for hourly representation. This property has no hourly representation order.',
  billed: 'These hours are on an invoice already and can no longer be changed.',
  notYours: 'You can remove only hours you logged yourself.',
  price: 'Enter the offer price in whole cents, more than zero.',
  buyerAgent: "Enter the buyer's agent as the offer names them.",
  expires: 'Enter when the offer expires, as a date and time.',
  expiresPast: 'The expiry must be in the future.',
  offerFinal: (status: string) => `The offer is ${status.toLowerCase()}; it can no longer change.`,
  offerMove: (from: string, to: string) =>
    `An offer that is ${from.toLowerCase()} cannot become ${to.toLowerCase()}.`,
  nothingToBill: 'There are no unbilled hours on this order.',
  billNotHourly: 'Only an hourly representation order has agent hours to bill.',
  billCancelled: 'The order is cancelled; its unbilled hours are not billed.',
} as const;

export const ZAgentPropertiesQuerySchema = ZListQuerySchema;
export type TAgentPropertiesQuery = z.input<typeof ZAgentPropertiesQuerySchema>;
export const ZAgentPropertyRowSchema = ZAssignmentSchema.extend({
  /** The property's customers (participants), by name or email. */
  customers: z.array(z.string()),
});
export type TAgentPropertyRow = z.infer<typeof ZAgentPropertyRowSchema>;
export const ZAgentPropertiesPageSchema = pageSchema(ZAgentPropertyRowSchema);

export const ZAgentPropertyParamsSchema = z.object({ hash: ZPropertyHashSchema });
export const ZAgentEntryParamsSchema = z.object({
  hash: ZPropertyHashSchema,
  entry: singleLineText().min(1).max(64),
});
export const ZAgentDocumentParamsSchema = z.object({
  hash: ZPropertyHashSchema,
  document: singleLineText().min(1).max(64),
});
export const ZAgentDocumentsQuerySchema = z.object({
  kind: ZTransactionKindSchema.default('sale_seller'),
});

export const ZAgentListingSchema = z.object({
  /** MLS (flat-fee listing) or FSBO. */
  source: z.enum(['mls', 'fsbo']),
  status: z.string(),
  priceCents: z.number().int().nullable(),
  /** The public page's path while it is published, e.g. /listings/123-main-st-austin-tx. */
  publicPath: z.string().nullable(),
  /** The MLS number once listed. */
  mlsNumber: z.string().nullable(),
});
export type TAgentListing = z.infer<typeof ZAgentListingSchema>;

export const ZAgentPropertySchema = z.object({
  hash: z.string(),
  address: z.string(),
  customers: z.array(
    z.object({ name: z.string(), email: z.string(), role: z.string(), roleLabel: z.string() }),
  ),
  /** The representation orders on the property. */
  orders: z.array(
    z.object({ hash: z.string(), product: z.string(), slug: z.string(), status: z.string() }),
  ),
  listings: z.array(ZAgentListingSchema),
  /** The hourly representation order hours are logged on, when there is one. */
  hourly: z
    .object({ order: z.string(), product: z.string(), rateCents: z.number().int() })
    .nullable(),
});
export type TAgentProperty = z.infer<typeof ZAgentPropertySchema>;

export const ZAgentHourSchema = z.object({
  hash: z.string(),
  day: z.string(),
  minutes: z.number().int(),
  note: z.string(),
  agent: z.string(),
  amountCents: z.number().int(),
  /** The invoice number (INV-000012) once billed; null while unbilled. */
  invoice: z.string().nullable(),
  createdAt: z.string(),
});
export type TAgentHour = z.infer<typeof ZAgentHourSchema>;

export const ZAgentHoursSchema = z.object({
  entries: z.array(ZAgentHourSchema),
  rateCents: z.number().int(),
  unbilledMinutes: z.number().int(),
  unbilledCents: z.number().int(),
});
export type TAgentHours = z.infer<typeof ZAgentHoursSchema>;

export const ZLogHoursRequestSchema = z.object({
  day: singleLineText().regex(/^\d{4}-\d{2}-\d{2}$/, AGENT_WORK_TEXTS.day),
  minutes: z
    .number({ error: AGENT_WORK_TEXTS.minutes })
    .int(AGENT_WORK_TEXTS.minutes)
    .min(1, AGENT_WORK_TEXTS.minutes)
    .max(1440, AGENT_WORK_TEXTS.minutes),
  note: singleLineText({ error: AGENT_WORK_TEXTS.note })
    .trim()
    .min(1, AGENT_WORK_TEXTS.note)
    .max(500, AGENT_WORK_TEXTS.noteLong),
});
export type TLogHoursRequest = z.infer<typeof ZLogHoursRequestSchema>;

export const ZOfferSchema = z.object({
  hash: z.string(),
  priceCents: z.number().int(),
  buyerAgent: z.string(),
  expiresAt: z.string(),
  /** As of now: an open offer past its expiry reads as expired. */
  status: ZOfferStatusSchema,
  note: z.string(),
  recordedBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TOffer = z.infer<typeof ZOfferSchema>;
export const ZOffersSchema = z.object({ offers: z.array(ZOfferSchema) });

export const ZRecordOfferRequestSchema = z.object({
  priceCents: z
    .number({ error: AGENT_WORK_TEXTS.price })
    .int(AGENT_WORK_TEXTS.price)
    .positive(AGENT_WORK_TEXTS.price)
    .max(2_000_000_000, AGENT_WORK_TEXTS.price),
  buyerAgent: singleLineText({ error: AGENT_WORK_TEXTS.buyerAgent })
    .trim()
    .min(1, AGENT_WORK_TEXTS.buyerAgent)
    .max(200, AGENT_WORK_TEXTS.buyerAgent),
  expiresAt: z.iso.datetime({ offset: true, error: AGENT_WORK_TEXTS.expires }),
  note: singleLineText().trim().max(500, AGENT_WORK_TEXTS.noteLong).default(''),
});
export type TRecordOfferRequest = z.input<typeof ZRecordOfferRequestSchema>;

export const ZMoveOfferRequestSchema = z.object({
  status: z.enum(['countered', 'accepted', 'rejected', 'withdrawn']),
  /** A counter's new expiry; the old one stands when left out. */
  expiresAt: z.iso.datetime({ offset: true, error: AGENT_WORK_TEXTS.expires }).optional(),
  note: singleLineText().trim().max(500, AGENT_WORK_TEXTS.noteLong).optional(),
});
export type TMoveOfferRequest = z.input<typeof ZMoveOfferRequestSchema>;

/** POST /api/vendor/agent/properties/{hash}/messages: write in the property's thread. */
export const ZAgentMessageRequestSchema = z.object({
  body: multilineText({ error: MESSAGE_TEXTS.empty })
    .transform(cleanMessageBody)
    .pipe(z.string().min(1, MESSAGE_TEXTS.empty).max(MESSAGE_MAX_LENGTH, MESSAGE_TEXTS.tooLong)),
});

/** GET /api/dashboard/agent-work?property=: what the customer's agent logged and recorded. */
export const ZCustomerAgentWorkSchema = z.object({
  hours: ZAgentHoursSchema,
  offers: z.array(ZOfferSchema),
});
export type TCustomerAgentWork = z.infer<typeof ZCustomerAgentWorkSchema>;

/** GET /api/admin/orders/{hash}/agent-hours: what billing the hourly order would invoice now. */
export const ZUnbilledAgentHoursSchema = z.object({
  entries: z.number().int(),
  minutes: z.number().int(),
  cents: z.number().int(),
});
export type TUnbilledAgentHours = z.infer<typeof ZUnbilledAgentHoursSchema>;

/** POST /api/admin/orders/{hash}/bill-agent-hours: the invoice made. */
export const ZBillAgentHoursResponseSchema = z.object({
  invoice: z.object({ hash: z.string(), number: z.string(), totalCents: z.number().int() }),
  entries: z.number().int(),
  minutes: z.number().int(),
});

/** The agent routes' URLs, for the API client. */
export const AGENT_API = {
  properties: '/api/vendor/agent/properties',
  property: (hash: string) => `/api/vendor/agent/properties/${encodeURIComponent(hash)}`,
  documents: (hash: string) => `${AGENT_API.property(hash)}/documents`,
  file: (hash: string, document: string) =>
    `${AGENT_API.property(hash)}/documents/${encodeURIComponent(document)}/file`,
  messages: (hash: string) => `${AGENT_API.property(hash)}/messages`,
  hours: (hash: string) => `${AGENT_API.property(hash)}/hours`,
  hour: (hash: string, entry: string) =>
    `${AGENT_API.property(hash)}/hours/${encodeURIComponent(entry)}`,
  offers: (hash: string) => `${AGENT_API.property(hash)}/offers`,
  offerStatus: (hash: string, offer: string) =>
    `${AGENT_API.property(hash)}/offers/${encodeURIComponent(offer)}/status`,
  customer: '/api/dashboard/agent-work',
  unbilled: (order: string) => `/api/admin/orders/${encodeURIComponent(order)}/agent-hours`,
  bill: (order: string) => `/api/admin/orders/${encodeURIComponent(order)}/bill-agent-hours`,
} as const;

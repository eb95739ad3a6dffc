import { z } from 'zod';
import { multilineText, singleLineText } from '../text.ts';
import { TEXT_KIND_KEYS, TEXT_STATE_KEYS, TEXT_STATUSES } from '../texts/texts.ts';
import { pageSchema, ZListQuerySchema } from './table.ts';

/** Texts and opt-outs as staff see them (issue 20; docs/decisions/030-texts.md). */
export const TEXT_DIRECTIONS = ['outbound', 'inbound'] as const;
export type TTextDirection = (typeof TEXT_DIRECTIONS)[number];
export const OPT_OUT_SOURCES = ['keyword', 'provider', 'staff'] as const;
export type TOptOutSource = (typeof OPT_OUT_SOURCES)[number];

/** How a number came to be opted out, in staff's words. */
export const OPT_OUT_SOURCE_LABELS: Record<TOptOutSource, string> = {
  keyword: 'Texted a stop word',
  provider: 'Twilio refused: unsubscribed',
  staff: 'Recorded by staff',
};

/** Whether texts go out through Twilio, and the webhook addresses to set in Twilio's console. */
export const ZTextSettingsSchema = z.object({
  provider: z.enum(['twilio', 'file']),
  /** Our sending number or Messaging Service SID; null while texts are written to files. */
  from: z.string().nullable(),
  webhooks: z.object({ messages: z.string(), status: z.string() }).nullable(),
});
export type TTextSettings = z.infer<typeof ZTextSettingsSchema>;

export const ZTextsQuerySchema = ZListQuerySchema.extend({
  direction: z.enum(['all', ...TEXT_DIRECTIONS]).default('all'),
  state: z.enum(['all', ...TEXT_STATE_KEYS]).default('all'),
});
export type TTextsQuery = z.input<typeof ZTextsQuerySchema>;

export const ZTextRowSchema = z.object({
  id: z.number().int(),
  direction: z.enum(TEXT_DIRECTIONS),
  /** The other party: whom we texted, or who texted us. */
  phone: z.string(),
  kind: z.enum(TEXT_KIND_KEYS),
  /** As sent (a code or PIN shown as ••••••) or as received. */
  body: z.string(),
  status: z.enum(TEXT_STATUSES),
  state: z.enum(TEXT_STATE_KEYS),
  /** Twilio's Message SID, once Twilio took the text. */
  providerSid: z.string().nullable(),
  errorCode: z.number().int().nullable(),
  errorMessage: z.string().nullable(),
  /** The account an outbound text was for. */
  user: z.object({ hash: z.string(), email: z.string() }).nullable(),
  mediaCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TTextRow = z.infer<typeof ZTextRowSchema>;
export const ZTextsPageSchema = pageSchema(ZTextRowSchema);

export const ZOptOutsQuerySchema = ZListQuerySchema.extend({
  source: z.enum(['all', ...OPT_OUT_SOURCES]).default('all'),
});
export type TOptOutsQuery = z.input<typeof ZOptOutsQuerySchema>;

export const ZOptOutRowSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  source: z.enum(OPT_OUT_SOURCES),
  /** The word they texted, for `keyword`. */
  keyword: z.string().nullable(),
  note: z.string().nullable(),
  /** Who recorded it, for `staff`. */
  staff: z.object({ hash: z.string(), email: z.string() }).nullable(),
  createdAt: z.string(),
});
export type TOptOutRow = z.infer<typeof ZOptOutRowSchema>;
export const ZOptOutsPageSchema = pageSchema(ZOptOutRowSchema);

export const OPT_OUT_FORM_TEXTS = {
  phoneInvalid: 'Enter the mobile number with its area code, like +1 202 555 0123.',
  noteRequired: 'Say how they asked, so others know why their texts stopped.',
  alreadyOptedOut: 'That number is already opted out.',
  notStaffRecorded:
    'Only an opt-out recorded by staff can be undone here. A number that texted STOP opts back in by texting START.',
} as const;

/** Staff record an opt-out someone asked for by phone, mail or in person. */
export const ZOptOutCreateSchema = z.object({
  phone: singleLineText({ error: OPT_OUT_FORM_TEXTS.phoneInvalid })
    .trim()
    .regex(/^\+[1-9]\d{6,14}$/, OPT_OUT_FORM_TEXTS.phoneInvalid),
  note: multilineText({ error: OPT_OUT_FORM_TEXTS.noteRequired })
    .trim()
    .min(1, OPT_OUT_FORM_TEXTS.noteRequired)
    .max(500, 'Keep the note under 500 characters.'),
});
export type TOptOutCreate = z.input<typeof ZOptOutCreateSchema>;
export const ZOptOutParamsSchema = z.object({ id: z.coerce.number().int().positive() });

import { index, integer, pgEnum, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, serialId, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const textDirection = pgEnum('text_direction', ['outbound', 'inbound']);
export const textOptOutSource = pgEnum('text_opt_out_source', ['keyword', 'provider', 'staff']);

/**
 * Every text we send and every text we receive (issue 20; docs/decisions/030-texts.md). An
 * outbound body is stored redacted: a verification code or reset PIN is never kept in clear.
 * `status` is Twilio's message status word, or one of ours: `pending` (being handed to Twilio),
 * `written` (development: written to DATA_DIR/texts), `opted_out` (not sent: the number opted
 * out), `received` (inbound).
 */
export const texts = pgTable(
  'texts',
  {
    id: serialId(),
    direction: textDirection('direction').notNull(),
    /** The other party in E.164: the recipient of an outbound text, the sender of an inbound one. */
    phone: text('phone').notNull(),
    /** Our side: the number or Messaging Service it went from, or the number it came to. */
    ourNumber: text('our_number'),
    /** What it was: phone_verification, reset_pin, reply (outbound); message, opt_out, opt_in, help (inbound). */
    kind: text('kind').notNull(),
    body: text('body').notNull(),
    status: text('status').notNull(),
    /** Twilio's Message SID (SM…/MM…); unique, so a replayed inbound webhook adds nothing. */
    providerSid: text('provider_sid').unique(),
    /** Twilio's error code (e.g. 21211 invalid number, 30003 unreachable) and its words, if any. */
    errorCode: integer('error_code'),
    errorMessage: text('error_message'),
    /** The account an outbound text was sent for (verification, reset PIN), when known. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Pictures and other media of an inbound MMS (not stored, only counted). */
    mediaCount: smallint('media_count').notNull().default(0),
    createdAt: createdAt(),
    /** When the status last changed. */
    updatedAt: updatedAt(),
  },
  (t) => [index('texts_phone_idx').on(t.phone, t.id), index('texts_user_idx').on(t.userId)],
);

/**
 * Numbers that asked us to stop texting them. A row means "never text this number" (the text
 * service checks before every send); opting back in (START) deletes it.
 */
export const textOptOuts = pgTable('text_opt_outs', {
  id: serialId(),
  phone: text('phone').notNull().unique(),
  /** keyword: they texted STOP (or another opt-out word); provider: Twilio refused with 21610; staff: recorded by staff. */
  source: textOptOutSource('source').notNull(),
  /** The word they texted (STOP, UNSUBSCRIBE, …), for `keyword`. */
  keyword: text('keyword'),
  /** The inbound text that opted them out, or the outbound text Twilio refused. */
  textId: integer('text_id').references(() => texts.id, { onDelete: 'set null' }),
  /** Who recorded it, for `staff`. */
  staffUserId: integer('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
  /** Staff's reason (e.g. "asked by phone on the 3rd"). */
  note: text('note'),
  createdAt: createdAt(),
});

export type TextRecord = typeof texts.$inferSelect;
export type TextOptOut = typeof textOptOuts.$inferSelect;

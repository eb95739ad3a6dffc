import { z } from 'zod';
import { singleLineText } from '../text.ts';

/**
 * Texts we send and receive (issue 20; docs/decisions/030-texts.md). Twilio calls these two
 * webhooks, signed with X-Twilio-Signature; they answer 404 while Twilio is not configured.
 */
export const TWILIO_PATHS = {
  /** Twilio's "A message comes in" webhook: inbound texts, STOP/START/HELP. */
  messages: '/api/twilio/messages',
  /** Delivery status callbacks of the texts we send (the StatusCallback we give each one). */
  status: '/api/twilio/status',
} as const;

/**
 * A text's status as stored: Twilio's message status words, and ours — `pending` (being handed
 * to Twilio), `written` (development: written to DATA_DIR/texts), `opted_out` (not sent: the
 * number opted out), `received` (an inbound text).
 */
export const TEXT_STATUSES = [
  'pending',
  'accepted',
  'scheduled',
  'queued',
  'sending',
  'sent',
  'delivered',
  'read',
  'undelivered',
  'failed',
  'canceled',
  'written',
  'opted_out',
  'received',
] as const;
export type TTextStatus = (typeof TEXT_STATUSES)[number];

/** How far along a status is: a callback never moves a text back (Twilio's may arrive out of order). */
export const TEXT_STATUS_RANK: Record<TTextStatus, number> = {
  pending: 0,
  accepted: 1,
  scheduled: 1,
  queued: 2,
  sending: 3,
  sent: 4,
  delivered: 5,
  undelivered: 5,
  failed: 5,
  canceled: 5,
  read: 6,
  written: 9,
  opted_out: 9,
  received: 9,
};

/** The statuses staff tell apart, each made of the stored statuses it covers. */
export const TEXT_STATES = {
  sending: {
    label: 'Sending',
    statuses: ['pending', 'accepted', 'scheduled', 'queued', 'sending'],
  },
  sent: { label: 'Sent', statuses: ['sent'] },
  delivered: { label: 'Delivered', statuses: ['delivered', 'read'] },
  failed: { label: 'Failed', statuses: ['failed', 'undelivered', 'canceled'] },
  not_sent: { label: 'Not sent: opted out', statuses: ['opted_out'] },
  written: { label: 'Written to file', statuses: ['written'] },
  received: { label: 'Received', statuses: ['received'] },
} as const satisfies Record<string, { label: string; statuses: readonly TTextStatus[] }>;
export type TTextState = keyof typeof TEXT_STATES;
export const TEXT_STATE_KEYS = Object.keys(TEXT_STATES) as [TTextState, ...TTextState[]];

export function textState(status: TTextStatus): TTextState {
  for (const key of TEXT_STATE_KEYS) {
    if ((TEXT_STATES[key].statuses as readonly string[]).includes(status)) return key;
  }
  return 'sending';
}

/** What a text was about, in staff's words. */
export const TEXT_KINDS = {
  phone_verification: 'Phone verification code',
  reset_pin: 'Password reset PIN',
  reply: 'Reply to a text',
  message: 'Message',
  opt_out: 'Opt-out',
  opt_in: 'Opt-in',
  help: 'Help request',
  listing_keyword: "A listing's text code",
  listing_info: 'Listing details by text',
  listing_lead: 'Text lead to a seller',
  listing_lead_opt_in: 'Text leads turned on',
  showing_request: 'Showing request to a seller',
  showing_reply: "A seller's answer to a showing",
  showing_answer: 'Showing answer confirmed',
} as const;
export type TTextKind = keyof typeof TEXT_KINDS;
export const TEXT_KIND_KEYS = Object.keys(TEXT_KINDS) as [TTextKind, ...TTextKind[]];
export type TOutboundTextKind = Extract<
  TTextKind,
  | 'phone_verification'
  | 'reset_pin'
  | 'reply'
  | 'listing_info'
  | 'listing_lead'
  | 'listing_lead_opt_in'
  | 'showing_request'
  | 'showing_answer'
>;

/**
 * The words a text may consist of to opt out, opt back in or ask for help: the whole text, in
 * any case, surrounding spaces and a final full stop or exclamation mark ignored ("Stop" counts,
 * "stop it" does not). The opt-out words are the ones Twilio and US carriers honour.
 */
export const TEXT_KEYWORDS = {
  opt_out: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'],
  opt_in: ['START', 'YES', 'UNSTOP'],
  help: ['HELP', 'INFO'],
} as const;

/** The keyword a text is, or null for any other text. */
export function textKeyword(body: string): 'opt_out' | 'opt_in' | 'help' | null {
  const word = body
    .trim()
    .replace(/[.!]+$/, '')
    .trim()
    .toUpperCase();
  for (const kind of ['opt_out', 'opt_in', 'help'] as const) {
    if ((TEXT_KEYWORDS[kind] as readonly string[]).includes(word)) return kind;
  }
  return null;
}

/** Our answers to keywords, and what people see when a number has opted out. */
export const TEXT_MESSAGES = {
  help: (siteName: string, supportPhone: string) =>
    `${siteName}: we text you about your account, such as sign-in codes. For help, call ${supportPhone}. Reply STOP to stop our texts, START to get them again. Msg & data rates may apply.`,
  optedOut: (siteName: string) =>
    `${siteName}: you will get no more texts from us. Reply START to get them again.`,
  optedIn: (siteName: string) =>
    `${siteName}: our texts are on again. Reply HELP for help or STOP to stop them.`,
  /** Phone verification to a number that opted out. */
  numberOptedOut:
    'That number has asked us to stop texting it. To get texts from us again, reply START to any text we sent it, then ask for a new code.',
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Twilio's ids: two letters and 32 hex digits (SM… and MM… for messages). */
const sid = singleLineText().regex(/^[A-Z]{2}[0-9a-fA-F]{32}$/, 'Not a Twilio SID.');
const address = singleLineText().trim().min(1).max(64);
/** Twilio sends an empty ErrorCode on some callbacks; absent and empty mean none. */
const errorCode = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce.number().int().min(0).max(99_999_999).optional(),
);

/**
 * Twilio's request for an inbound text (application/x-www-form-urlencoded). Only what we use;
 * Twilio adds parameters over time and every one of them is in the signature. A person's words
 * are kept as sent, without control characters (a text cannot be refused back to its sender).
 */
export const ZTwilioInboundSchema = z.object({
  MessageSid: sid,
  From: address,
  To: address,
  Body: z
    .string()
    .max(10_000)
    .default('')
    .transform((s) => s.replace(CONTROL_BUT_LINES, '')),
  NumMedia: z.coerce.number().int().min(0).max(100).default(0),
  /** Present only when Twilio's Advanced Opt-Out recognised a keyword (and answered it). */
  OptOutType: singleLineText().max(20).optional(),
});
export type TTwilioInbound = z.output<typeof ZTwilioInboundSchema>;

/** Twilio's status callback for a text we sent. */
export const ZTwilioStatusSchema = z.object({
  MessageSid: sid,
  MessageStatus: singleLineText().trim().min(1).max(40),
  ErrorCode: errorCode,
});
export type TTwilioStatus = z.output<typeof ZTwilioStatusSchema>;

/** Our own record id, which we put in the StatusCallback URL of every text we send. */
export const ZTwilioStatusQuerySchema = z.object({
  text: z.coerce.number().int().positive().optional(),
});

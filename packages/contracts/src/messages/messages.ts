import { z } from 'zod';
import { ZPropertyHashSchema } from '../dashboard/property-hash.ts';
import { multilineText, singleLineText } from '../text.ts';

/** Messages (issue 6): one thread per property, among its participants and staff. */
export const MESSAGES_API = {
  threads: '/api/messages/threads',
  thread: '/api/messages',
  read: '/api/messages/read',
  adminThreads: '/api/admin/messages/threads',
  adminThread: '/api/admin/messages',
  adminRead: '/api/admin/messages/read',
} as const;

/** Longest message body, in characters (docs/decisions/011-participants-and-messages.md). */
export const MESSAGE_MAX_LENGTH = 5000;

export const MESSAGE_TEXTS = {
  empty: 'Write a message first.',
  tooLong: `Keep a message under ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters.`,
} as const;

/**
 * A message body is plain text: kept as typed (line breaks included) except for control
 * characters other than newline and tab; clients render it as text, never as HTML.
 */
export function cleanMessageBody(value: string): string {
  return (
    value
      .replace(/\r\n?/g, '\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .trim()
  );
}

export const ZMessageSchema = z.object({
  hash: z.string(),
  property: z.string(),
  body: z.string(),
  createdAt: z.string(),
  /** Display name: the person's name or email, or the company for staff replies. */
  author: z.string(),
  fromStaff: z.boolean(),
  /** The author's user hash (null for a deleted account). */
  authorHash: z.string().nullable(),
});
export type TMessage = z.infer<typeof ZMessageSchema>;

export const ZThreadSummarySchema = z.object({
  property: z.string(),
  streetAddress: z.string(),
  lastMessage: ZMessageSchema.nullable(),
  unread: z.number().int().nonnegative(),
});
export type TThreadSummary = z.infer<typeof ZThreadSummarySchema>;

export const ZThreadsResponseSchema = z.object({
  threads: z.array(ZThreadSummarySchema),
  totalUnread: z.number().int().nonnegative(),
});
export type TThreadsResponse = z.infer<typeof ZThreadsResponseSchema>;

export const ZThreadResponseSchema = z.object({
  property: z.string(),
  streetAddress: z.string(),
  messages: z.array(ZMessageSchema),
});
export type TThreadResponse = z.infer<typeof ZThreadResponseSchema>;

export const ZSendMessageRequestSchema = z.object({
  property: ZPropertyHashSchema,
  body: multilineText({ error: MESSAGE_TEXTS.empty })
    .transform(cleanMessageBody)
    .pipe(z.string().min(1, MESSAGE_TEXTS.empty).max(MESSAGE_MAX_LENGTH, MESSAGE_TEXTS.tooLong)),
});
export type TSendMessageRequest = z.input<typeof ZSendMessageRequestSchema>;
/** The body as the server reads it: trimmed and cleaned. */
export type TSendMessageParsed = z.output<typeof ZSendMessageRequestSchema>;

/** Mark the thread read up to and including the newest message the reader has seen. */
export const ZMarkReadRequestSchema = z.object({
  property: ZPropertyHashSchema,
  upTo: singleLineText().min(1).max(64),
});
export type TMarkReadRequest = z.infer<typeof ZMarkReadRequestSchema>;

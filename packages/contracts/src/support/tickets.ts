import { SUPPORT_TICKET_STATES } from '@lantern/domain';
import { z } from 'zod';
import { pageSchema, ZListQuerySchema } from '../admin/table.ts';
import { multilineText, singleLineText } from '../text.ts';

/** The customer's support tickets (dashboard) and staff's queue (admin). */
export const SUPPORT_API = {
  tickets: '/api/dashboard/support-tickets',
  ticket: (hash: string) => `/api/dashboard/support-tickets/${encodeURIComponent(hash)}`,
  replies: (hash: string) => `/api/dashboard/support-tickets/${encodeURIComponent(hash)}/replies`,
  adminTickets: '/api/admin/support-tickets',
  adminTicket: (hash: string) => `/api/admin/support-tickets/${encodeURIComponent(hash)}`,
  adminReplies: (hash: string) => `/api/admin/support-tickets/${encodeURIComponent(hash)}/replies`,
} as const;

export const SUPPORT_STATE_LABELS = {
  open: 'Open',
  waiting: 'Waiting on you',
  solved: 'Solved',
} as const;
/** The same states as staff read them. */
export const SUPPORT_STATE_STAFF_LABELS = {
  open: 'Open',
  waiting: 'Waiting on customer',
  solved: 'Solved',
} as const;

export const SUPPORT_TEXTS = {
  subject: 'Say in a few words what it is about.',
  subjectTooLong: 'Keep the subject under 120 characters.',
  body: 'Write your message.',
  bodyTooLong: 'Keep the message under 5,000 characters.',
  property: 'Choose one of your properties, or none.',
  created: 'Thanks — we have your ticket and will answer by email and here.',
  replied: 'Sent.',
} as const;

export const ZSupportTicketStateSchema = z.enum(SUPPORT_TICKET_STATES);

const ZSubjectSchema = singleLineText()
  .trim()
  .min(1, SUPPORT_TEXTS.subject)
  .max(120, SUPPORT_TEXTS.subjectTooLong);
/** The longest message on a ticket (a reply by mail is cut to it). */
export const SUPPORT_MESSAGE_MAX = 5000;

const ZBodySchema = multilineText()
  .trim()
  .min(1, SUPPORT_TEXTS.body)
  .max(SUPPORT_MESSAGE_MAX, SUPPORT_TEXTS.bodyTooLong);

/** POST /api/dashboard/support-tickets */
export const ZCreateTicketRequestSchema = z.object({
  subject: ZSubjectSchema,
  /** One of the customer's properties (hash), or none. */
  property: singleLineText().max(64).nullable().default(null),
  body: ZBodySchema,
});
export type TCreateTicketRequest = z.input<typeof ZCreateTicketRequestSchema>;

/** POST …/replies (customer) */
export const ZTicketReplyRequestSchema = z.object({ body: ZBodySchema });
export type TTicketReplyRequest = z.input<typeof ZTicketReplyRequestSchema>;

/** POST /api/admin/support-tickets/{hash}/replies: the answer, and the state it leaves. */
export const ZStaffReplyRequestSchema = z.object({
  body: ZBodySchema,
  state: ZSupportTicketStateSchema.default('waiting'),
});
export type TStaffReplyRequest = z.input<typeof ZStaffReplyRequestSchema>;

/** PUT /api/admin/support-tickets/{hash}: a state, and taking it ("me") or letting it go (null). */
export const ZUpdateTicketRequestSchema = z
  .object({
    state: ZSupportTicketStateSchema.optional(),
    assignee: z.enum(['me']).nullable().optional(),
  })
  .refine((b) => b.state !== undefined || b.assignee !== undefined, {
    error: 'Choose a state or who handles it.',
  });
export type TUpdateTicketRequest = z.input<typeof ZUpdateTicketRequestSchema>;

export const ZTicketParamsSchema = z.object({ hash: singleLineText().max(64) });

export const ZTicketSummarySchema = z.object({
  hash: z.string(),
  subject: z.string(),
  state: ZSupportTicketStateSchema,
  property: z.object({ hash: z.string(), address: z.string() }).nullable(),
  lastMessageAt: z.string(),
  createdAt: z.string(),
});
export type TTicketSummary = z.infer<typeof ZTicketSummarySchema>;

export const ZTicketMessageSchema = z.object({
  id: z.number().int(),
  /** Staff write as the company; the customer as themselves. */
  fromStaff: z.boolean(),
  author: z.string(),
  body: z.string(),
  at: z.string(),
});

export const ZTicketDetailSchema = ZTicketSummarySchema.extend({
  messages: z.array(ZTicketMessageSchema),
});
export type TTicketDetail = z.infer<typeof ZTicketDetailSchema>;
export const ZTicketListSchema = z.object({ tickets: z.array(ZTicketSummarySchema) });

/** Staff's view adds the customer and who handles it. */
export const ZAdminTicketRowSchema = ZTicketSummarySchema.extend({
  customer: z.object({ hash: z.string(), email: z.string() }),
  assignee: z.object({ hash: z.string(), email: z.string() }).nullable(),
});
export type TAdminTicketRow = z.infer<typeof ZAdminTicketRowSchema>;
export const ZAdminTicketsPageSchema = pageSchema(ZAdminTicketRowSchema);
export const ZAdminTicketDetailSchema = ZAdminTicketRowSchema.extend({
  messages: z.array(ZTicketMessageSchema),
});
export type TAdminTicketDetail = z.infer<typeof ZAdminTicketDetailSchema>;

export const ZAdminTicketsQuerySchema = ZListQuerySchema.extend({
  sort: z.enum(['updated']).default('updated'),
  state: z.enum(['all', ...SUPPORT_TICKET_STATES]).default('all'),
  assigned: z.enum(['anyone', 'me', 'nobody']).default('anyone'),
});
export type TAdminTicketsQuery = z.output<typeof ZAdminTicketsQuerySchema>;

import { z } from 'zod';
import { pageSchema, ZListQuerySchema } from './table.ts';

/** What a CRM record stands for: a customer (a contact) or an order (a deal). */
export const CRM_RECORD_KINDS = ['customer', 'order'] as const;
export type TCrmRecordKind = (typeof CRM_RECORD_KINDS)[number];

/** Whether pushes to the CRM are on (HUBSPOT_TOKEN is set), and which CRM. */
export const ZCrmStatusSchema = z.object({
  enabled: z.boolean(),
  provider: z.literal('HubSpot'),
});
export type TCrmStatus = z.infer<typeof ZCrmStatusSchema>;

export const ZCrmErrorsQuerySchema = ZListQuerySchema.extend({
  record: z.enum(['all', ...CRM_RECORD_KINDS]).default('all'),
});
export type TCrmErrorsQuery = z.input<typeof ZCrmErrorsQuerySchema>;

/** A customer or order whose latest push failed on every try. */
export const ZCrmErrorRowSchema = z.object({
  id: z.number().int(),
  record: z.enum(CRM_RECORD_KINDS),
  /** In words: the customer's email, or the order's product and address. */
  summary: z.string(),
  /** Where staff read the record: the person's or the property's admin page. */
  href: z.string(),
  /** HubSpot's HTTP status; null when HubSpot could not be reached. */
  status: z.number().int().nullable(),
  /** HubSpot's message, or why it could not be reached. */
  message: z.string(),
  failedAt: z.string(),
  attempts: z.number().int(),
  /** The background job that made the tries (also on the jobs page). */
  jobId: z.number().int(),
});
export type TCrmErrorRow = z.infer<typeof ZCrmErrorRowSchema>;
export const ZCrmErrorsPageSchema = pageSchema(ZCrmErrorRowSchema);
export const ZCrmRecordParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const CRM_TEXTS = {
  off: 'CRM sync is off: no customer or order is pushed to HubSpot until HUBSPOT_TOKEN is set on the server.',
  notFailed: 'Only a failed push can be retried; this one is not failed any more.',
  retryWhileOff: 'CRM sync is off, so nothing can be pushed again now.',
} as const;

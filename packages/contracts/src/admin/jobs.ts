import { z } from 'zod';
import { singleLineText } from '../text.ts';
import { pageSchema, ZListQuerySchema } from './table.ts';

export const JOB_STATUSES = ['pending', 'running', 'done', 'failed'] as const;

export const ZJobsQuerySchema = ZListQuerySchema.extend({
  status: z.enum(['all', ...JOB_STATUSES]).default('all'),
  kind: singleLineText().max(80).optional(),
});
export type TJobsQuery = z.input<typeof ZJobsQuerySchema>;

export const ZJobRowSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** What the job is about, in words; never its payload (a mail's link, a token). */
  summary: z.string(),
  status: z.enum(JOB_STATUSES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  runAt: z.string(),
  finishedAt: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type TJobRow = z.infer<typeof ZJobRowSchema>;
export const ZJobsPageSchema = pageSchema(ZJobRowSchema);
export const ZJobIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const JOB_TEXTS = {
  notFailed: 'Only a failed job can be retried; this one is not failed any more.',
} as const;

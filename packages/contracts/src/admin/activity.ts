import { z } from 'zod';
import { singleLineText } from '../text.ts';
import { pageSchema, ZListQuerySchema } from './table.ts';

/** `system`: a change no person made, such as a data repair run by a migration (issue 36). */
export const ACTOR_KINDS = ['staff', 'vendor', 'customer', 'visitor', 'system'] as const;
export type TActorKind = (typeof ACTOR_KINDS)[number];

export const ZActivityQuerySchema = ZListQuerySchema.extend({
  actor: z.enum(['all', ...ACTOR_KINDS]).default('all'),
  /** Only entries about this record (`property:HASH`, `user:HASH`, `role:KEY`, …). */
  record: singleLineText().max(120).optional(),
});
export type TActivityQuery = z.input<typeof ZActivityQuerySchema>;

export const ZActivityRowSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  actorKind: z.enum(ACTOR_KINDS),
  actorEmail: z.string().nullable(),
  actorRole: z.string().nullable(),
  ip: z.string().nullable(),
  method: z.string(),
  url: z.string(),
  action: z.string(),
  recordType: z.string().nullable(),
  recordId: z.string().nullable(),
  status: z.number().int(),
});
export type TActivityRow = z.infer<typeof ZActivityRowSchema>;
export const ZActivityPageSchema = pageSchema(ZActivityRowSchema);

export const ZActivityEntrySchema = ZActivityRowSchema.extend({
  userAgent: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type TActivityEntry = z.infer<typeof ZActivityEntrySchema>;
export const ZActivityIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** How long the activity log keeps an entry; older ones are removed by a daily job. */
export const AUDIT_RETENTION_YEARS = 2;

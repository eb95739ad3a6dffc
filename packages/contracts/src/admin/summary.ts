import { z } from 'zod';
import { ZLockboxMenuSchema } from '../lockboxes/lockboxes.ts';

/** GET /api/admin/summary: today's figures and what needs a person, within the role's permissions. */
export const ZAdminSummarySchema = z.object({
  /** The business day the figures count, e.g. 2026-05-01 (BUSINESS_TIME_ZONE). */
  day: z.string(),
  figures: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      value: z.number().int(),
      format: z.enum(['count', 'cents']),
    }),
  ),
  attention: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      count: z.number().int().nonnegative(),
      href: z.string().nullable(),
    }),
  ),
  /** The lockbox menu (issue 21): counts by state, for roles with `lockboxes.manage`; else null. */
  lockboxes: ZLockboxMenuSchema.nullable(),
});
export type TAdminSummary = z.infer<typeof ZAdminSummarySchema>;

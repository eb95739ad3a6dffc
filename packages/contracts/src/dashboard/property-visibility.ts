import { z } from 'zod';
import { ZPropertyHashSchema } from './property-hash.ts';

/** POST /api/dashboard/property-visibility: hide or show a property in this user's menu. */
export const ZPropertyVisibilityRequestSchema = z.object({
  property: ZPropertyHashSchema,
  visible: z.boolean(),
});
export type TPropertyVisibilityRequest = z.infer<typeof ZPropertyVisibilityRequestSchema>;

export const ZPropertyVisibilityResponseSchema = z.object({
  hash: z.string(),
  visible: z.boolean(),
});
export type TPropertyVisibilityResponse = z.infer<typeof ZPropertyVisibilityResponseSchema>;

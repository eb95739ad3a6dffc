import { z } from 'zod';

/** GET /api/user — spec section 3 "Authenticated user". */
export const ZCurrentUserSchema = z.object({
  hash: z.string(),
  email: z.string(),
  properties_relation_count: z.number().int().nonnegative(),
  vendor: z.boolean(),
  admin: z.boolean(),
});
export type TCurrentUser = z.infer<typeof ZCurrentUserSchema>;

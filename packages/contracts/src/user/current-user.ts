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

/**
 * GET /api/session — who is signed in, for pages anyone may view (the public header): always 200,
 * with user null when nobody is, so a signed-out visitor's console shows no failed request.
 */
export const ZSessionResponseSchema = z.object({ user: ZCurrentUserSchema.nullable() });
export type TSessionResponse = z.infer<typeof ZSessionResponseSchema>;

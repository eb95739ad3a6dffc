import { z } from 'zod';

/**
 * GET /api/dashboard/services-for-property?property=HASH: every service slug of spec section 3
 * (serviceSlugs(SITE_NAME)) mapped to whether this property offers it to this user.
 */
export const ZServicesForPropertyResponseSchema = z.record(z.string(), z.boolean());
export type TServicesForPropertyResponse = z.infer<typeof ZServicesForPropertyResponseSchema>;

/** Spec section 8: shown when loading the services fails without a server message. */
export const SERVICES_LOAD_ERROR = 'An error occurred while loading the property services.';

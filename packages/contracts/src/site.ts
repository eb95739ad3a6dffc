import { z } from 'zod';

/** Public site configuration the front ends need at run time (GET /api/site). */
export const ZSiteConfigSchema = z.object({
  siteName: z.string(),
  supportPhone: z.string(),
  brokerageLicenses: z.array(z.string()),
});
export type TSiteConfig = z.infer<typeof ZSiteConfigSchema>;

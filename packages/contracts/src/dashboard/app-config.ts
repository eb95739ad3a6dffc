import { z } from 'zod';
import { ZCurrentUserSchema } from '../user/current-user.ts';

/**
 * What the server writes into the SPA shell (`<script id="app-config" type="application/json">`).
 * HTML fields are sanitized on the server before they get here (docs/architecture/security.md).
 */
export const ZAppConfigSchema = z.object({
  siteName: z.string().min(1),
  /** The user-area dropdown's support links (as on the public site): phone as shown, its tel: link. */
  supportPhone: z.string().min(1),
  supportPhoneHref: z.string().min(1),
  supportTicketUrl: z.string().min(1),
  /** The investor flag: when set, the sidebar shows 'Interested in investing in {SITE_NAME}?'. */
  investorUrl: z.string().optional(),
  /** The header special-instruction banner (page prop headerSpecialInstruction), sanitized HTML. */
  headerSpecialInstruction: z.string().optional(),
  /** Page-load errors (spec 2, 8): sanitized HTML messages under the pageLoad key. */
  errors: z.object({ pageLoad: z.array(z.string()).optional() }).optional(),
  /**
   * The signed-in user (as GET /api/user answers), so the shell renders at once without asking
   * (issue 14, item 3); absent on the signed-out invitation page.
   */
  user: ZCurrentUserSchema.optional(),
  /**
   * The map tiles (MAP_TILE_URL, MAP_TILE_ATTRIBUTION) for the dashboard's maps: a {z}/{x}/{y}
   * template, or null for a plain background (the points are still drawn). A shell written
   * without it reads as no tiles.
   */
  mapTiles: z
    .object({ url: z.string().nullable(), attribution: z.string() })
    .default({ url: null, attribution: '' }),
});
export type TAppConfig = z.infer<typeof ZAppConfigSchema>;

import { z } from 'zod';
import { ZPermissionSchema, ZVendorKindSchema } from '../staff/permissions.ts';

/** GET /api/admin/access: what the signed-in staff member may do; the SPA shows only that. */
export const ZStaffAccessSchema = z.object({
  role: z.object({ key: z.string(), name: z.string(), isOwner: z.boolean() }),
  permissions: z.array(ZPermissionSchema),
});
export type TStaffAccess = z.infer<typeof ZStaffAccessSchema>;

/** GET /api/vendor/access: the signed-in vendor's kinds. */
export const ZVendorAccessSchema = z.object({ kinds: z.array(ZVendorKindSchema) });
export type TVendorAccess = z.infer<typeof ZVendorAccessSchema>;

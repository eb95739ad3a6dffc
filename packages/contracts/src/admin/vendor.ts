import { z } from 'zod';
import { ZVendorKindSchema } from '../staff/permissions.ts';
import { singleLineText } from '../text.ts';
import { pageSchema, ZListQuerySchema } from './table.ts';
import { ZAssignmentSchema } from './users.ts';

export const ZVendorAssignmentsQuerySchema = ZListQuerySchema.extend({
  kind: z.enum(['all', ...ZVendorKindSchema.options]).default('all'),
});
export type TVendorAssignmentsQuery = z.input<typeof ZVendorAssignmentsQuerySchema>;
export const ZVendorAssignmentsPageSchema = pageSchema(ZAssignmentSchema);
export const ZAssignmentHashParamsSchema = z.object({ hash: singleLineText().max(64) });

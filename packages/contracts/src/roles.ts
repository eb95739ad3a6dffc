import { PROPERTY_ROLES } from '@lantern/domain';
import { z } from 'zod';

/** A per-property role as requests carry it (spec section 6; the roles are in @lantern/domain). */
export const ZPropertyRoleSchema = z.enum(PROPERTY_ROLES);

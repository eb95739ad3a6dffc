import { z } from 'zod';
import { ZPropertyRoleSchema } from '../roles.ts';
import { ZVendorKindSchema } from '../staff/permissions.ts';
import { singleLineText } from '../text.ts';
import { pageSchema, ZListQuerySchema } from './table.ts';

export const ADMIN_USER_TYPES = ['all', 'staff', 'vendor', 'customer'] as const;

export const ZAdminUsersQuerySchema = ZListQuerySchema.extend({
  sort: z.enum(['created', 'email']).default('created'),
  type: z.enum(ADMIN_USER_TYPES).default('all'),
  role: singleLineText().max(80).optional(),
});
export type TAdminUsersQuery = z.input<typeof ZAdminUsersQuerySchema>;

export const ZAdminUserRowSchema = z.object({
  hash: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.object({ key: z.string(), name: z.string() }).nullable(),
  vendorKinds: z.array(ZVendorKindSchema),
  properties: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type TAdminUserRow = z.infer<typeof ZAdminUserRowSchema>;
export const ZAdminUsersPageSchema = pageSchema(ZAdminUserRowSchema);

export const ZAdminUserHashParamsSchema = z.object({ hash: singleLineText().max(64) });

export const ZAssignmentSchema = z.object({
  hash: z.string(),
  kind: ZVendorKindSchema,
  property: z.object({ hash: z.string(), address: z.string() }),
  order: z.object({ hash: z.string(), product: z.string() }).nullable(),
  createdAt: z.string(),
});
export type TAssignment = z.infer<typeof ZAssignmentSchema>;

export const ZAdminUserDetailSchema = ZAdminUserRowSchema.extend({
  assignments: z.array(ZAssignmentSchema),
  /** When staff locked the account; null while it may sign in. */
  lockedAt: z.string().nullable(),
  /** Whether the account's current address is confirmed. */
  emailVerified: z.boolean(),
  /** Live sessions (signed-in browsers). */
  sessions: z.number().int().nonnegative(),
});
export type TAdminUserDetail = z.infer<typeof ZAdminUserDetailSchema>;

export const ZSetUserRoleRequestSchema = z.object({ role: singleLineText().max(80).nullable() });
export const ZSetVendorKindsRequestSchema = z.object({
  kinds: z.array(ZVendorKindSchema).max(10),
});

export const ASSIGNMENT_TEXTS = {
  kindMissing: 'Give this person that vendor kind first.',
  propertyMissing: 'Choose a property from the list.',
  orderMissing: 'That order is not one of this property’s orders.',
  duplicate: 'This vendor already has that assignment.',
} as const;

export const ZCreateAssignmentRequestSchema = z.object({
  kind: ZVendorKindSchema,
  property: singleLineText().min(1, ASSIGNMENT_TEXTS.propertyMissing).max(64),
  order: singleLineText().max(64).nullable().default(null),
});
export type TCreateAssignmentRequest = z.input<typeof ZCreateAssignmentRequestSchema>;

export const ZAdminPropertiesQuerySchema = ZListQuerySchema.extend({
  sort: z.enum(['created', 'street']).default('created'),
  /** 'unplaced': only properties without a county or a map position, which need staff (issue 36). */
  placement: z.enum(['all', 'unplaced']).default('all'),
});
export const ZAdminPropertyRowSchema = z.object({
  hash: z.string(),
  address: z.string(),
  /** null until a geocoder or staff found it. */
  county: z.string().nullable(),
  /** Has both a county and a map position. */
  placed: z.boolean(),
  participants: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type TAdminPropertyRow = z.infer<typeof ZAdminPropertyRowSchema>;
export const ZAdminPropertiesPageSchema = pageSchema(ZAdminPropertyRowSchema);

/**
 * A person's records on their page (issue 20), newest first, at most `USER_RECORDS_LIMIT` of
 * each. A section is null when the viewer's role does not include the permission that reads it.
 */
export const USER_RECORDS_LIMIT = 50;
export const ZAdminUserRecordsSchema = z.object({
  properties: z
    .array(
      z.object({
        hash: z.string(),
        address: z.string(),
        role: ZPropertyRoleSchema,
        canEdit: z.boolean(),
      }),
    )
    .nullable(),
  orders: z
    .array(
      z.object({
        hash: z.string(),
        product: z.string(),
        address: z.string(),
        status: z.string(),
        priceCents: z.number().int().nullable(),
        createdAt: z.string(),
      }),
    )
    .nullable(),
  invoices: z
    .array(
      z.object({
        hash: z.string(),
        number: z.number().int(),
        status: z.string(),
        totalCents: z.number().int(),
        issuedAt: z.string(),
      }),
    )
    .nullable(),
  messages: z
    .array(
      z.object({
        property: z.object({ hash: z.string(), address: z.string() }),
        body: z.string(),
        createdAt: z.string(),
      }),
    )
    .nullable(),
  activity: z
    .array(
      z.object({
        id: z.number().int(),
        action: z.string(),
        method: z.string(),
        url: z.string(),
        createdAt: z.string(),
      }),
    )
    .nullable(),
});
export type TAdminUserRecords = z.infer<typeof ZAdminUserRecordsSchema>;

export const USER_ACCOUNT_TEXTS = {
  notYourself: 'You cannot lock your own account.',
  ownerOnly: 'Only an owner can lock or unlock an owner.',
  alreadyVerified: 'This address is already confirmed.',
} as const;

export const ZSetUserLockRequestSchema = z.object({ locked: z.boolean() });
export const ZEndSessionsResponseSchema = z.object({ ended: z.number().int().nonnegative() });

export const ZAdminPropertyHashParamsSchema = z.object({ hash: singleLineText().max(64) });

/**
 * One property for staff (issue 20): its participants, its orders (the MLS listings among them)
 * and its history from the activity log. Orders need `orders.view` and history `activity.view`;
 * without them the section is null.
 */
export const ZAdminPropertyDetailSchema = z.object({
  hash: z.string(),
  address: z.string(),
  county: z.string().nullable(),
  apn: z.string().nullable(),
  createdAt: z.string(),
  participants: z.array(
    z.object({
      user: z.object({ hash: z.string(), email: z.string() }),
      role: ZPropertyRoleSchema,
      canEdit: z.boolean(),
      visible: z.boolean(),
      since: z.string(),
    }),
  ),
  orders: z
    .array(
      z.object({
        hash: z.string(),
        product: z.string(),
        status: z.string(),
        priceCents: z.number().int().nullable(),
        orderedBy: z.string(),
        createdAt: z.string(),
      }),
    )
    .nullable(),
  history: z
    .array(
      z.object({
        id: z.number().int(),
        action: z.string(),
        actorEmail: z.string().nullable(),
        actorKind: z.string(),
        createdAt: z.string(),
      }),
    )
    .nullable(),
});
export type TAdminPropertyDetail = z.infer<typeof ZAdminPropertyDetailSchema>;

import { z } from 'zod';
import { ZPropertyRoleSchema } from '../roles.ts';
import { multilineText, singleLineText } from '../text.ts';
import { pageSchema, ZListQuerySchema } from './table.ts';

/** The highest price staff may set: $100,000.00, far above any service we sell. */
export const PRODUCT_PRICE_MAX_CENTS = 10_000_000;

export const PRODUCT_TEXTS = {
  nameRequired: 'Give the product a name.',
  nameTooLong: 'Keep the name under 80 characters.',
  descriptionRequired: 'Describe the product in a sentence.',
  descriptionTooLong: 'Keep the description under 1,000 characters.',
  price: 'Enter the price in whole cents, from 0 to 10,000,000 — or leave it quoted.',
  rolesRequired: 'Choose at least one role, or let every role order it.',
  deposit: 'Enter the deposit in whole cents, from 1 to 10,000,000 — or leave it empty for none.',
} as const;

/**
 * The same "who may order" (issue 36): the same roles in any order; null (every role) equals
 * only null. A product save writes roles only when they are not the same as the product's.
 */
export function sameRoles(a: readonly string[] | null, b: readonly string[] | null): boolean {
  if (a === null || b === null) return a === b;
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((r) => right.has(r));
}

/** Staff's product list (issue 20): every product, by name, searchable by name or slug. */
export const ZAdminProductsQuerySchema = ZListQuerySchema.extend({
  sort: z.enum(['name']).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});

export const ZAdminProductSchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** Integer cents; null while the product is quoted per property or agreement. */
  priceCents: z.number().int().nullable(),
  /** A refundable deposit billed with it on its own untaxed line; null: none. */
  depositCents: z.number().int().nullable(),
  /** The property roles that may order it; null: every role. */
  roles: z.array(ZPropertyRoleSchema).nullable(),
  updatedAt: z.string(),
});
export type TAdminProduct = z.infer<typeof ZAdminProductSchema>;
export const ZAdminProductsPageSchema = pageSchema(ZAdminProductSchema);

export const ZAdminProductSlugParamsSchema = z.object({ slug: singleLineText().max(80) });

export const ZUpdateProductRequestSchema = z.object({
  name: singleLineText()
    .trim()
    .min(1, PRODUCT_TEXTS.nameRequired)
    .max(80, PRODUCT_TEXTS.nameTooLong),
  description: multilineText()
    .trim()
    .min(1, PRODUCT_TEXTS.descriptionRequired)
    .max(1000, PRODUCT_TEXTS.descriptionTooLong),
  priceCents: z
    .number({ error: PRODUCT_TEXTS.price })
    .int(PRODUCT_TEXTS.price)
    .min(0, PRODUCT_TEXTS.price)
    .max(PRODUCT_PRICE_MAX_CENTS, PRODUCT_TEXTS.price)
    .nullable(),
  /** Left out: unchanged. */
  depositCents: z
    .number({ error: PRODUCT_TEXTS.deposit })
    .int(PRODUCT_TEXTS.deposit)
    .min(1, PRODUCT_TEXTS.deposit)
    .max(PRODUCT_PRICE_MAX_CENTS, PRODUCT_TEXTS.deposit)
    .nullable()
    .optional(),
  /** Left out, or the roles the product has: unchanged (a save never rewrites them). */
  roles: z
    .array(ZPropertyRoleSchema)
    .min(1, PRODUCT_TEXTS.rolesRequired)
    .max(7)
    .nullable()
    .optional(),
});
export type TUpdateProductRequest = z.infer<typeof ZUpdateProductRequestSchema>;

/** One product the repair of who may order looked at (issue 36, migration 0043). */
export const ZProductRoleRepairItemSchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** Its roles when the repair ran; null: every role. */
  rolesFound: z.array(ZPropertyRoleSchema).nullable(),
  /** The catalogue's roles for it; null: every role. */
  catalogueRoles: z.array(ZPropertyRoleSchema).nullable(),
});
export type TProductRoleRepairItem = z.infer<typeof ZProductRoleRepairItemSchema>;

/**
 * What the repair did, by product name: `restored` had exactly the listing-side roles a faulty
 * Products page wrote and got the catalogue's back; `kept` differed from the catalogue in some
 * other way, so staff chose it, and it was left as it was. `repairedAt` null: nothing to repair.
 */
export const ZProductRoleRepairSchema = z.object({
  repairedAt: z.string().nullable(),
  restored: z.array(ZProductRoleRepairItemSchema),
  kept: z.array(ZProductRoleRepairItemSchema),
});
export type TProductRoleRepair = z.infer<typeof ZProductRoleRepairSchema>;

export const PRODUCT_ROLE_REPAIR_TEXTS = {
  heading: 'Who may order: repaired',
  intro:
    'Until this release, saving a product on this page gave it the roles of Flat Fee MLS Listing (Seller, Seller Agent, Landlord, Landlord Agent, Concierge), even when only its description changed.',
  restored:
    'Put back as the catalogue sets them (if one was meant to have those five roles, set them again with Edit):',
  kept: 'Kept as staff set them, because they differ from the catalogue in another way. Check that each is still meant:',
  now: 'now',
  catalogue: 'catalogue',
} as const;

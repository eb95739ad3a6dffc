import type { TFixedServiceSlug, TPropertyRole, TServices } from '@lantern/domain';

export type TProductMenuKey =
  | 'seller-agent'
  | 'buyer-agent'
  | 'mls-listing'
  | 'mls-listing-help'
  | 'fsbo-listing'
  | 'valuation'
  | 'lockbox-rental'
  | 'photography'
  | 'signage';

interface ProductMenuRule {
  key: TProductMenuKey;
  label: string;
  /** Roles that may see the item; undefined means every role. */
  roles?: readonly TPropertyRole[];
  /** The item shows when the property has any of these services. */
  anyOf: readonly TFixedServiceSlug[];
  /** MLS Listing is computed (pages link to it) but hidden from the sidebar (spec 2). */
  inSidebar: boolean;
}

const SELLER_SIDE: readonly TPropertyRole[] = [
  'seller',
  'sellerAgent',
  'landlord',
  'landlordAgent',
  'concierge',
];
const BUYER_SIDE: readonly TPropertyRole[] = ['buyer', 'buyerAgent'];

/** Spec section 6, in the sidebar order of spec section 2. */
export const PRODUCT_MENU_RULES: readonly ProductMenuRule[] = [
  {
    key: 'seller-agent',
    label: 'Seller Agent',
    roles: SELLER_SIDE,
    anyOf: [
      'seller-hourly-representation',
      'seller-flat-fee-representation',
      'seller-full-service-representation',
    ],
    inSidebar: true,
  },
  {
    key: 'buyer-agent',
    label: 'Buyer Agent',
    roles: BUYER_SIDE,
    anyOf: [
      'buyer-flat-fee-representation',
      'buyer-hourly-representation',
      'buyer-full-service-representation',
    ],
    inSidebar: true,
  },
  {
    key: 'mls-listing',
    label: 'MLS Listing',
    anyOf: ['mls-listing-state', 'mls-listing-local'],
    inSidebar: false,
  },
  {
    key: 'mls-listing-help',
    label: 'MLS Listing Help',
    anyOf: ['concierge-listing', 'concierge-review'],
    inSidebar: true,
  },
  { key: 'fsbo-listing', label: 'Free FSBO Listing', anyOf: ['fsbo-listing'], inSidebar: true },
  {
    key: 'valuation',
    label: 'Valuation',
    anyOf: ['free-comps', 'comps', 'home-value-report'],
    inSidebar: true,
  },
  { key: 'lockbox-rental', label: 'Lockbox Rental', anyOf: ['lockbox-rental'], inSidebar: true },
  { key: 'photography', label: 'Photography', anyOf: ['photography'], inSidebar: true },
  {
    key: 'signage',
    label: 'Signs & Posts',
    anyOf: ['real-estate-sign-posts', 'sign-purchase'],
    inSidebar: true,
  },
];

export interface TProductMenuItem {
  key: TProductMenuKey;
  label: string;
  /** `/dashboard/{key}`; pages add `?property={hash}`. */
  path: string;
  inSidebar: boolean;
}

/**
 * The product entries a user with `role` on a property with `services` may use — the one place
 * the spec's rules live (server and SPA both call it). Pure.
 */
export function productMenuItems(role: TPropertyRole, services: TServices): TProductMenuItem[] {
  return PRODUCT_MENU_RULES.filter(
    (rule) =>
      (!rule.roles || rule.roles.includes(role)) && rule.anyOf.some((slug) => !!services[slug]),
  ).map(({ key, label, inSidebar }) => ({ key, label, path: `/dashboard/${key}`, inSidebar }));
}

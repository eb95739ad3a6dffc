/** Per-property roles (spec section 6). */
export const PROPERTY_ROLES = [
  'seller',
  'sellerAgent',
  'landlord',
  'landlordAgent',
  'concierge',
  'buyer',
  'buyerAgent',
] as const;
export type TPropertyRole = (typeof PROPERTY_ROLES)[number];

/**
 * The selling side of a property: offers are made to them and the sale's closing documents are
 * theirs (decision 066).
 */
export const SELLING_ROLES = ['seller', 'sellerAgent'] as const satisfies readonly TPropertyRole[];
export const isSellingRole = (role: TPropertyRole) =>
  (SELLING_ROLES as readonly TPropertyRole[]).includes(role);

/** Roles a customer may pick when adding a property, with their display names. */
export const SELECTABLE_ROLES = [
  { value: 'seller', label: 'Seller' },
  { value: 'landlord', label: 'Landlord' },
  { value: 'buyer', label: 'Buyer' },
] as const satisfies ReadonlyArray<{ value: TPropertyRole; label: string }>;

export const ROLE_LABELS: Record<TPropertyRole, string> = {
  seller: 'Seller',
  sellerAgent: 'Seller Agent',
  landlord: 'Landlord',
  landlordAgent: 'Landlord Agent',
  concierge: 'Concierge',
  buyer: 'Buyer',
  buyerAgent: 'Buyer Agent',
};

/**
 * Badge colour per role. Each background carries white text at a contrast of at least 4.5:1
 * (WCAG AA), so badges stay readable wherever they appear.
 */
export const BADGE_COLORS: Record<TPropertyRole, string> = {
  seller: '#1d4ed8',
  sellerAgent: '#4338ca',
  landlord: '#047857',
  landlordAgent: '#0f766e',
  concierge: '#a21caf',
  buyer: '#b45309',
  buyerAgent: '#b91c1c',
};

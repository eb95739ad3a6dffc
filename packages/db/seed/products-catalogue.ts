// The services catalogue Lantern starts with. docs/decisions/004-services-catalogue.md explains
// each choice; change it here and a new product reaches existing databases at the next start.

type Role =
  | 'seller'
  | 'sellerAgent'
  | 'landlord'
  | 'landlordAgent'
  | 'concierge'
  | 'buyer'
  | 'buyerAgent';

/** The 50 states and the District of Columbia (USPS codes). */
export const US_JURISDICTIONS = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;

/** The people selling or renting out a property, and those acting for them (spec section 6). */
export const LISTING_SIDE: readonly Role[] = [
  'seller',
  'sellerAgent',
  'landlord',
  'landlordAgent',
  'concierge',
];
export const BUYER_SIDE: readonly Role[] = ['buyer', 'buyerAgent'];

/** Replaced by `{product}-signs` for the configured SITE_NAME (spec section 3). */
export const SIGNS_SLUG = '{product}-signs';

export interface CatalogueEntry {
  slug: string;
  name: string;
  /** Integer cents; null: quoted per agreement (agent representation). Prices: issue 20. */
  priceCents: number | null;
  /** A refundable deposit billed with it on its own untaxed line (the lockbox's $100). */
  depositCents?: number;
  description: string;
  /** Who may order it; undefined: every role. */
  roles?: readonly Role[];
  /** Where: 'nationwide' (a row per state and DC) or explicit county rows. */
  coverage: 'nationwide' | ReadonlyArray<{ state: string; county: string }>;
}

export const CATALOGUE: readonly CatalogueEntry[] = [
  {
    slug: 'mls-listing-state',
    name: 'Flat Fee MLS Listing',
    priceCents: 14_900,
    description: 'Your property listed on the MLS through our brokerage for one flat fee.',
    roles: LISTING_SIDE,
    coverage: 'nationwide',
  },
  {
    slug: 'mls-listing-local',
    name: 'Local MLS Listing',
    priceCents: 14_900,
    description: 'Your property listed on the local MLS that serves its county, for one flat fee.',
    roles: LISTING_SIDE,
    // Where we offer it; a property gets it only where an MLS of the mls_boards dataset also
    // lists its county (apps/api/src/features/catalogue/products.repository.ts).
    coverage: 'nationwide',
  },
  {
    slug: 'fsbo-listing',
    name: 'Free FSBO Listing',
    priceCents: 0,
    description: 'A free for-sale-by-owner listing of your property.',
    roles: LISTING_SIDE,
    coverage: 'nationwide',
  },
  {
    slug: 'free-comps',
    name: 'Free Comps',
    priceCents: 0,
    description: 'Recent comparable sales near the property, free.',
    coverage: 'nationwide',
  },
  {
    slug: 'comps',
    name: 'Comps Report',
    priceCents: 2_900,
    description: 'A detailed report of comparable sales to price the property.',
    coverage: 'nationwide',
  },
  {
    slug: 'home-value-report',
    name: 'Home Value Report',
    priceCents: 4_900,
    description: 'An estimate of what the property is worth, with the sales behind it.',
    coverage: 'nationwide',
  },
  {
    slug: 'photography',
    name: 'Photography',
    priceCents: 17_900,
    description: 'Professional photos of the property for its listing.',
    roles: LISTING_SIDE,
    coverage: 'nationwide',
  },
  {
    slug: 'lockbox-rental',
    name: 'Lockbox Rental',
    priceCents: 3_900,
    depositCents: 10_000,
    description: 'A lockbox for the property so agents can show it while you are away.',
    roles: LISTING_SIDE,
    coverage: 'nationwide',
  },
  {
    slug: SIGNS_SLUG,
    name: 'Yard Signs',
    priceCents: 3_900,
    description: 'Branded for-sale and for-rent yard signs.',
    roles: LISTING_SIDE,
    coverage: 'nationwide',
  },
  {
    slug: 'real-estate-sign-posts',
    name: 'Sign Posts',
    priceCents: 8_900,
    description: 'A sign post installed at the property.',
    roles: LISTING_SIDE,
    coverage: 'nationwide',
  },
  {
    slug: 'sign-post-purchase',
    name: 'Sign Post Purchase',
    priceCents: 12_900,
    description: 'A sign post to keep.',
    roles: LISTING_SIDE,
    coverage: 'nationwide',
  },
  {
    slug: 'sign-purchase',
    name: 'Sign Purchase',
    priceCents: 4_900,
    description: 'A yard sign to keep.',
    roles: LISTING_SIDE,
    coverage: 'nationwide',
  },
  {
    slug: 'seller-flat-fee-representation',
    name: 'Seller Agent, Flat Fee',
    priceCents: null,
    description: 'A licensed agent represents you in the sale for a flat fee.',
    roles: LISTING_SIDE,
    coverage: 'nationwide',
  },
  {
    slug: 'seller-hourly-representation',
    name: 'Seller Agent, Hourly',
    priceCents: null,
    description: 'A licensed agent helps with the sale, billed by the hour.',
    roles: LISTING_SIDE,
    coverage: 'nationwide',
  },
  {
    slug: 'seller-full-service-representation',
    name: 'Seller Agent, Full Service',
    priceCents: null,
    description: 'A licensed agent handles the whole sale.',
    roles: LISTING_SIDE,
    coverage: 'nationwide',
  },
  {
    slug: 'buyer-flat-fee-representation',
    name: 'Buyer Agent, Flat Fee',
    priceCents: null,
    description: 'A licensed agent represents you in the purchase for a flat fee.',
    roles: BUYER_SIDE,
    coverage: 'nationwide',
  },
  {
    slug: 'buyer-hourly-representation',
    name: 'Buyer Agent, Hourly',
    priceCents: null,
    description: 'A licensed agent helps with the purchase, billed by the hour.',
    roles: BUYER_SIDE,
    coverage: 'nationwide',
  },
  {
    slug: 'buyer-full-service-representation',
    name: 'Buyer Agent, Full Service',
    priceCents: null,
    description: 'A licensed agent handles the whole purchase.',
    roles: BUYER_SIDE,
    coverage: 'nationwide',
  },
  {
    slug: 'concierge-review',
    name: 'Concierge Listing Review',
    priceCents: 4_900,
    description: 'Our concierge reviews your MLS listing before it goes live.',
    roles: LISTING_SIDE,
    coverage: 'nationwide',
  },
  {
    slug: 'concierge-listing',
    name: 'Concierge Listing Help',
    priceCents: 9_900,
    description: 'Our concierge writes and enters your MLS listing with you.',
    roles: LISTING_SIDE,
    coverage: 'nationwide',
  },
];

/**
 * The names of our illustrations and service icons (src/assets/illustrations/, docs/brand.md
 * "Illustrations"). A page's frontmatter names one by these; content.config.ts checks the name,
 * and illustrations.test.ts that each name has its file and each file its name.
 */

/** `service-{name}.svg`, 320 × 240: the hero of a service page. */
export const SERVICE_ILLUSTRATIONS = [
  'buyer-agent',
  'flat-fee-broker',
  'flat-fee-mls',
  'free-fsbo-listing',
  'home-value-report',
  'lockbox-rental',
  'mls-listing-help',
  'photography',
  'real-estate-comps',
  'real-estate-sign-posts',
  'real-estate-signs',
  'seller-agent',
] as const;

/** `icons/{name}.svg`, 48 × 48: a service card's icon. */
export const SERVICE_ICONS = [
  'agent',
  'analytics',
  'calendar',
  'camera',
  'certificate',
  'comps',
  'concierge',
  'envelope',
  'home-search',
  'key',
  'listing',
  'lockbox',
  'mls',
  'open-house',
  'phone-text',
  'post',
  'report',
  'sign',
  'tag',
] as const;

export type ServiceIllustration = (typeof SERVICE_ILLUSTRATIONS)[number];
export type ServiceIcon = (typeof SERVICE_ICONS)[number];

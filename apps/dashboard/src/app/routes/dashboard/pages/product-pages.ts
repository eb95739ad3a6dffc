import type { TProductMenuKey } from '@lantern/contracts';
import { signsSlug, VALUATION_PAGE_TEXTS } from '@lantern/domain';
import { appConfig } from '../../../../lib/app-config.ts';

export interface ProductPage {
  title: string;
  /** What the page is for, in one sentence. */
  purpose: string;
  /** The catalogue products the page is about. */
  slugs: string[];
  /** Another product page this one points to (MLS Listing Help → Concierge). */
  seeAlso?: { page: TProductPageKey; text: string };
}

/** The sidebar's product pages, and Concierge, which is reached from MLS Listing Help. */
export type TProductPageKey = TProductMenuKey | 'concierge';

/** The product routes of spec 2 and the services of spec 3 each one covers. */
export const PRODUCT_PAGES: Record<TProductPageKey, ProductPage> = {
  'seller-agent': {
    title: 'Seller Agent',
    purpose: 'A licensed agent to represent you in selling or renting out this property.',
    slugs: [
      'seller-flat-fee-representation',
      'seller-hourly-representation',
      'seller-full-service-representation',
    ],
  },
  'buyer-agent': {
    title: 'Buyer Agent',
    purpose: 'A licensed agent to represent you in buying this property.',
    slugs: [
      'buyer-flat-fee-representation',
      'buyer-hourly-representation',
      'buyer-full-service-representation',
    ],
  },
  'mls-listing': {
    title: 'MLS Listing',
    purpose: 'List this property on the MLS, where agents and listing sites find it.',
    slugs: ['mls-listing-state', 'mls-listing-local'],
  },
  'mls-listing-help': {
    title: 'MLS Listing Help',
    purpose: 'A second pair of eyes: our concierge reviews your MLS listing before it goes live.',
    slugs: ['concierge-review'],
    seeAlso: {
      page: 'concierge',
      text: 'Would you rather we wrote the listing for you? See our concierge listing service.',
    },
  },
  concierge: {
    title: 'Concierge',
    purpose:
      'Our concierge writes and files your MLS listing with you, from photos to description.',
    slugs: ['concierge-listing'],
  },
  'fsbo-listing': {
    title: 'Free FSBO Listing',
    purpose: 'List this property for sale by owner, free.',
    slugs: ['fsbo-listing'],
  },
  valuation: {
    title: 'Valuation',
    purpose: VALUATION_PAGE_TEXTS.purpose,
    slugs: ['free-comps', 'comps', 'home-value-report'],
  },
  'lockbox-rental': {
    title: 'Lockbox Rental',
    purpose: 'A lockbox so agents can show this property while you are away.',
    slugs: ['lockbox-rental'],
  },
  photography: {
    title: 'Photography',
    purpose: 'Professional photos of this property for its listing.',
    slugs: ['photography'],
  },
  signage: {
    title: 'Signs & Posts',
    purpose: 'Yard signs and sign posts for this property.',
    slugs: [
      signsSlug(appConfig.siteName),
      'real-estate-sign-posts',
      'sign-post-purchase',
      'sign-purchase',
    ],
  },
};

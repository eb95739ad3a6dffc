import {
  PAGE_LOAD_TEXTS,
  PRODUCT_MENU_RULES,
  productMenuItems,
  streetAddressUnit,
} from '@lantern/contracts';
import { dashboardHref, MLS_LISTING_STEPS } from '@lantern/domain';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { ProductRepository } from '../catalogue/products.repository.ts';
import type { MlsListingRepository } from '../mls-listing/mls-listings.repository.ts';
import type { OrderRepository } from '../orders/orders.repository.ts';
import type { PropertyRepository } from '../properties/properties.repository.ts';
import { servicesForProperty } from '../properties/property-services.ts';

/** A page that should not open: where to go instead, and the banner's words (HTML-safe). */
export interface Landing {
  to: string;
  message: string;
}

export interface PageLandingDeps {
  properties: Pick<PropertyRepository, 'findForUser'>;
  products: ProductRepository;
  orders: Pick<OrderRepository, 'listForProperty'>;
  mlsListings: Pick<MlsListingRepository, 'orderState'>;
  siteName: string;
}

const PAGE = /^\/dashboard\/([a-z-]+)(?:\/([a-z]+))?\/?$/;

/**
 * Dashboard pages opened by a link (a bookmark, a mail, the address bar) that cannot show what
 * they are for: a product page for a service the property does not have, a listing step of a
 * cancelled MLS listing order. The shell is not served; the person goes where they can act and
 * the page-load banner says why (spec 2, 8; decision 056). Another user's property is left to
 * the layout, which sends every unknown hash to the dashboard alike (spec 2).
 */
export function createPageLandingService(deps: PageLandingDeps) {
  async function notOffered(userId: number, page: string, hash: string): Promise<Landing | null> {
    const rule = PRODUCT_MENU_RULES.find((r) => r.key === page);
    const found = rule ? await deps.properties.findForUser(userId, hash) : undefined;
    if (!rule || !found) return null;
    const { property, participant } = found;
    const services = await servicesForProperty(deps.products, deps.siteName, {
      state: property.state,
      county: property.county,
      role: participant.role,
    });
    if (productMenuItems(participant.role, services).some((item) => item.key === page)) return null;
    // An order placed while the service was offered is still shown on its page.
    const ordered = await deps.orders.listForProperty(property.id);
    if (ordered.some((row) => (rule.anyOf as readonly string[]).includes(row.slug))) return null;
    const street = escapeHtml(streetAddressUnit(property.street, property.unit));
    return {
      to: dashboardHref('overview', hash),
      message: PAGE_LOAD_TEXTS.notOffered(rule.label, street),
    };
  }

  async function listingClosed(userId: number, hash: string): Promise<Landing | null> {
    const found = await deps.properties.findForUser(userId, hash);
    if (!found || (await deps.mlsListings.orderState(found.property.id)) !== 'cancelled')
      return null;
    const street = escapeHtml(streetAddressUnit(found.property.street, found.property.unit));
    return {
      to: dashboardHref('mls-listing', hash),
      message: PAGE_LOAD_TEXTS.listingCancelled(street),
    };
  }

  return {
    /** Where `url` (a /dashboard path with its query) should send `userId` instead, if anywhere. */
    async redirectFor(userId: number, url: string): Promise<Landing | null> {
      const { pathname, searchParams } = new URL(url, 'http://dashboard.invalid');
      const hash = searchParams.get('property');
      const [, page, step] = PAGE.exec(pathname) ?? [];
      if (!hash || !page) return null;
      if (page === 'mls-listing' && step) {
        return (MLS_LISTING_STEPS as readonly string[]).includes(step)
          ? listingClosed(userId, hash)
          : null;
      }
      return step ? null : notOffered(userId, page, hash);
    },
  };
}
export type PageLandingService = ReturnType<typeof createPageLandingService>;

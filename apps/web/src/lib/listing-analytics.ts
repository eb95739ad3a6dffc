/**
 * Listing analytics on the public listing page (issue 22; docs/decisions/042-listing-analytics.md):
 * one beacon per page view and one when the visitor first moves through the gallery, sent to our
 * own API with fetch `keepalive` (it survives leaving the page). No cookie is read, set or sent
 * (`credentials: 'omit'`), no third party is called, and nothing is stored in the browser. A
 * preview (the FSBO review step) has no `data-listing-beacon` and sends nothing.
 */
import {
  LISTING_BEACON_API,
  LISTING_BEACON_ATTRIBUTE,
  LISTING_GALLERY_SHOW_EVENT,
} from '@lantern/domain';

export type Send = (url: string) => void;

/** POST with no body; failures are ignored (counting never gets in a visitor's way). */
export const sendBeacon: Send = (url) => {
  try {
    fetch(url, {
      method: 'POST',
      keepalive: true,
      credentials: 'omit',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    }).catch(() => undefined);
  } catch {
    // An old browser without fetch: the view is simply not counted.
  }
};

interface PageLike {
  querySelector(selector: string): { getAttribute(name: string): string | null } | null;
  addEventListener(type: string, listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: string, listener: () => void): void;
  readonly prerendering?: boolean;
}

/**
 * Count this page view, and the gallery's first move. A page the browser prerenders in case
 * it is opened counts only once it is shown. Returns whether the page is a listing to count.
 */
export function initListingAnalytics(page: PageLike = document, send: Send = sendBeacon): boolean {
  const id = page
    .querySelector(`[${LISTING_BEACON_ATTRIBUTE}]`)
    ?.getAttribute(LISTING_BEACON_ATTRIBUTE);
  if (!id) return false;
  const view = () => send(LISTING_BEACON_API.views(id));
  if (page.prerendering) page.addEventListener('prerenderingchange', view, { once: true });
  else view();
  const gallery = () => {
    page.removeEventListener(LISTING_GALLERY_SHOW_EVENT, gallery);
    send(LISTING_BEACON_API.galleryOpens(id));
  };
  page.addEventListener(LISTING_GALLERY_SHOW_EVENT, gallery);
  return true;
}

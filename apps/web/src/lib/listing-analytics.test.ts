import { LISTING_GALLERY_SHOW_EVENT } from '@lantern/domain';
import { describe, expect, it } from 'vitest';
import { initListingAnalytics } from './listing-analytics.ts';

/** A page with (or without) the listing's beacon attribute, whose events the test fires. */
function fakePage(id: string | null, prerendering = false) {
  const listeners = new Map<string, Set<() => void>>();
  return {
    prerendering,
    querySelector: (selector: string) =>
      id !== null && selector === '[data-listing-beacon]'
        ? { getAttribute: (name: string) => (name === 'data-listing-beacon' ? id : null) }
        : null,
    addEventListener(type: string, listener: () => void) {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type)?.add(listener);
    },
    removeEventListener(type: string, listener: () => void) {
      listeners.get(type)?.delete(listener);
    },
    fire(type: string) {
      for (const l of [...(listeners.get(type) ?? [])]) l();
    },
  };
}

describe('listing analytics on the listing page', () => {
  it('sends one view, and one gallery open however often the photo changes', () => {
    const sent: string[] = [];
    const page = fakePage('Ab3x');
    expect(initListingAnalytics(page, (u) => sent.push(u))).toBe(true);
    expect(sent).toEqual(['/api/listings/Ab3x/views']);
    page.fire(LISTING_GALLERY_SHOW_EVENT);
    page.fire(LISTING_GALLERY_SHOW_EVENT);
    expect(sent).toEqual(['/api/listings/Ab3x/views', '/api/listings/Ab3x/gallery-opens']);
  });

  it('sends nothing on a preview (no beacon attribute)', () => {
    const sent: string[] = [];
    const page = fakePage(null);
    expect(initListingAnalytics(page, (u) => sent.push(u))).toBe(false);
    page.fire(LISTING_GALLERY_SHOW_EVENT);
    expect(sent).toEqual([]);
  });

  it('counts a prerendered page only once it is shown', () => {
    const sent: string[] = [];
    const page = fakePage('Zz9', true);
    initListingAnalytics(page, (u) => sent.push(u));
    expect(sent).toEqual([]);
    page.fire('prerenderingchange');
    expect(sent).toEqual(['/api/listings/Zz9/views']);
  });
});

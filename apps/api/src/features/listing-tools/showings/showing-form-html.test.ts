import { SHOWINGS_API, type TPublicListingDetail } from '@lantern/contracts';
import { SHOWING_TEXTS } from '@lantern/domain';
import { describe, expect, it } from 'vitest';
import {
  listingDetail,
  LISTING_SITE as SITE,
  LISTING_TEMPLATE as TEMPLATE,
} from '../../../../test/helpers/listing-page-fixtures.ts';
import { renderListingPage } from '../../public-listings/listing-page.ts';
import { showingFormHtml } from './showing-form-html.ts';

/** A listing whose id needs escaping, with a year built. */
const detail = (over: Partial<TPublicListingDetail> = {}) =>
  listingDetail({ id: 'Ab3xY<', yearBuilt: 1998, ...over });

describe('the "Request a showing" form on a listing page', () => {
  const now = new Date('2026-07-01T15:00:00Z');

  it('labels every field, names the home’s time zone and limits the days to the next 90', () => {
    const html = showingFormHtml(detail(), now);
    expect(html).toContain(`<h2 id="listing-showing">${SHOWING_TEXTS.form.heading}</h2>`);
    for (const [name, label] of [
      ['name', 'Your name'],
      ['email', 'Your email'],
      ['phone', 'Phone (optional)'],
      ['date', 'Day'],
      ['time', 'Start time'],
      ['duration', 'How long'],
      ['note', 'Note to the seller (optional)'],
    ]) {
      expect(html).toContain(`<label class="ln-label" for="showing-${name}">${label}</label>`);
      expect(html).toMatch(new RegExp(`id="showing-${name}" name="${name}"`));
      // Each control is described by its error's place, where the script writes what went wrong.
      expect(html).toMatch(
        new RegExp(`id="showing-${name}"[^>]*aria-describedby="[^"]*showing-${name}-error`),
      );
    }
    expect(html).toContain('In the home&#39;s local time (Central Time), from 7 am to 9 pm.');
    expect(html).toContain('id="showing-time" name="time" aria-describedby="showing-date-hint ');
    expect(html).toContain('min="2026-07-01" max="2026-09-29"');
    expect(html).toContain('<option value="30" selected>30 minutes</option>');
    // Posted to the public route of this listing, its id escaped.
    expect(html).toContain(`action="${SHOWINGS_API.request('Ab3xY<').replace('<', '%3C')}"`);
    // The honeypot is out of sight and out of the tab order.
    expect(html).toMatch(/aria-hidden="true"><label for="showing-website">/);
    expect(html).toContain('name="website" tabindex="-1"');
    expect(html).toContain('<noscript>');
  });

  it('is on active and pending listings only, and never in the owner’s preview', () => {
    for (const status of ['sold', 'withdrawn', 'expired'] as const) {
      expect(showingFormHtml(detail({ status }), now)).toBe('');
    }
    expect(showingFormHtml(detail({ status: 'pending' }), now)).toContain('data-showing-form');
    expect(renderListingPage(TEMPLATE, detail(), SITE)).toContain('data-showing-form');
    expect(renderListingPage(TEMPLATE, detail(), SITE, { preview: true })).not.toContain(
      'data-showing-form',
    );
    expect(renderListingPage(TEMPLATE, detail({ status: 'sold' }), SITE)).not.toContain(
      'data-showing-form',
    );
  });
});

import type { TPublicListingDetail } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import {
  listingDetail as detail,
  LISTING_SITE as SITE,
  LISTING_TEMPLATE as TEMPLATE,
} from '../../../test/helpers/listing-page-fixtures.ts';
import { listingJsonLd, renderListingPage } from './listing-page.ts';

const OPEN_HOUSES: TPublicListingDetail['openHouses'] = [
  {
    startsAt: '2026-12-05T19:00:00.000Z',
    endsAt: '2026-12-05T21:00:00.000Z',
    timeZone: 'America/Chicago',
    note: 'Park on <Elm> St.',
  },
  // A summer one: daylight time.
  {
    startsAt: '2027-06-05T15:00:00.000Z',
    endsAt: '2027-06-05T17:00:00.000Z',
    timeZone: 'America/Chicago',
    note: '',
  },
];

describe('open houses on the listing page', () => {
  it('lists each on the home’s clocks, the note escaped', () => {
    const html = renderListingPage(TEMPLATE, detail({ openHouses: OPEN_HOUSES }), SITE);
    expect(html).toContain('<h2 id="listing-open-houses">Open houses</h2>');
    expect(html).toContain(
      '<time class="listing-open-houses__when" datetime="2026-12-05T19:00:00.000Z">Saturday, December 5, 1:00 – 3:00 PM CST</time>',
    );
    expect(html).toContain('Saturday, June 5, 10:00 AM – 12:00 PM CDT');
    expect(html).toContain('Park on &#60;Elm&#62; St.');
    expect(html).not.toContain('<Elm>');
  });

  it('adds them to the JSON-LD as events at the home', () => {
    const ld = listingJsonLd(detail({ openHouses: OPEN_HOUSES }), SITE);
    const events = (ld.about as { event: Record<string, unknown>[] }).event;
    expect(events).toHaveLength(2);
    expect(events[0]).toEqual({
      '@type': 'Event',
      name: 'Open house: 12 Elm St',
      startDate: '2026-12-05T19:00:00.000Z',
      endDate: '2026-12-05T21:00:00.000Z',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      isAccessibleForFree: true,
      location: {
        '@type': 'Place',
        name: '12 Elm St, Austin, TX 78701',
        address: expect.objectContaining({ streetAddress: '12 Elm St', postalCode: '78701' }),
      },
      url: 'https://lantern.example/listings/12-elm-st-austin-tx-78701-Ab3xY',
      description: 'Park on <Elm> St.',
    });
    expect(events[1]).not.toHaveProperty('description');
  });

  it('shows no section and no events without any', () => {
    for (const d of [detail(), detail({ openHouses: [] })]) {
      expect(renderListingPage(TEMPLATE, d, SITE)).not.toContain('listing-open-houses');
      expect(listingJsonLd(d, SITE).about).not.toHaveProperty('event');
    }
  });
});

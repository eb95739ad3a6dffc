import { describe, expect, it } from 'vitest';
import { detail, SITE } from './fixtures.ts';
import { listingJsonLd } from './listing-json-ld.ts';

const OPEN_HOUSES = [
  {
    startsAt: '2026-12-05T19:00:00.000Z',
    endsAt: '2026-12-05T21:00:00.000Z',
    timeZone: 'America/Chicago',
    note: 'Park on <Elm> St.',
  },
  {
    startsAt: '2027-06-05T15:00:00.000Z',
    endsAt: '2027-06-05T17:00:00.000Z',
    timeZone: 'America/Chicago',
    note: '',
  },
];

describe('the listing page’s schema.org data', () => {
  it('describes the listing, the home and its offer', () => {
    expect(listingJsonLd(detail(), SITE)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'RealEstateListing',
      url: 'https://lantern.example/listings/12-elm-st-austin-tx-78701-Ab3xY',
      image: ['https://lantern.example/p/1/web', 'https://lantern.example/p/2/web'],
      offers: { price: 450000, priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
      about: {
        '@type': 'SingleFamilyResidence',
        numberOfBedrooms: 3,
        geo: { latitude: 30.27, longitude: -97.74 },
        floorSize: { value: 1850, unitCode: 'FTK' },
      },
    });
    const sold = listingJsonLd(detail({ status: 'sold', photos: [], price: null }), SITE);
    expect(sold).not.toHaveProperty('offers');
    expect(sold).not.toHaveProperty('image');
  });

  it('adds the open houses as events at the home', () => {
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
    expect(listingJsonLd(detail({ openHouses: [] }), SITE).about).not.toHaveProperty('event');
  });
});

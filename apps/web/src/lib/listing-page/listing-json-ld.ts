import {
  absoluteUrl,
  listingPagePath,
  OPEN_HOUSE_PAGE_TEXTS,
  type TListingPageSite,
  type TPublicListingDetail,
} from '@lantern/contracts';
import { fullAddress, listingDescription } from './listing-words.ts';

const SCHEMA_RESIDENCE: Record<string, string> = {
  'single-family': 'SingleFamilyResidence',
  condo: 'Apartment',
  townhouse: 'House',
  'multi-family': 'Residence',
  manufactured: 'House',
  land: 'Place',
  other: 'Residence',
};

/** schema.org's view of the home itself: address, size, position and open houses. */
function homeJsonLd(d: TPublicListingDetail, url: string) {
  const home: Record<string, unknown> = {
    '@type': SCHEMA_RESIDENCE[d.propertyType ?? 'other'] ?? 'Residence',
    address: {
      '@type': 'PostalAddress',
      streetAddress: d.address,
      addressLocality: d.city,
      addressRegion: d.state,
      postalCode: d.zipCode,
      addressCountry: 'US',
    },
  };
  if (d.bedrooms != null) home.numberOfBedrooms = d.bedrooms;
  if (d.bathrooms != null) home.numberOfBathroomsTotal = d.bathrooms;
  if (d.squareFeet != null) {
    home.floorSize = { '@type': 'QuantitativeValue', value: d.squareFeet, unitCode: 'FTK' };
  }
  if (d.yearBuilt != null) home.yearBuilt = d.yearBuilt;
  if (d.lat != null && d.lng != null) {
    home.geo = { '@type': 'GeoCoordinates', latitude: d.lat, longitude: d.lng };
  }
  // Open houses are events at the home (schema.org Place.event; decision 045).
  if (d.openHouses?.length) {
    home.event = d.openHouses.map((o) => ({
      '@type': 'Event',
      name: OPEN_HOUSE_PAGE_TEXTS.eventName(d.address),
      startDate: o.startsAt,
      endDate: o.endsAt,
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      isAccessibleForFree: true,
      location: { '@type': 'Place', name: fullAddress(d), address: home.address },
      url,
      ...(o.note ? { description: o.note } : {}),
    }));
  }
  return home;
}

/** schema.org RealEstateListing: the page about the home, the home itself and its offer. */
export function listingJsonLd(d: TPublicListingDetail, site: TListingPageSite) {
  const url = absoluteUrl(site, listingPagePath(d.slug));
  const available = d.status === 'active' || d.status === 'pending';
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: fullAddress(d),
    url,
    description: listingDescription(d),
    datePosted: d.listedAt,
    ...(d.photos.length ? { image: d.photos.map((p) => absoluteUrl(site, p.url)) } : {}),
    about: homeJsonLd(d, url),
    ...(d.price != null
      ? {
          offers: {
            '@type': 'Offer',
            price: d.price,
            priceCurrency: 'USD',
            availability: available ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
            url,
          },
        }
      : {}),
  };
}

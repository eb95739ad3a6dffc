import { describe, expect, it } from 'vitest';
import { listingFacts, type TransactionAccessView } from './transaction-access.ts';

const view = (listing: Partial<TransactionAccessView['listing']>): TransactionAccessView => ({
  requester: { name: 'Tess Closer', company: '' },
  expiresAt: '2027-01-01T00:00:00.000Z',
  timeZone: 'America/Chicago',
  shares: ['listing'],
  listing: {
    status: 'pending',
    address: '31 Escrow Lane',
    city: 'Springfield',
    state: 'IL',
    zipCode: '62701',
    price: 315000,
    bedrooms: 3,
    bathrooms: 2.5,
    squareFeet: 1850,
    listedAt: '2026-10-02T15:00:00.000Z',
    url: null,
    ...listing,
  },
  documents: null,
  showings: null,
});

describe('listingFacts', () => {
  it('names every known fact in words, the listed day in the home’s zone', () => {
    expect(listingFacts(view({}))).toEqual([
      ['Address', '31 Escrow Lane, Springfield, IL 62701'],
      ['Status', 'Under contract'],
      ['Price', '$315,000'],
      ['Bedrooms', '3'],
      ['Bathrooms', '2.5'],
      ['Square feet', '1,850'],
      ['Listed', 'October 2, 2026'],
    ]);
  });

  it('leaves out what the listing does not say', () => {
    const terms = listingFacts(
      view({ price: null, bedrooms: null, bathrooms: null, squareFeet: null }),
    ).map(([term]) => term);
    expect(terms).toEqual(['Address', 'Status', 'Listed']);
  });
});

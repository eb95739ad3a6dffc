import { describe, expect, it } from 'vitest';
import { detail, SITE } from './fixtures.ts';
import {
  backLink,
  brokerageLine,
  factRows,
  headlineFacts,
  listingDescription,
  listingTitle,
  phoneText,
  photoAlt,
  remarkParagraphs,
  shareLinks,
  showsPaymentEstimate,
  telLink,
  textForInfoHref,
} from './listing-words.ts';

describe('the words of a listing page', () => {
  it('offers a payment estimate only for a home for sale with a price (decision 090)', () => {
    expect(showsPaymentEstimate(detail())).toBe(true);
    for (const status of ['pending', 'sold', 'withdrawn', 'expired'] as const)
      expect(showsPaymentEstimate(detail({ status }))).toBe(false);
    expect(showsPaymentEstimate(detail({ price: null }))).toBe(false);
    expect(showsPaymentEstimate(detail({ price: 0 }))).toBe(false);
  });

  it('titles it by address, then price', () => {
    expect(listingTitle(detail())).toBe('12 Elm St, Austin, TX 78701 – $450,000');
    expect(listingTitle(detail({ price: null }))).toBe('12 Elm St, Austin, TX 78701');
  });

  it('describes what and where, then as much of the remarks as 300 characters allow', () => {
    expect(listingDescription(detail({ remarks: null }))).toBe(
      'For sale: 3 beds, 2.5 baths, 1,850 sq ft single-family home in Austin, TX, $450,000.',
    );
    expect(listingDescription(detail())).toMatch(
      /\$450,000\. Bright corner lot\. New roof in 2022\.$/,
    );
    const long = listingDescription(detail({ remarks: 'word '.repeat(200) }));
    expect(long.length).toBe(300);
    expect(long.endsWith('…')).toBe(true);
  });

  it('lists the facts it has, in order, and when it sold', () => {
    expect(factRows(detail({ status: 'sold', closedAt: '2026-05-02T12:00:00.000Z' }))).toEqual([
      ['Type', 'Single-family home'],
      ['Status', 'Sold'],
      ['Bedrooms', '3'],
      ['Bathrooms', '2.5'],
      ['Living area', '1,850 sq ft'],
      ['Year built', '1998'],
      ['Listed', 'Mar 1, 2026'],
      ['Sold', 'May 2, 2026'],
    ]);
    const bare = detail({
      propertyType: null,
      bedrooms: null,
      bathrooms: null,
      squareFeet: null,
      yearBuilt: null,
    });
    expect(factRows(bare).map(([label]) => label)).toEqual(['Status', 'Listed']);
  });

  it('splits the remarks into paragraphs at blank lines, and lines within them', () => {
    expect(remarkParagraphs('One.\nTwo.\n\n  \nThree.')).toEqual([['One.', 'Two.'], ['Three.']]);
    expect(remarkParagraphs(null)).toEqual([]);
  });

  it('names each photo by its caption, else its place', () => {
    const d = detail();
    expect(photoAlt(d, 0)).toBe('Front');
    expect(photoAlt(d, 1)).toBe('Photo 2 of 12 Elm St');
  });

  it('links back to the list the listing is on', () => {
    expect(backLink({ status: 'pending' })).toEqual({
      href: '/current-listings',
      label: 'Current listings',
    });
    expect(backLink({ status: 'sold' })).toEqual({ href: '/past-sales', label: 'Past sales' });
    expect(backLink({ status: 'expired' })).toEqual({
      href: '/past-listings',
      label: 'Past listings',
    });
  });

  it('names the licenses of the listing’s state, else all of them', () => {
    expect(brokerageLine({ state: 'TX' }, SITE)).toBe('Listed by Lantern, license TX 9001234');
    expect(brokerageLine({ state: 'NY' }, SITE)).toBe(
      'Listed by Lantern, licenses CA DRE #01234567, TX 9001234',
    );
    expect(brokerageLine({ state: 'TX' }, { ...SITE, brokerageLicenses: [] })).toBe(
      'Listed by Lantern',
    );
  });

  it('encodes the page’s address and title in the share links', () => {
    const [email, facebook, x] = shareLinks('https://lantern.example/listings/a-b', 'A & B');
    expect(email?.href).toBe(
      'mailto:?subject=A%20%26%20B&body=https%3A%2F%2Flantern.example%2Flistings%2Fa-b',
    );
    expect(facebook?.external).toBe(true);
    expect(x?.href).toContain('&text=A%20%26%20B');
  });

  it('puts beds, baths, area, year and days on the market at the top', () => {
    const d = {
      status: 'active',
      bedrooms: 3,
      bathrooms: 2.5,
      squareFeet: 1500,
      yearBuilt: 1990,
      listedAt: '2026-11-20T15:00:00Z',
    } as Parameters<typeof headlineFacts>[0];
    expect(headlineFacts(d, new Date('2026-12-02T12:00:00Z'))).toEqual([
      { value: '3', label: 'beds' },
      { value: '2.5', label: 'baths' },
      { value: '1,500', label: 'sq ft' },
      { value: '1990', label: 'built' },
      { value: '11', label: 'days on market' },
    ]);
    // Sold: no days on the market; one bed says so.
    const sold = { ...d, status: 'sold', bedrooms: 1 } as typeof d;
    expect(headlineFacts(sold, new Date()).map((f) => f.label)).toEqual([
      'bed',
      'baths',
      'sq ft',
      'built',
    ]);
  });

  it('writes a US number as people read it, whatever way it was typed', () => {
    expect(phoneText('6175550123')).toBe('(617) 555-0123');
    expect(phoneText('+1 617 555 0123')).toBe('(617) 555-0123');
    expect(phoneText('617.555.0123')).toBe('(617) 555-0123');
    // Not a North American number: left as the seller typed it.
    expect(phoneText('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(phoneText('555-0123')).toBe('555-0123');
  });

  it('dials digits only', () => {
    expect(telLink('(512) 555-0100')).toBe('tel:5125550100');
    expect(textForInfoHref({ code: '48213', e164: '+1 555 555 0100' })).toBe(
      'sms:+15555550100?body=48213',
    );
  });
});

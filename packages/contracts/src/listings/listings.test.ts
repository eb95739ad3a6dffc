import { describe, expect, it } from 'vitest';
import {
  effectiveSort,
  listingPriceEventsFor,
  listingSlug,
  parsePlace,
  publicPropertyType,
  ZListingsQuerySchema,
} from './listings.ts';
import { formatListingsArea, parseListingsArea } from './listings-area.ts';

describe('listingSlug', () => {
  it('is the address in lower-case words, then the public id as it is', () => {
    const slug = listingSlug(
      { streetAddress: '12 Elm St, Unit #4', city: 'San José', state: 'CA', zipCode: '95112' },
      'Ab3dE',
    );
    expect(slug).toBe('12-elm-st-unit-4-san-jos-ca-95112-Ab3dE');
  });

  it('is the id alone when the address has no letters or digits', () => {
    expect(listingSlug({ streetAddress: '—', city: '', state: '', zipCode: '' }, 'X1')).toBe('X1');
  });
});

describe('listingPriceEventsFor', () => {
  const on = { status: 'active', price: 400_000, published: true } as const;

  it('records the first publication as listed, a later one as relisted', () => {
    expect(listingPriceEventsFor(undefined, on)).toEqual([{ kind: 'listed', price: 400_000 }]);
    expect(listingPriceEventsFor({ ...on, published: false }, on)).toEqual([
      { kind: 'relisted', price: 400_000 },
    ]);
  });

  it('records a price change only while the status stays', () => {
    expect(listingPriceEventsFor(on, { ...on, price: 390_000 })).toEqual([
      { kind: 'price_changed', price: 390_000 },
    ]);
    expect(listingPriceEventsFor(on, on)).toEqual([]);
  });

  it('records status moves with the price at the time', () => {
    const pending = { ...on, status: 'pending' } as const;
    expect(listingPriceEventsFor(on, pending)).toEqual([{ kind: 'pending', price: 400_000 }]);
    expect(listingPriceEventsFor(pending, on)).toEqual([
      { kind: 'back_on_market', price: 400_000 },
    ]);
    expect(listingPriceEventsFor(pending, { ...on, status: 'sold', price: 395_000 })).toEqual([
      { kind: 'sold', price: 395_000 },
    ]);
    expect(listingPriceEventsFor(on, { ...on, status: 'expired' })).toEqual([
      { kind: 'expired', price: 400_000 },
    ]);
  });

  it('records taking an active listing down as withdrawn, and a sold one not at all', () => {
    expect(listingPriceEventsFor(on, { ...on, published: false })).toEqual([
      { kind: 'withdrawn', price: 400_000 },
    ]);
    const sold = { ...on, status: 'sold' } as const;
    expect(listingPriceEventsFor(sold, { ...sold, published: false })).toEqual([]);
  });
});

describe('public list filters', () => {
  it('reads a place as a ZIP code or a city with an optional state', () => {
    expect(parsePlace('78701')).toEqual({ zip: '78701' });
    expect(parsePlace('78701-1234')).toEqual({ zip: '78701' });
    expect(parsePlace(' Austin ')).toEqual({ city: 'Austin', state: null });
    expect(parsePlace('Austin, tx')).toEqual({ city: 'Austin', state: 'TX' });
    expect(parsePlace('  ')).toBeNull();
  });

  it('maps RESO types to ours, the sub-type first', () => {
    expect(publicPropertyType('Residential', 'Condominium')).toBe('condo');
    expect(publicPropertyType('Residential', null)).toBe('single-family');
    expect(publicPropertyType('ResidentialIncome', 'Duplex')).toBe('multi-family');
    expect(publicPropertyType('CommercialSale', 'Retail')).toBe('other');
    expect(publicPropertyType(null, null)).toBeNull();
  });

  it('takes empty form fields as no filter and keeps "most recently sold" to sold views', () => {
    expect(ZListingsQuerySchema.parse({ place: '', minPrice: '', type: '', sort: '' })).toEqual({
      view: 'current',
      page: 1,
    });
    expect(effectiveSort('current', 'sold')).toBe('newest');
    expect(effectiveSort('sold', undefined)).toBe('sold');
    expect(effectiveSort('past', 'price-asc')).toBe('price-asc');
  });
});

describe('the map area of "search this area"', () => {
  it('reads west,south,east,north and writes it back to 5 decimals', () => {
    const area = parseListingsArea('-97.8123456,30.2,-97.6,30.4');
    expect(area).toEqual({ west: -97.8123456, south: 30.2, east: -97.6, north: 30.4 });
    expect(formatListingsArea(area as Exclude<typeof area, string>)).toBe(
      '-97.81235,30.2,-97.6,30.4',
    );
  });

  it('writes a map zoomed out past the world’s edges as the world', () => {
    expect(formatListingsArea({ west: -200.5, south: -95, east: 190, north: 91 })).toBe(
      '-180,-90,180,90',
    );
  });

  it('says why an area is refused', () => {
    expect(parseListingsArea('1,2,3')).toMatch(/four numbers/);
    expect(parseListingsArea('-97.6,30.2,-97.8,30.4')).toMatch(/west edge must be west/);
    expect(parseListingsArea('-97.8,30.4,-97.6,30.2')).toMatch(/south edge south/);
    expect(parseListingsArea('-190,30.2,-97.6,30.4')).toMatch(/outside the world/);
  });

  it("is part of the list query: parsed, optional, and refused in the user's words", () => {
    const ok = ZListingsQuerySchema.parse({ area: '-97.8,30.2,-97.6,30.4' });
    expect(ok.area).toEqual({ west: -97.8, south: 30.2, east: -97.6, north: 30.4 });
    expect(ZListingsQuerySchema.parse({ area: '' }).area).toBeUndefined();
    const bad = ZListingsQuerySchema.safeParse({ area: 'everywhere' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/four numbers/);
  });
});

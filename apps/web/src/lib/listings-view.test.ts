import { jsonForScript } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import {
  formValues,
  listingsQueryString,
  setFilterCount,
  siteQuery,
  widerSearches,
} from './listings-view.ts';

describe('the list pages’ query', () => {
  it('keeps the filters in paging links, leaving out blanks and page 1', () => {
    expect(listingsQueryString({ place: ' Austin ', minPrice: '', type: 'condo' }, 1)).toBe(
      '?place=Austin&type=condo',
    );
    expect(listingsQueryString({}, 3)).toBe('?page=3');
    expect(listingsQueryString({}, 1)).toBe('');
  });

  it('gives a repeated name every value, and keeps only single values in the form', () => {
    const query = siteQuery(new URLSearchParams('beds=2&beds=3&place=Austin&page=2'));
    expect(query).toEqual({ beds: ['2', '3'], place: 'Austin', page: '2' });
    expect(formValues(query)).toEqual({ place: 'Austin' });
    expect(formValues({ place: 'x'.repeat(300) }).place).toHaveLength(200);
  });

  it('writes map data that cannot end its script element', () => {
    const json = jsonForScript([{ title: '</script><!-- & \u2028' }]);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual([{ title: '</script><!-- & \u2028' }]);
  });
});

describe('widening a search that found nothing', () => {
  it('offers each set filter dropped on its own, the rest kept', () => {
    const form = {
      place: 'Austin',
      minPrice: '100000',
      beds: '3',
      area: '-98,30,-97,31',
      sort: 'price-asc',
    };
    expect(widerSearches('/current-listings', form)).toEqual([
      {
        label: 'Search beyond the map area',
        href: '/current-listings?place=Austin&minPrice=100000&beds=3&sort=price-asc',
      },
      {
        label: 'Any price',
        href: '/current-listings?place=Austin&beds=3&area=-98%2C30%2C-97%2C31&sort=price-asc',
      },
      {
        label: 'Any number of bedrooms',
        href: '/current-listings?place=Austin&minPrice=100000&area=-98%2C30%2C-97%2C31&sort=price-asc',
      },
      {
        label: 'Anywhere, not just Austin',
        href: '/current-listings?minPrice=100000&beds=3&area=-98%2C30%2C-97%2C31&sort=price-asc',
      },
    ]);
  });

  it('has nothing to offer when no filter is set, and counts the ones behind "Filters"', () => {
    expect(widerSearches('/past-sales', { sort: 'newest' })).toEqual([]);
    expect(setFilterCount({ place: 'Austin', beds: '2', type: 'condo', sort: 'newest' })).toBe(2);
  });
});

import { jsonForScript } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import { formValues, listingsQueryString, siteQuery } from './listings-view.ts';

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

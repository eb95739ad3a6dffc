import { describe, expect, it } from 'vitest';
import { countyDisplayName } from './county-name.ts';

describe('countyDisplayName', () => {
  it.each([
    ['Sangamon', 'IL', 'Sangamon County'],
    ['Charles City', 'VA', 'Charles City County'],
    ['Orleans', 'LA', 'Orleans Parish'],
    ['Caddo Parish', 'LA', 'Caddo Parish'],
    ['Richmond (city)', 'VA', 'City of Richmond'],
    ['Colonial Heights (city', 'VA', 'City of Colonial Heights'],
    ['Nome (CA)', 'AK', 'Nome Census Area'],
    ['Denali', 'AK', 'Denali'],
    ['Capitol Region', 'CT', 'Capitol Region'],
    ['District of Columbia', 'DC', 'District of Columbia'],
    ['City and County of San Francisco', 'CA', 'City and County of San Francisco'],
    ['Oglala Lakota County', 'SD', 'Oglala Lakota County'],
    ['  ', 'IL', ''],
  ])('%j in %s -> %j', (name, state, display) => {
    expect(countyDisplayName(name, state)).toBe(display);
  });
});

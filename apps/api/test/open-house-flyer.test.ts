import { OPEN_HOUSE_PAGE_TEXTS as P } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import {
  type FlyerContent,
  qrModules,
  renderFlyer,
} from '../src/features/listing-tools/open-houses/flyer.ts';
import { readFlyer } from './helpers/flyer-pdf.ts';
import { jpeg } from './helpers/photo-fixtures.ts';

const URL_ = 'https://lantern.example/listings/12-elm-st-springfield-il-62701-Ab3dE5fG7hJ9kL1mN2pQ';

const content = (over: Partial<FlyerContent> = {}): FlyerContent => ({
  siteName: 'Lantern',
  kind: 'fsbo',
  status: 'active',
  address: '12 Elm St',
  place: 'Springfield, IL 62701',
  price: 289_000,
  facts: [
    { label: 'Bedrooms', value: '3' },
    { label: 'Bathrooms', value: '2' },
    { label: 'Living area', value: '1,540 sq ft' },
    { label: 'Type', value: 'Single-family home' },
  ],
  remarks: 'Bright home on a quiet street, close to the park.',
  photo: null,
  openHouses: [{ label: 'Saturday, December 5, 1:00 – 3:00 PM CST', note: 'Park on Elm St.' }],
  url: URL_,
  licenses: [],
  contact: { name: 'Robin Seller', phone: '(555) 301-2200', email: null },
  ...over,
});

describe('the open house flyer', () => {
  it('is one US Letter page with the photo, price, facts, times, and a QR code of the URL', async () => {
    const photo = new Uint8Array(await jpeg(1600, 1200));
    const flyer = await readFlyer(await renderFlyer(content({ photo })));
    expect(flyer.pages).toHaveLength(1);
    expect([flyer.width, flyer.height]).toEqual([612, 792]);
    expect(flyer.images).toBe(1);
    expect(flyer.title).toBe('12 Elm St, Springfield, IL 62701');
    const words = flyer.texts.join('\n');
    for (const expected of [
      P.flyerOpenHouse,
      '12 Elm St',
      'Springfield, IL 62701',
      '$289,000',
      '1,540 sq ft',
      'Single-family home',
      P.flyerTimes,
      'Saturday, December 5, 1:00 – 3:00 PM CST',
      'Park on Elm St.',
      'Contact the seller: Robin Seller',
      '(555) 301-2200',
      P.fsboNote('Lantern'),
    ]) {
      expect(words).toContain(expected);
    }
    // The address is written beside the code (wrapped where it is long) and the code reads it.
    expect(flyer.texts.join('')).toContain(URL_);
    expect(flyer.qr).toBe(URL_);
  });

  it('gives a listing without a photo its description instead, and an MLS listing its broker line', async () => {
    const flyer = await readFlyer(
      await renderFlyer(
        content({
          kind: 'mls',
          status: 'pending',
          openHouses: [],
          contact: null,
          licenses: ['IL 471.0001234'],
        }),
      ),
    );
    expect(flyer.pages).toHaveLength(1);
    expect(flyer.images).toBe(0);
    const words = flyer.texts.join('\n');
    expect(words).toContain(P.flyerUnderContract);
    expect(words).toContain('Bright home on a quiet street, close to the park.');
    expect(words).toContain('Listed by Lantern, license IL 471.0001234');
    expect(words).toContain(P.equalHousing);
    expect(words).not.toContain(P.flyerTimes);
    expect(words).not.toContain('does not represent');
    expect(flyer.qr).toBe(URL_);
  });

  it('keeps ten open houses with long notes and a photo on one page, saying how many it left out', async () => {
    const photo = new Uint8Array(await jpeg(1280, 960));
    const note = 'Park on Elm St. and use the side gate; shoes off inside, please. '.repeat(3);
    const many = Array.from({ length: 10 }, (_, i) => ({
      label: `Saturday, December ${i + 5}, 1:00 – 3:00 PM CST`,
      note,
    }));
    const flyer = await readFlyer(await renderFlyer(content({ photo, openHouses: many })));
    expect(flyer.pages).toHaveLength(1);
    expect(flyer.images).toBe(1);
    const shown = flyer.texts.filter((t) => t.startsWith('Saturday, December ')).length;
    expect(shown).toBeGreaterThan(0);
    if (shown < 10) expect(flyer.texts).toContain(P.flyerMore(10 - shown));
    expect(flyer.qr).toBe(URL_);
  });

  it('draws what its font lacks as "?" without failing (decision 061)', async () => {
    const flyer = await readFlyer(
      await renderFlyer(content({ address: '12 Calle Ñandú 北', place: 'Zürich, IL 62701' })),
    );
    expect(flyer.texts.join('\n')).toContain('12 Calle Ñandú ?');
  });

  it('encodes the URL in a square module matrix', () => {
    const modules = qrModules(URL_);
    expect(modules.length).toBeGreaterThanOrEqual(21);
    expect(modules.every((row) => row.length === modules.length)).toBe(true);
  });
});

import {
  ADD_PROPERTY_MESSAGES,
  MESSAGES,
  type TAddPropertyRequest,
  type TRealtimeEvent,
} from '@lantern/contracts';
import { properties, propertyParticipants } from '@lantern/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';

let t: TestApp;
let alice: SignedIn;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUpUser(t.app, 'adder');
});
afterAll(() => t.close());

const ADDRESS = {
  apn: '',
  streetAddress: '1600 Main St',
  unit: '',
  city: 'Springfield',
  county: 'Sangamon County',
  state: 'IL',
  zipCode: '62701',
};

function body(overrides: Partial<TAddPropertyRequest> = {}, address: object = {}) {
  return {
    propertyLocation: 'address',
    transactionRole: 'seller',
    ...overrides,
    propertyAddress: { ...ADDRESS, ...address, ...(overrides.propertyAddress ?? {}) },
  };
}

const add = (payload: unknown, cookie: string | undefined = alice.cookie, headers = BROWSER) =>
  t.app.inject({
    method: 'POST',
    url: '/user/add-property',
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
    payload: payload as object,
  });

async function stored(hash: string) {
  const [row] = await t.app.db.select().from(properties).where(eq(properties.hash, hash));
  return row;
}

describe('POST /user/add-property', () => {
  it('answers 401 without a session, before looking at the body', async () => {
    const res = await add({ nonsense: true }, '');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MESSAGES.unauthenticated });
  });

  it('refuses a request that did not come from our pages (CSRF)', async () => {
    const res = await add(body(), alice.cookie, {
      origin: 'https://evil.example',
      'x-requested-with': 'XMLHttpRequest',
    });
    expect(res.statusCode).toBe(403);
  });

  it('creates the property and the participant row, updates /api/user and announces it', async () => {
    const user = await signUpUser(t.app, 'creator');
    const events: Array<{ channel: string; event: TRealtimeEvent }> = [];
    const off = t.app.bus.subscribe('realtime.event', (p) => events.push(p as (typeof events)[0]));
    const before = await t.app.inject({ url: '/api/user', headers: { cookie: user.cookie } });
    expect(before.json().properties_relation_count).toBe(0);

    const placeJson = JSON.stringify({
      address_components: [{ long_name: '62701', short_name: '62701', types: ['postal_code'] }],
      version: '1.0',
    });
    const res = await add(
      body(
        {},
        {
          unit: 'Apt 2',
          placeData: {
            confirmedJson: true,
            lat: 39.8,
            lng: -89.65,
            json: placeJson,
            viewport: null,
          },
        },
      ),
      user.cookie,
    );
    expect(res.statusCode).toBe(200);
    const { property } = res.json();
    expect(property).toEqual({
      hash: expect.stringMatching(/^[0-9A-Za-z]{20}$/),
      streetAddress: '1600 Main St Apt 2',
      role: 'seller',
      badgeColor: '#1d4ed8',
      visible: true,
    });

    const row = await stored(property.hash);
    expect(row).toMatchObject({
      locationType: 'address',
      apn: null,
      street: '1600 Main St',
      unit: 'Apt 2',
      city: 'Springfield',
      county: 'Sangamon County',
      state: 'IL',
      zip: '62701',
      // The server places it itself (issue 36): the offline geocoder knows the ZIP's centroid,
      // and the posted position, not a pin, is only a hint.
      lat: expect.closeTo(39.8, 0),
      lng: expect.closeTo(-89.65, 0),
      positionPrecision: 'zip',
      addressJson: {
        version: '1.0',
        address_components: expect.arrayContaining([
          { long_name: '1600', short_name: '1600', types: ['street_number'] },
          { long_name: 'Main St', short_name: 'Main St', types: ['route'] },
          {
            long_name: 'Sangamon County',
            short_name: 'Sangamon County',
            types: ['administrative_area_level_2', 'political'],
          },
        ]),
      },
    });
    const participants = await t.app.db
      .select()
      .from(propertyParticipants)
      .where(eq(propertyParticipants.propertyId, row?.id ?? -1));
    expect(participants).toMatchObject([
      { userId: user.userId, role: 'seller', visible: true, canEdit: true },
    ]);

    const after = await t.app.inject({ url: '/api/user', headers: { cookie: user.cookie } });
    expect(after.json().properties_relation_count).toBe(1);

    await expect.poll(() => events.length).toBe(1);
    expect(events[0]).toEqual({
      channel: `user.${user.hash}`,
      event: {
        event: 'PropertyUserCreated',
        data: { hash: property.hash, street_address_unit: '1600 Main St Apt 2', role: 'seller' },
      },
    });
    off();
  });

  it('keeps a created property when announcing it fails', async () => {
    const realtime = t.app.realtime;
    const original = realtime.publishToUser;
    realtime.publishToUser = async () => {
      throw new Error('bus down');
    };
    try {
      const res = await add(body({}, { streetAddress: '8 Quiet Ct' }));
      expect(res.statusCode).toBe(200);
      expect(await stored(res.json().property.hash)).toBeDefined();
    } finally {
      realtime.publishToUser = original;
    }
  });

  it('creates a parcel with its APN and the map pin', async () => {
    const res = await add(
      body(
        { propertyLocation: 'parcel', transactionRole: 'buyer' },
        {
          apn: '123-456-789',
          streetAddress: 'County Road 12',
          placeData: {
            confirmedJson: true,
            lat: 40.1,
            lng: -89.2,
            json: '',
            viewport: null,
            pin: true,
          },
        },
      ),
    );
    expect(res.statusCode).toBe(200);
    const row = await stored(res.json().property.hash);
    expect(row).toMatchObject({
      locationType: 'parcel',
      apn: '123-456-789',
      street: 'County Road 12',
      county: 'Sangamon County',
      lat: 40.1,
      lng: -89.2,
      positionPrecision: 'pin',
      addressJson: { version: '1.0' },
    });
  });

  it("answers 422 with the userAddProperty bag and the spec's messages on the fields", async () => {
    const res = await add({
      propertyLocation: 'parcel',
      transactionRole: '',
      propertyAddress: { streetAddress: ' ', city: '', state: '', zipCode: '', apn: '' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: MESSAGES.validationFailed,
      errorBag: 'userAddProperty',
      errors: {
        transactionRole: ['Please select your role.'],
        'propertyAddress.apn': ['Parcel is required'],
        'propertyAddress.streetAddress': ['Nearest Street Name is required'],
        'propertyAddress.city': ['City is required'],
        'propertyAddress.state': ['State is required'],
        'propertyAddress.zipCode': ['Zip Code is required'],
      },
    });
  });

  describe('hostile input', () => {
    it('stores HTML as plain text', async () => {
      const res = await add(
        body(
          {},
          {
            streetAddress: '<script>alert(1)</script>77 <b>Elm</b> St',
            unit: '<img src=x onerror=alert(1)>Unit 5',
            city: 'Springfield<iframe src="//evil"></iframe>',
            county: '<a href="javascript:x">Sangamon</a>',
          },
        ),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().property.streetAddress).toBe('77 Elm St Unit 5');
      const row = await stored(res.json().property.hash);
      expect(row).toMatchObject({
        street: '77 Elm St',
        unit: 'Unit 5',
        city: 'Springfield',
        // The posted county is a hint; the server's own placement decides it.
        county: 'Sangamon County',
      });
    });

    it('refuses an address that is only markup as blank', async () => {
      const res = await add(body({}, { streetAddress: '<p></p><br/>' }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        'propertyAddress.streetAddress': ['Street Address is required'],
      });
    });

    it('refuses 10 KB strings in every field with a length message', async () => {
      const big = 'A'.repeat(10_240);
      const res = await add(
        body(
          {},
          {
            apn: big,
            streetAddress: big,
            unit: big,
            city: big,
            county: big,
            state: big,
            zipCode: big,
          },
        ),
      );
      expect(res.statusCode).toBe(422);
      const { errors, errorBag } = res.json();
      expect(errorBag).toBe('userAddProperty');
      expect(errors).toEqual({
        'propertyAddress.apn': ['Use no more than 64 characters.'],
        'propertyAddress.streetAddress': ['Use no more than 200 characters.'],
        'propertyAddress.unit': ['Use no more than 50 characters.'],
        'propertyAddress.city': ['Use no more than 100 characters.'],
        'propertyAddress.county': ['Use no more than 100 characters.'],
        'propertyAddress.state': [ADD_PROPERTY_MESSAGES.state],
        'propertyAddress.zipCode': [ADD_PROPERTY_MESSAGES.zipCode],
      });
    });

    it.each([
      ['a number for a field', body({}, { city: 12345 })],
      ['an array for the address', { ...body(), propertyAddress: [ADDRESS] }],
      ['a string for the address', { ...body(), propertyAddress: '1600 Main St' }],
      ['an object for the role', body({ transactionRole: { $ne: '' } as never })],
      ['a number for the location', body({ propertyLocation: 1 as never })],
      ['null for the place data', body({}, { placeData: { lat: 'north' } })],
      ['a latitude off the globe', body({}, { placeData: { lat: 1000, lng: 0, json: '' } })],
    ])('answers 422 to wrong types: %s', async (_name, payload) => {
      const res = await add(payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().errorBag).toBe('userAddProperty');
      expect(JSON.stringify(res.json())).not.toMatch(/"stack"|\.ts:\d|insert into|select .* from/i);
    });

    it('answers 422 to a role a customer cannot pick, and to an unknown role', async () => {
      for (const role of ['sellerAgent', 'admin', 'SELLER']) {
        const res = await add(body({ transactionRole: role as never }));
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({ transactionRole: ['Please select your role.'] });
      }
    });

    it('answers 422 to an unknown propertyLocation', async () => {
      const res = await add(body({ propertyLocation: 'moon' as never }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ propertyLocation: [ADD_PROPERTY_MESSAGES.location] });
    });

    it('answers 422 to a non-US state, a territory and a malformed ZIP', async () => {
      const res = await add(body({}, { state: 'ON', zipCode: 'K1A 0B1' }));
      expect(res.json().errors).toEqual({
        'propertyAddress.state': [ADD_PROPERTY_MESSAGES.state],
        'propertyAddress.zipCode': [ADD_PROPERTY_MESSAGES.zipCode],
      });
      const pr = await add(body({}, { state: 'PR', zipCode: '00901' }));
      expect(pr.json().errors).toEqual({ 'propertyAddress.state': [ADD_PROPERTY_MESSAGES.state] });
    });

    it('drops NUL and control characters instead of failing in the database', async () => {
      const res = await add(
        body({}, { streetAddress: '9\u0000 Oak\u0007 Ave', city: 'Spring\u0000field' }),
      );
      expect(res.statusCode).toBe(200);
      expect(await stored(res.json().property.hash)).toMatchObject({
        street: '9 Oak Ave',
        city: 'Spring field',
      });
    });

    it('ignores place JSON that is not the documented shape, and unknown keys', async () => {
      const json = JSON.stringify({ address_components: [{ long_name: '\u0000' }], version: '9' });
      const res = await add({
        ...body(
          {},
          {
            streetAddress: '3 Birch Ln',
            placeData: { confirmedJson: true, lat: null, lng: null, json },
          },
        ),
        isAdmin: true,
        propertyAddress: {
          ...ADDRESS,
          streetAddress: '3 Birch Ln',
          placeData: { json },
          hash: 'x',
        },
      });
      expect(res.statusCode).toBe(200);
      // The posted JSON is ignored; address_json is the server's own.
      expect(await stored(res.json().property.hash)).toMatchObject({
        addressJson: { version: '1.0', address_components: expect.any(Array) },
        positionPrecision: 'zip',
      });
    });

    it('answers 400 to malformed JSON and 413 to a body over 1 MB', async () => {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/user/add-property',
        headers: { ...BROWSER, cookie: alice.cookie, 'content-type': 'application/json' },
        payload: '{"propertyLocation": ',
      });
      expect(bad.statusCode).toBe(400);
      const huge = await add(body({}, { city: 'x'.repeat(1_100_000) }));
      expect(huge.statusCode).toBe(413);
    });
  });

  describe('duplicates', () => {
    it('refuses an address the user already has, however it is written', async () => {
      const user = await signUpUser(t.app, 'dup');
      expect(
        (await add(body({}, { streetAddress: '12 north oak avenue' }), user.cookie)).statusCode,
      ).toBe(200);
      const again = await add(
        body(
          { transactionRole: 'buyer' },
          { streetAddress: '12 N Oak Ave', city: ' SPRINGFIELD ', zipCode: '62701-0001' },
        ),
        user.cookie,
      );
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual({
        message: MESSAGES.validationFailed,
        errorBag: 'userAddProperty',
        errors: { 'propertyAddress.streetAddress': [ADD_PROPERTY_MESSAGES.duplicateAddress] },
      });
      // Another unit in the same building is another property.
      expect(
        (await add(body({}, { streetAddress: '12 N Oak Ave', unit: 'Apt 3' }), user.cookie))
          .statusCode,
      ).toBe(200);
      expect(
        (await add(body({}, { streetAddress: '12 N Oak Ave Apt 3' }), user.cookie)).statusCode,
      ).toBe(422);
      // Another user may add the same address.
      expect(
        (await add(body({}, { streetAddress: '12 N Oak Ave' }), alice.cookie)).statusCode,
      ).toBe(200);
    });

    it('refuses a parcel with the same APN in the same state', async () => {
      const user = await signUpUser(t.app, 'dupparcel');
      const parcel = (apn: string, state = 'IL') =>
        body({ propertyLocation: 'parcel' }, { apn, state, streetAddress: 'Route 4' });
      expect((await add(parcel('11-22-333'), user.cookie)).statusCode).toBe(200);
      const again = await add(parcel('11 22 333'), user.cookie);
      expect(again.statusCode).toBe(422);
      expect(again.json().errors).toEqual({
        'propertyAddress.apn': [ADD_PROPERTY_MESSAGES.duplicateParcel],
      });
      expect((await add(parcel('11-22-333', 'IN'), user.cookie)).statusCode).toBe(200);
    });

    it('lets only one of two simultaneous submits through', async () => {
      const user = await signUpUser(t.app, 'race');
      const payload = body({}, { streetAddress: '500 Race St' });
      const results = await Promise.all([
        add(payload, user.cookie),
        add(payload, user.cookie),
        add(payload, user.cookie),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
    });
  });
});

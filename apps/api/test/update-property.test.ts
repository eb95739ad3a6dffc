import {
  ADD_PROPERTY_MESSAGES,
  MESSAGES,
  UPDATE_PROPERTY_ERROR_BAG,
  UPDATE_PROPERTY_MESSAGES,
} from '@lantern/contracts';
import { properties, propertyParticipants } from '@lantern/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, listenLocally, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { openSocket } from './helpers/ws-client.ts';

let t: TestApp;
let base: string;
let alice: SignedIn;
let bob: SignedIn;
beforeAll(async () => {
  t = await buildTestApp();
  base = await listenLocally(t);
  alice = await signUpUser(t.app, 'updater');
  bob = await signUpUser(t.app, 'watcher');
});
afterAll(() => t.close());

const ADDRESS = {
  apn: '',
  streetAddress: '42 Elm St',
  unit: 'Apt 2',
  city: 'Springfield',
  county: 'Sangamon County',
  state: 'IL',
  zipCode: '62704',
};

const update = (property: string, address: object = {}, cookie = alice.cookie, extra = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/dashboard/update-property',
    headers: { ...BROWSER, cookie },
    payload: {
      property,
      propertyLocation: 'address',
      propertyAddress: { ...ADDRESS, ...address },
      ...extra,
    },
  });
const load = (property: string, cookie = alice.cookie) =>
  t.app.inject({
    method: 'GET',
    url: `/api/dashboard/property?property=${property}`,
    headers: { cookie },
  });

describe('GET /api/dashboard/property', () => {
  it('answers the property as stored, with can_edit', async () => {
    const p = await addProperty(t.app, alice.userId, 'seller', { street: '1 Load St' });
    const res = await load(p.hash);
    expect(res.statusCode).toBe(200);
    expect(res.json().property).toMatchObject({
      hash: p.hash,
      propertyLocation: 'address',
      role: 'seller',
      street: '1 Load St',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      can_edit: true,
    });
    expect((await load(p.hash, bob.cookie)).statusCode).toBe(404);
    expect((await load('AAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
  });
});

describe('POST /api/dashboard/update-property', () => {
  it('saves the address and announces the new name on the property channel', async () => {
    const p = await addProperty(t.app, alice.userId, 'seller', { street: '2 Old Rd' });
    await t.app.db
      .insert(propertyParticipants)
      .values({ propertyId: p.id, userId: bob.userId, role: 'sellerAgent', canEdit: false });
    const ws = await openSocket(base, { cookie: bob.cookie });
    await ws.subscribe(`property.${p.hash}`);

    const res = await update(p.hash, {
      streetAddress: '42 Elm St',
      unit: 'Apt 2',
      placeData: {
        confirmedJson: true,
        lat: 39.78,
        lng: -89.65,
        json: JSON.stringify({
          address_components: [{ long_name: 'Elm St', short_name: 'Elm St', types: ['route'] }],
          version: '1.0',
        }),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().property).toMatchObject({
      street: '42 Elm St',
      unit: 'Apt 2',
      zipCode: '62704',
      county: 'Sangamon County',
      lat: expect.any(Number),
      positionPrecision: 'zip',
      address_json: { version: '1.0' },
    });
    expect(await ws.next((m) => m.type === 'event')).toEqual({
      type: 'event',
      channel: `property.${p.hash}`,
      event: 'PropertyUpdated',
      data: { hash: p.hash, street_address_unit: '42 Elm St Apt 2' },
    });
    ws.close();
    const menu = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/user-properties',
      headers: { cookie: bob.cookie },
    });
    expect(menu.json().properties).toEqual([
      expect.objectContaining({ hash: p.hash, streetAddress: '42 Elm St Apt 2' }),
    ]);
  });

  it('refuses a participant without can_edit (403) and leaves the address alone', async () => {
    const p = await addProperty(t.app, alice.userId, 'seller', { street: '3 Fixed Ave' });
    await t.app.db
      .update(propertyParticipants)
      .set({ canEdit: false })
      .where(eq(propertyParticipants.propertyId, p.id));
    expect((await load(p.hash)).json().property.can_edit).toBe(false);
    const res = await update(p.hash, { streetAddress: '99 Changed St' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: UPDATE_PROPERTY_MESSAGES.readOnly });
    const [row] = await t.app.db.select().from(properties).where(eq(properties.id, p.id));
    expect(row?.street).toBe('3 Fixed Ave');
  });

  it("answers 404 for another user's property, whether or not it exists", async () => {
    const p = await addProperty(t.app, bob.userId, 'seller', { street: '4 Bobs Way' });
    const theirs = await update(p.hash);
    const madeUp = await update('AAAAAAAAAAAAAAAAAAAA');
    expect(theirs.statusCode).toBe(404);
    expect(madeUp.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: MESSAGES.notFound });
  });

  it('validates like add-property: required fields, state, ZIP, lengths, plain text', async () => {
    const p = await addProperty(t.app, alice.userId, 'seller', { street: '5 Check St' });
    const blank = await update(p.hash, { streetAddress: ' ', city: '', zipCode: '' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toMatchObject({
      errorBag: UPDATE_PROPERTY_ERROR_BAG,
      errors: {
        'propertyAddress.streetAddress': ['Street Address is required'],
        'propertyAddress.city': ['City is required'],
        'propertyAddress.zipCode': ['Zip Code is required'],
      },
    });
    const shapes = await update(p.hash, {
      state: 'Narnia',
      zipCode: '1234',
      city: 'x'.repeat(101),
    });
    expect(shapes.statusCode).toBe(422);
    expect(shapes.json().errors).toMatchObject({
      'propertyAddress.state': [ADD_PROPERTY_MESSAGES.state],
      'propertyAddress.zipCode': [ADD_PROPERTY_MESSAGES.zipCode],
      'propertyAddress.city': [ADD_PROPERTY_MESSAGES.tooLong(100)],
    });
    const parcel = await update(p.hash, {}, alice.cookie, { propertyLocation: 'parcel' });
    expect(parcel.json().errors).toEqual({ 'propertyAddress.apn': ['Parcel is required'] });

    const markup = await update(p.hash, {
      streetAddress: '<img src=x onerror=alert(1)>5 Check St',
      unit: '',
    });
    expect(markup.statusCode).toBe(200);
    expect(markup.json().property.street).toBe('5 Check St');
  });

  it("refuses an address that is already one of the user's other properties", async () => {
    await addProperty(t.app, alice.userId, 'seller', { street: '6 Twin St' });
    const p = await addProperty(t.app, alice.userId, 'seller', { street: '7 Twin St' });
    const res = await update(p.hash, {
      streetAddress: '6 twin street',
      unit: '',
      zipCode: '62701',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'propertyAddress.streetAddress': [ADD_PROPERTY_MESSAGES.duplicateAddress],
    });
    // Saving a property's own address again is not a duplicate of itself.
    const same = await update(p.hash, { streetAddress: '7 Twin St', unit: '', zipCode: '62701' });
    expect(same.statusCode).toBe(200);
  });

  it('needs a session before anything else, and our pages as the origin', async () => {
    const p = await addProperty(t.app, alice.userId, 'seller', { street: '8 Guard St' });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/update-property',
      headers: BROWSER,
      payload: { junk: true },
    });
    expect(anonymous.statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/update-property',
      headers: { cookie: alice.cookie, origin: 'https://evil.example' },
      payload: { property: p.hash, propertyLocation: 'address', propertyAddress: ADDRESS },
    });
    expect(forged.statusCode).toBe(403);
  });
});

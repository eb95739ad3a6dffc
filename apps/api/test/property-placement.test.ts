import { randomBytes } from 'node:crypto';
import { POSITION_PRECISIONS } from '@lantern/address';
import {
  auditLog,
  createDatabase,
  type Database,
  migrate,
  positionPrecision,
  properties,
  propertyParticipants,
} from '@lantern/db';
import { ADMIN_API } from '@lantern/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { PLACE_PROPERTIES_JOB } from '../src/features/properties/property-placement.plugin.ts';
import { BROWSER, buildTestApp, type TestApp, testConfig } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { migrateUpTo } from './helpers/migrate-up-to.ts';
import { giveStaffRole } from './helpers/staff.ts';

/**
 * Issue 36: the server places every address itself. Before it, an address typed exactly as the
 * geocoder knows it was stored as posted: no county, no position, lower case kept.
 */
let t: TestApp;
let alice: SignedIn;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUpUser(t.app, 'placer');
});
afterAll(() => t.close());

/** What the add-property form's exact-match path posted before the fix. */
const TYPED = {
  apn: '',
  streetAddress: '4501 avenue g',
  unit: '',
  city: 'austin',
  county: '',
  state: 'TX',
  zipCode: '78751',
  placeData: { confirmedJson: false, lat: null, lng: null, json: '', viewport: null },
};

const add = (address: object, location = 'address') =>
  t.app.inject({
    method: 'POST',
    url: '/user/add-property',
    headers: { ...BROWSER, cookie: alice.cookie },
    payload: {
      propertyLocation: location,
      transactionRole: 'seller',
      propertyAddress: { ...TYPED, ...address },
    },
  });

const stored = async (hash: string) =>
  (await t.app.db.select().from(properties).where(eq(properties.hash, hash)))[0];

describe('POST /user/add-property places the address on the server', () => {
  it('stores county, position, precision, address_json and standard casing for an exact match', async () => {
    const res = await add({});
    expect(res.statusCode).toBe(200);
    expect(res.json().property.streetAddress).toBe('4501 Avenue G');
    expect(await stored(res.json().property.hash)).toMatchObject({
      street: '4501 Avenue G',
      city: 'Austin',
      county: 'Travis County',
      state: 'TX',
      zip: '78751',
      lat: expect.closeTo(30.31, 1),
      lng: expect.closeTo(-97.72, 1),
      positionPrecision: 'zip',
      addressJson: {
        version: '1.0',
        address_components: expect.arrayContaining([
          expect.objectContaining({ long_name: 'Travis County' }),
          expect.objectContaining({ long_name: 'Avenue G', types: ['route'] }),
        ]),
      },
    });
  });

  it('takes neither county nor position from the browser on trust', async () => {
    const res = await add({
      streetAddress: '4502 Avenue G',
      county: 'Harris County',
      placeData: { confirmedJson: true, lat: 40.7, lng: -74, json: '', viewport: null },
    });
    const row = await stored(res.json().property.hash);
    expect(row).toMatchObject({ county: 'Travis County', positionPrecision: 'zip' });
    expect(row?.lat).toBeCloseTo(30.31, 1);
  });

  it("keeps the customer's map pin near the address, and refuses one in another state", async () => {
    const pin = { confirmedJson: true, json: '', viewport: null, pin: true };
    const near = await add({
      streetAddress: '4503 Avenue G',
      placeData: { ...pin, lat: 30.3101, lng: -97.7301 },
    });
    expect(await stored(near.json().property.hash)).toMatchObject({
      lat: 30.3101,
      lng: -97.7301,
      positionPrecision: 'pin',
    });
    const far = await add({
      streetAddress: '4504 Avenue G',
      placeData: { ...pin, lat: 40.7, lng: -74 },
    });
    expect(await stored(far.json().property.hash)).toMatchObject({ positionPrecision: 'zip' });
  });

  it('places a parcel by its ZIP, with the pin', async () => {
    const res = await add(
      {
        apn: '0212-34',
        streetAddress: 'Ranch Road 12',
        placeData: {
          confirmedJson: true,
          lat: 30.33,
          lng: -97.7,
          json: '',
          viewport: null,
          pin: true,
        },
      },
      'parcel',
    );
    expect(res.statusCode).toBe(200);
    expect(await stored(res.json().property.hash)).toMatchObject({
      county: 'Travis County',
      lat: 30.33,
      positionPrecision: 'pin',
    });
  });
});

describe('POST /api/dashboard/update-property places the address on the server', () => {
  it('fills in the county of a property saved without one, and keeps an unchanged pin', async () => {
    const [row] = await t.app.db
      .insert(properties)
      .values({
        hash: 'placementUpdate00001',
        locationType: 'address',
        street: '4510 Avenue G',
        city: 'Austin',
        state: 'TX',
        zip: '78751',
        lat: 30.311,
        lng: -97.731,
        positionPrecision: 'pin',
      })
      .returning();
    await t.app.db
      .insert(propertyParticipants)
      .values({ propertyId: row?.id ?? 0, userId: alice.userId, role: 'seller' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/update-property',
      headers: { ...BROWSER, cookie: alice.cookie },
      payload: {
        property: 'placementUpdate00001',
        propertyLocation: 'address',
        propertyAddress: {
          ...TYPED,
          streetAddress: '4510 Avenue G',
          city: 'Austin',
          placeData: { confirmedJson: true, lat: 30.311, lng: -97.731, json: '', viewport: null },
        },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().property).toMatchObject({
      county: 'Travis County',
      lat: 30.311,
      lng: -97.731,
      positionPrecision: 'pin',
    });
  });
});

describe('the placement job repairs a database as the last release left it', () => {
  const url = process.env.DATABASE_URL;
  const schemaName = url ? `t_${randomBytes(6).toString('hex')}` : undefined;
  let database: Database;
  let app: FastifyInstance;

  /** Rows as the release before issue 36 stored them: only what the customer typed. */
  beforeAll(async () => {
    database = await createDatabase({ url, schemaName, poolMax: 4 });
    await migrateUpTo(database, '0041_webhooks', schemaName);
    await database.db.execute(sql`insert into properties
      (hash, location_type, street, city, county, state, zip, lat, lng) values
      ('placementRepair00001', 'address', '12 elm st', 'austin', null, 'TX', '78751', null, null),
      ('placementRepair00002', 'address', '12 elm st', 'austin', null, 'TX', '78751', 30.3093, -97.7242),
      ('placementRepair00003', 'address', '14 elm st', 'austin', 'Travis County', 'TX', '78751', 30.3001, -97.7001),
      ('placementRepair00004', 'address', '1 Lost Rd', 'Nowhere', null, 'NV', '89999', null, null)`);
    await migrate(database, schemaName);
    app = await buildApp({ config: testConfig({ jobsWorker: false }), database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    if (database?.pool && schemaName)
      await database.pool.query(`DROP SCHEMA "${schemaName}" CASCADE`);
    await database?.close();
  });

  const row = async (hash: string) =>
    (await app.db.select().from(properties).where(eq(properties.hash, hash)))[0];
  const placedAudits = (hash: string) =>
    app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'property.placed'), eq(auditLog.recordId, hash)));

  it('fills county, position and address_json, never what was typed, with an audit row each', async () => {
    await app.jobs.runNow(PLACE_PROPERTIES_JOB, {});

    expect(await row('placementRepair00001')).toMatchObject({
      street: '12 elm st',
      city: 'austin',
      county: 'Travis County',
      lat: expect.closeTo(30.31, 1),
      positionPrecision: 'zip',
      addressJson: { version: '1.0' },
    });
    expect(await row('placementRepair00002')).toMatchObject({
      lat: 30.3093,
      county: 'Travis County',
      positionPrecision: 'zip',
    });
    // A position of unknown origin away from the centroid is kept, counted as street level.
    expect(await row('placementRepair00003')).toMatchObject({
      lat: 30.3001,
      positionPrecision: 'street',
    });
    expect(await row('placementRepair00004')).toMatchObject({ county: null, lat: null });

    const audits = await placedAudits('placementRepair00001');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorKind: 'system', before: { county: null } });

    // A second run has nothing more to do for what it placed.
    await app.jobs.runNow(PLACE_PROPERTIES_JOB, {});
    expect(await placedAudits('placementRepair00001')).toHaveLength(1);
  });

  it('lists what it could not place for staff', async () => {
    const staff = await signUpUser(app, 'placement-staff');
    await giveStaffRole(app, staff.userId, 'owner');
    const list = await app.inject({
      url: `${ADMIN_API.properties}?placement=unplaced&limit=100`,
      headers: { cookie: staff.cookie },
    });
    expect(list.statusCode).toBe(200);
    const listed = list.json().rows.map((r: { hash: string }) => r.hash);
    expect(listed).toEqual(['placementRepair00004']);
    expect(list.json().rows[0]).toMatchObject({ county: null, placed: false });
  });
});

it('keeps the database enum and the shared precision list the same', () => {
  expect(positionPrecision.enumValues).toEqual([...POSITION_PRECISIONS]);
});

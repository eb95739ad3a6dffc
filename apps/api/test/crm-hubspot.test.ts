import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/env.ts';
import { DEFAULT_DEAL_STAGES } from '../src/features/crm/config.ts';
import {
  CrmError,
  createHubSpotClient,
  DEAL_TO_CONTACT,
  retryAfterMs,
} from '../src/features/crm/hubspot.ts';
import { type HubSpotFixture, startHubSpotFixture } from './helpers/hubspot-fixture.ts';

/**
 * The HubSpot adapter (issue 20; docs/decisions/027-crm-sync.md) against a local server answering
 * with HubSpot's documented responses (test/fixtures/hubspot).
 */
let hs: HubSpotFixture;
beforeAll(async () => {
  hs = await startHubSpotFixture();
});
afterAll(() => hs.close());

const client = (token = hs.token, baseUrl = hs.url) =>
  createHubSpotClient({ token, baseUrl, timeoutMs: 5000 });
const last = () => hs.requests.at(-1);
const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (err: unknown) => err as CrmError,
  );

describe('HubSpot adapter', () => {
  it('upserts a contact by email with the bearer token, and answers its id', async () => {
    const made = await client().upsertContactByEmail('ann.lee@example.com', {
      firstname: 'Ann',
      lastname: 'Lee',
      phone: '+12025550123',
    });
    expect(last()).toEqual({
      method: 'POST',
      path: '/crm/v3/objects/contacts/batch/upsert',
      authorization: `Bearer ${hs.token}`,
      body: {
        inputs: [
          {
            idProperty: 'email',
            id: 'ann.lee@example.com',
            properties: {
              email: 'ann.lee@example.com',
              firstname: 'Ann',
              lastname: 'Lee',
              phone: '+12025550123',
            },
          },
        ],
      },
    });
    expect(made.id).toMatch(/^\d+$/);
    expect(made.properties).toMatchObject({ email: 'ann.lee@example.com', firstname: 'Ann' });
    // The same address again is the same contact, updated.
    const again = await client().upsertContactByEmail('ann.lee@example.com', {
      firstname: 'Annie',
    });
    expect(again.id).toBe(made.id);
    expect(hs.contacts.get(made.id)?.properties.firstname).toBe('Annie');
  });

  it('updates a contact by id, and answers null when HubSpot no longer has it (404)', async () => {
    const made = await client().upsertContactByEmail('bo@example.com', { firstname: 'Bo' });
    const updated = await client().updateContact(made.id, { lastname: 'Diddley' });
    expect(last()).toMatchObject({
      method: 'PATCH',
      path: `/crm/v3/objects/contacts/${made.id}`,
      body: { properties: { lastname: 'Diddley' } },
    });
    expect(updated?.id).toBe(made.id);
    expect(await client().updateContact('999999', { lastname: 'Gone' })).toBeNull();
  });

  it('creates a deal associated with its contact (type 3) and updates it by id', async () => {
    const contact = await client().upsertContactByEmail('deal.owner@example.com', {});
    const deal = await client().createDeal(
      { dealname: 'Photography — 1 Main St', pipeline: 'default', dealstage: 'contractsent' },
      contact.id,
    );
    expect(last()).toMatchObject({
      method: 'POST',
      path: '/crm/v3/objects/deals',
      body: {
        properties: { dealname: 'Photography — 1 Main St', dealstage: 'contractsent' },
        associations: [
          {
            to: { id: contact.id },
            types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: DEAL_TO_CONTACT }],
          },
        ],
      },
    });
    expect(hs.deals.get(deal.id)?.contactIds).toEqual([contact.id]);
    const won = await client().updateDeal(deal.id, { dealstage: 'closedwon' });
    expect(won?.properties.dealstage).toBe('closedwon');
    expect(await client().updateDeal('424242', { dealstage: 'closedwon' })).toBeNull();
  });

  it("raises HubSpot's 429 with its message and Retry-After, as worth retrying", async () => {
    hs.answerNext({ status: 429, file: 'error-rate-limit.json', headers: { 'retry-after': '7' } });
    const err = await failure(client().upsertContactByEmail('busy@example.com', {}));
    expect(err).toBeInstanceOf(CrmError);
    expect(err).toMatchObject({
      status: 429,
      retryAfterMs: 7000,
      permanent: false,
      detail: 'You have reached your secondly limit.',
      correlationId: 'c033cdaa-2c40-4a64-ae48-b4cec88dad24',
    });
    expect(err.message).toBe('HubSpot answered 429: You have reached your secondly limit.');
  });

  it("raises HubSpot's 400 validation error as permanent, with its words", async () => {
    hs.reject.add('ann.lee@example');
    const err = await failure(client().upsertContactByEmail('ann.lee@example', {}));
    expect(err).toMatchObject({ status: 400, permanent: true, category: 'VALIDATION_ERROR' });
    expect(err.detail).toContain('Email address ann.lee@example is invalid');
    expect(err.detail).toContain('INVALID_EMAIL');
    expect(err.retryAfterMs).toBeUndefined();
  });

  it('treats a refused token (401) as worth retrying, and never carries the token', async () => {
    const token = 'pat-na1-wrong-token-0123456789';
    const err = await failure(client(token).upsertContactByEmail('x@example.com', {}));
    expect(err).toMatchObject({
      status: 401,
      permanent: false,
      category: 'INVALID_AUTHENTICATION',
    });
    expect(JSON.stringify({ ...err, message: err.message, stack: err.stack })).not.toContain(token);
  });

  it('says when HubSpot cannot be reached, without a status', async () => {
    const closed = await startHubSpotFixture();
    const url = closed.url;
    await closed.close();
    const err = await failure(client(hs.token, url).upsertContactByEmail('x@example.com', {}));
    expect(err).toMatchObject({ status: null, permanent: false });
    expect(err.message).toMatch(/^HubSpot could not be reached/);
  });

  it('reads Retry-After in seconds or as a date', () => {
    const now = Date.parse('2024-05-01T12:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Wed, 01 May 2024 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });
});

describe('HubSpot settings', () => {
  const base = { NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/lantern-crm' };
  it('turns the CRM sync on only with HUBSPOT_TOKEN, on the default pipeline unless told', () => {
    expect(loadConfig(base).config.hubspot).toBeUndefined();
    expect(loadConfig({ ...base, HUBSPOT_TOKEN: 'pat-na1-abcdefghij' }).config.hubspot).toEqual({
      token: 'pat-na1-abcdefghij',
      baseUrl: 'https://api.hubapi.com',
      pipeline: 'default',
      stages: DEFAULT_DEAL_STAGES,
    });
  });

  it('takes stage ids per order status for a customised pipeline, and refuses unknown statuses', () => {
    const { config } = loadConfig({
      ...base,
      HUBSPOT_TOKEN: 'pat-na1-abcdefghij',
      HUBSPOT_API_BASE: 'http://127.0.0.1:9',
      HUBSPOT_DEAL_PIPELINE: '7654321',
      HUBSPOT_DEAL_STAGES: 'confirmed=111, cancelled=222',
    });
    expect(config.hubspot).toMatchObject({
      baseUrl: 'http://127.0.0.1:9',
      pipeline: '7654321',
      stages: { ...DEFAULT_DEAL_STAGES, confirmed: '111', cancelled: '222' },
    });
    expect(() =>
      loadConfig({ ...base, HUBSPOT_TOKEN: 'pat-na1-abcdefghij', HUBSPOT_DEAL_STAGES: 'won=1' }),
    ).toThrow(/HUBSPOT_DEAL_STAGES/);
  });
});

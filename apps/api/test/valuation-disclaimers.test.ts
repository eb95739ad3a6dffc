import {
  MESSAGES,
  VALUATION_DISCLAIMER_DEFAULT,
  VALUATION_DISCLAIMER_FIXED,
  VALUATION_DISCLAIMER_TEXTS,
} from '@lantern/contracts';
import { auditLog, staffRoles, valuationDisclaimers } from '@lantern/db';
import { ADMIN_API } from '@lantern/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';

/**
 * Admin → Valuation disclaimers (docs/decisions/062): every staff member reads each state's
 * disclaimer; "Set valuation disclaimers" sets or clears it, each change logged in its own
 * transaction; `app.valuationDisclaimers.forState` is what a report prints.
 */
let t: TestApp;
let owner: SignedIn;
let setter: SignedIn;
let support: SignedIn;
let customer: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUpUser(t.app, 'vd-owner');
  await giveStaffRole(t.app, owner.userId, 'owner');
  // A role holding this permission alone: nothing else is needed to set a disclaimer.
  await t.app.db.insert(staffRoles).values({
    key: 'disclaimers',
    name: 'Disclaimers',
    description: '',
    permissions: ['valuation.disclaimers'],
  });
  setter = await signUpUser(t.app, 'vd-setter');
  await giveStaffRole(t.app, setter.userId, 'disclaimers');
  support = await signUpUser(t.app, 'vd-support');
  await giveStaffRole(t.app, support.userId, 'support');
  customer = await signUpUser(t.app, 'vd-customer');
});
afterAll(() => t.close());

const put = (state: string, text: unknown, who: SignedIn) =>
  t.app.inject({
    method: 'PUT',
    url: ADMIN_API.valuationDisclaimer(state),
    headers: { ...BROWSER, cookie: who.cookie },
    payload: { text },
  });
const list = (who?: SignedIn) =>
  t.app.inject({
    method: 'GET',
    url: ADMIN_API.valuationDisclaimers,
    headers: who ? { cookie: who.cookie } : {},
  });
const entriesFor = (state: string) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.recordType, 'valuation_disclaimer'), eq(auditLog.recordId, state)))
    .orderBy(auditLog.id);
const stored = async (state: string) =>
  (
    await t.app.db.select().from(valuationDisclaimers).where(eq(valuationDisclaimers.state, state))
  )[0];

const OREGON =
  'This estimate is not an appraisal under Oregon law.\nAsk a licensed appraiser for one.';

describe('valuation disclaimers', () => {
  it('lists every state and DC by name with our default wording, to any staff member', async () => {
    const res = await list(support);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.fixed).toBe(VALUATION_DISCLAIMER_FIXED);
    expect(body.defaultText).toBe(VALUATION_DISCLAIMER_DEFAULT);
    expect(body.disclaimers).toHaveLength(51);
    expect(body.disclaimers[0]).toEqual({
      state: 'AL',
      stateName: 'Alabama',
      text: null,
      updatedAt: null,
      updatedBy: null,
    });
    expect(body.disclaimers.map((d: { state: string }) => d.state)).toContain('DC');
  });

  it('the fixed sentence is as required, and our default wording passes its own rules', () => {
    expect(VALUATION_DISCLAIMER_FIXED).toBe(
      'Automated estimate; not prepared by a licensed appraiser; not for lending decisions.',
    );
    expect(VALUATION_DISCLAIMER_DEFAULT).not.toMatch(/appraised|market value|broker price/i);
    expect(VALUATION_DISCLAIMER_DEFAULT.length).toBeLessThanOrEqual(2000);
  });

  it('is refused to visitors, customers and staff without "Set valuation disclaimers"', async () => {
    expect((await list()).statusCode).toBe(401);
    expect((await list(customer)).statusCode).toBe(403);
    for (const who of [customer, support]) {
      expect((await put('OR', OREGON, who)).statusCode).toBe(403);
    }
    expect(await stored('OR')).toBeUndefined();
    expect(await entriesFor('OR')).toEqual([]);
  });

  it('sets a state’s wording, in any case of its code, with one activity entry', async () => {
    const res = await put('or', `  ${OREGON.replace('\n', '\r\n')}  `, setter);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'OR',
      stateName: 'Oregon',
      text: OREGON,
      updatedBy: { email: setter.email },
    });
    expect(Date.parse(res.json().updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await stored('OR')).toMatchObject({ text: OREGON, updatedBy: setter.userId });

    const oregon = (await list(support))
      .json()
      .disclaimers.find((d: { state: string }) => d.state === 'OR');
    expect(oregon).toMatchObject({ text: OREGON, updatedBy: { email: setter.email } });

    const entries = await entriesFor('OR');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'valuation_disclaimer.update',
      actorKind: 'staff',
      actorEmail: setter.email,
      before: { text: null },
      after: { text: OREGON },
      status: 200,
    });

    // Changing it keeps the wording before in the log.
    const again = await put('OR', 'Oregon wording, second version.', owner);
    expect(again.statusCode).toBe(200);
    expect(again.json().updatedBy.email).toBe(owner.email);
    expect((await entriesFor('OR')).at(-1)).toMatchObject({
      before: { text: OREGON },
      after: { text: 'Oregon wording, second version.' },
    });
  });

  it('reports print the fixed sentence and the state’s wording, else our default', async () => {
    expect(await t.app.valuationDisclaimers.forState('or')).toEqual({
      fixed: VALUATION_DISCLAIMER_FIXED,
      text: 'Oregon wording, second version.',
    });
    for (const state of ['WA', 'DC', 'PR', 'not a state']) {
      expect(await t.app.valuationDisclaimers.forState(state)).toEqual({
        fixed: VALUATION_DISCLAIMER_FIXED,
        text: VALUATION_DISCLAIMER_DEFAULT,
      });
    }
  });

  it('refuses the words reports may never use, too long text and blank lines, storing nothing', async () => {
    for (const text of [
      'The home was appraised at its purchase price.',
      'This is not the MARKET VALUE of the home.',
      'Not a market-value figure.',
      'Not a Broker Price\nOpinion.',
    ]) {
      const res = await put('NV', text, setter);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(MESSAGES.validationFailed);
      expect(res.json().errors.text).toEqual([VALUATION_DISCLAIMER_TEXTS.forbiddenWords]);
    }
    const long = await put('NV', 'a'.repeat(2001), setter);
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.text).toEqual([VALUATION_DISCLAIMER_TEXTS.tooLong]);
    // Exactly 2,000 characters is allowed; spaces around it do not count.
    expect((await put('NV', ` ${'a'.repeat(2000)} `, setter)).statusCode).toBe(200);

    const twoParagraphs = await put('NM', 'First paragraph.\n\nSecond paragraph.', setter);
    expect(twoParagraphs.json().errors.text).toEqual([VALUATION_DISCLAIMER_TEXTS.oneParagraph]);
    const control = await put('NM', 'a\u0000b', setter);
    expect(control.json().errors.text).toEqual([MESSAGES.controlCharacters]);
    const notText = await put('NM', 42, setter);
    expect(notText.json().errors.text).toEqual([VALUATION_DISCLAIMER_TEXTS.text]);
    const nowhere = await put('PR', 'Puerto Rico wording.', setter);
    expect(nowhere.statusCode).toBe(422);
    expect(nowhere.json().errors.state).toEqual([VALUATION_DISCLAIMER_TEXTS.state]);

    expect(await stored('NM')).toBeUndefined();
    expect(await entriesFor('NM')).toEqual([]);
    expect(await entriesFor('PR')).toEqual([]);
  });

  it('empty or blank text puts a state back to our default wording, logged as a clear', async () => {
    const res = await put('OR', ' \n  ', setter);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      state: 'OR',
      stateName: 'Oregon',
      text: null,
      updatedAt: null,
      updatedBy: null,
    });
    expect(await stored('OR')).toBeUndefined();
    expect((await entriesFor('OR')).at(-1)).toMatchObject({
      action: 'valuation_disclaimer.clear',
      actorEmail: setter.email,
      before: { text: 'Oregon wording, second version.' },
      after: { text: null },
    });
    expect((await t.app.valuationDisclaimers.forState('OR')).text).toBe(
      VALUATION_DISCLAIMER_DEFAULT,
    );
    // Clearing a state already on the default changes nothing but is still answered and logged.
    expect((await put('OR', '', setter)).statusCode).toBe(200);
    expect((await entriesFor('OR')).at(-1)).toMatchObject({
      before: { text: null },
      after: { text: null },
    });
  });
});

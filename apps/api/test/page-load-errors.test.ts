import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAGE_LOAD_TEXTS, PASSWORD_RESET_PATHS, ZAppConfigSchema } from '@lantern/contracts';
import { orders, propertyInvitations } from '@lantern/db';
import { dashboardHref, INVITATION_PAGE } from '@lantern/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutgoingMail } from '../src/features/mail/index.ts';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';

/**
 * Decision 056: the page-load banner (spec 2, 8) has real causes. A link that cannot show what
 * it is for sends the person where they can act, and the banner there says why.
 */
let t: TestApp;
const sent: OutgoingMail[] = [];
beforeAll(async () => {
  const spa = mkdtempSync(join(tmpdir(), 'lantern-spa-'));
  mkdirSync(join(spa, 'spa'));
  writeFileSync(
    join(spa, 'index.html'),
    '<!doctype html><title>Dashboard</title><!--app-config--><body></body>',
  );
  t = await buildTestApp({ dashboardDist: spa });
  vi.spyOn(t.app.mailer, 'send').mockImplementation(async (mail) => {
    sent.push(mail);
  });
});
afterAll(() => t.close());

const flashOf = (res: { cookies: Array<{ name: string; value: string }> }) =>
  res.cookies.find((c) => c.name === 'lantern_flash')?.value;

/** The shell at `url` as `cookie` (plus a flash) sees it: its status, where it goes, its banner. */
async function open(url: string, cookie: string) {
  const res = await t.app.inject({ url, headers: { cookie } });
  const m = /<script id="app-config" type="application\/json">(.*?)<\/script>/.exec(res.body);
  const config = m?.[1] ? ZAppConfigSchema.parse(JSON.parse(m[1])) : null;
  return { res, location: res.headers.location, flash: flashOf(res), config };
}

/** Follow a redirect carrying the flash it set, as a browser would. */
async function banner(location: string | undefined, cookie: string, flash: string | undefined) {
  expect(flash).toBeTruthy();
  const next = await open(location ?? '', `${cookie}; lantern_flash=${flash}`);
  expect(next.res.statusCode).toBe(200);
  return next.config?.errors?.pageLoad;
}

describe('an invitation link that was used or has expired', () => {
  const invite = (owner: SignedIn, property: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/dashboard/participants/invitations',
      headers: { ...BROWSER, cookie: owner.cookie },
      payload: { property, email, role: 'buyerAgent', canEdit: false },
    });
  const check = (who: SignedIn, token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/invitations/check',
      headers: { ...BROWSER, cookie: who.cookie },
      payload: { token },
    });
  const tokenFor = (email: string) => {
    const mail = sent.filter((m) => m.to === email).at(-1);
    return new RegExp(`${INVITATION_PAGE}#token=([\\w-]+)`).exec(mail?.text ?? '')?.[1] ?? '';
  };

  it('answers usable while it works, and sends a used one to the dashboard with the reason', async () => {
    const owner = await signUpUser(t.app, 'pl-owner');
    const home = await addProperty(t.app, owner.userId);
    const guest = await signUpUser(t.app, 'pl-guest');
    expect((await invite(owner, home.hash, guest.email)).statusCode).toBe(201);
    const token = tokenFor(guest.email);

    const fresh = await check(guest, token);
    expect(fresh.json()).toEqual({ usable: true });
    expect(flashOf(fresh)).toBeUndefined();

    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      headers: { ...BROWSER, cookie: guest.cookie },
      payload: { token },
    });
    expect(accepted.statusCode).toBe(200);
    const used = await check(guest, token);
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual({ usable: false, redirect: '/dashboard' });
    expect(await banner('/dashboard', guest.cookie, flashOf(used))).toEqual([
      PAGE_LOAD_TEXTS.invitationUsed,
    ]);
  });

  it('says the same of an expired one', async () => {
    const owner = await signUpUser(t.app, 'pl-owner2');
    const home = await addProperty(t.app, owner.userId);
    const guest = await signUpUser(t.app, 'pl-guest2');
    expect((await invite(owner, home.hash, guest.email)).statusCode).toBe(201);
    await t.app.db
      .update(propertyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(propertyInvitations.email, guest.email));
    const res = await check(guest, tokenFor(guest.email));
    expect(res.json()).toMatchObject({ usable: false });
    expect(await banner('/dashboard', guest.cookie, flashOf(res))).toEqual([
      PAGE_LOAD_TEXTS.invitationUsed,
    ]);
  });
});

describe('a password reset link that was used or has expired', () => {
  it('signed in: lands on Account Settings, which says why', async () => {
    const user = await signUpUser(t.app, 'pl-reset');
    // The link's older form checks the token and sends a dead one to the incorrect link page.
    const link = await t.app.inject({
      url: PASSWORD_RESET_PATHS.link('no-longer-a-token'),
      headers: { cookie: user.cookie },
    });
    expect(link.headers.location).toBe(PASSWORD_RESET_PATHS.incorrectLink);
    const page = await t.app.inject({
      url: PASSWORD_RESET_PATHS.incorrectLink,
      headers: { cookie: user.cookie },
    });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(dashboardHref('account'));
    expect(await banner(page.headers.location, user.cookie, flashOf(page))).toEqual([
      PAGE_LOAD_TEXTS.resetLinkUsed,
    ]);
  });

  it('signed out: the incorrect link page itself, no flash', async () => {
    const page = await t.app.inject({ url: PASSWORD_RESET_PATHS.incorrectLink });
    expect(page.statusCode).not.toBe(303);
    expect(flashOf(page)).toBeUndefined();
  });
});

describe('a product page for a service the property does not have', () => {
  it('goes to the overview, naming the service and the street (escaped)', async () => {
    const user = await signUpUser(t.app, 'pl-product');
    const home = await addProperty(t.app, user.userId, 'seller', { street: '12 <b>Elm</b> St' });
    // Buyer Agent is for the buyer's side only (spec 6): a seller's property never has it.
    const page = await open(dashboardHref('buyer-agent', home.hash), user.cookie);
    expect(page.res.statusCode).toBe(302);
    expect(page.location).toBe(dashboardHref('overview', home.hash));
    expect(await banner(page.location, user.cookie, page.flash)).toEqual([
      PAGE_LOAD_TEXTS.notOffered('Buyer Agent', '12 &lt;b&gt;Elm&lt;/b&gt; St'),
    ]);
  });

  it('opens a service the property has, and leaves another user’s property to the layout', async () => {
    const user = await signUpUser(t.app, 'pl-offered');
    const home = await addProperty(t.app, user.userId);
    const offered = await open(dashboardHref('fsbo-listing', home.hash), user.cookie);
    expect(offered.res.statusCode).toBe(200);
    expect(offered.config?.errors).toBeUndefined();

    const stranger = await signUpUser(t.app, 'pl-stranger');
    const theirs = await open(dashboardHref('buyer-agent', home.hash), stranger.cookie);
    const madeUp = await open(
      dashboardHref('buyer-agent', 'QQQQQQQQQQQQQQQQQQQQ'),
      stranger.cookie,
    );
    expect(theirs.res.statusCode).toBe(200);
    expect(theirs.flash).toBeUndefined();
    expect(madeUp.res.statusCode).toBe(200);
  });
});

describe('a listing step of a cancelled MLS listing order', () => {
  it('goes to the MLS Listing page, which says the order was cancelled', async () => {
    const user = await signUpUser(t.app, 'pl-mls');
    const home = await addProperty(t.app, user.userId, 'seller', { street: '9 Closed Ct' });
    const step = '/dashboard/mls-listing/location?property=';
    // Never ordered: the step page opens and shows its empty state (no banner).
    expect((await open(`${step}${home.hash}`, user.cookie)).res.statusCode).toBe(200);

    const ordered = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/orders',
      headers: { ...BROWSER, cookie: user.cookie },
      payload: { property: home.hash, product: 'mls-listing-state' },
    });
    expect(ordered.statusCode).toBe(201);
    expect((await open(`${step}${home.hash}`, user.cookie)).res.statusCode).toBe(200);

    await t.app.db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(eq(orders.hash, ordered.json().order.hash));
    const page = await open(`${step}${home.hash}`, user.cookie);
    expect(page.res.statusCode).toBe(302);
    expect(page.location).toBe(dashboardHref('mls-listing', home.hash));
    expect(await banner(page.location, user.cookie, page.flash)).toEqual([
      PAGE_LOAD_TEXTS.listingCancelled('9 Closed Ct'),
    ]);
  });
});

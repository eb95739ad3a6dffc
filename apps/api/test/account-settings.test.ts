import { ACCOUNT_MESSAGES, MESSAGES, WS_CLOSE } from '@lantern/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BROWSER, buildTestApp, sessionCookie, type TestApp } from './helpers/build-test-app.ts';
import { type SignedIn, signInAgain, signUpUser } from './helpers/dashboard-fixtures.ts';
import { openSocket } from './helpers/ws-client.ts';

const PASSWORD = 'a long and unusual passphrase';
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await buildTestApp();
  vi.spyOn(t.app.mailer, 'send').mockResolvedValue(undefined);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => t.close());

const send = (who: SignedIn | string, method: 'POST' | 'PATCH', url: string, payload: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...BROWSER, cookie: typeof who === 'string' ? who : who.cookie },
    payload,
  });
const settings = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });

describe('account settings', () => {
  it('reads and saves name and phone; hostile values are refused', async () => {
    const me = await signUpUser(t.app, 'acct');
    expect((await settings(me.cookie)).json()).toEqual({
      name: null,
      email: me.email,
      phone: null,
      hasPassword: true,
      promoOptin: false,
      newsletter: 'none',
      otherSessions: 0,
    });
    const ok = await send(me, 'PATCH', '/api/account/profile', {
      name: '  Ada <Lovelace> ',
      phone: '+12175550123',
    });
    expect(ok.json()).toMatchObject({ name: 'Ada <Lovelace>', phone: '+12175550123' });
    for (const payload of [
      { name: 'x'.repeat(101), phone: '' },
      { name: '', phone: '555-0123; drop table users' },
      { name: '', phone: '+0123' },
      { name: 5, phone: '' },
    ]) {
      expect((await send(me, 'PATCH', '/api/account/profile', payload)).statusCode).toBe(422);
    }
    expect((await settings('')).statusCode).toBe(401);
  });

  it('changes the email only with the current password', async () => {
    const me = await signUpUser(t.app, 'acct');
    const taken = await signUpUser(t.app, 'taken');
    const next = `new.${me.email}`;
    const wrong = await send(me, 'POST', '/api/account/email', {
      email: next,
      currentPassword: 'not it',
    });
    expect(wrong.json()).toMatchObject({
      errors: { currentPassword: [ACCOUNT_MESSAGES.wrongPassword] },
    });
    expect(
      (
        await send(me, 'POST', '/api/account/email', {
          email: taken.email,
          currentPassword: PASSWORD,
        })
      ).json(),
    ).toMatchObject({ errors: { email: [MESSAGES.emailTaken] } });
    expect(
      (await send(me, 'POST', '/api/account/email', { email: 'nope', currentPassword: PASSWORD }))
        .statusCode,
    ).toBe(422);
    await send(me, 'POST', '/api/account/preferences', { newsletter: true, promoOptin: false });
    const ok = await send(me, 'POST', '/api/account/email', {
      email: next,
      currentPassword: PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    // The subscription follows the account; the old address is told of the change.
    expect(ok.json()).toMatchObject({ email: next, newsletter: 'pending' });
    expect(t.app.mailer.send).toHaveBeenCalledWith(
      expect.objectContaining({ to: me.email, subject: 'Your Lantern sign-in email was changed' }),
    );
    // /api/user is cached per user: it must show the new address at once.
    const user = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: me.cookie },
    });
    expect(user.json().email).toBe(next);
  });

  it('changes the password, ending the other sessions, which hear Logout', async () => {
    const me = await signUpUser(t.app, 'acct');
    const otherCookie = await signInAgain(t.app, me.email);
    expect((await settings(me.cookie)).json().otherSessions).toBe(1);
    const tab = await openSocket(base, { cookie: otherCookie });
    expect((await tab.subscribe(`user.${me.hash}`)).type).toBe('subscribed');

    expect(
      (
        await send(me, 'POST', '/api/account/password', {
          currentPassword: 'x',
          password: 'another long passphrase',
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await send(me, 'POST', '/api/account/password', {
          currentPassword: PASSWORD,
          password: 'short',
        })
      ).json(),
    ).toMatchObject({ errors: { password: [MESSAGES.passwordTooShort] } });

    const ok = await send(me, 'POST', '/api/account/password', {
      currentPassword: PASSWORD,
      password: 'another long passphrase',
    });
    expect(ok.json()).toEqual({ ended: 1 });
    expect(await tab.next((m) => m.event === 'Logout')).toMatchObject({
      channel: `user.${me.hash}`,
    });
    expect((await tab.closed).code).toBe(WS_CLOSE.sessionEnded);
    // This browser stays signed in; the other is out; the new password works.
    expect((await settings(me.cookie)).statusCode).toBe(200);
    expect((await settings(otherCookie)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/account/login',
      headers: BROWSER,
      payload: { email: me.email, password: 'another long passphrase' },
    });
    expect(login.statusCode).toBe(200);
    sessionCookie(login);
  });

  it('signs out of other sessions', async () => {
    const me = await signUpUser(t.app, 'acct');
    const a = await signInAgain(t.app, me.email);
    const b = await signInAgain(t.app, me.email);
    expect((await send(me, 'POST', '/api/account/sign-out-others', {})).json()).toEqual({
      ended: 2,
    });
    expect((await settings(a)).statusCode).toBe(401);
    expect((await settings(b)).statusCode).toBe(401);
    expect((await settings(me.cookie)).json().otherSessions).toBe(0);
  });

  it('saves newsletter (double opt-in) and promo preferences', async () => {
    const me = await signUpUser(t.app, 'acct');
    const on = await send(me, 'POST', '/api/account/preferences', {
      newsletter: true,
      promoOptin: true,
    });
    expect(on.json()).toMatchObject({ newsletter: 'pending', promoOptin: true });
    expect(t.app.mailer.send).toHaveBeenCalledWith(expect.objectContaining({ to: me.email }));
    const off = await send(me, 'POST', '/api/account/preferences', {
      newsletter: false,
      promoOptin: false,
    });
    expect(off.json()).toMatchObject({ newsletter: 'unsubscribed', promoOptin: false });
    expect(
      (await send(me, 'POST', '/api/account/preferences', { newsletter: 'yes', promoOptin: false }))
        .statusCode,
    ).toBe(422);
  });
});

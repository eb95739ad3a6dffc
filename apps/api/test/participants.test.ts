import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { MESSAGES, PARTICIPANT_MESSAGES } from '@lantern/contracts';
import { propertyInvitations } from '@lantern/db';
import { INVITATION_PAGE } from '@lantern/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutgoingMail } from '../src/features/mail/index.ts';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { openSocket } from './helpers/ws-client.ts';

let t: TestApp;
let base: string;
const sent: OutgoingMail[] = [];

beforeAll(async () => {
  // A stand-in for the built SPA, for the signed-out invitation page.
  const spa = mkdtempSync(joinPath(tmpdir(), 'lantern-spa-'));
  mkdirSync(joinPath(spa, 'spa'));
  writeFileSync(
    joinPath(spa, 'index.html'),
    '<!doctype html><title>Dashboard</title><!--app-config-->',
  );
  t = await buildTestApp({ dashboardDist: spa });
  vi.spyOn(t.app.mailer, 'send').mockImplementation(async (mail) => {
    sent.push(mail);
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => t.close());

const list = (who: SignedIn, property: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/dashboard/participants?property=${property}`,
    headers: { cookie: who.cookie },
  });
const invite = (who: SignedIn, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/dashboard/participants/invitations',
    headers: { ...BROWSER, cookie: who.cookie },
    payload,
  });
const patch = (who: SignedIn, user: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/dashboard/participants/${user}`,
    headers: { ...BROWSER, cookie: who.cookie },
    payload,
  });
const remove = (who: SignedIn, user: string, property: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/dashboard/participants/${user}?property=${property}`,
    headers: { ...BROWSER, cookie: who.cookie },
  });
const leave = (who: SignedIn, property: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/dashboard/participants/leave',
    headers: { ...BROWSER, cookie: who.cookie },
    payload: { property },
  });
const accept = (who: SignedIn, token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/invitations/accept',
    headers: { ...BROWSER, cookie: who.cookie },
    payload: { token },
  });

/** The token from the newest invitation mailed to `email`. */
function tokenFor(email: string): string {
  const mail = sent.filter((m) => m.to === email).at(-1);
  const m = mail && new RegExp(`${INVITATION_PAGE}#token=([\\w-]+)`).exec(mail.text);
  if (!m?.[1]) throw new Error(`no invitation mailed to ${email}`);
  return m[1];
}

/** Owner invites a fresh user, who signs up with that address and accepts. */
async function join(owner: SignedIn, property: string, role = 'buyerAgent', canEdit = false) {
  const guest = await signUpUser(t.app, 'guest');
  expect((await invite(owner, { property, email: guest.email, role, canEdit })).statusCode).toBe(
    201,
  );
  expect((await accept(guest, tokenFor(guest.email))).statusCode).toBe(200);
  return guest;
}

describe('the invitation page', () => {
  it('is served signed out (it keeps the token and sends people to sign in); other pages redirect', async () => {
    const page = await t.app.inject({ method: 'GET', url: INVITATION_PAGE });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('app-config');
    const other = await t.app.inject({ method: 'GET', url: '/dashboard/participants' });
    expect(other.statusCode).toBe(302);
    expect(other.headers.location).toBe('/account/login');
  });
});

describe('participants', () => {
  it('lists who takes part; invitations go by email and are accepted once, by that address', async () => {
    const owner = await signUpUser(t.app, 'owner');
    const home = await addProperty(t.app, owner.userId);
    const guest = await signUpUser(t.app, 'guest');
    const stranger = await signUpUser(t.app, 'stranger');

    const created = await invite(owner, {
      property: home.hash,
      email: guest.email.toUpperCase(),
      role: 'buyerAgent',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ role: 'buyerAgent', canEdit: false });
    // The invitation, by its address: the sign-ups' confirmation mails may still arrive after it.
    const mail = sent.filter((m) => m.to === guest.email.toUpperCase()).at(-1);
    expect(mail?.subject).toContain('1600 Main St');
    // Only a digest of the token is stored.
    const token = tokenFor(guest.email.toUpperCase());
    const rows = await t.app.db.select().from(propertyInvitations);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);

    // A second invitation to the same address waits for the first.
    expect(
      (await invite(owner, { property: home.hash, email: guest.email, role: 'buyer' })).json(),
    ).toMatchObject({ errors: { email: [PARTICIPANT_MESSAGES.alreadyInvited] } });
    expect((await list(owner, home.hash)).json().invitations).toHaveLength(1);

    // Someone else signed in cannot use the link.
    expect((await accept(stranger, token)).json()).toMatchObject({
      errors: { token: [PARTICIPANT_MESSAGES.invitationOtherEmail] },
    });
    const ok = await accept(guest, token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      property: home.hash,
      streetAddress: '1600 Main St',
      role: 'buyerAgent',
    });
    // Used once: nobody else can use it now; the invited person, already on the property, is
    // told it is theirs (decision 055: a sign-in may have taken it up before the page asked).
    expect((await accept(stranger, token)).json()).toMatchObject({
      errors: { token: [PARTICIPANT_MESSAGES.invitationInvalid] },
    });
    expect((await accept(guest, token)).json()).toMatchObject({ property: home.hash });
    expect((await accept(guest, 'made-up')).statusCode).toBe(422);

    const seen = await list(guest, home.hash);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ canManage: false, invitations: [] });
    expect(seen.json().participants).toEqual([
      expect.objectContaining({ hash: owner.hash, role: 'seller', canEdit: true, you: false }),
      expect.objectContaining({ hash: guest.hash, role: 'buyerAgent', canEdit: false, you: true }),
    ]);
    const menu = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/user-properties',
      headers: { cookie: guest.cookie },
    });
    expect(menu.json().properties.map((p: { hash: string }) => p.hash)).toEqual([home.hash]);
    // Already on the property.
    expect(
      (await invite(owner, { property: home.hash, email: guest.email, role: 'buyer' })).json(),
    ).toMatchObject({ errors: { email: [PARTICIPANT_MESSAGES.alreadyParticipant] } });
  });

  it('refuses every change from a participant without can_edit (403)', async () => {
    const owner = await signUpUser(t.app, 'owner');
    const home = await addProperty(t.app, owner.userId);
    const guest = await join(owner, home.hash);
    const forbidden = { message: PARTICIPANT_MESSAGES.cannotManage };
    const tries = [
      await invite(guest, { property: home.hash, email: 'x@example.com', role: 'buyer' }),
      await patch(guest, owner.hash, { property: home.hash, role: 'buyer' }),
      await patch(guest, guest.hash, { property: home.hash, canEdit: true }),
      await remove(guest, owner.hash, home.hash),
    ];
    for (const res of tries) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(forbidden);
    }
  });

  it('never removes or demotes the last participant who can edit', async () => {
    const owner = await signUpUser(t.app, 'owner');
    const home = await addProperty(t.app, owner.userId);
    const guest = await join(owner, home.hash);
    const last = { message: PARTICIPANT_MESSAGES.lastEditor };
    expect((await remove(owner, owner.hash, home.hash)).json()).toMatchObject(last);
    expect(
      (await patch(owner, owner.hash, { property: home.hash, canEdit: false })).json(),
    ).toMatchObject(last);
    // With a second editor, the first may step down and then be removed.
    expect(
      (await patch(owner, guest.hash, { property: home.hash, canEdit: true })).statusCode,
    ).toBe(204);
    expect(
      (await patch(owner, owner.hash, { property: home.hash, role: 'landlord' })).statusCode,
    ).toBe(204);
    expect((await remove(guest, owner.hash, home.hash)).statusCode).toBe(204);
    expect((await list(owner, home.hash)).statusCode).toBe(404);
    expect((await remove(guest, guest.hash, home.hash)).json()).toMatchObject(last);
  });

  it("answers 404 for another user's property and for unknown people or invitations", async () => {
    const owner = await signUpUser(t.app, 'owner');
    const other = await signUpUser(t.app, 'other');
    const home = await addProperty(t.app, owner.userId);
    const notFound = { message: MESSAGES.notFound };
    expect((await list(other, home.hash)).json()).toEqual(notFound);
    expect(
      (await invite(other, { property: home.hash, email: 'x@example.com', role: 'buyer' })).json(),
    ).toEqual(notFound);
    expect((await patch(other, owner.hash, { property: home.hash, role: 'buyer' })).json()).toEqual(
      notFound,
    );
    expect((await remove(other, owner.hash, home.hash)).json()).toEqual(notFound);
    expect((await remove(owner, other.hash, home.hash)).json()).toEqual(notFound);
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/dashboard/participants/invitations/nope?property=${home.hash}`,
      headers: { ...BROWSER, cookie: owner.cookie },
    });
    expect(cancel.statusCode).toBe(404);
    expect((await list({ ...owner, cookie: '' }, home.hash)).statusCode).toBe(401);
  });

  it('rejects hostile input with the 422 shape', async () => {
    const owner = await signUpUser(t.app, 'owner');
    const home = await addProperty(t.app, owner.userId);
    const bad = [
      { property: home.hash, email: '<script>@x', role: 'buyer' },
      { property: home.hash, email: 'a@example.com', role: 'admin' },
      { property: home.hash, email: 'a@example.com', role: 'buyer', canEdit: 'yes' },
      { property: 'x'.repeat(500), email: 'a@example.com', role: 'buyer' },
    ];
    for (const payload of bad) {
      const res = await invite(owner, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toHaveProperty('errors');
    }
    expect((await patch(owner, owner.hash, { property: home.hash })).statusCode).toBe(422);
    expect((await accept(owner, 'x'.repeat(1000))).statusCode).toBe(422);
    // Without our page's headers the request is refused before anything else.
    const csrf = await t.app.inject({
      method: 'DELETE',
      url: `/api/dashboard/participants/${owner.hash}?property=${home.hash}`,
      headers: { cookie: owner.cookie },
    });
    expect(csrf.statusCode).toBe(403);
  });

  it("ends a removed participant's subscription to the property channel at once", async () => {
    const owner = await signUpUser(t.app, 'owner');
    const home = await addProperty(t.app, owner.userId);
    const guest = await join(owner, home.hash);
    const ws = await openSocket(base, { cookie: guest.cookie });
    expect(await ws.subscribe(`user.${guest.hash}`)).toMatchObject({ type: 'subscribed' });
    expect(await ws.subscribe(`property.${home.hash}`)).toMatchObject({ type: 'subscribed' });

    expect((await remove(owner, guest.hash, home.hash)).statusCode).toBe(204);
    expect(await ws.next((m) => m.type === 'unsubscribed')).toEqual({
      type: 'unsubscribed',
      channel: `property.${home.hash}`,
    });
    expect(await ws.next((m) => m.event === 'PropertyUserRemoved')).toMatchObject({
      data: { hash: home.hash },
    });
    // Later events on the property do not reach them.
    await t.app.realtime.publishToProperty(home.hash, {
      event: 'PropertyUpdated',
      data: { hash: home.hash, street_address_unit: 'private' },
    });
    await t.app.realtime.publishToUser(guest.hash, {
      event: 'PropertyUserRemoved',
      data: { hash: 'marker' },
    });
    await ws.next((m) => m.event === 'PropertyUserRemoved');
    await expect(ws.next((m) => m.event === 'PropertyUpdated', 200)).rejects.toThrow();
    expect((await ws.subscribe(`property.${home.hash}`)).type).toBe('error');
    ws.close();
  });

  it('lets any participant leave, but not the last one who can manage (issue 14)', async () => {
    const owner = await signUpUser(t.app, 'owner');
    const home = await addProperty(t.app, owner.userId);
    const guest = await join(owner, home.hash);
    const ws = await openSocket(base, { cookie: guest.cookie });
    expect(await ws.subscribe(`property.${home.hash}`)).toMatchObject({ type: 'subscribed' });

    // A participant who cannot manage leaves on their own, and stops hearing the property.
    expect((await leave(guest, home.hash)).statusCode).toBe(204);
    expect(await ws.next((m) => m.type === 'unsubscribed')).toMatchObject({
      channel: `property.${home.hash}`,
    });
    expect((await list(guest, home.hash)).statusCode).toBe(404);
    const people = (await list(owner, home.hash)).json().participants as { hash: string }[];
    expect(people.map((p) => p.hash)).toEqual([owner.hash]);
    ws.close();

    // The only manager may not leave the property without anyone to manage it.
    const refused = await leave(owner, home.hash);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: PARTICIPANT_MESSAGES.lastManagerLeaving,
      errors: { property: [PARTICIPANT_MESSAGES.lastManagerLeaving] },
    });
    expect((await list(owner, home.hash)).statusCode).toBe(200);

    // With a second manager, the first may go.
    const partner = await join(owner, home.hash, 'seller', true);
    expect((await leave(owner, home.hash)).statusCode).toBe(204);
    expect((await list(owner, home.hash)).statusCode).toBe(404);
    expect((await list(partner, home.hash)).json().participants).toHaveLength(1);
  });

  it('answers 404 for leaving a property you are not on, and 422 for a bad hash', async () => {
    const owner = await signUpUser(t.app, 'owner');
    const stranger = await signUpUser(t.app, 'stranger');
    const home = await addProperty(t.app, owner.userId);
    expect((await leave(stranger, home.hash)).statusCode).toBe(404);
    expect((await leave(stranger, 'no-such-property')).statusCode).toBe(404);
    const bad = await leave(stranger, 42);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('property');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/participants/leave',
      headers: BROWSER,
      payload: { property: home.hash },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

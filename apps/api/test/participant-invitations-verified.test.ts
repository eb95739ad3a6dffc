import { EMAIL_VERIFICATION_PATHS } from '@lantern/contracts';
import { auditLog, propertyInvitations } from '@lantern/db';
import { INVITATION_PAGE, PATHS } from '@lantern/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutgoingMail } from '../src/features/mail/index.ts';
import { BROWSER, buildTestApp, type TestApp, uniqueEmail } from './helpers/build-test-app.ts';
import {
  addProperty,
  type SignedIn,
  signInAgain,
  signUpUser,
} from './helpers/dashboard-fixtures.ts';

/**
 * Decision 055: a pending invitation to an address joins its property when that address is a
 * verified one of an account — at sign-in, or when the address is verified — as the Participants
 * page says. An unverified address joins nothing (the emailed link still works).
 */
let t: TestApp;
const sent: OutgoingMail[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  const keep = async (mail: OutgoingMail) => {
    sent.push(mail);
  };
  vi.spyOn(t.app.mailer, 'send').mockImplementation(keep);
  vi.spyOn(t.app.outbox, 'enqueue').mockImplementation(async (mail) => {
    await keep(mail);
    return 0;
  });
});
afterAll(() => t.close());

async function owner() {
  const who = await signUpUser(t.app, 'inviter');
  const property = await addProperty(t.app, who.userId);
  return { who, property };
}

const invite = (who: SignedIn, property: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/dashboard/participants/invitations',
    headers: { ...BROWSER, cookie: who.cookie },
    payload: { property, email, role: 'buyerAgent', canEdit: false },
  });

/** Follow the newest verification link mailed to `email`, as its page does. */
async function verify(email: string) {
  const mail = sent.filter((m) => m.to === email && /Confirm your email/.test(m.subject)).at(-1);
  const token =
    mail && new RegExp(`${EMAIL_VERIFICATION_PATHS.verify}#token=([\\w.-]+)`).exec(mail.text)?.[1];
  if (!token) throw new Error(`no verification link mailed to ${email}`);
  const res = await t.app.inject({
    method: 'POST',
    url: EMAIL_VERIFICATION_PATHS.verifyApi,
    headers: BROWSER,
    payload: { token },
  });
  expect(res.statusCode).toBe(200);
}

/** The token of the newest invitation mailed to `email`. */
function linkToken(email: string): string {
  const link = new RegExp(`${INVITATION_PAGE}#token=([\\w-]+)`);
  const mail = sent.filter((m) => m.to.toLowerCase() === email.toLowerCase() && link.test(m.text));
  const token = link.exec(mail.at(-1)?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

const onProperty = async (userId: number, hash: string) =>
  (await t.app.properties.findForUser(userId, hash))?.participant.role;

async function invitationOf(propertyId: number) {
  const [row] = await t.app.db
    .select()
    .from(propertyInvitations)
    .where(eq(propertyInvitations.propertyId, propertyId));
  return row;
}

const entriesFor = (hash: string) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.recordType, 'property'), eq(auditLog.recordId, hash)));

describe('invitations to a verified address', () => {
  it('join the property when the invited person signs in with it', async () => {
    const { who, property } = await owner();
    const guest = await signUpUser(t.app, 'verified-guest');
    await verify(guest.email);
    expect((await invite(who, property.hash, guest.email.toUpperCase())).statusCode).toBe(201);
    expect(await onProperty(guest.userId, property.hash)).toBeUndefined();

    await signInAgain(t.app, guest.email);
    expect(await onProperty(guest.userId, property.hash)).toBe('buyerAgent');
    expect((await invitationOf(property.id))?.acceptedAt).toBeInstanceOf(Date);
    const entry = (await entriesFor(property.hash)).find((e) => e.action === 'invitation.accepted');
    // The invitation page, reached by the emailed link before signing in, then says it is theirs.
    const token = linkToken(guest.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      headers: { ...BROWSER, cookie: await signInAgain(t.app, guest.email) },
      payload: { token },
    });
    expect(res.json()).toMatchObject({ property: property.hash, role: 'buyerAgent' });
    expect(entry).toMatchObject({
      actorId: guest.userId,
      actorEmail: guest.email,
      actorKind: 'customer',
      method: 'POST',
      after: { role: 'buyerAgent', canEdit: false },
    });
  });

  it('join the property when the address is verified after sign-up', async () => {
    const { who, property } = await owner();
    const email = uniqueEmail('later');
    expect((await invite(who, property.hash, email)).statusCode).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: PATHS.signUp,
      headers: BROWSER,
      payload: { email, password: 'a long and unusual passphrase' },
    });
    expect(res.statusCode).toBe(200);
    const user = await t.app.users.findByEmail(email);
    if (!user) throw new Error('no user');
    // Not verified yet: the sign-up joins nothing.
    expect(await onProperty(user.id, property.hash)).toBeUndefined();
    expect((await invitationOf(property.id))?.acceptedAt).toBeNull();

    await verify(email);
    expect(await onProperty(user.id, property.hash)).toBe('buyerAgent');
    expect((await entriesFor(property.hash)).map((e) => e.action)).toContain('invitation.accepted');
  });

  it('leave an unverified address on its emailed link only', async () => {
    const { who, property } = await owner();
    const guest = await signUpUser(t.app, 'unverified-guest');
    expect((await invite(who, property.hash, guest.email)).statusCode).toBe(201);
    await signInAgain(t.app, guest.email);
    expect(await onProperty(guest.userId, property.hash)).toBeUndefined();
    expect((await invitationOf(property.id))?.acceptedAt).toBeNull();
  });

  it('leave an expired invitation alone', async () => {
    const { who, property } = await owner();
    const guest = await signUpUser(t.app, 'late-guest');
    await verify(guest.email);
    expect((await invite(who, property.hash, guest.email)).statusCode).toBe(201);
    await t.app.db
      .update(propertyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(propertyInvitations.propertyId, property.id));
    await signInAgain(t.app, guest.email);
    expect(await onProperty(guest.userId, property.hash)).toBeUndefined();
  });
});

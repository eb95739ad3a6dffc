import {
  OPT_OUT_FORM_TEXTS,
  PASSWORD_RESET_MESSAGES,
  PASSWORD_RESET_PATHS,
  PHONE_PATHS,
  TEXT_MESSAGES,
  TWILIO_PATHS,
} from '@lantern/contracts';
import { auditLog, passwordResets, rateLimits, staffRoles, textOptOuts, texts } from '@lantern/db';
import { ADMIN_API } from '@lantern/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature, verifyTwilioSignature } from '../src/features/texts/signature.ts';
import { BROWSER, buildTestApp, ORIGIN, type TestApp } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';
import { startTwilioFixture, type TwilioFixture, twilioFixture } from './helpers/twilio-fixture.ts';

/**
 * Texts (issue 20; docs/decisions/030-texts.md): every text recorded (codes redacted), Twilio's
 * signed webhooks for inbound texts and delivery status, STOP/START/HELP, and the staff lists.
 * The product talks to a local Twilio stand-in answering Twilio's documented responses; the tests
 * sign webhook requests as Twilio documents.
 */
let twilio: TwilioFixture;
let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  twilio = await startTwilioFixture();
  t = await buildTestApp({
    jobsPollMs: 0,
    twilio: {
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      from: twilio.from,
      baseUrl: twilio.url,
    },
  });
  owner = await signUpUser(t.app, 'texts-owner');
  await giveStaffRole(t.app, owner.userId, 'owner');
});
afterAll(async () => {
  await t.close();
  await twilio.close();
});

let phoneCounter = 300;
/** Distinct numbers libphonenumber accepts as valid US numbers. */
const nextPhone = () => `+1202555${String(1000 + phoneCounter++).padStart(4, '0')}`;
let sidCounter = 0;
const nextSid = () => `SM${(++sidCounter).toString(16).padStart(32, '0')}`;

/** Post `params` to a Twilio webhook path, signed as Twilio signs (or as told). */
function webhook(
  path: string,
  params: Record<string, string>,
  sign: { token?: string; signature?: string | null; tamper?: Record<string, string> } = {},
) {
  const url = `${ORIGIN}${path}`;
  const signature =
    sign.signature === undefined
      ? twilioSignature(sign.token ?? twilio.authToken, url, params)
      : sign.signature;
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature === null ? {} : { 'x-twilio-signature': signature }),
    },
    payload: new URLSearchParams({ ...params, ...sign.tamper }).toString(),
  });
}

/** An inbound text as Twilio posts it (the documented parameters), from `from`. */
function inbound(from: string, body: string, extra: Record<string, string> = {}) {
  const sid = nextSid();
  return {
    ...(twilioFixture('webhook-inbound.json') as Record<string, string>),
    SmsMessageSid: sid,
    SmsSid: sid,
    MessageSid: sid,
    From: from,
    To: twilio.from,
    Body: body,
    ...extra,
  };
}

const startVerification = (user: SignedIn, phone: string) =>
  t.app.inject({
    method: 'POST',
    url: PHONE_PATHS.phone,
    headers: { ...BROWSER, cookie: user.cookie },
    payload: { phone },
  });

/** The once-a-minute code limit is tested elsewhere. */
const forgetLimits = () =>
  t.app.db.update(rateLimits).set({ resetAt: sql`now() - interval '1 second'` });

const textsTo = (phone: string) =>
  t.app.db.select().from(texts).where(eq(texts.phone, phone)).orderBy(texts.id);

const adminGet = (url: string, cookie = owner.cookie) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('X-Twilio-Signature', () => {
  // Twilio's worked example ("Secure your webhooks" / its helper libraries' validation docs).
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const params = {
    CallSid: 'CA1234567890ABCDE',
    Caller: '+14158675309',
    Digits: '1234',
    From: '+14158675309',
    To: '+18005551212',
  };

  it("matches Twilio's documented example", () => {
    expect(twilioSignature('12345', url, params)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    expect(verifyTwilioSignature('12345', 'RSOYDt4T1cUTdK1PDd93/VVr8B8=', url, params)).toBe(true);
  });

  it('refuses a missing signature, another token, URL or parameter', () => {
    const good = 'RSOYDt4T1cUTdK1PDd93/VVr8B8=';
    expect(verifyTwilioSignature('12345', undefined, url, params)).toBe(false);
    expect(verifyTwilioSignature('12345', '', url, params)).toBe(false);
    expect(verifyTwilioSignature('54321', good, url, params)).toBe(false);
    expect(verifyTwilioSignature('12345', good, `${url}&baz=3`, params)).toBe(false);
    expect(verifyTwilioSignature('12345', good, url, { ...params, Digits: '1235' })).toBe(false);
    expect(verifyTwilioSignature('12345', good, url, { ...params, Extra: '' })).toBe(false);
  });

  it('accepts the URL signed with or without its default port, and sorts repeated values', () => {
    const withPort = twilioSignature(
      '12345',
      'https://mycompany.com:443/myapp.php?foo=1&bar=2',
      params,
    );
    expect(verifyTwilioSignature('12345', withPort, url, params)).toBe(true);
    const repeated = { A: ['2', '1'], B: 'x' };
    expect(twilioSignature('12345', 'https://x.test/', repeated)).toBe(
      twilioSignature('12345', 'https://x.test/', { A: ['1', '2'], B: 'x' }),
    );
  });
});

describe('Twilio webhooks', () => {
  it('refuse unsigned, tampered and wrongly signed requests, and record nothing', async () => {
    const from = nextPhone();
    const params = inbound(from, 'STOP');
    const unsigned = await webhook(TWILIO_PATHS.messages, params, { signature: null });
    expect(unsigned.statusCode).toBe(403);
    const tampered = await webhook(TWILIO_PATHS.messages, params, {
      tamper: { From: nextPhone() },
    });
    expect(tampered.statusCode).toBe(403);
    const otherToken = await webhook(TWILIO_PATHS.messages, params, {
      token: 'not-our-auth-token-0123456789',
    });
    expect(otherToken.statusCode).toBe(403);
    // Signed for another path.
    const moved = await webhook(TWILIO_PATHS.messages, params, {
      signature: twilioSignature(twilio.authToken, `${ORIGIN}${TWILIO_PATHS.status}`, params),
    });
    expect(moved.statusCode).toBe(403);
    expect(await textsTo(from)).toEqual([]);
    expect(await t.app.textRecords.isOptedOut(from)).toBe(false);
  });

  it('records an inbound text once per MessageSid and answers empty TwiML', async () => {
    const from = nextPhone();
    const params = inbound(from, 'Is the house on Elm St still for sale?');
    const first = await webhook(TWILIO_PATHS.messages, params);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/xml/);
    expect(first.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    const replay = await webhook(TWILIO_PATHS.messages, params);
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe(first.body);
    const rows = await textsTo(from);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      direction: 'inbound',
      kind: 'message',
      status: 'received',
      body: 'Is the house on Elm St still for sale?',
      providerSid: params.MessageSid,
      ourNumber: twilio.from,
    });
  });

  it('STOP opts the number out: replied to once, and a verification code is then refused in words', async () => {
    const user = await signUpUser(t.app, 'texts-stop');
    const phone = nextPhone();
    const stop = inbound(phone, ' stop ');
    const res = await webhook(TWILIO_PATHS.messages, stop);
    expect(res.statusCode).toBe(200);
    const [optOut] = await t.app.db.select().from(textOptOuts).where(eq(textOptOuts.phone, phone));
    expect(optOut).toMatchObject({ source: 'keyword', keyword: 'STOP' });
    // Our confirmation, tracked through the Message's action URL.
    const reply = (await textsTo(phone)).find((r) => r.kind === 'reply');
    expect(reply).toMatchObject({ status: 'pending', body: TEXT_MESSAGES.optedOut('Lantern') });
    expect(res.body).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Message action="${ORIGIN}${TWILIO_PATHS.status}?text=${reply?.id}" method="POST">${TEXT_MESSAGES.optedOut('Lantern')}</Message></Response>`,
    );
    // The reply's first callback gives it its SID.
    const replySid = nextSid();
    const cb = await webhook(`${TWILIO_PATHS.status}?text=${reply?.id}`, {
      MessageSid: replySid,
      MessageStatus: 'sent',
      SmsSid: replySid,
      SmsStatus: 'sent',
      AccountSid: twilio.accountSid,
    });
    expect(cb.statusCode).toBe(200);
    const [sentReply] = await t.app.db
      .select()
      .from(texts)
      .where(eq(texts.id, reply?.id ?? 0));
    expect(sentReply).toMatchObject({ status: 'sent', providerSid: replySid });

    // A replayed STOP changes nothing and gets no second reply.
    const again = await webhook(TWILIO_PATHS.messages, stop);
    expect(again.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');

    const before = twilio.messages.length;
    const refused = await startVerification(user, phone);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: TEXT_MESSAGES.numberOptedOut,
      errors: { phone: [TEXT_MESSAGES.numberOptedOut] },
    });
    expect(twilio.messages.length).toBe(before);
    const notSent = (await textsTo(phone)).at(-1);
    expect(notSent).toMatchObject({
      direction: 'outbound',
      kind: 'phone_verification',
      status: 'opted_out',
      providerSid: null,
      userId: user.userId,
    });
    expect(notSent?.body).toMatch(/^•••••• is your Lantern verification code/);
    expect((await t.app.phones.status(user.userId)).pendingPhone).toBeNull();
  });

  it('START opts back in; the next code is texted, recorded redacted, and its status callbacks land', async () => {
    const user = await signUpUser(t.app, 'texts-start');
    const phone = nextPhone();
    await webhook(TWILIO_PATHS.messages, inbound(phone, 'UNSUBSCRIBE'));
    expect(await t.app.textRecords.isOptedOut(phone)).toBe(true);
    const start = await webhook(TWILIO_PATHS.messages, inbound(phone, 'Start.'));
    expect(start.body).toContain(`>${TEXT_MESSAGES.optedIn('Lantern')}</Message>`);
    expect(await t.app.textRecords.isOptedOut(phone)).toBe(false);

    const sent = await startVerification(user, phone);
    expect(sent.statusCode).toBe(202);
    const message = twilio.messages.at(-1);
    expect(message?.to).toBe(phone);
    const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const record = (await textsTo(phone)).at(-1);
    expect(record).toMatchObject({
      kind: 'phone_verification',
      status: 'queued',
      providerSid: message?.sid,
      ourNumber: twilio.from,
      userId: user.userId,
    });
    expect(record?.body).toBe(
      '•••••• is your Lantern verification code. It expires in 10 minutes.',
    );
    const everything = JSON.stringify(await t.app.db.select().from(texts));
    expect(everything).not.toContain(code);
    // Twilio was given our callback for this text.
    expect(message?.statusCallback).toBe(`${ORIGIN}${TWILIO_PATHS.status}?text=${record?.id}`);

    const statusPath = `${TWILIO_PATHS.status}?text=${record?.id}`;
    const delivered = {
      ...(twilioFixture('webhook-status-delivered.json') as Record<string, string>),
      MessageSid: message?.sid ?? '',
      SmsSid: message?.sid ?? '',
      To: phone,
    };
    expect((await webhook(statusPath, delivered, { signature: null })).statusCode).toBe(403);
    const ok = await webhook(statusPath, delivered);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    // A late "sent" (callbacks can cross) does not move it back.
    await webhook(statusPath, { ...delivered, MessageStatus: 'sent', SmsStatus: 'sent' });
    const [after] = await t.app.db
      .select()
      .from(texts)
      .where(eq(texts.id, record?.id ?? 0));
    expect(after?.status).toBe('delivered');
    // Another text's SID under this id changes nothing.
    await webhook(statusPath, { ...delivered, MessageSid: nextSid(), MessageStatus: 'failed' });
    const [still] = await t.app.db
      .select()
      .from(texts)
      .where(eq(texts.id, record?.id ?? 0));
    expect(still?.status).toBe('delivered');
  });

  it('records an undelivered text with its error code, found by SID', async () => {
    const user = await signUpUser(t.app, 'texts-undelivered');
    const phone = nextPhone();
    expect((await startVerification(user, phone)).statusCode).toBe(202);
    const sid = twilio.messages.at(-1)?.sid ?? '';
    const res = await webhook(TWILIO_PATHS.status, {
      ...(twilioFixture('webhook-status-undelivered.json') as Record<string, string>),
      MessageSid: sid,
      SmsSid: sid,
      To: phone,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(texts).where(eq(texts.providerSid, sid));
    expect(row).toMatchObject({ status: 'undelivered', errorCode: 30003 });
  });

  it('HELP gets our help text, with the support phone, and opts nobody out', async () => {
    const phone = nextPhone();
    const res = await webhook(TWILIO_PATHS.messages, inbound(phone, 'help'));
    expect(res.body).toContain(
      `>${TEXT_MESSAGES.help('Lantern', t.app.config.supportPhone).replaceAll('&', '&#38;')}</Message>`,
    );
    expect(await t.app.textRecords.isOptedOut(phone)).toBe(false);
    expect((await textsTo(phone)).map((r) => r.kind)).toEqual(['help', 'reply']);
  });

  it('a sentence with a stop word is a message; Advanced Opt-Out keywords are honoured without a second reply', async () => {
    const phone = nextPhone();
    await webhook(TWILIO_PATHS.messages, inbound(phone, 'Please stop by on Sunday'));
    expect(await t.app.textRecords.isOptedOut(phone)).toBe(false);
    // Twilio's Advanced Opt-Out recognised its own word (and answered it already).
    const res = await webhook(
      TWILIO_PATHS.messages,
      inbound(phone, 'ARRET', { OptOutType: 'STOP' }),
    );
    expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(await t.app.textRecords.isOptedOut(phone)).toBe(true);
    expect((await textsTo(phone)).map((r) => r.kind)).toEqual(['message', 'opt_out']);
  });

  it("takes Twilio's 21610 (unsubscribed at Twilio) as an opt-out", async () => {
    const user = await signUpUser(t.app, 'texts-21610');
    const phone = nextPhone();
    twilio.refuse.set(phone, { status: 400, file: 'error-unsubscribed.json' });
    const res = await startVerification(user, phone);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.phone).toEqual([TEXT_MESSAGES.numberOptedOut]);
    const [optOut] = await t.app.db.select().from(textOptOuts).where(eq(textOptOuts.phone, phone));
    expect(optOut?.source).toBe('provider');
    expect((await textsTo(phone)).at(-1)).toMatchObject({
      status: 'failed',
      errorCode: 21610,
      errorMessage: 'Attempt to send to unsubscribed recipient',
    });
  });

  it('a Reset PIN for an opted-out phone becomes an emailed link, with the same answer', async () => {
    const user = await signUpUser(t.app, 'texts-pin');
    const phone = nextPhone();
    await startVerification(user, phone);
    const code = /\b(\d{6})\b/.exec(twilio.messages.at(-1)?.body ?? '')?.[1] ?? '';
    const verified = await t.app.inject({
      method: 'POST',
      url: PHONE_PATHS.verify,
      headers: { ...BROWSER, cookie: user.cookie },
      payload: { code },
    });
    expect(verified.statusCode).toBe(200);
    await webhook(TWILIO_PATHS.messages, inbound(phone, 'QUIT'));
    await forgetLimits();
    const res = await t.app.inject({
      method: 'POST',
      url: PASSWORD_RESET_PATHS.request,
      headers: BROWSER,
      payload: { email: user.email, via: 'text' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.sentPin });
    const [reset] = await t.app.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.userId))
      .orderBy(desc(passwordResets.id));
    expect(reset?.kind).toBe('link');
    expect((await textsTo(phone)).at(-1)).toMatchObject({ kind: 'reset_pin', status: 'opted_out' });
  });
});

describe('Texts admin', () => {
  it('lists texts newest first, by direction and state, searched by number as people type it', async () => {
    const user = await signUpUser(t.app, 'texts-list');
    const phone = nextPhone();
    await startVerification(user, phone);
    await webhook(TWILIO_PATHS.messages, inbound(phone, 'STOP'));
    await forgetLimits();
    await startVerification(user, phone);
    const typed = `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`;
    const res = await adminGet(`${ADMIN_API.texts}?search=${encodeURIComponent(typed)}`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows as Array<Record<string, unknown>>;
    expect(rows.map((r) => [r.direction, r.kind, r.state])).toEqual([
      ['outbound', 'phone_verification', 'not_sent'],
      ['outbound', 'reply', 'sending'],
      ['inbound', 'opt_out', 'received'],
      ['outbound', 'phone_verification', 'sending'],
    ]);
    expect(rows[0]).toMatchObject({
      phone,
      user: { hash: user.hash, email: user.email },
      status: 'opted_out',
    });
    const inboundOnly = await adminGet(
      `${ADMIN_API.texts}?search=${phone.slice(2)}&direction=inbound`,
    );
    expect(inboundOnly.json().rows).toHaveLength(1);
    const notSent = await adminGet(`${ADMIN_API.texts}?search=${phone.slice(2)}&state=not_sent`);
    expect(notSent.json().rows).toHaveLength(1);
    const byWords = await adminGet(`${ADMIN_API.texts}?search=${encodeURIComponent('Elm St')}`);
    expect(byWords.json().rows.length).toBeGreaterThan(0);
    // Pages by keyset.
    const first = await adminGet(`${ADMIN_API.texts}?limit=2`);
    const next = await adminGet(`${ADMIN_API.texts}?limit=2&cursor=${first.json().nextCursor}`);
    expect(next.json().rows[0].id).toBeLessThan(first.json().rows[1].id);
  });

  it('says whether Twilio is on and which webhook addresses to give it', async () => {
    const res = await adminGet(ADMIN_API.textSettings);
    expect(res.json()).toEqual({
      provider: 'twilio',
      from: twilio.from,
      webhooks: {
        messages: `${ORIGIN}${TWILIO_PATHS.messages}`,
        status: `${ORIGIN}${TWILIO_PATHS.status}`,
      },
    });
  });

  it('lists opt-outs with how; staff record one (logged) and may undo only their own', async () => {
    const texted = nextPhone();
    await webhook(TWILIO_PATHS.messages, inbound(texted, 'CANCEL'));
    const asked = nextPhone();
    const post = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: ADMIN_API.textOptOuts,
        headers: { ...BROWSER, cookie: owner.cookie },
        payload,
      });
    const created = await post({ phone: asked, note: 'Asked by phone on the 3rd.' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      phone: asked,
      source: 'staff',
      note: 'Asked by phone on the 3rd.',
      staff: { hash: owner.hash, email: owner.email },
    });
    expect(await t.app.textRecords.isOptedOut(asked)).toBe(true);
    const twice = await post({ phone: asked, note: 'again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(OPT_OUT_FORM_TEXTS.alreadyOptedOut);
    const noNote = await post({ phone: nextPhone(), note: ' ' });
    expect(noNote.statusCode).toBe(422);
    expect(noNote.json().errors.note).toEqual([OPT_OUT_FORM_TEXTS.noteRequired]);

    const list = await adminGet(`${ADMIN_API.textOptOuts}?search=${texted.slice(2)}`);
    const [byText] = list.json().rows;
    expect(byText).toMatchObject({
      phone: texted,
      source: 'keyword',
      keyword: 'CANCEL',
      staff: null,
    });
    const staffOnly = await adminGet(`${ADMIN_API.textOptOuts}?source=staff`);
    expect(staffOnly.json().rows.map((r: { phone: string }) => r.phone)).toContain(asked);
    expect(staffOnly.json().rows.map((r: { phone: string }) => r.phone)).not.toContain(texted);

    const remove = (id: number) =>
      t.app.inject({
        method: 'DELETE',
        url: ADMIN_API.textOptOut(id),
        headers: { ...BROWSER, cookie: owner.cookie },
      });
    const refused = await remove(byText.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(OPT_OUT_FORM_TEXTS.notStaffRecorded);
    expect((await remove(created.json().id)).statusCode).toBe(204);
    expect(await t.app.textRecords.isOptedOut(asked)).toBe(false);
    expect((await remove(created.json().id)).statusCode).toBe(404);

    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'text_opt_out'), eq(auditLog.recordId, asked)))
      .orderBy(auditLog.id);
    expect(entries.map((e) => e.action)).toEqual(['text.opt_out', 'text.opt_out_removed']);
    expect(entries[0]?.after).toMatchObject({ phone: asked, source: 'staff' });
  });

  it('a role with texts.view but not texts.manage reads the lists but records nothing', async () => {
    const reader = await signUpUser(t.app, 'texts-reader');
    await t.app.db.insert(staffRoles).values({
      key: 'texts-reader',
      name: 'Texts reader',
      description: '',
      permissions: ['texts.view'],
    });
    await giveStaffRole(t.app, reader.userId, 'texts-reader');
    expect((await adminGet(ADMIN_API.texts, reader.cookie)).statusCode).toBe(200);
    expect((await adminGet(ADMIN_API.textOptOuts, reader.cookie)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: ADMIN_API.textOptOuts,
      headers: { ...BROWSER, cookie: reader.cookie },
      payload: { phone: nextPhone(), note: 'no' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('without Twilio', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await buildTestApp({ jobsPollMs: 0 });
  });
  afterAll(() => off.close());

  it('the webhooks are off, and texts written to files are recorded too', async () => {
    const params = inbound(nextPhone(), 'STOP');
    for (const path of [TWILIO_PATHS.messages, TWILIO_PATHS.status]) {
      const res = await off.app.inject({
        method: 'POST',
        url: path,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(twilio.authToken, `${ORIGIN}${path}`, params),
        },
        payload: new URLSearchParams(params).toString(),
      });
      expect(res.statusCode).toBe(404);
    }
    const user = await signUpUser(off.app, 'texts-file');
    const phone = nextPhone();
    const res = await off.app.inject({
      method: 'POST',
      url: PHONE_PATHS.phone,
      headers: { ...BROWSER, cookie: user.cookie },
      payload: { phone },
    });
    expect(res.statusCode).toBe(202);
    const [row] = await off.app.db.select().from(texts).where(eq(texts.phone, phone));
    expect(row).toMatchObject({ status: 'written', providerSid: null, ourNumber: null });
    expect(row?.body.startsWith('•••••• is your')).toBe(true);
    const staff = await signUpUser(off.app, 'texts-file-owner');
    await giveStaffRole(off.app, staff.userId, 'owner');
    const settings = await off.app.inject({
      method: 'GET',
      url: ADMIN_API.textSettings,
      headers: { cookie: staff.cookie },
    });
    expect(settings.json()).toEqual({ provider: 'file', from: null, webhooks: null });
  });
});

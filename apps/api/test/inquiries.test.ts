import { Writable } from 'node:stream';
import { INQUIRY_API, INQUIRY_TEXTS, SUPPORT_API } from '@lantern/contracts';
import {
  inquiryMessages,
  internetTrackingSummaries,
  listingInquiries,
  listings,
} from '@lantern/db';
import { LEAD_SPAM_TEXTS } from '@lantern/domain';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { relayAddress } from '../src/features/mail-relay/relay-address.ts';
import { BROWSER, createTestDatabase, testConfig } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { publishedFsboListing } from './helpers/listing-fixtures.ts';
import { addReader } from './helpers/photo-fixtures.ts';
import { type ReceivedMail, startSmtpServer } from './helpers/smtp.ts';
import { giveStaffRole } from './helpers/staff.ts';

/**
 * Issue 22, "Inquiries and email forwarding": a question asked on a listing page reaches the
 * seller by mail through the relay, the answers go back and forth by real SMTP through the
 * inbound listener, and neither side is sent the other's address.
 */
const DOMAIN = 'replies.lantern.test';
const SECRET = 'test-secret-test-secret-test-secret-1234';
const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

let app: Awaited<ReturnType<typeof buildApp>>;
let drop: () => Promise<void>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let seller: SignedIn;
let stranger: SignedIn;
let buyerSide: SignedIn;
let listing: { hash: string; id: number };
let property: { id: number; hash: string };

beforeAll(async () => {
  smtp = await startSmtpServer();
  const db = await createTestDatabase();
  drop = db.drop;
  app = await buildApp({
    config: testConfig({
      logLevel: 'info',
      jobsPollMs: 0,
      jobsWorker: false,
      mailUrl: smtp.url,
      sessionSecret: SECRET,
      mailReplyDomain: DOMAIN,
      inboundSmtp: { port: 0, host: '127.0.0.1' },
    }),
    database: db.database,
    logger: { level: 'info', stream },
  });
  await app.ready();
  seller = await signUpUser(app, 'inq-seller');
  stranger = await signUpUser(app, 'inq-stranger');
  buyerSide = await signUpUser(app, 'inq-buyer-side');
  const made = await publishedFsboListing(app, seller, '40 Question Lane');
  listing = made.listing;
  property = made.property;
  await addReader(app.db, property.id, buyerSide.userId);
});
afterAll(async () => {
  await app.close();
  await drop();
  await smtp.close();
});

let ip = 1;
const ask = (body: object, hash = listing.hash, remoteAddress = `10.22.0.${ip++}`) =>
  app.inject({
    method: 'POST',
    url: INQUIRY_API.ask(hash),
    headers: BROWSER,
    payload: body,
    remoteAddress,
  });
const QUESTION = {
  name: 'Pat Buyer',
  email: 'pat.buyer@example.net',
  phone: '',
  message: 'Is the roof new? Could we visit on Saturday?',
};
const dash = (url: string, who: SignedIn = seller) =>
  app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });

/** Deliver what the outbox holds and read the mail to `to` that `matches`. */
async function mailTo(to: string, matches: (text: string) => boolean = () => true) {
  await app.outbox.deliverDue();
  const raw = await smtp.waitFor(to, 5000, (m: ReceivedMail) =>
    matches(m.raw.replace(/=\r?\n/g, '')),
  );
  return simpleParser(raw.raw);
}
const replyToOf = (mail: Awaited<ReturnType<typeof simpleParser>>) =>
  mail.replyTo?.value[0]?.address ?? '';

/** Send a mail to the inbound listener, as a mail server on the internet would. */
async function sendInbound(mail: {
  from: string;
  to: string;
  text: string;
  messageId?: string;
  headers?: Record<string, string>;
}) {
  const port = app.inboundSmtp?.port;
  if (!port) throw new Error('no inbound listener');
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, ignoreTLS: true });
  try {
    return await transport.sendMail({
      from: mail.from,
      to: mail.to,
      subject: 'Re: your mail',
      text: mail.text,
      ...(mail.messageId ? { messageId: mail.messageId } : {}),
      ...(mail.headers ? { headers: mail.headers } : {}),
    });
  } finally {
    transport.close();
  }
}

const sellerEmail = () => `${seller.email}`;

describe('asking a question on a listing page', () => {
  let sellerReplyTo = '';

  it('stores it and mails the seller, with a relay reply address and never the buyer’s address', async () => {
    const res = await ask(QUESTION);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().message).toBe(INQUIRY_TEXTS.sent);
    expect(res.headers['set-cookie']).toBeUndefined();
    const mail = await mailTo(sellerEmail(), (t) => t.includes('Is the roof new?'));
    expect(mail.subject).toBe('A question about 40 Question Lane');
    expect(mail.text).toContain('Pat Buyer asked a question about 40 Question Lane');
    expect(mail.text).toContain('Reply to this email to answer');
    expect(mail.text).not.toContain('pat.buyer@example.net');
    expect(mail.html || '').not.toContain('pat.buyer@example.net');
    sellerReplyTo = replyToOf(mail);
    // Listing analytics counts the question (and only new questions, not the replies below).
    const [day] = await app.db
      .select({ n: internetTrackingSummaries.inquiryCount })
      .from(internetTrackingSummaries)
      .where(eq(internetTrackingSummaries.listingId, listing.id));
    expect(day?.n).toBe(1);
    expect(sellerReplyTo).toMatch(
      new RegExp(`^r\\+q\\d+\\.s\\.\\d+\\.[0-9a-f]{20}@${DOMAIN.replace(/\./g, '\\.')}$`),
    );
  });

  it("relays the seller's mailed answer to the buyer without the quote or the seller's address", async () => {
    await sendInbound({
      from: sellerEmail(),
      to: sellerReplyTo,
      messageId: '<answer-1@seller.example>',
      text: 'Yes, the roof was replaced in 2022. Saturday at 10 works.\n\nOn Mon, Nov 23, 2026 at 9:00 AM Lantern <hello@lantern.test> wrote:\n> Pat Buyer asked a question about 40 Question Lane:\n> Is the roof new?',
    });
    const mail = await mailTo('pat.buyer@example.net', (t) => t.includes('roof was replaced'));
    expect(mail.subject).toBe('Re: Your question about 40 Question Lane');
    expect(mail.text).toContain('Yes, the roof was replaced in 2022. Saturday at 10 works.');
    expect(mail.text).not.toContain('Pat Buyer asked a question');
    expect(mail.text).not.toContain(sellerEmail());
    expect(mail.from?.value[0]?.address).not.toBe(sellerEmail());
    expect(replyToOf(mail)).toMatch(/^r\+q\d+\.b\.\d+\.[0-9a-f]{20}@/);

    // The buyer answers back; it reaches the seller as a follow-up.
    await sendInbound({
      from: 'pat.buyer@example.net',
      to: replyToOf(mail),
      messageId: '<buyer-2@buyer.example>',
      text: 'Great, see you Saturday.',
    });
    const followUp = await mailTo(sellerEmail(), (t) => t.includes('see you Saturday'));
    expect(followUp.subject).toBe('Pat Buyer wrote again about 40 Question Lane');
    expect(followUp.text).not.toContain('pat.buyer@example.net');
  });

  it('stores and relays a mail delivered twice only once', async () => {
    const [inquiry] = await app.db
      .select()
      .from(listingInquiries)
      .where(eq(listingInquiries.listingId, listing.id));
    if (!inquiry) throw new Error('no inquiry');
    const to = relayAddress(SECRET, DOMAIN, { thread: 'inquiry', id: inquiry.id, side: 'seller' });
    const again = {
      from: sellerEmail(),
      to,
      messageId: '<answer-1@seller.example>',
      text: 'Yes, the roof was replaced in 2022.',
    };
    await sendInbound(again);
    await app.outbox.deliverDue();
    const stored = await app.db
      .select()
      .from(inquiryMessages)
      .where(eq(inquiryMessages.inquiryId, inquiry.id));
    const [day] = await app.db
      .select({ n: internetTrackingSummaries.inquiryCount })
      .from(internetTrackingSummaries)
      .where(eq(internetTrackingSummaries.listingId, listing.id));
    expect(day?.n).toBe(1);
    expect(stored.map((m) => [m.side, m.via])).toEqual([
      ['buyer', 'form'],
      ['seller', 'email'],
      ['buyer', 'email'],
    ]);
  });

  it('refuses forged and expired relay addresses at RCPT TO, logs why, and never logs the token', async () => {
    const [inquiry] = await app.db
      .select()
      .from(listingInquiries)
      .where(eq(listingInquiries.listingId, listing.id));
    if (!inquiry) throw new Error('no inquiry');
    const real = relayAddress(SECRET, DOMAIN, {
      thread: 'inquiry',
      id: inquiry.id,
      side: 'seller',
    });
    const forged = real.replace(
      /\.([0-9a-f])([0-9a-f]{19})@/,
      (_, c, rest) => `.${c === 'a' ? 'b' : 'a'}${rest}@`,
    );
    const expired = relayAddress(
      SECRET,
      DOMAIN,
      { thread: 'inquiry', id: inquiry.id, side: 'seller' },
      new Date('2020-01-01T00:00:00Z'),
    );
    const otherSecret = relayAddress('a-different-secret-0123456789abcdefgh', DOMAIN, {
      thread: 'inquiry',
      id: inquiry.id,
      side: 'seller',
    });
    const before = (await app.db.select().from(inquiryMessages)).length;
    for (const to of [
      forged,
      expired,
      otherSecret,
      `postmaster@${DOMAIN}`,
      'someone@elsewhere.example',
    ]) {
      await expect(
        sendInbound({ from: 'mallory@example.org', to, text: 'Wire me the deposit.' }),
      ).rejects.toMatchObject({ responseCode: 550 });
    }
    expect((await app.db.select().from(inquiryMessages)).length).toBe(before);
    const log = lines.join('');
    expect(log).toContain('"reason":"forged"');
    expect(log).toContain('"reason":"expired"');
    for (const address of [forged, expired, real]) expect(log).not.toContain(address.split('@')[0]);
  });

  it('drops automatic replies and bounces instead of relaying them (no mail loops)', async () => {
    const [inquiry] = await app.db
      .select()
      .from(listingInquiries)
      .where(eq(listingInquiries.listingId, listing.id));
    if (!inquiry) throw new Error('no inquiry');
    const to = relayAddress(SECRET, DOMAIN, { thread: 'inquiry', id: inquiry.id, side: 'buyer' });
    const before = (await app.db.select().from(inquiryMessages)).length;
    await sendInbound({
      from: 'pat.buyer@example.net',
      to,
      text: 'I am out of the office.',
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    expect((await app.db.select().from(inquiryMessages)).length).toBe(before);
    expect(lines.join('')).toContain('"reason":"automatic reply"');
  });
});

describe('spam limits', () => {
  it('drops a post whose hidden field is filled, answering as if it were sent', async () => {
    const before = (await app.db.select().from(listingInquiries)).length;
    const res = await ask({ ...QUESTION, website: 'http://spam.example' });
    expect(res.statusCode).toBe(202);
    expect((await app.db.select().from(listingInquiries)).length).toBe(before);
  });

  it('refuses more than two links in words', async () => {
    const res = await ask({
      ...QUESTION,
      message: 'Deals at https://a.example and https://b.example and www.c.example',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.message).toEqual([LEAD_SPAM_TEXTS.tooManyLinks]);
    const two = await ask({ ...QUESTION, message: 'See https://a.example and https://b.example' });
    expect(two.statusCode).toBe(202);
  });

  it('takes five questions an hour from one address, then 429', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await ask(QUESTION, listing.hash, '10.23.0.9')).statusCode);
    expect(codes).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('is a 404 for an unknown listing and a 409 once the home is sold', async () => {
    expect((await ask(QUESTION, 'no-such-listing')).statusCode).toBe(404);
    const sold = await publishedFsboListing(app, seller, '42 Question Lane');
    await app.db.update(listings).set({ status: 'sold' }).where(eq(listings.id, sold.listing.id));
    const res = await ask(QUESTION, sold.listing.hash);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(INQUIRY_TEXTS.notAsking);
  });
});

describe('the lead inbox in the dashboard', () => {
  it("lists the listing's questions without the buyer's address, and opening one marks it read", async () => {
    const list = await dash(`${INQUIRY_API.list}?property=${property.hash}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).not.toContain('pat.buyer@example.net');
    const first = list
      .json()
      .inquiries.find((q: { excerpt: string }) => q.excerpt.includes('see you Saturday'));
    expect(first).toMatchObject({ buyerName: 'Pat Buyer', unread: true, messages: 3 });
    const thread = await dash(`${INQUIRY_API.thread(first.hash)}?property=${property.hash}`);
    expect(thread.statusCode).toBe(200);
    expect(
      thread.json().inquiry.thread.map((m: { side: string; via: string }) => `${m.side}/${m.via}`),
    ).toEqual(['buyer/form', 'seller/email', 'buyer/email']);
    expect(thread.body).not.toContain('pat.buyer@example.net');
    const again = await dash(`${INQUIRY_API.list}?property=${property.hash}`);
    expect(again.json().inquiries.find((q: { hash: string }) => q.hash === first.hash).unread).toBe(
      false,
    );
  });

  it('sends an answer from the dashboard to the buyer, with the seller’s address only when they choose', async () => {
    const list = await dash(`${INQUIRY_API.list}?property=${property.hash}`);
    const { hash } = list.json().inquiries[0];
    const reply = (body: string, shareEmail: boolean) =>
      app.inject({
        method: 'POST',
        url: INQUIRY_API.reply(hash),
        headers: { ...BROWSER, cookie: seller.cookie },
        payload: { property: property.hash, body, shareEmail },
      });
    const res = await reply('It has a new furnace too.', false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().inquiry.thread.at(-1)).toMatchObject({
      side: 'seller',
      via: 'dashboard',
      body: 'It has a new furnace too.',
    });
    const quiet = await mailTo('pat.buyer@example.net', (t) => t.includes('new furnace'));
    expect(quiet.text).not.toContain(sellerEmail());
    await reply('Call me any time.', true);
    const shared = await mailTo('pat.buyer@example.net', (t) => t.includes('Call me any time'));
    expect(shared.text).toContain(`share their email address: ${sellerEmail()}`);
    expect((await reply('  ', false)).statusCode).toBe(422);
  });

  it("is a 404 for another user, for the buyer's side of the property and for another listing's question", async () => {
    const list = await dash(`${INQUIRY_API.list}?property=${property.hash}`);
    const { hash } = list.json().inquiries[0];
    expect((await dash(`${INQUIRY_API.list}?property=${property.hash}`, stranger)).statusCode).toBe(
      404,
    );
    expect(
      (await dash(`${INQUIRY_API.list}?property=${property.hash}`, buyerSide)).statusCode,
    ).toBe(404);
    expect(
      (await dash(`${INQUIRY_API.thread(hash)}?property=${property.hash}`, buyerSide)).statusCode,
    ).toBe(404);
    const other = await publishedFsboListing(app, seller, '44 Question Lane');
    expect(
      (await dash(`${INQUIRY_API.thread(hash)}?property=${other.property.hash}`)).statusCode,
    ).toBe(404);
  });
});

describe('support tickets answered by mail (the same relay)', () => {
  it("takes a customer's reply to our answer as a message on the ticket, opens it and tells its handler", async () => {
    const customer = await signUpUser(app, 'relay-ticket-customer');
    const agent = await signUpUser(app, 'relay-ticket-agent');
    await giveStaffRole(app, agent.userId, 'support');
    const as = (who: SignedIn, method: 'POST' | 'PUT', url: string, payload: object) =>
      app.inject({ method, url, headers: { ...BROWSER, cookie: who.cookie }, payload });
    const opened = await as(customer, 'POST', SUPPORT_API.tickets, {
      subject: 'Sign post is leaning',
      body: 'The post tipped over in the wind.',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const { hash } = opened.json();
    await as(agent, 'PUT', SUPPORT_API.adminTicket(hash), { assignee: 'me' });
    await as(agent, 'POST', SUPPORT_API.adminReplies(hash), {
      body: 'We will send someone on Friday.',
      state: 'waiting',
    });
    const answer = await mailTo(customer.email, (t) => t.includes('send someone on Friday'));
    expect(answer.text).toContain('reply to this email or write on the ticket');
    const to = replyToOf(answer);
    expect(to).toMatch(/^r\+t\d+\.c\.\d+\.[0-9a-f]{20}@/);

    const reply = {
      from: customer.email,
      to,
      messageId: '<ticket-reply-1@customer.example>',
      text: 'Friday is fine, thank you.\n\n> We will send someone on Friday.',
    };
    await sendInbound(reply);
    await sendInbound(reply); // delivered twice: counted once
    const toAgent = await mailTo(agent.email, (t) => t.includes('Friday is fine'));
    expect(toAgent.subject).toContain('replied: Sign post is leaning');
    const ticket = await app.inject({
      method: 'GET',
      url: SUPPORT_API.ticket(hash),
      headers: { cookie: customer.cookie },
    });
    expect(ticket.json().state).toBe('open');
    expect(ticket.json().messages.map((m: { body: string }) => m.body)).toEqual([
      'The post tipped over in the wind.',
      'We will send someone on Friday.',
      'Friday is fine, thank you.',
    ]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/env.ts';
import {
  createFileTextSender,
  createTwilioSender,
  TextSendError,
} from '../src/features/texts/index.ts';
import { testConfig } from './helpers/build-test-app.ts';

const SID = 'ACaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const TOKEN = 'twilio-auth-token-0123456789';
const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, 'fixtures', 'twilio', name), 'utf8');

interface Seen {
  method: string | undefined;
  url: string | undefined;
  auth: string | undefined;
  type: string | undefined;
  form: URLSearchParams;
}

/** A stand-in for api.twilio.com answering the documented responses, keeping each request. */
let server: Server;
let base: string;
const seen: Seen[] = [];
let answer: { status: number; body: string } = {
  status: 201,
  body: fixture('message-created.json'),
};

async function read(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    seen.push({
      method: req.method,
      url: req.url,
      auth: req.headers.authorization,
      type: req.headers['content-type'],
      form: new URLSearchParams(await read(req)),
    });
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const sender = (from = '+15005550006') =>
  createTwilioSender({ accountSid: SID, authToken: TOKEN, from, baseUrl: base, timeoutMs: 5000 });

describe('Twilio text adapter', () => {
  it("posts the message form to the account's Messages resource with basic auth", async () => {
    answer = { status: 201, body: fixture('message-created.json') };
    seen.length = 0;
    await sender().send({ to: '+12025550123', body: '123456 is your code' });
    expect(seen).toHaveLength(1);
    const [req] = seen;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(req?.auth).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(req?.type).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(req?.form ?? [])).toEqual({
      To: '+12025550123',
      From: '+15005550006',
      Body: '123456 is your code',
    });
  });

  it("gives Twilio our StatusCallback and answers the message's SID and status", async () => {
    answer = { status: 201, body: fixture('message-created.json') };
    seen.length = 0;
    const callback = 'https://example.com/api/twilio/status?text=7';
    const handed = await sender().send({
      to: '+12025550123',
      body: '123456 is your code',
      statusCallback: callback,
    });
    expect(seen[0]?.form.get('StatusCallback')).toBe(callback);
    expect(handed).toEqual({
      sid: 'SMbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
      status: 'queued',
      from: '+15005550006',
    });
  });

  it('sends from a Messaging Service when TWILIO_FROM is an MG… SID', async () => {
    answer = { status: 201, body: fixture('message-created.json') };
    seen.length = 0;
    const service = `MG${'c'.repeat(32)}`;
    await sender(service).send({ to: '+12025550123', body: 'hi' });
    expect(seen[0]?.form.get('MessagingServiceSid')).toBe(service);
    expect(seen[0]?.form.has('From')).toBe(false);
  });

  it("raises Twilio's error for an invalid number (21211) and for bad credentials (20003)", async () => {
    answer = { status: 400, body: fixture('error-invalid-to.json') };
    const invalid = await sender()
      .send({ to: '+1202555', body: 'x' })
      .catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(TextSendError);
    expect(invalid).toMatchObject({ status: 400, code: 21211 });
    expect((invalid as Error).message).toContain("Invalid 'To' Phone Number");

    answer = { status: 401, body: fixture('error-authenticate.json') };
    await expect(sender().send({ to: '+12025550123', body: 'x' })).rejects.toMatchObject({
      status: 401,
      code: 20003,
      message: 'Authenticate',
    });
  });

  it('treats a non-JSON failure as an error too', async () => {
    answer = { status: 503, body: '<html>Service Unavailable</html>' };
    await expect(sender().send({ to: '+12025550123', body: 'x' })).rejects.toMatchObject({
      status: 503,
    });
  });
});

describe('file text adapter (development default)', () => {
  it('writes each text to DATA_DIR/texts', async () => {
    const { dataDir } = testConfig();
    const logged: unknown[] = [];
    const files = createFileTextSender(join(dataDir, 'texts'), {
      info: (o: unknown) => logged.push(o),
    } as never);
    expect(await files.send({ to: '+12025550123', body: 'hello there' })).toEqual({
      sid: null,
      status: 'written',
      from: null,
    });
    const [name] = readdirSync(join(dataDir, 'texts'));
    expect(readFileSync(join(dataDir, 'texts', name ?? ''), 'utf8')).toBe(
      'To: +12025550123\n\nhello there\n',
    );
    expect(logged).toHaveLength(1);
  });
});

describe('text settings', () => {
  const base = { NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/lantern-texts' };
  it('uses Twilio only when all three settings are given', () => {
    const { config } = loadConfig({
      ...base,
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: '+15005550006',
    });
    expect(config.twilio).toEqual({
      accountSid: SID,
      authToken: TOKEN,
      from: '+15005550006',
      baseUrl: 'https://api.twilio.com',
    });
    expect(loadConfig(base).config.twilio).toBeUndefined();
    expect(() => loadConfig({ ...base, TWILIO_ACCOUNT_SID: SID })).toThrow(/TWILIO_AUTH_TOKEN/);
    expect(() =>
      loadConfig({
        ...base,
        TWILIO_ACCOUNT_SID: 'nope',
        TWILIO_AUTH_TOKEN: TOKEN,
        TWILIO_FROM: '+15005550006',
      }),
    ).toThrow(/TWILIO_ACCOUNT_SID/);
  });
});

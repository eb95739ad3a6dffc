import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { twilioSignature } from '../../src/features/texts/signature.ts';

/**
 * A local stand-in for Twilio's Messages resource (issue 20), answering with the responses
 * written from Twilio's documentation in test/fixtures/twilio (sid, to, from and body filled in
 * from what was sent). It keeps every message it took, like Twilio's message log, so tests read
 * what the product texted. `refuse` answers a number with a recorded error (21610 for a number
 * that texted STOP to Twilio, 21211 for an invalid one). With `deliver`, each message's
 * StatusCallback is called back as Twilio would — `sent`, then `delivered` — signed with the
 * auth token. Browser tests read the messages at `GET /__fixture/messages?to=`.
 */
export interface TwilioFixture {
  url: string;
  accountSid: string;
  authToken: string;
  from: string;
  messages: TwilioMessage[];
  /** Numbers answered with a recorded error file instead of a created message. */
  refuse: Map<string, { status: number; file: string }>;
  close(): Promise<void>;
}

export interface TwilioMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
}

const dir = join(import.meta.dirname, '..', 'fixtures', 'twilio');
export const twilioFixture = (name: string) =>
  JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, unknown>;

export const FIXTURE_ACCOUNT_SID = `AC${'a'.repeat(32)}`;
export const FIXTURE_AUTH_TOKEN = 'twilio-fixture-auth-token-0123456789';
export const FIXTURE_FROM = '+15005550006';

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Post a form to one of the product's webhooks, signed as Twilio signs it. */
export async function postSigned(
  url: string,
  params: Record<string, string>,
  authToken: string,
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(authToken, url, params),
    },
    body: new URLSearchParams(params),
  });
}

export async function startTwilioFixture(
  opts: {
    port?: number;
    accountSid?: string;
    authToken?: string;
    from?: string;
    deliver?: boolean;
  } = {},
): Promise<TwilioFixture> {
  const accountSid = opts.accountSid ?? FIXTURE_ACCOUNT_SID;
  const authToken = opts.authToken ?? FIXTURE_AUTH_TOKEN;
  const from = opts.from ?? FIXTURE_FROM;
  const messages: TwilioMessage[] = [];
  const refuse: TwilioFixture['refuse'] = new Map();
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;

  const send = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  /** Twilio's callbacks for a message it took: sent, then delivered, each signed. */
  async function deliver(message: TwilioMessage) {
    if (!message.statusCallback) return;
    for (const status of ['sent', 'delivered']) {
      await new Promise((r) => setTimeout(r, 50));
      await postSigned(
        message.statusCallback,
        {
          SmsSid: message.sid,
          SmsStatus: status,
          MessageStatus: status,
          To: message.to,
          MessageSid: message.sid,
          AccountSid: accountSid,
          From: message.from,
          ApiVersion: '2010-04-01',
        },
        authToken,
      ).catch(() => undefined);
    }
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    if (req.method === 'GET' && url.pathname === '/__fixture/messages') {
      const to = url.searchParams.get('to');
      return send(res, 200, to ? messages.filter((m) => m.to === to) : messages);
    }
    if (req.method !== 'POST' || url.pathname !== path) {
      return send(res, 404, {
        code: 20404,
        message: 'The requested resource was not found',
        status: 404,
      });
    }
    if (req.headers.authorization !== expectedAuth) {
      return send(res, 401, twilioFixture('error-authenticate.json'));
    }
    const form = new URLSearchParams(await readBody(req));
    const to = form.get('To') ?? '';
    const refused = refuse.get(to);
    if (refused) {
      const body = twilioFixture(refused.file);
      return send(res, refused.status, {
        ...body,
        message: String(body.message).replace('+1202555XXXX', to),
      });
    }
    const message: TwilioMessage = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      to,
      from: form.get('From') ?? form.get('MessagingServiceSid') ?? from,
      body: form.get('Body') ?? '',
      statusCallback: form.get('StatusCallback'),
    };
    messages.push(message);
    const created = twilioFixture('message-created.json');
    send(res, 201, {
      ...created,
      sid: message.sid,
      to: message.to,
      from: message.from,
      body: message.body,
      uri: String(created.uri).replaceAll(String(created.sid), message.sid),
    });
    if (opts.deliver) void deliver(message);
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    accountSid,
    authToken,
    from,
    messages,
    refuse,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

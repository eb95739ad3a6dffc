import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { assertNoUnitOfWork } from '@lantern/db';
import type { FastifyBaseLogger } from 'fastify';

export interface OutgoingText {
  /** E.164, e.g. +12025550123. */
  to: string;
  body: string;
  /** Where Twilio reports the text's delivery status (our StatusCallback URL). */
  statusCallback?: string | undefined;
}

/** What the provider said when it took the text. */
export interface HandedOver {
  /** Twilio's Message SID; null when written to a file. */
  sid: string | null;
  /** Twilio's status word (queued, accepted, …), or `written`. */
  status: string;
  /** Our number or Messaging Service the text goes from; null for a file. */
  from: string | null;
}

/**
 * The transport of a text (the text service in ./texts.ts records and checks opt-outs around it).
 * Resolves once the provider accepted the message (or it was written to disk).
 */
export interface TextSender {
  send(text: OutgoingText): Promise<HandedOver>;
  readonly kind: 'twilio' | 'file';
}

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** A Twilio number in E.164, or a Messaging Service SID (MG…), as the sender. */
  from: string;
  /** https://api.twilio.com, or a stand-in for tests. */
  baseUrl: string;
  timeoutMs: number;
}

/** The provider refused the message; `code` is Twilio's error code (e.g. 21211, invalid To). */
export class TextSendError extends Error {
  readonly status: number;
  readonly code: number | undefined;
  constructor(message: string, status: number, code: number | undefined) {
    super(message);
    this.name = 'TextSendError';
    this.status = status;
    this.code = code;
  }
}

/**
 * Twilio's Programmable Messaging REST API: POST /2010-04-01/Accounts/{Sid}/Messages.json with
 * HTTP basic auth and a form body (To, From or MessagingServiceSid, Body). 201 answers the
 * message resource; failures answer `{code, message, more_info, status}`.
 */
export function createTwilioSender(settings: TwilioSettings): TextSender {
  const url = `${settings.baseUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  const sender: [string, string] = settings.from.startsWith('MG')
    ? ['MessagingServiceSid', settings.from]
    : ['From', settings.from];
  return {
    kind: 'twilio',
    async send({ to, body, statusCallback }) {
      assertNoUnitOfWork('Twilio');
      const form = new URLSearchParams([['To', to], sender, ['Body', body]]);
      if (statusCallback) form.set('StatusCallback', statusCallback);
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: auth,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form,
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      const payload = (await res.json().catch(() => ({}))) as {
        sid?: string;
        status?: string;
        code?: number;
        message?: string;
      };
      if (res.status !== 201 && res.status !== 200) {
        throw new TextSendError(
          payload.message ?? `Twilio answered ${res.status}`,
          res.status,
          payload.code,
        );
      }
      if (payload.status === 'failed' || payload.status === 'undelivered') {
        throw new TextSendError(
          `Twilio marked the message ${payload.status}`,
          res.status,
          payload.code,
        );
      }
      return { sid: payload.sid ?? null, status: payload.status ?? 'queued', from: settings.from };
    },
  };
}

/** Development default: each text is written to DATA_DIR/texts and logged; nothing is sent. */
export function createFileTextSender(
  dir: string,
  log: Pick<FastifyBaseLogger, 'info'>,
): TextSender {
  return {
    kind: 'file',
    async send({ to, body }) {
      await mkdir(dir, { recursive: true });
      const file = join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.txt`,
      );
      await writeFile(file, `To: ${to}\n\n${body}\n`);
      log.info({ to, file }, 'text written to file (TWILIO_ACCOUNT_SID is not set)');
      return { sid: null, status: 'written', from: null };
    },
  };
}

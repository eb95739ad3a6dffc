import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { assertNoUnitOfWork } from '@lantern/db';
import { guardedLookup, isPrivateAddress, PrivateAddressError } from './address-guard.ts';

/** What one HTTP try of a delivery came to. */
export interface PostOutcome {
  /** The HTTP status; null when no answer came. */
  statusCode: number | null;
  /** The start of the answer's body. */
  responseBody: string;
  /** Why no answer came, in a few words. */
  error: string | null;
  durationMs: number;
}

/** How much of an answer's body is kept. */
export const RESPONSE_BODY_MAX = 2000;

/**
 * POST `body` to `url` with `headers`, waiting `timeoutMs` in all, following no redirect.
 * Without `allowPrivate` the connection goes only to public addresses (address-guard.ts).
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: { timeoutMs: number; allowPrivate: boolean },
): Promise<PostOutcome> {
  assertNoUnitOfWork('A webhook endpoint');
  const started = Date.now();
  const done = (o: Omit<PostOutcome, 'durationMs'>): PostOutcome => ({
    ...o,
    durationMs: Date.now() - started,
  });
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve(done({ statusCode: null, responseBody: '', error: 'The address is not a URL.' }));
      return;
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!opts.allowPrivate && isIP(host) && isPrivateAddress(host)) {
      resolve(
        done({ statusCode: null, responseBody: '', error: new PrivateAddressError(host).message }),
      );
      return;
    }
    const client = target.protocol === 'https:' ? https : http;
    let settled = false;
    const finish = (o: Omit<PostOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(o));
    };
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        ...(opts.allowPrivate ? {} : { lookup: guardedLookup as never }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < RESPONSE_BODY_MAX * 4) {
            chunks.push(chunk);
            size += chunk.length;
          }
        });
        const answer = () =>
          finish({
            statusCode: res.statusCode ?? null,
            responseBody: Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_BODY_MAX),
            error: null,
          });
        res.on('end', answer);
        res.on('error', answer);
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`No answer within ${Math.round(opts.timeoutMs / 1000)} seconds.`));
    }, opts.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => {
      const message =
        err instanceof PrivateAddressError || err.code === 'EPRIVATE'
          ? err.message
          : err.code
            ? `${err.code}: ${err.message}`
            : err.message;
      finish({ statusCode: null, responseBody: '', error: message.slice(0, 500) });
    });
    req.end(body);
  });
}

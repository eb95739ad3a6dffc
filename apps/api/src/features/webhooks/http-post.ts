import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { assertNoUnitOfWork } from '@lantern/db';
import {
  guardedLookup,
  isPublicAddress,
  PrivateAddressError,
  portProblem,
  type Resolve,
  WEBHOOK_PORTS,
} from './address-guard.ts';

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
 * Without `allowPrivate` the connection goes only to public addresses on port 443 or 80
 * (address-guard.ts); `resolve` replaces the system's DNS (tests).
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: { timeoutMs: number; allowPrivate: boolean; resolve?: Resolve },
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
    const refusal = opts.allowPrivate ? null : refuseBeforeLookup(target);
    if (refusal) {
      resolve(done({ statusCode: null, responseBody: '', error: refusal }));
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
        ...(opts.allowPrivate ? {} : { lookup: guardedLookup(opts.resolve) as never }),
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

/** Without the allowance: http, another port than 443 or 80, or a literal non-public address. */
function refuseBeforeLookup(target: URL): string | null {
  if (target.protocol !== 'https:') return 'The address must start with https://.';
  const port = portProblem(target);
  if (port)
    return `Port ${port} is not allowed: webhooks go to port ${WEBHOOK_PORTS.join(' or ')}.`;
  const host = target.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) && !isPublicAddress(host) ? new PrivateAddressError(host).message : null;
}

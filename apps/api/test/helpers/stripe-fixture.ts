import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import Stripe from 'stripe';

/**
 * A local stand-in for the Stripe API (issue 17), answering with the shapes of Stripe's API
 * reference: `POST /v1/checkout/sessions` (a Checkout Session object), `POST /v1/refunds` (a
 * Refund object). Like Stripe, a repeated Idempotency-Key gets the first answer again. It also
 * serves the hosted checkout page (`/pay/{session}`): "Pay" there sends the signed
 * `checkout.session.completed` to the app's webhook and returns the browser to `success_url`.
 */
export interface StripeFixture {
  url: string;
  /** Every request: method, path, Idempotency-Key and the form body. */
  requests: Array<{
    method: string;
    path: string;
    idempotencyKey: string | undefined;
    form: URLSearchParams;
  }>;
  sessions: Map<string, Record<string, unknown>>;
  /** Make the next refund requests fail with Stripe's error shape. */
  failRefunds: boolean;
  close(): Promise<void>;
}

export const FIXTURE_WEBHOOK_SECRET = 'whsec_fixture_secret_for_tests';
const signer = new Stripe('sk_test_fixture');
const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** A Stripe event as Stripe sends it, signed now (or at `timestamp`) with `secret`. */
export function signedEvent(
  type: string,
  object: Record<string, unknown>,
  opts: { secret?: string; timestamp?: number; eventId?: string } = {},
) {
  const payload = JSON.stringify({
    id: opts.eventId ?? id('evt'),
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? FIXTURE_WEBHOOK_SECRET,
    ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
  });
  return { payload, header };
}

/** A completed Checkout Session as `checkout.session.completed` carries it. */
export function completedSession(
  session: Record<string, unknown>,
  overrides: Record<string, unknown> = {},
) {
  return {
    ...session,
    status: 'complete',
    payment_status: 'paid',
    payment_intent: id('pi'),
    ...overrides,
  };
}

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startStripeFixture(
  opts: { webhookUrl?: () => string; port?: number } = {},
): Promise<StripeFixture> {
  const replies = new Map<string, { status: number; json: unknown }>();
  const fixture: Omit<StripeFixture, 'url' | 'close'> = {
    requests: [],
    sessions: new Map(),
    failRefunds: false,
  };
  let base = '';

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    const raw = await body(req);
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(json));
    };

    if (url.pathname.startsWith('/v1/')) {
      const form = new URLSearchParams(raw);
      const key = req.headers['idempotency-key'] as string | undefined;
      fixture.requests.push({
        method: req.method ?? '',
        path: url.pathname,
        idempotencyKey: key,
        form,
      });
      const cacheKey = key ? `${url.pathname} ${key}` : null;
      const cached = cacheKey ? replies.get(cacheKey) : undefined;
      if (cached) return send(cached.status, cached.json);
      let reply: { status: number; json: unknown };
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const sid = id('cs');
        const session = {
          id: sid,
          object: 'checkout.session',
          amount_subtotal: Number(form.get('line_items[0][price_data][unit_amount]')),
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          cancel_url: form.get('cancel_url'),
          client_reference_id: form.get('client_reference_id'),
          currency: form.get('line_items[0][price_data][currency]'),
          customer_email: form.get('customer_email'),
          expires_at: Math.floor(Date.now() / 1000) + 24 * 3600,
          livemode: false,
          metadata: { invoice: form.get('metadata[invoice]') },
          mode: 'payment',
          payment_intent: null,
          payment_status: 'unpaid',
          status: 'open',
          success_url: form.get('success_url'),
          url: `${base}/pay/${sid}`,
        };
        fixture.sessions.set(sid, session);
        reply = { status: 200, json: session };
      } else if (
        req.method === 'POST' &&
        /^\/v1\/checkout\/sessions\/[^/]+\/expire$/.test(url.pathname)
      ) {
        // Stripe's rule: only an open session can be expired.
        const session = fixture.sessions.get(url.pathname.split('/')[4] ?? '');
        reply =
          session?.status === 'open'
            ? { status: 200, json: Object.assign(session, { status: 'expired' }) }
            : {
                status: session ? 400 : 404,
                json: {
                  error: {
                    type: 'invalid_request_error',
                    message: session
                      ? `Only Checkout Sessions with a status in ["open"] can be expired.`
                      : 'No such checkout.session',
                  },
                },
              };
      } else if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        reply = fixture.failRefunds
          ? {
              status: 400,
              json: {
                error: {
                  type: 'invalid_request_error',
                  code: 'charge_already_refunded',
                  message: 'Charge has already been refunded.',
                },
              },
            }
          : {
              status: 200,
              json: {
                id: id('re'),
                object: 'refund',
                amount: Number(form.get('amount')),
                currency: 'usd',
                payment_intent: form.get('payment_intent'),
                charge: id('ch'),
                status: 'succeeded',
                created: Math.floor(Date.now() / 1000),
                metadata: {},
              },
            };
      } else {
        reply = {
          status: 404,
          json: {
            error: {
              type: 'invalid_request_error',
              message: `Unrecognized request URL (${req.method}: ${url.pathname}).`,
            },
          },
        };
      }
      if (cacheKey && reply.status < 500) replies.set(cacheKey, reply);
      return send(reply.status, reply.json);
    }

    // The hosted checkout page: what a person sees at Stripe, as little of it as a test needs.
    const pay = /^\/pay\/(cs_test_[0-9a-f]+)$/.exec(url.pathname);
    const session = pay?.[1] ? fixture.sessions.get(pay[1]) : undefined;
    if (session && req.method === 'GET') {
      const amount = ((session.amount_total as number) / 100).toFixed(2);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><head><title>Fixture checkout</title></head><body><main><h1>Fixture checkout</h1><p>Pay $${amount} to the test merchant.</p><form method="post"><button type="submit">Pay $${amount}</button></form></main></body></html>`,
      );
      return;
    }
    if (session && req.method === 'POST') {
      const completed = completedSession(session);
      fixture.sessions.set(session.id as string, completed);
      const { payload, header } = signedEvent('checkout.session.completed', completed);
      const target = opts.webhookUrl?.();
      if (target)
        await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': header },
          body: payload,
        });
      res.writeHead(303, { location: String(session.success_url) });
      res.end();
      return;
    }
    if (req.method === 'GET' && (url.pathname === '/' || url.pathname === '/favicon.ico')) {
      // A readiness answer for the e2e runner, and no favicon error in a browser's console.
      res.writeHead(url.pathname === '/' ? 200 : 204);
      res.end();
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fixture not listening');
  base = `http://127.0.0.1:${address.port}`;
  return Object.assign(fixture, {
    url: base,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

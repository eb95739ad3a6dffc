import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isPrivateAddress, urlProblem } from './address-guard.ts';
import { postWebhook, RESPONSE_BODY_MAX } from './http-post.ts';
import { createSecretBox, newSigningSecret } from './secret-box.ts';
import { signWebhook, verifyWebhookSignature } from './signature.ts';

const secret = 'whsec_test_secret';
const body = '{"id":"evt_1","type":"order.paid"}';
const t = 1_800_000_000;

describe('webhook signatures', () => {
  it('signs "t.body" with HMAC-SHA256, as docs/api.md tells a receiver to check', () => {
    const header = signWebhook(secret, body, t);
    const hex = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(header).toBe(`t=${t},v1=${hex}`);
  });

  it('verifies a good signature within the tolerance, on either side of the clock', () => {
    const header = signWebhook(secret, body, t);
    expect(verifyWebhookSignature(header, body, secret, { now: t })).toEqual({
      ok: true,
      timestamp: t,
    });
    expect(verifyWebhookSignature(header, body, secret, { now: t + 300 }).ok).toBe(true);
    expect(verifyWebhookSignature(header, body, secret, { now: t - 300 }).ok).toBe(true);
  });

  it('refuses an old timestamp (a replay), another body, another secret, a bad header', () => {
    const header = signWebhook(secret, body, t);
    expect(verifyWebhookSignature(header, body, secret, { now: t + 301 })).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(verifyWebhookSignature(header, `${body} `, secret, { now: t }).ok).toBe(false);
    expect(verifyWebhookSignature(header, body, 'whsec_other', { now: t })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    // The timestamp is signed: moving it breaks the signature.
    const moved = header.replace(`t=${t}`, `t=${t + 10}`);
    expect(verifyWebhookSignature(moved, body, secret, { now: t })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    for (const bad of [undefined, '', 'v1=abc', `t=${t}`, `t=x,v1=${'0'.repeat(64)}`]) {
      expect(verifyWebhookSignature(bad, body, secret, { now: t })).toEqual({
        ok: false,
        reason: 'malformed',
      });
    }
  });

  it('accepts a header carrying two signatures when one matches', () => {
    const good = signWebhook(secret, body, t).split(',')[1];
    const header = `t=${t},v1=${'a'.repeat(64)},${good}`;
    expect(verifyWebhookSignature(header, body, secret, { now: t }).ok).toBe(true);
  });
});

describe('signing secrets at rest', () => {
  it('seals and opens under SESSION_SECRET; another key or a changed byte cannot open it', () => {
    const box = createSecretBox('a'.repeat(40));
    const plain = newSigningSecret();
    expect(plain).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const sealed = box.seal(plain);
    expect(sealed).not.toContain(plain.slice(6));
    expect(box.open(sealed)).toBe(plain);
    expect(() => createSecretBox('b'.repeat(40)).open(sealed)).toThrow();
    const [iv, tag, data] = sealed.split('.');
    const flipped = `${iv}.${tag}.${data?.startsWith('A') ? 'B' : 'A'}${data?.slice(1)}`;
    expect(() => box.open(flipped)).toThrow();
  });
});

describe('the SSRF guard', () => {
  it('knows private, loopback, link-local and mapped addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(a), a).toBe(false);
    }
  });

  it('in production wants https and a public host; the allowance lets http and localhost through', () => {
    expect(urlProblem('https://hooks.example.com/x', false)).toBeNull();
    expect(urlProblem('http://hooks.example.com/x', false)).toBe('https');
    expect(urlProblem('https://127.0.0.1/x', false)).toBe('private');
    expect(urlProblem('https://[::1]:8443/x', false)).toBe('private');
    expect(urlProblem('https://localhost/x', false)).toBe('private');
    expect(urlProblem('https://169.254.169.254/latest', false)).toBe('private');
    expect(urlProblem('https://user:pw@hooks.example.com/', false)).toBe('credentials');
    expect(urlProblem('ftp://hooks.example.com/', true)).toBe('scheme');
    expect(urlProblem('ftp://hooks.example.com/', false)).toBe('https');
    expect(urlProblem('not a url', true)).toBe('invalid');
    expect(urlProblem('http://127.0.0.1:4000/hook', true)).toBeNull();
  });
});

describe('posting a delivery', () => {
  it('checks the address the socket connects to: a name resolving to loopback is refused', async () => {
    let hits = 0;
    const server = createServer((req, res) => {
      hits++;
      req.resume();
      res.writeHead(500).end('x'.repeat(RESPONSE_BODY_MAX + 50));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const strict = { timeoutMs: 2000, allowPrivate: false };
    try {
      // The system resolver's answer for localhost, checked inside the socket's lookup.
      const refused = await postWebhook('https://localhost/hook', '{}', {}, strict);
      expect(refused).toMatchObject({ statusCode: null });
      expect(refused.error).toBe('localhost resolves to a private or local address');
      const literal = await postWebhook('https://127.0.0.1/hook', '{}', {}, strict);
      expect(literal.error).toMatch(/private or local address/);
      // Without the allowance neither http nor another port than 443 and 80 is tried.
      const http = await postWebhook(`http://localhost:${port}/hook`, '{}', {}, strict);
      expect(http.error).toBe('The address must start with https://.');
      const other = await postWebhook(`https://localhost:${port}/hook`, '{}', {}, strict);
      expect(other.error).toBe(`Port ${port} is not allowed: webhooks go to port 443 or 80.`);
      expect(hits).toBe(0);
      const allowed = await postWebhook(
        `http://localhost:${port}/hook`,
        '{}',
        {},
        {
          timeoutMs: 2000,
          allowPrivate: true,
        },
      );
      expect(allowed.statusCode).toBe(500);
      expect(allowed.responseBody).toHaveLength(RESPONSE_BODY_MAX);
      expect(hits).toBe(1);
    } finally {
      server.close();
    }
  });

  it('gives up after the timeout', async () => {
    const server = createServer(() => {
      // never answers
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      const outcome = await postWebhook(
        `http://127.0.0.1:${port}/`,
        '{}',
        {},
        {
          timeoutMs: 200,
          allowPrivate: true,
        },
      );
      expect(outcome.statusCode).toBeNull();
      expect(outcome.error).toMatch(/No answer within/);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

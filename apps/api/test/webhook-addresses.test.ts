import type { LookupAddress } from 'node:dns';
import { type TWebhookEndpoint, WEBHOOK_API, WEBHOOK_TEXTS } from '@lantern/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedLookup, isPublicAddress } from '../src/features/webhooks/address-guard.ts';
import { postWebhook } from '../src/features/webhooks/http-post.ts';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';

/**
 * The SSRF guard with the allowance off, as in production (issue 41): every IPv6 spelling of a
 * non-public address is refused when an endpoint is registered (the literal in the URL) and when a
 * delivery connects (a name whose DNS answer is that address).
 */
const REFUSED: [string, string][] = [
  ['unspecified', '::'],
  ['loopback', '::1'],
  ['IPv4-compatible loopback (::/96)', '::127.0.0.1'],
  ['IPv4-compatible public (::/96 is refused whole)', '::8.8.8.8'],
  ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
  ['IPv4-mapped metadata', '::ffff:169.254.169.254'],
  ['IPv4-translated (RFC 6145) loopback', '::ffff:0:127.0.0.1'],
  ['NAT64 (64:ff9b::/96) loopback', '64:ff9b::127.0.0.1'],
  ['NAT64 (64:ff9b::/96) private', '64:ff9b::10.0.0.1'],
  ['NAT64 local-use (64:ff9b:1::/48) loopback', '64:ff9b:1::7f00:1'],
  ['6to4 loopback', '2002:7f00:1::'],
  ['6to4 private', '2002:c0a8:101::1'],
  ['Teredo, client 127.0.0.1', '2001:0:4136:e378:8000:63bf:80ff:fffe'],
  ['Teredo, client 10.0.0.1', '2001:0:4136:e378:8000:63bf:f5ff:fffe'],
  ['unique local fc00::/7', 'fc00::1'],
  ['unique local fd00::/8', 'fd12:3456::1'],
  ['link-local', 'fe80::1'],
  ['site-local (deprecated)', 'fec0::1'],
  ['multicast', 'ff02::1'],
  ['multicast, global scope', 'ff0e::1'],
  ['documentation 2001:db8::/32', '2001:db8::1'],
  ['documentation 3fff::/20', '3fff::1'],
  ['benchmarking', '2001:2::1'],
  ['ORCHID', '2001:10::1'],
  ['ORCHIDv2', '2001:20::1'],
  ['discard-only', '100::1'],
  ['IPv4 loopback', '127.0.0.1'],
  ['IPv4 metadata', '169.254.169.254'],
];

const ACCEPTED: [string, string][] = [
  ['public IPv6', '2606:4700:4700::1111'],
  ['public IPv6 (Google)', '2a00:1450:4001:80e::200e'],
  ['IPv4-mapped public', '::ffff:8.8.8.8'],
  ['NAT64 of a public address', '64:ff9b::8.8.8.8'],
  ['6to4 of a public address', '2002:808:808::1'],
  ['Teredo, public server and client 8.8.8.8', '2001:0:4136:e378:8000:63bf:f7f7:f7f7'],
  ['public IPv4', '93.184.216.34'],
];

const bracket = (a: string) => (a.includes(':') ? `[${a}]` : a);

describe('which addresses are public', () => {
  it.each(REFUSED)('refuses %s (%s)', (_name, address) => {
    const normalized = new URL(`https://${bracket(address)}/`).hostname.replace(/^\[|\]$/g, '');
    expect(isPublicAddress(address)).toBe(false);
    expect(isPublicAddress(normalized), normalized).toBe(false);
  });

  it.each(ACCEPTED)('accepts %s (%s)', (_name, address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses what is not an address, and a scoped one', () => {
    for (const a of ['', 'example.com', '0x7f.1', '1.2.3', 'fe80::1%eth0', '2606:4700::1%1']) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });
});

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await buildTestApp({ webhookAllowPrivateAddresses: false });
  owner = await signUpUser(t.app, 'hook-prod');
});
afterAll(() => t.close());

const register = (url: string) =>
  t.app.inject({
    method: 'POST',
    url: WEBHOOK_API.endpoints,
    headers: { ...BROWSER, cookie: owner.cookie },
    payload: { url, events: ['order.paid'] },
  });

describe('registering an endpoint in production', () => {
  it.each(REFUSED)('refuses %s (%s)', async (_name, address) => {
    const res = await register(`https://${bracket(address)}/hook`);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ url: [WEBHOOK_TEXTS.urlPrivate] });
  });

  it.each(ACCEPTED)('accepts %s (%s)', async (_name, address) => {
    const res = await register(`https://${bracket(address)}/hook`);
    expect(res.statusCode, res.body).toBe(201);
    const { endpoint } = res.json() as { endpoint: TWebhookEndpoint };
    const removed = await t.app.inject({
      method: 'DELETE',
      url: WEBHOOK_API.endpoint(endpoint.hash),
      headers: { ...BROWSER, cookie: owner.cookie },
    });
    expect(removed.statusCode).toBe(204);
  });

  it('allows only ports 443 and 80, and says so', async () => {
    const res = await register('https://hooks.example.com:8443/hook');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      url: ['The address may use only port 443 or 80; leave the port out to use 443.'],
    });
    for (const url of ['https://hooks.example.com:443/a', 'https://hooks.example.com:80/b']) {
      const ok = await register(url);
      expect(ok.statusCode, url).toBe(201);
    }
  });

  it('names the setting that allows http and local addresses', async () => {
    const res = await register('http://127.0.0.1:4000/hook');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      url: [
        'The address must start with https:// (set WEBHOOK_ALLOW_PRIVATE_ADDRESSES=true on a test server to allow http and local addresses).',
      ],
    });
    const local = await register('https://localhost/hook');
    expect(local.json().errors).toEqual({
      url: [
        'The address must be reachable on the internet, not a private or local address (set WEBHOOK_ALLOW_PRIVATE_ADDRESSES=true on a test server to allow local addresses).',
      ],
    });
  });
});

describe('connecting for a delivery in production', () => {
  /** A DNS that answers `hooks.test` with these addresses (the guard runs on the answer). */
  const answering =
    (...addresses: string[]) =>
    async (): Promise<LookupAddress[]> =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  const post = (url: string, resolve: ReturnType<typeof answering>) =>
    postWebhook(url, '{}', {}, { timeoutMs: 2000, allowPrivate: false, resolve });

  it.each(REFUSED)('refuses a name resolving to %s (%s)', async (_name, address) => {
    const outcome = await post('https://hooks.test:443/hook', answering(address));
    expect(outcome).toMatchObject({ statusCode: null });
    expect(outcome.error).toBe('hooks.test resolves to a private or local address');
  });

  it('refuses a name when any one of its answers is not public', async () => {
    const outcome = await post(
      'https://hooks.test/hook',
      answering('2606:4700:4700::1111', '::ffff:7f00:1'),
    );
    expect(outcome.error).toBe('hooks.test resolves to a private or local address');
  });

  it.each(ACCEPTED)('hands the socket a name resolving to %s (%s)', async (_name, address) => {
    const given = await new Promise<unknown>((resolve, reject) =>
      guardedLookup(answering(address))('hooks.test', { all: true }, (err, addresses) =>
        err ? reject(err) : resolve(addresses),
      ),
    );
    expect(given).toEqual([{ address, family: address.includes(':') ? 6 : 4 }]);
  });

  it('refuses another port before looking the name up', async () => {
    let asked = 0;
    const outcome = await post('https://hooks.test:8443/hook', async () => {
      asked++;
      return [{ address: '2606:4700:4700::1111', family: 6 }];
    });
    expect(outcome.error).toBe('Port 8443 is not allowed: webhooks go to port 443 or 80.');
    expect(asked).toBe(0);
  });
});

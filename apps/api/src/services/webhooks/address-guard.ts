import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * The SSRF guard of outbound webhooks (docs/decisions/053-outbound-webhooks.md): outside the
 * private-address allowance an endpoint must be https:// and must resolve only to public
 * addresses, checked when it is registered and again on every delivery, at connect time (the
 * address the socket uses is the one checked, so a DNS answer that changes in between does not
 * get through).
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** Private, loopback, link-local, shared, documentation, multicast or reserved. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const lower = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
  if (lower.startsWith('::ffff:')) return true;
  return blocked.check(lower, 'ipv6');
}

export type UrlProblem = 'https' | 'private' | 'credentials' | 'invalid';

/**
 * What is wrong with `raw` as an endpoint, before any lookup: not http(s), http outside the
 * allowance, a user name in it, or a literal private address or `localhost`.
 */
export function urlProblem(raw: string, allowPrivate: boolean): UrlProblem | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'https';
  if (url.protocol === 'http:' && !allowPrivate) return 'https';
  if (url.username || url.password) return 'credentials';
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'private';
  if (isIP(host) && isPrivateAddress(host)) return 'private';
  return null;
}

export class PrivateAddressError extends Error {
  constructor(host: string) {
    super(`${host} resolves to a private or local address`);
    this.name = 'PrivateAddressError';
  }
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request that refuses private answers: the socket connects only to an
 * address that passed. Handles both the single-address and the `all` forms Node asks for.
 */
export function guardedLookup(
  hostname: string,
  options: { all?: boolean; family?: number | string } | undefined,
  callback: LookupCallback,
): void {
  dnsLookup(hostname, { all: true, family: Number(options?.family) || 0 }, (err, addresses) => {
    if (err) return callback(err, '');
    const list = addresses as LookupAddress[];
    if (list.length === 0 || list.some((a) => isPrivateAddress(a.address))) {
      return callback(Object.assign(new PrivateAddressError(hostname), { code: 'EPRIVATE' }), '');
    }
    if (options?.all) return callback(null, list);
    const first = list[0] as LookupAddress;
    callback(null, first.address, first.family);
  });
}

import type { LookupAddress } from 'node:dns';
import dns from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The SSRF guard of outbound webhooks (docs/decisions/053-outbound-webhooks.md, 070): outside the
 * private-address allowance an endpoint must be https:// on port 443 or 80 and must resolve only
 * to public addresses, checked when it is registered and again on every delivery, at connect time
 * (the address the socket uses is the one checked, so a DNS answer that changes in between does
 * not get through).
 */

/** The ports an endpoint may use without the allowance. */
export const WEBHOOK_PORTS = ['443', '80'] as const;

const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

const v4 = (high: number, low: number) =>
  new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/**
 * The IPv4 addresses inside a transition form, or null when the form is refused
 * whatever it carries. ipaddr.js names these ranges but reads only the IPv4-mapped one.
 */
function embeddedIPv4(ip: ipaddr.IPv6, range: string): ipaddr.IPv4[] | null {
  const p = ip.parts as [number, number, number, number, number, number, number, number];
  switch (range) {
    case 'ipv4Mapped':
      return [ip.toIPv4Address()];
    // ::ffff:0:a.b.c.d (RFC 6145) and the well-known NAT64 prefix (RFC 6052): the last 32 bits.
    // The local-use 64:ff9b:1::/48 (RFC 8215) puts the IPv4 where its operator's prefix length
    // says, which we cannot know, and is not globally reachable: refused.
    case 'rfc6145':
      return [v4(p[6], p[7])];
    case 'rfc6052':
      return ip.match(NAT64_WELL_KNOWN) ? [v4(p[6], p[7])] : null;
    // 2002:AABB:CCDD::/48 (RFC 3056).
    case '6to4':
      return [v4(p[1], p[2])];
    // 2001:0:server:flags:port:client (RFC 4380): the client's address is stored inverted.
    case 'teredo':
      return [v4(p[2], p[3]), v4(p[6] ^ 0xffff, p[7] ^ 0xffff)];
    default:
      return null;
  }
}

/**
 * Whether `address` (an IP literal) is one a webhook may reach without the allowance: what
 * ipaddr.js calls public unicast, and for IPv4-mapped, NAT64, 6to4 and Teredo forms, when the
 * IPv4 address inside is. Refused: anything not an address, a scoped one (`%zone`), the
 * deprecated IPv4-compatible ::/96 (ipaddr.js calls it unicast; `[::127.0.0.1]` is loopback on
 * some stacks), and every special range (loopback, private, unique and link local, multicast,
 * documentation, benchmarking, ORCHID, discard, …).
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return ipaddr.IPv4.parse(address).range() === 'unicast';
  if (family !== 6 || address.includes('%')) return false;
  // ipaddr.js reads the dotted `::a.b.c.d` (how the system resolver prints ::/96 answers) as
  // ::ffff:a.b.c.d; the URL parser's hex form keeps the real bits.
  const v6 = ipaddr.IPv6.parse(new URL(`http://[${address}]/`).hostname.slice(1, -1));
  if (v6.parts.slice(0, 6).every((part) => part === 0)) return false;
  const range = v6.range();
  if (range === 'unicast') return true;
  const inner = embeddedIPv4(v6, range);
  return inner?.every((a) => a.range() === 'unicast') ?? false;
}

/** Private, loopback, link-local, shared, documentation, multicast, reserved, or not an address. */
export function isPrivateAddress(address: string): boolean {
  return !isPublicAddress(address);
}

export type UrlProblem = 'https' | 'scheme' | 'port' | 'private' | 'credentials' | 'invalid';

/**
 * What is wrong with `raw` as an endpoint, before any lookup: not http(s), http or another port
 * than 443 and 80 outside the allowance, a user name in it, or a literal non-public address or
 * `localhost`.
 */
export function urlProblem(raw: string, allowPrivate: boolean): UrlProblem | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return allowPrivate ? 'scheme' : 'https';
  if (url.protocol === 'http:' && !allowPrivate) return 'https';
  if (url.username || url.password) return 'credentials';
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'private';
  if (isIP(host) && !isPublicAddress(host)) return 'private';
  return portProblem(url) ? 'port' : null;
}

/** Without the allowance: the port `url` names when it is not 443 or 80 (an empty port is the scheme's). */
export function portProblem(url: URL): string | null {
  if (url.port === '' || (WEBHOOK_PORTS as readonly string[]).includes(url.port)) return null;
  return url.port;
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

/** Every address a name resolves to (the system resolver; tests give a DNS of their own). */
export type Resolve = (hostname: string, family: number) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (hostname, family) => dns.lookup(hostname, { all: true, family });

/**
 * A `lookup` for http.request that refuses non-public answers: the socket connects only to an
 * address that passed. Handles both the single-address and the `all` forms Node asks for.
 */
export function guardedLookup(resolve: Resolve = systemResolve) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number | string } | undefined,
    callback: LookupCallback,
  ): void => {
    resolve(hostname, Number(options?.family) || 0).then(
      (list) => {
        if (list.length === 0 || list.some((a) => !isPublicAddress(a.address))) {
          const refused = Object.assign(new PrivateAddressError(hostname), { code: 'EPRIVATE' });
          return callback(refused, '');
        }
        if (options?.all) return callback(null, list);
        const first = list[0] as LookupAddress;
        callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };
}

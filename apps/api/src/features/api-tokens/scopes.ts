import type { TApiScope, TApiScopeArea } from '@lantern/contracts';

/**
 * The public API's surface (issue 25; docs/decisions/052-public-api-and-tokens.md): which routes
 * /api/v1 reaches and the scope area each needs. A route under one of PUBLIC_PREFIXES must match
 * an entry of AREAS (or declare `config.scope` itself), or the server does not start. The level
 * follows the method: GET and HEAD read, anything else writes. Everything else (sign-in, Account
 * Settings, token management, webhooks from providers) is for the browser only.
 */
export const PUBLIC_PREFIXES = [
  '/api/dashboard',
  // Not /api/messages: /api/v1/messages is v1's own resource (issue 48), which runs the same
  // server functions at the same paths, so the browser's routes are not reached from there.
  '/api/admin',
  '/api/vendor',
  '/api/user',
  // v1's own resources (issue 48), served only under /api/v1.
  '/api/v1',
] as const;

/** Under a public prefix but never public: test-only routes (TEST_FIXTURES). */
export const NOT_PUBLIC = [
  '/api/dashboard/test-fixtures',
  '/api/admin/test-fixtures',
  // The description itself: read without a token.
  '/api/v1/openapi.json',
] as const;

/** Scope area per URL prefix (a prefix matches itself and what is below it). */
export const AREAS: ReadonlyArray<readonly [string, TApiScopeArea | 'any']> = [
  // Who the token belongs to: any token may ask.
  ['/api/user', 'any'],
  ['/api/dashboard/user-properties', 'properties'],
  ['/api/dashboard/property', 'properties'],
  ['/api/dashboard/property-visibility', 'properties'],
  ['/api/dashboard/update-property', 'properties'],
  ['/api/dashboard/overview', 'properties'],
  ['/api/dashboard/activity', 'properties'],
  ['/api/dashboard/participants', 'properties'],
  ['/api/dashboard/documents', 'properties'],
  ['/api/dashboard/settlement-documents', 'properties'],
  ['/api/dashboard/photo-appointment', 'properties'],
  ['/api/dashboard/work-orders', 'properties'],
  // The photographs delivered for a property, and adding them to its listing (issue 39).
  ['/api/dashboard/photography', 'properties'],
  // The property's agent's hours and offers received, as its customers see them (issue 24).
  ['/api/dashboard/agent-work', 'properties'],
  ['/api/dashboard/products', 'orders'],
  ['/api/dashboard/services-for-property', 'orders'],
  ['/api/dashboard/orders', 'orders'],
  ['/api/dashboard/invoices', 'orders'],
  ['/api/dashboard/lockbox-rental', 'orders'],
  // The home's facts and its valuation reports (issue 38).
  ['/api/dashboard/valuation', 'orders'],
  ['/api/dashboard/mls-listing', 'listings'],
  ['/api/dashboard/fsbo-listing', 'listings'],
  ['/api/dashboard/listing', 'listings'],
  ['/api/dashboard/support-tickets', 'messages'],
  ['/api/admin', 'staff'],
  ['/api/vendor', 'vendor'],
  // v1's resources (issue 48); a route below another area's resource declares its own scope
  // (`/properties/{hash}/services` reads orders).
  ['/api/v1/properties', 'properties'],
  ['/api/v1/orders', 'orders'],
  ['/api/v1/invoices', 'orders'],
  ['/api/v1/messages', 'messages'],
  ['/api/v1/listings', 'listings'],
  ['/api/v1/photos', 'listings'],
  ['/api/v1/webhook-endpoints', 'webhooks'],
];

/** `any`: every valid token may call it; false: not on the public API. */
export type RouteScope = TApiScope | 'any' | false;

const under = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`);

export const isPublicUrl = (url: string) =>
  PUBLIC_PREFIXES.some((p) => under(url, p)) && !NOT_PUBLIC.some((p) => under(url, p));

/**
 * The scope a route needs: undefined when it is not on the public API, or when it is under a
 * public prefix that AREAS does not classify (the caller refuses to start then).
 */
export function deriveScope(method: string, url: string): RouteScope | undefined {
  if (!isPublicUrl(url)) return false;
  // The longest matching prefix wins (`/api/dashboard/property-visibility` over `/property`).
  let best: readonly [string, TApiScopeArea | 'any'] | undefined;
  for (const entry of AREAS) {
    if (under(url, entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  }
  if (!best) return undefined;
  if (best[1] === 'any') return 'any';
  const level = method === 'GET' || method === 'HEAD' ? 'read' : 'write';
  return `${best[1]}:${level}`;
}

/** A write scope also lets its holder read the same area. */
export function grants(held: readonly string[], need: TApiScope | 'any'): boolean {
  if (need === 'any') return true;
  if (held.includes(need)) return true;
  const [area, level] = need.split(':');
  return level === 'read' && held.includes(`${area}:write`);
}

/** The scopes a person may put on a token: staff and vendor areas by role only. */
export function offeredScopes(
  all: readonly TApiScope[],
  who: { staff: boolean; vendor: boolean },
): TApiScope[] {
  return all.filter((s) => {
    if (s.startsWith('staff:')) return who.staff;
    if (s.startsWith('vendor:')) return who.vendor;
    return true;
  });
}

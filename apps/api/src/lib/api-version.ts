import type { IncomingMessage } from 'node:http';
import { API_VERSION } from '@lantern/contracts';

/**
 * The public API (issue 25) is mostly the browser's routes reached under /api/v1: Fastify's
 * rewriteUrl maps `/api/v1/<rest>` to `/api/<rest>` before routing, so each route keeps one
 * handler, and remembers which requests came that way. Whether the route is public is checked
 * after routing (features/api-tokens/api-tokens.plugin.ts): a route that is not answers 404 under
 * /api/v1. The resources of issue 48 (`/api/v1/properties`, …) are v1's own routes
 * (routes/api/v1/): their URLs are kept as they are.
 */
export const API_PREFIX = `/api/${API_VERSION}`;
/** Paths under /api/v1 that are served as they are (the v1 OpenAPI document). */
export const V1_OWN_PATHS = new Set([`${API_PREFIX}/openapi.json`]);
/** First segments under /api/v1 that are v1's own resources (routes/api/v1/<segment>). */
export const V1_RESOURCES = new Set([
  'properties',
  'orders',
  'invoices',
  'messages',
  'listings',
  'photos',
  'webhook-endpoints',
]);

const viaV1 = new WeakSet<IncomingMessage>();

export function rewriteApiUrl(req: IncomingMessage): string {
  const url = req.url ?? '/';
  if (!url.startsWith(`${API_PREFIX}/`)) return url;
  const path = url.split('?', 1)[0] ?? url;
  if (V1_OWN_PATHS.has(path)) return url;
  viaV1.add(req);
  const segment = path.slice(API_PREFIX.length + 1).split('/', 1)[0] ?? '';
  if (V1_RESOURCES.has(segment)) return url;
  return `/api/${url.slice(API_PREFIX.length + 1)}`;
}

/** The /api/v1 path a routed path answers at: `/api/dashboard/x` → `/api/v1/dashboard/x`. */
export const publicPathOf = (routed: string) =>
  routed.startsWith(`${API_PREFIX}/`) ? routed : `${API_PREFIX}${routed.slice('/api'.length)}`;

/** Whether this request came in under /api/v1. */
export const isV1 = (raw: IncomingMessage) => viaV1.has(raw);

/** The token of an `Authorization: Bearer …` header; undefined without one. */
export function bearerToken(headers: IncomingMessage['headers']): string | undefined {
  const value = headers.authorization;
  if (typeof value !== 'string') return undefined;
  const match = /^Bearer[ ]+(\S*)\s*$/i.exec(value);
  return match ? (match[1] ?? '') : undefined;
}

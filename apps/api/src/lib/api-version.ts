import type { IncomingMessage } from 'node:http';
import { API_VERSION } from '@lantern/contracts';

/**
 * The public API (issue 25) is the browser's routes reached under /api/v1: Fastify's rewriteUrl
 * maps `/api/v1/<rest>` to `/api/<rest>` before routing, so each route keeps one handler, and
 * remembers which requests came that way. Whether the route is public is checked after routing
 * (features/api-tokens/api-tokens.plugin.ts): a route that is not answers 404 under /api/v1.
 */
export const API_PREFIX = `/api/${API_VERSION}`;
/** Paths under /api/v1 that are served as they are (the v1 OpenAPI document). */
export const V1_OWN_PATHS = new Set([`${API_PREFIX}/openapi.json`]);

const viaV1 = new WeakSet<IncomingMessage>();

export function rewriteApiUrl(req: IncomingMessage): string {
  const url = req.url ?? '/';
  if (!url.startsWith(`${API_PREFIX}/`)) return url;
  const path = url.split('?', 1)[0] ?? url;
  if (V1_OWN_PATHS.has(path)) return url;
  viaV1.add(req);
  return `/api/${url.slice(API_PREFIX.length + 1)}`;
}

/** Whether this request came in under /api/v1. */
export const isV1 = (raw: IncomingMessage) => viaV1.has(raw);

/** The token of an `Authorization: Bearer …` header; undefined without one. */
export function bearerToken(headers: IncomingMessage['headers']): string | undefined {
  const value = headers.authorization;
  if (typeof value !== 'string') return undefined;
  const match = /^Bearer[ ]+(\S*)\s*$/i.exec(value);
  return match ? (match[1] ?? '') : undefined;
}

import {
  API_SCOPES,
  API_TOKEN_RATE_LIMIT,
  API_TOKEN_TEXTS,
  API_VERSION,
  MESSAGES,
  PROBLEM_TEXTS,
  type TApiScope,
} from '@lantern/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { bearerToken, isV1, publicPathOf } from '../../lib/api-version.ts';
import { isKeysetCursor, type PageWindow } from '../../lib/keyset.ts';
import { tooManyAttempts } from '../auth/throttle/throttle.ts';
import { createApiTokenRepository } from './api-tokens.repository.ts';
import { type ApiTokenService, createApiTokenService } from './api-tokens.ts';
import { decodeCursor, listKeyOf, type PublicRoute, pageOf, ZPageQuery } from './paging.ts';
import { type MethodIndex, methodIndex, problemDetails } from './problems.ts';
import { deriveScope, grants, type RouteScope } from './scopes.ts';

export type { PublicRoute };

declare module 'fastify' {
  interface FastifyInstance {
    apiTokens: ApiTokenService & {
      /** Every route of the public API with its scope: the scope test walks this list. */
      readonly routes: ReadonlyArray<PublicRoute>;
    };
  }
  interface FastifyContextConfig {
    /**
     * The scope an API token needs (issue 25). Derived from the URL (features/api-tokens/scopes.ts)
     * unless declared; false keeps a route off /api/v1.
     */
    scope?: RouteScope;
    /** Set at start: the array field a GET list answers with, paged under /api/v1 by cursor. */
    listKey?: string;
    /**
     * The handler reads one page from the database under /api/v1 (decision 086): it takes
     * `request.listWindow` and sets `request.listNext`; the hook then only sets the headers.
     */
    pagedInDatabase?: true;
  }
  interface FastifyRequest {
    /** Under /api/v1 on a `pagedInDatabase` route: the page asked for; otherwise undefined. */
    listWindow: PageWindow | undefined;
    /** Set by a `pagedInDatabase` handler: the next page's cursor, null on the last page. */
    listNext: string | null | undefined;
  }
}

export const API_TOKEN_SWEEP_JOB = 'api-tokens.sweep';
const DAY_MS = 24 * 60 * 60_000;
const LIMIT = {
  name: 'api-token',
  max: API_TOKEN_RATE_LIMIT.max,
  windowMs: API_TOKEN_RATE_LIMIT.windowSeconds * 1000,
};

/**
 * Personal access tokens and the public API (issue 25; docs/decisions/052-public-api-and-tokens.md):
 * the token service, each route's scope (derived at start; a public route that cannot be
 * classified stops the server), and for every /api/v1 request the version header, the token's
 * rate limit and scope check, and cursor paging of lists.
 */
export default fp(
  async (app) => {
    const repo = createApiTokenRepository(app.db);
    const service = createApiTokenService({
      repo,
      bus: app.bus,
      isLocked: (userId) => app.users.isLocked(userId),
      roleOf: async (userId) => {
        const summary = await app.currentUser.get(userId);
        return { staff: summary?.admin ?? false, vendor: summary?.vendor ?? false };
      },
      onError: (err) => app.log.error({ err }, 'api token last use could not be saved'),
    });
    app.decorateRequest('listWindow', undefined);
    app.decorateRequest('listNext', undefined);
    const methods = methodIndex();
    const routes = collectPublicRoutes(app, methods);
    checkPublicRequests(app);
    problemDetails(app, app.config.publicUrl.origin, methods);
    pageLists(app);
    app.decorate('apiTokens', Object.assign(service, { routes }));

    app.jobs.define(API_TOKEN_SWEEP_JOB, {
      handler: async (_payload, { log }) => {
        const deleted = await service.sweep();
        if (deleted) log.info({ deleted }, 'expired api tokens deleted');
      },
      maxAttempts: 5,
      describe: () => 'Delete API tokens that expired more than 30 days ago',
    });
    app.jobs.schedule(API_TOKEN_SWEEP_JOB, DAY_MS);
    app.addHook('onClose', async () => service.close());
  },
  // After csrf: its onRequest check runs first, as before autoloading (issue 42).
  { name: 'api-tokens', dependencies: ['services', 'auth', 'jobs', 'csrf'] },
);

/** Each /api route's scope, derived at start: a route that cannot be classified stops it. */
function collectPublicRoutes(app: FastifyInstance, index: MethodIndex): PublicRoute[] {
  const routes: PublicRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    for (const method of methods) {
      const declared = route.config?.scope;
      const scope = declared ?? deriveScope(method, route.url);
      if (scope === undefined) {
        throw new Error(
          `${method} ${route.url} is under a public API prefix: add it to AREAS in features/api-tokens/scopes.ts or declare config.scope (issue 25)`,
        );
      }
      if (scope !== false && scope !== 'any' && !API_SCOPES.includes(scope)) {
        throw new Error(`${method} ${route.url} declares an unknown scope ${scope}`);
      }
      const response = (route.schema?.response as Record<string, unknown> | undefined)?.[200];
      const listKey = method === 'GET' ? listKeyOf(response) : undefined;
      if (listKey) route.config = { ...route.config, listKey };
      if (scope === false) continue;
      routes.push({ method, url: route.url, scope, listKey });
      index.add(method, route.url);
    }
  });
  return routes;
}

const refuse = (reply: FastifyReply, status: number, body: Record<string, unknown>) =>
  reply.code(status).send(body);

/** Every /api/v1 request: the version header, a good cursor, the token, its limit and scope. */
function checkPublicRequests(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (!isV1(request.raw)) return;
    reply.header('api-version', API_VERSION);
    if (request.is404) return;
    const scope = scopeOf(request);
    if (!scope) return refuse(reply, 404, { message: MESSAGES.notFound });
    if (request.method === 'GET' && request.routeOptions.config?.listKey) {
      const window = pageWindow(request);
      if ('errors' in window) return refuse(reply, 422, badPage(window.errors));
      if (request.routeOptions.config.pagedInDatabase) request.listWindow = window;
    }
    const bearer = bearerToken(request.headers);
    // A signed-in browser may use /api/v1 too (the docs' "Try it out"), with its cookie rules.
    if (bearer === undefined) return;
    if (!(await request.session()) || !request.apiToken) {
      reply.header('www-authenticate', 'Bearer error="invalid_token"');
      return refuse(reply, 401, { message: MESSAGES.unauthenticated });
    }
    const token = request.apiToken;
    if (app.throttle.enabled) {
      const window = await app.rateLimits.hit(`${LIMIT.name}:${token.id}`, LIMIT.windowMs);
      const reset = Math.max(0, Math.ceil((window.resetAt.getTime() - Date.now()) / 1000));
      reply.header('ratelimit-limit', String(LIMIT.max));
      reply.header('ratelimit-remaining', String(Math.max(0, LIMIT.max - window.count)));
      reply.header('ratelimit-reset', String(reset));
      reply.header('ratelimit-policy', `${LIMIT.max};w=${API_TOKEN_RATE_LIMIT.windowSeconds}`);
      if (window.count > LIMIT.max) return tooManyAttempts(reply, window);
    }
    if (!grants(token.scopes, scope)) {
      return refuse(reply, 403, { message: API_TOKEN_TEXTS.needsScope(scope), scope });
    }
  });
}

/**
 * The page a /api/v1 list request asks for, or what is wrong with its `limit` and `cursor`. A
 * route paged in the database carries the last row's sort key and id (lib/keyset.ts); the others
 * the in-memory slice's item key and position.
 */
function pageWindow(request: FastifyRequest): PageWindow | { errors: Record<string, string[]> } {
  // The route's own query schema drops these; read them from the URL.
  const query = rawQuery(request);
  const errors: Record<string, string[]> = {};
  const limit = ZPageQuery.shape.limit.safeParse(query.limit);
  if (!limit.success) errors.limit = [PROBLEM_TEXTS.badLimit];
  const good = request.routeOptions.config?.pagedInDatabase ? isKeysetCursor : decodeCursor;
  const cursor = query.cursor;
  if (cursor !== undefined && (cursor.length > 1000 || !good(cursor))) {
    errors.cursor = [PROBLEM_TEXTS.badCursor];
  }
  if (!limit.success || errors.cursor) return { errors };
  return { limit: limit.data, cursor: cursor || undefined };
}

/** One 422 for a bad `limit` or `cursor`, naming each. */
const badPage = (errors: Record<string, string[]>) => ({
  message: PROBLEM_TEXTS.badQuery(Object.keys(errors)),
  code: 'invalid_query_parameter',
  errors,
});

/**
 * Lists under /api/v1 are paged: ?limit= (1–100, 50) and ?cursor= from the previous page's
 * `Link: <…>; rel="next"` (also in `Next-Cursor`); the answer keeps its shape. A list that grows
 * with the data pages in its own query (decision 086); a bounded one is sliced here.
 */
function pageLists(app: FastifyInstance) {
  app.addHook('preSerialization', async (request: FastifyRequest, reply, payload) => {
    const key = request.routeOptions.config?.listKey;
    if (!key || !isV1(request.raw) || request.method !== 'GET' || reply.statusCode !== 200) {
      return payload;
    }
    const { limit, cursor } = ZPageQuery.parse(rawQuery(request));
    if (request.routeOptions.config?.pagedInDatabase) {
      nextHeaders(request, reply, limit, request.listNext ?? null);
      return payload;
    }
    const body = payload as Record<string, unknown>;
    const items = body[key];
    if (!Array.isArray(items)) return payload;
    const { page, next } = pageOf(items, limit, cursor);
    nextHeaders(request, reply, limit, next);
    return { ...body, [key]: page };
  });
}

/** `Next-Cursor` and `Link: <…>; rel="next"` when there is a next page. */
function nextHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  limit: number,
  next: string | null,
) {
  if (!next) return;
  // A relative link (RFC 8288): right behind any proxy or host name.
  const url = new URL(request.raw.url ?? '/', 'http://localhost');
  url.searchParams.set('cursor', next);
  url.searchParams.set('limit', String(limit));
  reply.header('next-cursor', next);
  reply.header('link', `<${publicPathOf(url.pathname)}${url.search}>; rel="next"`);
}

function rawQuery(request: FastifyRequest): Record<string, string> {
  const params = new URL(request.raw.url ?? '/', 'http://localhost').searchParams;
  const out: Record<string, string> = {};
  for (const key of ['limit', 'cursor']) {
    const value = params.get(key);
    if (value !== null) out[key] = value;
  }
  return out;
}

/** The scope this request's route needs for its method (undefined: not on the public API). */
function scopeOf(request: FastifyRequest): TApiScope | 'any' | undefined {
  const url = request.routeOptions.url;
  if (!url) return undefined;
  const scope = request.routeOptions.config?.scope ?? deriveScope(request.method, url);
  return scope === false || scope === undefined ? undefined : scope;
}

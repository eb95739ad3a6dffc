import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import autoload from '@fastify/autoload';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import type { Database } from '@lantern/db';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './env.ts';
import { earlyProblem } from './features/api-tokens/problems.ts';
import { rewriteApiUrl } from './lib/api-version.ts';
import { COMPRESS_OPTIONS } from './lib/compression.ts';
import { earlyAnswers } from './lib/early-answers.ts';
import { errorSerializer, REDACTED, redactPaths, requestSerializer } from './lib/log-redaction.ts';
import type { Tracing } from './lib/tracing.ts';
import errorHandler from './plugins/core/error-handler.ts';
import repositories from './plugins/core/repositories.ts';
import requestTracing from './plugins/core/request-tracing.ts';
import routeTable from './plugins/core/route-table.ts';
import services from './plugins/core/services.ts';
import frontEnds from './plugins/external/front-ends.ts';
import openapi from './plugins/external/openapi.ts';
import securityHeaders, { securityHeaderList } from './plugins/external/security-headers.ts';

export interface BuildOptions {
  config: Config;
  database?: Database;
  /** Tests bring their own (with a tracer the database also uses). */
  tracing?: Tracing;
  /** false for none; pino options (a level, a stream) are merged with the redaction below. */
  logger?: false | Exclude<FastifyServerOptions['logger'], boolean | undefined>;
}

const INCOMING_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;
function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && INCOMING_REQUEST_ID.test(given) ? given : randomUUID();
}

/** The whole product as one Fastify instance; server.ts only listens. */
export async function buildApp({ config, database, tracing, logger }: BuildOptions) {
  const logOptions: FastifyServerOptions['logger'] =
    logger === false
      ? false
      : {
          level: config.logLevel,
          ...logger,
          // No token, secret or SQL parameter reaches a log line (issue 12).
          serializers: { req: requestSerializer, err: errorSerializer },
          redact: { paths: redactPaths, censor: REDACTED },
        };
  const app = Fastify({
    logger: logOptions,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // Ids come from the client and from random hashes only; keep route matching strict and fast.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Fastify's answers before any hook: the security headers too (issue 41).
    ...earlyAnswers(securityHeaderList(config), earlyProblem(config.publicUrl.origin)),
    // The public API: /api/v1/<rest> is the route at /api/<rest>, one handler (issue 25).
    rewriteUrl: rewriteApiUrl,
    // Every log line of a request carries its id: the proxy's X-Request-Id when it sends a
    // sane one (so proxy and instance logs join up), else a random UUID (issue 26).
    genReqId: requestId,
    // A first start creates the database (initdb) and runs every migration inside the services
    // plugin: on a busy machine that takes longer than Fastify's default 10 s per plugin.
    pluginTimeout: 120_000,
    // On close, keep-alive connections with no request in flight end at once (Fastify's default
    // on Node 18.2+, stated because the shutdown relies on it: server.ts, issue 41).
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  // The id goes back to the client, so a user's report or a proxy log finds the server's lines.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setSerializerCompiler(serializerCompiler);

  // The request pipeline's first steps, in this order: the route table sees every route, the
  // error handler every failure, the database and tracing are there for everything after.
  await app.register(routeTable);
  await app.register(errorHandler);
  await app.register(services, {
    config,
    ...(database ? { database } : {}),
    ...(tracing ? { tracing } : {}),
  });
  await app.register(requestTracing);
  await app.register(repositories);
  await app.register(securityHeaders);
  await app.register(cookie);
  await app.register(compress, COMPRESS_OPTIONS);
  // Every feature's plugin, ordered by the dependencies each declares (fastify-plugin's
  // `dependencies`); no hand-kept list (issue 42).
  await app.register(autoload, {
    dir: join(import.meta.dirname, 'features'),
    // Only each feature's wiring: its services, repositories and tests are what it imports.
    matchFilter: (path: string) => path.endsWith('.plugin.ts'),
    // A feature's index.ts is a module, not the folder's plugin.
    indexPattern: /^$/,
    dirNameRoutePrefix: false,
  });
  // After the features, before the routes: the OpenAPI document collects every route added.
  await app.register(openapi);
  // Routes by folder: folder = URL prefix, an autohooks.ts per folder for the sign-in or
  // permission check (src/routes/README.md; issue 13).
  await app.register(autoload, {
    dir: join(import.meta.dirname, 'routes'),
    autoHooks: true,
    cascadeHooks: true,
    // _shared holds helpers that several route folders use; it registers nothing itself.
    ignorePattern: /^_/,
  });
  await app.register(frontEnds);
  return app;
}

import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import type { Database } from '@lantern/db';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './env.ts';
import auth from './plugins/app/auth.ts';
import csrf from './plugins/app/csrf.ts';
import errorHandler from './plugins/app/error-handler.ts';
import services from './plugins/app/services.ts';
import frontEnds from './plugins/external/front-ends.ts';
import openapi from './plugins/external/openapi.ts';
import accountRoutes from './routes/account/index.ts';
import apiRoutes from './routes/api/index.ts';

export interface BuildOptions {
  config: Config;
  database?: Database;
  logger?: FastifyServerOptions['logger'];
}

/** The whole product as one Fastify instance; server.ts only listens. */
export async function buildApp({ config, database, logger }: BuildOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // Ids come from the client and from random hashes only; keep route matching strict and fast.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandler);
  await app.register(services, { config, ...(database ? { database } : {}) });
  await app.register(cookie);
  await app.register(compress, { threshold: 1024 });
  await app.register(csrf);
  await app.register(auth);
  await app.register(openapi);
  await app.register(accountRoutes);
  await app.register(apiRoutes);
  await app.register(frontEnds);
  return app;
}

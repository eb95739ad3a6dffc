import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import type { Database } from '@lantern/db';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './env.ts';
import access from './plugins/app/access.ts';
import accountLifecycle from './plugins/app/account-lifecycle.ts';
import audit from './plugins/app/audit.ts';
import auth from './plugins/app/auth.ts';
import csrf from './plugins/app/csrf.ts';
import errorHandler from './plugins/app/error-handler.ts';
import geocoder from './plugins/app/geocoder.ts';
import jobs from './plugins/app/jobs.ts';
import propertyData from './plugins/app/property-data.ts';
import publicSite from './plugins/app/public-site.ts';
import realtime from './plugins/app/realtime.ts';
import services from './plugins/app/services.ts';
import shellConfig from './plugins/app/shell-config.ts';
import staffAdmin from './plugins/app/staff-admin.ts';
import twoFactor from './plugins/app/two-factor.ts';
import frontEnds from './plugins/external/front-ends.ts';
import openapi from './plugins/external/openapi.ts';
import emailVerificationRoutes from './routes/account/email-verification.ts';
import accountRoutes from './routes/account/index.ts';
import phoneRoutes from './routes/account/phone.ts';
import socialRoutes from './routes/account/social/index.ts';
import twoFactorRoutes from './routes/account/two-factor.ts';
import accountSettingsRoutes from './routes/account-settings/index.ts';
import adminRoutes from './routes/admin/index.ts';
import apiRoutes from './routes/api/index.ts';
import dashboardRoutes from './routes/dashboard/index.ts';
import geocodeRoutes from './routes/geocode/index.ts';
import listingsRoutes from './routes/listings/index.ts';
import messagesRoutes from './routes/messages/index.ts';
import newsletterRoutes from './routes/newsletter/index.ts';
import participantsRoutes from './routes/participants/index.ts';
import passwordRoutes from './routes/password/index.ts';
import publicPagesRoutes from './routes/public-pages/index.ts';
import searchRoutes from './routes/search/index.ts';
import userRoutes from './routes/user/index.ts';
import vendorRoutes from './routes/vendor/index.ts';

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
  await app.register(access);
  await app.register(jobs);
  await app.register(audit);
  await app.register(publicSite);
  await app.register(accountLifecycle);
  await app.register(twoFactor);
  await app.register(propertyData);
  await app.register(staffAdmin);
  await app.register(shellConfig);
  await app.register(realtime);
  await app.register(openapi);
  await app.register(accountRoutes);
  await app.register(socialRoutes);
  await app.register(passwordRoutes);
  await app.register(twoFactorRoutes);
  await app.register(emailVerificationRoutes);
  await app.register(phoneRoutes);
  await app.register(apiRoutes);
  await app.register(dashboardRoutes);
  await app.register(participantsRoutes);
  await app.register(messagesRoutes);
  await app.register(accountSettingsRoutes);
  await app.register(adminRoutes);
  await app.register(vendorRoutes);
  await app.register(userRoutes);
  await app.register(geocoder);
  await app.register(geocodeRoutes);
  await app.register(newsletterRoutes);
  await app.register(listingsRoutes);
  await app.register(searchRoutes);
  await app.register(publicPagesRoutes);
  await app.register(frontEnds);
  return app;
}

import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import autoload from '@fastify/autoload';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import type { Database } from '@lantern/db';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './env.ts';
import { rewriteApiUrl } from './lib/api-version.ts';
import { earlyAnswers } from './lib/early-answers.ts';
import { errorSerializer, REDACTED, redactPaths, requestSerializer } from './lib/log-redaction.ts';
import type { Tracing } from './lib/tracing.ts';
import access from './plugins/app/access.ts';
import accountLifecycle from './plugins/app/account-lifecycle.ts';
import adminOrders from './plugins/app/admin-orders.ts';
import agentWork from './plugins/app/agent-work.ts';
import apiTokens from './plugins/app/api-tokens.ts';
import audit from './plugins/app/audit.ts';
import auth from './plugins/app/auth.ts';
import catalogueAdmin from './plugins/app/catalogue-admin.ts';
import concierge from './plugins/app/concierge.ts';
import crm from './plugins/app/crm.ts';
import csrf from './plugins/app/csrf.ts';
import documents from './plugins/app/documents.ts';
import errorHandler from './plugins/app/error-handler.ts';
import fsboListing from './plugins/app/fsbo-listing.ts';
import geocoder from './plugins/app/geocoder.ts';
import idempotency from './plugins/app/idempotency.ts';
import inquiries from './plugins/app/inquiries.ts';
import invitations from './plugins/app/invitations.ts';
import jobs from './plugins/app/jobs.ts';
import listingAgreement from './plugins/app/listing-agreement.ts';
import listingAnalytics from './plugins/app/listing-analytics.ts';
import listingManage from './plugins/app/listing-manage.ts';
import listingTools from './plugins/app/listing-tools.ts';
import lockboxes from './plugins/app/lockboxes.ts';
import mailRelay from './plugins/app/mail-relay.ts';
import metrics from './plugins/app/metrics.ts';
import mlsListing from './plugins/app/mls-listing.ts';
import openHouses from './plugins/app/open-houses.ts';
import pageLanding from './plugins/app/page-landing.ts';
import payments from './plugins/app/payments.ts';
import photoShoots from './plugins/app/photo-shoots.ts';
import photos from './plugins/app/photos.ts';
import propertyData from './plugins/app/property-data.ts';
import propertyPlacement from './plugins/app/property-placement.ts';
import publicSite from './plugins/app/public-site.ts';
import realtime from './plugins/app/realtime.ts';
import repositories from './plugins/app/repositories.ts';
import requestTracing from './plugins/app/request-tracing.ts';
import routeTable from './plugins/app/route-table.ts';
import sales from './plugins/app/sales.ts';
import services from './plugins/app/services.ts';
import settlement from './plugins/app/settlement.ts';
import shellConfig from './plugins/app/shell-config.ts';
import showings from './plugins/app/showings.ts';
import signing from './plugins/app/signing.ts';
import staffAdmin from './plugins/app/staff-admin.ts';
import supportTickets from './plugins/app/support-tickets.ts';
import texts from './plugins/app/texts.ts';
import transactionAccess from './plugins/app/transaction-access.ts';
import twoFactor from './plugins/app/two-factor.ts';
import valuation from './plugins/app/valuation.ts';
import valuationDisclaimers from './plugins/app/valuation-disclaimers.ts';
import webhooks from './plugins/app/webhooks.ts';
import workOrders from './plugins/app/work-orders.ts';
import frontEnds from './plugins/external/front-ends.ts';
import openapi from './plugins/external/openapi.ts';
import securityHeaders, { securityHeaderList } from './plugins/external/security-headers.ts';
import { localizeSite } from './services/public-site/localize-site.ts';

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
export async function buildApp({ config: given, database, tracing, logger }: BuildOptions) {
  // The public site as built for another address is served with this server's own (issue 12).
  const config = {
    ...given,
    webDist: localizeSite(given.webDist, given.publicUrl, join(given.dataDir, 'site')),
  };
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
    ...earlyAnswers(securityHeaderList(config)),
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
  await app.register(compress, { threshold: 1024 });
  await app.register(csrf);
  await app.register(auth);
  await app.register(access);
  await app.register(metrics);
  await app.register(jobs);
  await app.register(idempotency);
  await app.register(apiTokens);
  await app.register(crm);
  await app.register(audit);
  await app.register(publicSite);
  await app.register(webhooks);
  await app.register(mailRelay);
  await app.register(texts);
  await app.register(accountLifecycle);
  await app.register(supportTickets);
  await app.register(twoFactor);
  await app.register(propertyData);
  await app.register(staffAdmin);
  await app.register(catalogueAdmin);
  await app.register(shellConfig);
  await app.register(pageLanding);
  await app.register(realtime);
  // After realtime: joining by a verified address (decision 055) tells the browsers.
  await app.register(invitations);
  await app.register(payments);
  await app.register(adminOrders);
  await app.register(mlsListing);
  await app.register(photos);
  // Before the live listing's changes, whose photo sets may name delivered photographs.
  await app.register(photoShoots);
  // Before the listings that record their sales when they close.
  await app.register(sales);
  await app.register(valuationDisclaimers);
  await app.register(fsboListing);
  await app.register(listingTools);
  await app.register(listingAnalytics);
  await app.register(inquiries);
  await app.register(showings);
  await app.register(signing);
  await app.register(listingManage);
  await app.register(listingAgreement);
  await app.register(concierge);
  await app.register(lockboxes);
  await app.register(workOrders);
  await app.register(documents);
  await app.register(agentWork);
  await app.register(settlement);
  await app.register(openHouses);
  await app.register(transactionAccess);
  await app.register(openapi);
  await app.register(geocoder);
  await app.register(propertyPlacement);
  await app.register(valuation);
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

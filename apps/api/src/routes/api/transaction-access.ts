import {
  ZErrorResponseSchema,
  ZTransactionAccessDocParamsSchema,
  ZTransactionAccessListingParamsSchema,
  ZTransactionAccessListingSchema,
  ZTransactionAccessMessageSchema,
  ZTransactionAccessRequestSchema,
  ZTransactionAccessTokenSchema,
  ZTransactionAccessViewRequestSchema,
  ZTransactionAccessViewSchema,
} from '@lantern/contracts';
import {
  TRANSACTION_ACCESS_COOKIE,
  TRANSACTION_ACCESS_COOKIE_PATH,
  TRANSACTION_ACCESS_TEXTS,
} from '@lantern/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS } from '../../features/auth/throttle/limits.ts';
import { sendDocumentFile } from '../_shared/document-file.ts';
import type { ZodApp } from '../_shared/zod-app.ts';

const T = TRANSACTION_ACCESS_TEXTS;
const FAILURES = {
  404: ZErrorResponseSchema,
  409: ZErrorResponseSchema,
  410: ZErrorResponseSchema,
  422: ZErrorResponseSchema,
  429: ZErrorResponseSchema,
} as const;

const viewer = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 500) ?? '',
});

/**
 * Transaction access's public side (issue 24; docs/decisions/047-transaction-access.md): the
 * request from a listing page, the mailed confirmation, and the shared view. Mailed tokens come
 * in the URL fragment and are posted here; the view's token is then kept in an httpOnly cookie
 * sent only to these routes, so it never appears in a URL or a log. Every view is checked
 * against the stored row (expiry, revocation) and logged; nothing is cached.
 */
const transactionAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRequest(app);
  registerView(app);
};

/** The capability cookie: sent only to these routes, never readable by scripts. */
const cookieOptionsOf = (app: ZodApp) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: app.config.publicUrl.protocol === 'https:',
  path: TRANSACTION_ACCESS_COOKIE_PATH,
});

/** No access (any more): the cookie is cleared and the answer is a plain 404. */
const noAccess = (app: ZodApp, reply: FastifyReply) =>
  reply
    .header('cache-control', 'no-store')
    .clearCookie(TRANSACTION_ACCESS_COOKIE, cookieOptionsOf(app))
    .code(404)
    .send({ message: T.view.noAccess });

/** A listing page's request for transaction access, and its mailed confirmation. */
function registerRequest(app: ZodApp) {
  app.get(
    '/listings/:hash/transaction-access',
    {
      schema: {
        tags: ['listings'],
        summary: 'The listing a transaction access request page is for (published, for sale)',
        params: ZTransactionAccessListingParamsSchema,
        response: { 200: ZTransactionAccessListingSchema, 404: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const listing = await app.transactionAccess.listingFor(request.params.hash);
      if (!listing) return reply.code(404).send({ message: T.errors.listingNotFound });
      return listing;
    },
  );

  app.post(
    '/listings/:hash/transaction-access',
    {
      schema: {
        tags: ['listings'],
        summary:
          'Ask the owners for transaction access (202: a confirmation link is mailed; the owners see it once opened)',
        params: ZTransactionAccessListingParamsSchema,
        body: ZTransactionAccessRequestSchema,
        response: { 202: ZTransactionAccessMessageSchema, ...FAILURES },
      },
    },
    async (request, reply) => {
      if (!(await app.throttle.take(reply, LIMITS.transactionAccessRequests, request.ip))) {
        return reply;
      }
      const done = await app.transactionAccess.request(request.params.hash, request.body);
      if (!done.ok) return reply.code(done.status).send({ message: done.message });
      const made = done.value.request;
      request.audit(
        made
          ? {
              recordType: 'transaction_access_request',
              recordId: made.hash,
              after: { listing: request.params.hash, role: made.role, status: made.status },
            }
          : {
              recordType: 'listing',
              recordId: request.params.hash,
              after: { dropped: 'honeypot' },
            },
      );
      return reply.code(202).send({ message: T.request.sent });
    },
  );

  app.post(
    '/transaction-access/confirm',
    {
      schema: {
        tags: ['listings'],
        summary: 'Confirm a transaction access request with the mailed token; the owners are told',
        body: ZTransactionAccessTokenSchema,
        response: { 200: ZTransactionAccessMessageSchema, ...FAILURES },
      },
    },
    async (request, reply) => {
      if (!(await app.throttle.take(reply, LIMITS.transactionAccessLinks, request.ip))) {
        return reply;
      }
      const done = await app.transactionAccess.confirm(request.body.token);
      if (!done.ok) return reply.code(done.status).send({ message: done.message });
      if (done.value.hash) {
        request.audit({
          recordType: 'transaction_access_request',
          recordId: done.value.hash,
          after: { status: 'pending' },
        });
      }
      return { message: done.value.message };
    },
  );
}

/** The shared view by capability link, and its documents' files. */
function registerView(app: ZodApp) {
  const cookieOptions = cookieOptionsOf(app);

  app.post(
    '/transaction-access/view',
    {
      schema: {
        tags: ['listings'],
        summary:
          'What the owners shared, for a live access link (the token once, then its cookie); every call is logged',
        body: ZTransactionAccessViewRequestSchema,
        response: { 200: ZTransactionAccessViewSchema, ...FAILURES },
      },
      // Reading, not changing: the view log is the record of it. Its first answer sets the
      // access cookie: kept nowhere, a retry is refused (decision 067).
      config: { audit: false, idempotency: 'secret' },
    },
    async (request, reply) => {
      if (!(await app.throttle.take(reply, LIMITS.transactionAccessLinks, request.ip))) {
        return reply;
      }
      const token = request.body.token ?? request.cookies[TRANSACTION_ACCESS_COOKIE];
      const view = await app.transactionAccess.view(token, viewer(request));
      if (!view || !token) return noAccess(app, reply);
      reply.header('cache-control', 'no-store');
      if (request.body.token) {
        const seconds = Math.floor((Date.parse(view.expiresAt) - Date.now()) / 1000);
        reply.setCookie(TRANSACTION_ACCESS_COOKIE, token, {
          ...cookieOptions,
          maxAge: Math.max(1, seconds),
        });
      }
      return view;
    },
  );

  app.get(
    '/transaction-access/documents/:doc/file',
    {
      schema: {
        tags: ['listings'],
        summary: 'A shared document’s file, for a live access link (its cookie); logged',
        params: ZTransactionAccessDocParamsSchema,
      },
    },
    async (request, reply) => {
      if (!(await app.throttle.take(reply, LIMITS.transactionAccessLinks, request.ip))) {
        return reply;
      }
      const file = await app.transactionAccess.documentFile(
        request.cookies[TRANSACTION_ACCESS_COOKIE],
        request.params.doc,
        viewer(request),
      );
      if (!file) return noAccess(app, reply);
      return sendDocumentFile(reply, file);
    },
  );
}

export default transactionAccessRoutes;

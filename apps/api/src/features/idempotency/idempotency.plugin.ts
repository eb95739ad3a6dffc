import { randomBytes } from 'node:crypto';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAYED_HEADER,
  ZIdempotencyKeySchema,
} from '@lantern/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  type Begun,
  createIdempotencyService,
  type Held,
  type IdempotencyService,
} from './idempotency.ts';
import { createIdempotencyKeyRepository } from './idempotency-keys.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    idempotency: IdempotencyService;
  }
  interface FastifyRequest {
    /** The key this request holds while it runs; its answer is kept in onSend. */
    idempotencyHeld: Held | null;
  }
  interface FastifyContextConfig {
    /**
     * `'secret'` for a route whose success answers a secret (a token, a signing secret, recovery
     * codes, a session cookie): nothing of it is kept and a retry is refused (decision 067).
     */
    idempotency?: 'secret';
  }
}

/** Visitors' keys are scoped to this browser-session cookie (a random token, httpOnly). */
export const VISITOR_COOKIE = 'lantern_visitor';
const HEADER = IDEMPOTENCY_HEADER.toLowerCase();
const HOUR_MS = 60 * 60_000;

/**
 * Every POST honours an `Idempotency-Key` (issue 40; docs/decisions/067-idempotency-keys.md):
 * the first answer is kept per user (or visitor) and key and replayed to a retry, so a double
 * click or a retry after a timeout does the work once. Its onSend sees the serialized body:
 * compression's hooks are the route's own, which run after the app's.
 */
export default fp(
  async (app) => {
    const service = createIdempotencyService({
      repo: createIdempotencyKeyRepository(app.db),
      secret: app.config.sessionSecret,
    });
    app.decorate('idempotency', service);
    app.decorateRequest('idempotencyHeld', null);
    const cookie = {
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: app.config.publicUrl.protocol === 'https:',
      path: '/',
    };

    app.addHook('preHandler', async (request, reply) => {
      const given = request.headers[HEADER];
      if (request.method !== 'POST' || given === undefined) return;
      const parsed = ZIdempotencyKeySchema.safeParse(given);
      if (!parsed.success) {
        return reply.code(400).send({
          message: IDEMPOTENCY_MESSAGES.keyInvalid,
          errors: { [IDEMPOTENCY_HEADER]: [IDEMPOTENCY_MESSAGES.keyInvalid] },
        });
      }
      const session = await request.session();
      const begun = await service.begin({
        scope: session ? service.userScope(session.userId) : visitorScope(request, reply),
        userId: session?.userId ?? null,
        key: parsed.data,
        method: request.method,
        url: request.url,
        body: request.body,
      });
      if (begun.outcome === 'run') {
        request.idempotencyHeld = begun.held;
        return;
      }
      return answer(request, reply, begun);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const held = request.idempotencyHeld;
      if (!held) return payload;
      request.idempotencyHeld = null;
      const type = reply.getHeader('content-type');
      try {
        await service.finish(held, {
          status: reply.statusCode,
          contentType: typeof type === 'string' ? type : null,
          body: typeof payload === 'string' ? payload : undefined,
          secret: request.routeOptions.config?.idempotency === 'secret' || setsCookie(reply),
        });
      } catch (err) {
        // The answer still goes out; the key frees itself after its lease.
        request.log.error({ err }, 'idempotency key answer could not be kept');
      }
      return payload;
    });

    /** The visitor's scope, from their cookie or a new one set on this answer. */
    function visitorScope(request: FastifyRequest, reply: FastifyReply): string {
      let token = request.cookies[VISITOR_COOKIE];
      if (!token) {
        token = randomBytes(32).toString('base64url');
        reply.setCookie(VISITOR_COOKIE, token, cookie);
      }
      return service.visitorScope(token);
    }

    app.jobs.define('idempotency.cleanup', {
      handler: async (_payload, { log }) => {
        const removed = await service.removeExpired();
        if (removed) log.info({ removed }, 'idempotency keys past 24 hours removed');
      },
      describe: () => 'Remove idempotency keys older than 24 hours',
    });
    app.jobs.schedule('idempotency.cleanup', HOUR_MS);
  },
  { name: 'idempotency', dependencies: ['services', 'auth', 'jobs'] },
);

/** The answer to a request that does not run: the first one's again, or why not. */
function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  begun: Exclude<Begun, { outcome: 'run' }>,
) {
  switch (begun.outcome) {
    case 'replay':
      // A replay changes nothing: no second activity-log entry (features/audit/audit.plugin.ts).
      request.auditWritten = true;
      if (begun.contentType) reply.header('content-type', begun.contentType);
      return reply.code(begun.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true').send(begun.body);
    case 'mismatch':
      return reply.code(422).send({
        message: IDEMPOTENCY_MESSAGES.keyReused,
        errors: { [IDEMPOTENCY_HEADER]: [IDEMPOTENCY_MESSAGES.keyReused] },
      });
    case 'running':
      return reply
        .code(409)
        .header('retry-after', '1')
        .send({ message: IDEMPOTENCY_MESSAGES.inProgress });
    case 'used':
      return reply.code(409).send({ message: IDEMPOTENCY_MESSAGES.secretAnswered });
  }
}

/**
 * An answer that sets a cookie (a session, a waiting sign-in) other than the visitor's own: a
 * secret. Clearing one (an empty value, as sign-out does) is not.
 */
function setsCookie(reply: FastifyReply): boolean {
  const header = reply.getHeader('set-cookie');
  const list = Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
  return list.some((c) => !c.startsWith(`${VISITOR_COOKIE}=`) && !/^[^=]*=;/.test(c));
}

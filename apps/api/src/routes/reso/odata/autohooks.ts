import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from '../../../lib/api-version.ts';
import { odataError } from '../../_shared/odata.ts';

/**
 * /reso/odata (issue 49): every request carries a bearer token from POST /reso/oauth/token.
 * Each client has its own rate a minute (shared by every instance), and every request it makes
 * is logged: who read what, when, and how many records.
 */
const WINDOW_MS = 60_000;
const URL_KEPT = 2_000;

async function requireClient(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const token = bearerToken(request.headers);
  const client = token ? await app.reso.auth.authenticate(token) : undefined;
  if (!client) {
    reply.header(
      'www-authenticate',
      token ? 'Bearer realm="reso", error="invalid_token"' : 'Bearer realm="reso"',
    );
    return odataError(
      reply,
      401,
      'Unauthorized',
      token
        ? 'The access token is not valid or has expired: ask /reso/oauth/token for a new one.'
        : 'Send an access token from /reso/oauth/token as "Authorization: Bearer …".',
    );
  }
  request.resoClient = client;
  const window = await app.rateLimits.hit(`reso-client:${client.id}`, WINDOW_MS);
  const reset = Math.max(1, Math.ceil((window.resetAt.getTime() - Date.now()) / 1000));
  reply.header('ratelimit-limit', String(client.rateLimitPerMinute));
  reply.header(
    'ratelimit-remaining',
    String(Math.max(0, client.rateLimitPerMinute - window.count)),
  );
  reply.header('ratelimit-reset', String(reset));
  if (window.count > client.rateLimitPerMinute) {
    reply.header('retry-after', String(reset));
    return odataError(reply, 429, 'TooManyRequests', `Too many requests: try again in ${reset} s.`);
  }
}

export default async function resoHooks(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply) => requireClient(app, request, reply));
  app.addHook('onResponse', async (request, reply) => {
    const client = request.resoClient;
    if (!client) return;
    try {
      await app.reso.clients.logRequest({
        clientId: client.id,
        url: request.url.slice(0, URL_KEPT),
        status: reply.statusCode,
        records: request.resoRecords,
      });
    } catch (err) {
      request.log.error({ err }, 'the RESO request log was not written');
    }
  });
}

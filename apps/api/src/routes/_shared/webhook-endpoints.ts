import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS } from '../../features/auth/throttle/limits.ts';
import { notFound, refused } from './replies.ts';

/**
 * The changes to a person's webhook endpoints, one function each for Account Settings →
 * Webhooks (/api/account/webhooks) and the public API's /api/v1/webhook-endpoints (issue 48):
 * the same service call, refusal and activity row whichever way it comes.
 */
type Hashed = { hash: string };
type Service = FastifyReply['server']['webhooks'];
type CreateInput = Parameters<Service['create']>[1];
type UpdateInput = Parameters<Service['update']>[2];

export async function createEndpoint(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CreateInput,
) {
  const outcome = await reply.server.webhooks.create(request.user.userId, body);
  if (!outcome.ok) return refused(reply, outcome);
  const { endpoint } = outcome.value;
  request.audit({ recordType: 'webhook_endpoint', recordId: endpoint.hash, after: endpoint });
  return reply.code(201).send(outcome.value);
}

export async function updateEndpoint(
  request: FastifyRequest,
  reply: FastifyReply,
  { hash }: Hashed,
  body: UpdateInput,
) {
  const outcome = await reply.server.webhooks.update(request.user.userId, hash, body);
  if (!outcome.ok) return refused(reply, outcome);
  const { before, after } = outcome.value;
  request.audit({ recordType: 'webhook_endpoint', recordId: after.hash, before, after });
  return after;
}

export async function deleteEndpoint(
  request: FastifyRequest,
  reply: FastifyReply,
  { hash }: Hashed,
) {
  const removed = await reply.server.webhooks.remove(request.user.userId, hash);
  if (!removed) return notFound(reply);
  request.audit({ recordType: 'webhook_endpoint', recordId: removed.hash, before: removed });
  return reply.code(204).send(null);
}

/** "Send test event": the delivery after its first attempt, made outside the transaction. */
export async function sendTestEvent(
  request: FastifyRequest,
  reply: FastifyReply,
  { hash }: Hashed,
) {
  const { server } = reply;
  if (!(await server.throttle.take(reply, LIMITS.webhookResends, request.user.userId)))
    return reply;
  request.audit({ recordType: 'webhook_endpoint', recordId: hash });
  const outcome = await server.webhooks.sendTest(request.user.userId, hash, (w) =>
    request.commit(w),
  );
  return outcome.ok ? outcome.value : refused(reply, outcome);
}

/** "Rotate secret": the new secret; the previous one also signs for 24 hours. */
export async function rotateSecret(request: FastifyRequest, reply: FastifyReply, { hash }: Hashed) {
  const outcome = await reply.server.webhooks.rotateSecret(request.user.userId, hash);
  if (!outcome.ok) return refused(reply, outcome);
  const { before, endpoint, secret } = outcome.value;
  request.audit({
    recordType: 'webhook_endpoint',
    recordId: endpoint.hash,
    before,
    after: endpoint,
  });
  return { endpoint, secret };
}

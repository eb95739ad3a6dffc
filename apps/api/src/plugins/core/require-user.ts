import { MESSAGES } from '@lantern/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionRecord } from '../../features/auth/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser: the session of the signed-in user. */
    user: SessionRecord;
  }
}

/** preHandler for routes that need a signed-in user: 401 in the documented shape otherwise. */
export async function requireUser(request: FastifyRequest, reply: FastifyReply) {
  const session = await request.session();
  if (!session) return reply.code(401).send({ message: MESSAGES.unauthenticated });
  request.user = session;
}

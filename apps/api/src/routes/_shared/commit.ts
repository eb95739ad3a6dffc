import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditChange } from '../../features/audit/audit.plugin.ts';
import type { CommitOutcome } from '../../features/staff/outcome.ts';

/**
 * `request.commit` for a service phase that answers an outcome (decision 068): a success is
 * described inside the unit of work, so its activity row says what changed and commits with
 * it; a refusal sets its status there, so no row is written for it.
 */
export function commitDescribed<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  describe: (value: T) => AuditChange,
): CommitOutcome<T> {
  return (work) =>
    request.commit(async () => {
      const outcome = await work();
      if (outcome.ok) request.audit(describe(outcome.value));
      else reply.code(outcome.status);
      return outcome;
    });
}

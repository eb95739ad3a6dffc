import { LIST_TEXTS, MESSAGES, ZErrorResponseSchema } from '@lantern/contracts';
import type { FastifyReply } from 'fastify';
import type { Outcome } from '../../features/staff/outcome.ts';
import { BadCursorError } from '../../lib/keyset.ts';

/** The error answers every admin and vendor route may give. */
export const ERRORS = {
  401: ZErrorResponseSchema,
  403: ZErrorResponseSchema,
  404: ZErrorResponseSchema,
  409: ZErrorResponseSchema,
  422: ZErrorResponseSchema,
  502: ZErrorResponseSchema,
} as const;

/** The error answers a route declares, by status, each in the documented error shape. */
export const errorAnswers = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, ZErrorResponseSchema])) as Record<
    S,
    typeof ZErrorResponseSchema
  >;

/**
 * The errors of a route that sends a file (its 200 is the file, which the API description
 * states for it): nothing of the caller's by that name, and for some a thing not ready to have
 * one (a receipt before payment, a listing not in that step).
 */
export const NOT_FOUND = { 404: ZErrorResponseSchema } as const;
export const FILE_ERRORS = { 404: ZErrorResponseSchema, 409: ZErrorResponseSchema } as const;
/** The reply of such a route, to send the file: its own type allows only the errors' bodies. */
export const fileReply = (reply: FastifyReply): FastifyReply => reply;

/** Send a refused outcome in the documented error shape. */
export function refused(reply: FastifyReply, outcome: Extract<Outcome<unknown>, { ok: false }>) {
  return reply
    .code(outcome.status)
    .send({ message: outcome.message, ...(outcome.errors ? { errors: outcome.errors } : {}) });
}

/** A list page, or a 422 when the cursor is not one we made. */
export async function page<T>(reply: FastifyReply, load: () => Promise<T>): Promise<T | undefined> {
  try {
    return await load();
  } catch (err) {
    if (err instanceof BadCursorError) {
      await reply
        .code(422)
        .send({ message: LIST_TEXTS.badCursor, errors: { cursor: [LIST_TEXTS.badCursor] } });
      return undefined;
    }
    throw err;
  }
}

export const notFound = (reply: FastifyReply) =>
  reply.code(404).send({ message: MESSAGES.notFound });

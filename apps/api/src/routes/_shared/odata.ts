import type { FastifyReply } from 'fastify';

/** An OData JSON error body (OData JSON Format 4.0 §21.1): the RESO Web API's every error. */
export function odataError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  target?: string,
) {
  return reply
    .code(status)
    .header('odata-version', '4.0')
    .type('application/json; charset=utf-8')
    .send({ error: { code, message, ...(target ? { target } : {}), details: [] } });
}

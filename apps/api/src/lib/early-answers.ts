import type { IncomingMessage } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { MESSAGES } from '@lantern/contracts';
import type { FastifyReply, FastifyServerOptions } from 'fastify';

/**
 * Answers Fastify gives before any route or hook runs (issue 41), with the security headers
 * every other answer carries and our `{message}` shape: a URL that cannot be decoded
 * (`frameworkErrors`), and a request that is not valid HTTP at all (`clientErrorHandler`,
 * after Fastify's own, which writes to the socket). `v1` gives the public API's own form of an
 * answer (a problem, with its headers): no hook of the app runs on a URL that cannot be decoded.
 */
export function earlyAnswers(
  headers: Array<[string, string]>,
  v1?: (raw: IncomingMessage, reply: FastifyReply, body: { message: string }) => unknown,
) {
  function frameworkErrors(
    _error: unknown,
    request: { raw: IncomingMessage },
    reply: FastifyReply,
  ) {
    for (const [name, value] of headers) reply.header(name, value);
    const body = { message: MESSAGES.badUrl };
    reply.code(400).send(v1?.(request.raw, reply, body) ?? body);
  }

  function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
    // A reset connection has no one left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? 431
          : 400;
    const message =
      status === 431 ? MESSAGES.payloadTooLarge : 'The request could not be processed.';
    const body = JSON.stringify({ message });
    if (socket.writable) {
      const lines = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        ...headers.map(([name, value]) => `${name}: ${value}`),
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        'connection: close',
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroy(error);
  }

  return { frameworkErrors, clientErrorHandler } satisfies Pick<
    FastifyServerOptions,
    'frameworkErrors' | 'clientErrorHandler'
  >;
}

import {
  context,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    traceSpan?: Span;
  }
}

/**
 * A server span per request (issue 26), named by method and route pattern, continuing the
 * caller's trace when it sends `traceparent`; the handler runs inside it, so the database
 * queries it makes are its children. A no-op unless tracing is on (lib/tracing.ts).
 */
export default fp(
  async (app) => {
    const { tracer, enabled } = app.tracing;
    if (!enabled) return;
    app.addHook('onRequest', (request, _reply, done) => {
      const parent = propagation.extract(context.active(), request.headers);
      const route = request.routeOptions.url ?? 'unmatched';
      const span = tracer.startSpan(
        `${request.method} ${route}`,
        {
          kind: SpanKind.SERVER,
          attributes: {
            'http.request.method': request.method,
            'http.route': route,
            'lantern.request_id': request.id,
          },
        },
        parent,
      );
      request.traceSpan = span;
      context.with(trace.setSpan(parent, span), done);
    });
    app.addHook('onResponse', async (request, reply) => {
      const span = request.traceSpan;
      if (!span) return;
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
  },
  { name: 'request-tracing', dependencies: ['services'] },
);

import { context, propagation, type Tracer, trace } from '@opentelemetry/api';

export interface Tracing {
  tracer: Tracer;
  /** false: the API's no-op tracer; nothing is recorded, so nothing need be instrumented. */
  enabled: boolean;
  /** Sends what is buffered and stops (at close). */
  shutdown(): Promise<void>;
}

/**
 * OpenTelemetry traces (issue 26), exported over OTLP/HTTP to `endpoint` (the collector's base
 * address, as in OTEL_EXPORTER_OTLP_ENDPOINT; `/v1/traces` is added). Without an endpoint the
 * tracer is the API's no-op one and the SDK is never loaded, so it costs no memory.
 */
export async function startTracing(
  endpoint: string | undefined,
  serviceName: string,
): Promise<Tracing> {
  if (!endpoint) {
    return { tracer: trace.getTracer('lantern'), enabled: false, shutdown: async () => {} };
  }
  const [{ AsyncLocalStorageContextManager }, { W3CTraceContextPropagator }, base, otlp, res] =
    await Promise.all([
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/core'),
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
    ]);
  const exporter = new otlp.OTLPTraceExporter({
    url: `${endpoint.replace(/\/$/, '')}/v1/traces`,
  });
  const provider = new base.BasicTracerProvider({
    resource: res.resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new base.BatchSpanProcessor(exporter)],
  });
  // Both are process-wide; a second app in the same process (tests) keeps the first ones.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  return {
    tracer: provider.getTracer('lantern'),
    enabled: true,
    shutdown: () => provider.shutdown(),
  };
}

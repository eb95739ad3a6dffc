import { SpanKind, SpanStatusCode, type Tracer } from '@opentelemetry/api';

const TRACED = Symbol('lantern.traced');

interface Queryable {
  query(...args: unknown[]): unknown;
  [TRACED]?: true;
}

/** `SELECT`, `INSERT`, … — the span's name: short, and free of values. */
function operation(text: string): string {
  return /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
}

/**
 * One client span per query (issue 26), as a child of whatever span is active (the request or
 * job that asked). The statement is recorded as drizzle sends it, with `$1` placeholders: the
 * values never reach the trace.
 */
export function traceQueries(target: Queryable, tracer: Tracer): void {
  if (target[TRACED]) return;
  target[TRACED] = true;
  const query = target.query.bind(target);
  target.query = (...args: unknown[]) => {
    const first = args[0];
    const text =
      typeof first === 'string' ? first : String((first as { text?: string })?.text ?? '');
    // A callback-style call (node-postgres' own internals) is passed through untraced.
    if (typeof args.at(-1) === 'function') return query(...args);
    const span = tracer.startSpan(operation(text), {
      kind: SpanKind.CLIENT,
      attributes: { 'db.system.name': 'postgresql', 'db.query.text': text.slice(0, 2000) },
    });
    return Promise.resolve(query(...args)).then(
      (result) => {
        span.end();
        return result;
      },
      (err: unknown) => {
        span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error)?.message });
        span.end();
        throw err;
      },
    );
  };
}

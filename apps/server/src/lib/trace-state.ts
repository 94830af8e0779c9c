import { context, SpanKind, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';
import type { LogEvent } from 'kysely';

// Whether this process traces (tracing.ts starts it), apart from the SDK so the database module
// can ask without loading it; and the per-statement spans, which the database module installs.

let tracer: Tracer | null = null;

/** The tracer when tracing is on, else null (callers then do nothing). */
export function activeTracer(): Tracer | null {
  return tracer;
}

export function setActiveTracer(active: Tracer | null): void {
  tracer = active;
}

/**
 * Kysely's `log` option for a new database when tracing is on: one span per statement, as a
 * child of whatever span is active (the request's), with its time. Undefined when off.
 */
export function queryTracing(): { log: (event: LogEvent) => void } | undefined {
  if (!tracer) return undefined;
  const active = tracer;
  return {
    log(event) {
      // Only within a traced request: the job queue's polling and background runs are not traced.
      if (!trace.getSpan(context.active())) return;
      const ended = Date.now();
      const text = event.query.sql;
      const span = active.startSpan(text.trimStart().split(/\s/, 1)[0]?.toUpperCase() || 'SQL', {
        kind: SpanKind.CLIENT,
        startTime: ended - event.queryDurationMillis,
        attributes: { 'db.system.name': 'postgresql', 'db.query.text': text.slice(0, 1000) },
      });
      if (event.level === 'error') {
        span.setStatus({ code: SpanStatusCode.ERROR, message: String(event.error) });
      }
      span.end(ended);
    },
  };
}

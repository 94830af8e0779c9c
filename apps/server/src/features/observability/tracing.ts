import {
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-instance';
import { activeTracer, setActiveTracer } from '../../lib/trace-state';

// OpenTelemetry traces (docs/observability.md): off unless OTEL_EXPORTER_OTLP_ENDPOINT is set.
// Off, nothing here runs per request or per query (no hook is added, no tracer exists). On, a
// request's span (route template as name), a span per SQL statement (timed by Kysely) and a span
// per partner call (partner-calls.ts) share the request's trace, exported over OTLP/HTTP (JSON).

let provider: NodeTracerProvider | null = null;

type TracingSettings = { endpoint: string; serviceName: string };

/**
 * Starts exporting spans to the collector at `endpoint` (its /v1/traces); once per process, before
 * the databases are made (their query hook is chosen when they are). Answers the flush-and-stop.
 */
export function startTracing({ endpoint, serviceName }: TracingSettings): () => Promise<void> {
  if (provider) throw new Error('Tracing is already started in this process');
  const exporter = new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` });
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1000 })],
  });
  // The AsyncLocalStorage context manager and the W3C traceparent propagator.
  provider.register();
  setActiveTracer(provider.getTracer('pago'));
  const started = provider;
  return async () => {
    await started.forceFlush();
    await started.shutdown();
    trace.disable();
    context.disable();
    propagation.disable();
    if (provider === started) {
      provider = null;
      setActiveTracer(null);
    }
  };
}

/** Sends the spans ended so far to the collector now (tests; shutdown). */
export async function flushTraces(): Promise<void> {
  await provider?.forceFlush();
}

const requestSpans = new WeakMap<FastifyRequest, { span: Span; context: Context }>();

/**
 * The request's span, from `onRequest` to `onResponse`, named by route template, continuing the
 * caller's trace when it sent `traceparent`. The rest of the request runs inside its context: set
 * at `onRequest` and again at `preHandler` (a body is read on the socket's callbacks, outside it).
 */
export function installRequestTracing(app: AppInstance): void {
  const active = activeTracer();
  if (!active) return;
  app.addHook('onRequest', (request, _reply, done) => {
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const route = request.routeOptions.url ?? 'unmatched';
    const span = active.startSpan(
      `${request.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, 'http.route': route },
      },
      parent,
    );
    const spanContext = trace.setSpan(parent, span);
    requestSpans.set(request, { span, context: spanContext });
    context.with(spanContext, done);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const traced = requestSpans.get(request);
    if (!traced) return done();
    context.with(traced.context, done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = requestSpans.get(request)?.span;
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
}

import { context, propagation, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { setActiveTracer } from '../../lib/trace-state';

// OpenTelemetry traces (docs/observability.md): off unless OTEL_EXPORTER_OTLP_ENDPOINT is set.
// Off, nothing here runs per request or per query (no hook is added, no tracer exists). On, a
// request's span (route template as name), a span per SQL statement (timed by Kysely) and a span
// per partner call (partner-calls.ts) share the request's trace, exported over OTLP/HTTP (JSON).
// The SDK (this file) is imported by main.ts only when tracing is on; a request's span is
// request-tracing.ts's, which needs only the API.

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

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
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-instance';
import { activeTracer } from '../../lib/trace-state';

// A request's span (docs/observability.md), when tracing.ts's SDK is on. Only OpenTelemetry's API
// here: every start imports this file, and the SDK is loaded only when tracing is on.

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

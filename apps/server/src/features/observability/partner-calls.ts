import diagnostics from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';
import {
  context,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import type { Config } from '../../config';
import { activeTracer } from '../../lib/trace-state';
import { partnerDuration, partnerErrors } from './metrics';

// Every partner call, whichever client makes it: the vendors' clients use fetch (Thunes, Persona,
// Twilio, Stripe: undici) or axios (Unit, Plaid: node:http). Both publish each request on
// diagnostics channels, so one subscriber here times them all — no client is wrapped — and, when
// tracing is on, opens the partner span as a child of the request's span (and passes traceparent).

const VENDORS = ['plaid', 'unit', 'persona', 'thunes', 'stripe', 'twilio', 'oidc'] as const;

/** Vendors' own hosts (live mode), by the end of the host name. */
const VENDOR_HOSTS: Array<[suffix: string, vendor: string]> = [
  ['plaid.com', 'plaid'],
  ['unit.co', 'unit'],
  ['unit.sh', 'unit'],
  ['withpersona.com', 'persona'],
  ['thunes.com', 'thunes'],
  ['stripe.com', 'stripe'],
  ['twilio.com', 'twilio'],
];

const SANDBOX_PATH = new RegExp(`^/sandbox/(${VENDORS.join('|')})(/|$)`);

let configured: Array<[prefix: string, vendor: string]> = [];

/** The vendors' base URLs this server is configured with (a proxy, a test double, a region). */
export function configurePartnerUrls(config: Config): void {
  const entries: Array<[string | undefined, string]> = [
    [config.plaid?.baseUrl, 'plaid'],
    [config.persona?.baseUrl, 'persona'],
    [config.unit?.baseUrl, 'unit'],
    [config.thunes?.baseUrl, 'thunes'],
    [config.stripe?.baseUrl, 'stripe'],
    [config.twilio?.baseUrl, 'twilio'],
    [config.twilioSms?.baseUrl, 'twilio'],
    [config.oidc?.issuerUrl, 'oidc'],
  ];
  configured = entries.filter((entry): entry is [string, string] => Boolean(entry[0]));
}

/** Which partner a URL belongs to, or null when it is none of them (then nothing is recorded). */
function vendorOf(origin: string, path: string): string | null {
  const url = origin + path;
  for (const [prefix, vendor] of configured) if (url.startsWith(prefix)) return vendor;
  const sandbox = SANDBOX_PATH.exec(path);
  if (sandbox?.[1]) return sandbox[1];
  let host: string;
  try {
    host = new URL(origin).hostname;
  } catch {
    return null;
  }
  for (const [suffix, vendor] of VENDOR_HOSTS) {
    if (host === suffix || host.endsWith(`.${suffix}`)) return vendor;
  }
  return null;
}

type Call = { vendor: string; started: number; span: Span | undefined };
const calls = new WeakMap<object, Call>();

function begin(request: object, vendor: string, method: string, url: string): Call {
  // A span only within a traced request (a background job's calls are counted, not traced).
  const tracer = trace.getSpan(context.active()) ? activeTracer() : null;
  const span = tracer?.startSpan(`${vendor} ${method}`, {
    kind: SpanKind.CLIENT,
    attributes: { 'pago.vendor': vendor, 'http.request.method': method, 'url.full': url },
  });
  const call = { vendor, started: performance.now(), span };
  calls.set(request, call);
  return call;
}

function finish(request: object, status: number | null, error?: unknown): void {
  const call = calls.get(request);
  if (!call) return;
  calls.delete(request);
  const seconds = (performance.now() - call.started) / 1000;
  const outcome =
    status === null ? 'network_error' : status >= 500 ? '5xx' : status >= 400 ? '4xx' : 'ok';
  partnerDuration.labels(call.vendor, outcome).observe(seconds);
  if (status === null) partnerErrors.labels(call.vendor, 'network').inc();
  else if (status >= 500) partnerErrors.labels(call.vendor, 'http_5xx').inc();
  if (call.span) {
    if (status !== null) call.span.setAttribute('http.response.status_code', status);
    if (status === null || status >= 500) {
      call.span.setStatus({
        code: SpanStatusCode.ERROR,
        message: error instanceof Error ? error.message : String(status),
      });
    }
    call.span.end();
  }
}

/** The W3C trace context of `span`, for the partner's request headers. */
function traceHeaders(span: Span): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(trace.setSpan(context.active(), span), carrier);
  return carrier;
}

type UndiciRequest = {
  origin?: string | URL;
  path: string;
  method: string;
  addHeader?: (name: string, value: string) => unknown;
};

let subscribed = false;

/** Subscribes once per process (idempotent): fetch's (undici) and node:http's request channels. */
export function watchPartnerCalls(): void {
  if (subscribed) return;
  subscribed = true;
  diagnostics.subscribe('undici:request:create', (message) => {
    const { request } = message as { request: UndiciRequest };
    const origin = String(request.origin ?? '');
    const vendor = vendorOf(origin, request.path);
    if (!vendor) return;
    const call = begin(request, vendor, request.method, origin + request.path.split('?')[0]);
    if (call.span && request.addHeader) {
      for (const [name, value] of Object.entries(traceHeaders(call.span))) {
        request.addHeader(name, value);
      }
    }
  });
  diagnostics.subscribe('undici:request:headers', (message) => {
    const { request, response } = message as { request: object; response: { statusCode: number } };
    finish(request, response.statusCode);
  });
  diagnostics.subscribe('undici:request:error', (message) => {
    const { request, error } = message as { request: object; error: unknown };
    finish(request, null, error);
  });
  diagnostics.subscribe('http.client.request.start', (message) => {
    const { request } = message as { request: ClientRequest };
    const origin = `${request.protocol}//${request.getHeader('host') ?? request.host}`;
    const vendor = vendorOf(origin, request.path);
    if (!vendor) return;
    const call = begin(request, vendor, request.method, origin + request.path.split('?')[0]);
    if (call.span && !request.headersSent) {
      for (const [name, value] of Object.entries(traceHeaders(call.span))) {
        request.setHeader(name, value);
      }
    }
  });
  diagnostics.subscribe('http.client.response.finish', (message) => {
    const { request, response } = message as { request: object; response: IncomingMessage };
    finish(request, response.statusCode ?? null);
  });
  diagnostics.subscribe('http.client.request.error', (message) => {
    const { request, error } = message as { request: object; error: unknown };
    finish(request, null, error);
  });
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyTestApp, verifiedUser } from '../../../test/money-helpers';
import {
  CLABE,
  saveRecipient,
  sendHome,
  THUNES_TEST_TIMINGS,
} from '../../../test/remittance-helpers';
import { buildTestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import { flushTraces, startTracing } from './tracing';

// A send home traced from its route through PostgreSQL to the payout partner (the Thunes fake,
// over HTTP), received by a tiny OTLP/HTTP collector: the spans share one trace.

type OtlpValue = { stringValue?: string; intValue?: string | number };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: Array<{ key: string; value: OtlpValue }>;
};
type OtlpExport = {
  resourceSpans: Array<{
    resource?: { attributes?: Array<{ key: string; value: OtlpValue }> };
    scopeSpans: Array<{ spans: OtlpSpan[] }>;
  }>;
};

const received: Array<{ contentType: string; body: OtlpExport }> = [];
const collector = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    let raw = Buffer.concat(chunks);
    if (request.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
    if (request.method === 'POST' && request.url === '/v1/traces') {
      received.push({
        contentType: String(request.headers['content-type']),
        body: JSON.parse(raw.toString('utf8')) as OtlpExport,
      });
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});

const t = { now: new Date('2026-11-20T15:00:00Z') } as MoneyTestApp;
let stopTracing: () => Promise<void> = async () => {};

beforeAll(async () => {
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const { port } = collector.address() as AddressInfo;
  // Before the database is made: its statements are traced from then on.
  stopTracing = startTracing({ endpoint: `http://127.0.0.1:${port}`, serviceName: 'pago-test' });
  ({ db: t.db } = await createTestDatabase());
  t.app = await buildTestApp(t.db, THUNES_TEST_TIMINGS, () => t.now);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await t.app?.close();
  await stopTracing();
  await new Promise((resolve) => collector.close(resolve));
});

function spans(): OtlpSpan[] {
  return received
    .flatMap((r) => r.body.resourceSpans.flatMap((rs) => rs.scopeSpans))
    .flatMap((scope) => scope.spans);
}

const attribute = (span: OtlpSpan, key: string) =>
  span.attributes?.find((a) => a.key === key)?.value.stringValue;

describe('tracing (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  it('exports a send home as one trace: route, SQL and the partner call', async () => {
    const user = await verifiedUser(t.app, t.db, 50_000);
    const recipient = await saveRecipient(t, user, {
      country: 'MX',
      phone: '+525512345678',
      method: 'bank_deposit',
      fields: { clabe: CLABE },
    });
    const sent = await sendHome(t, user, recipient, 100);
    expect(sent.statusCode, sent.body).toBe(201);

    const deadline = Date.now() + 30_000;
    let route: OtlpSpan | undefined;
    let partner: OtlpSpan[] = [];
    while (Date.now() < deadline) {
      await flushTraces();
      route = spans().find((s) => s.name === 'POST /api/remittances');
      partner = spans().filter(
        (s) => s.traceId === route?.traceId && attribute(s, 'pago.vendor') === 'thunes',
      );
      if (route && partner.length > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(route, 'the route span').toBeDefined();
    if (!route) return;
    expect(received[0]?.contentType).toContain('application/json');
    const resource = received[0]?.body.resourceSpans[0]?.resource?.attributes;
    expect(resource?.find((a) => a.key === 'service.name')?.value.stringValue).toBe('pago-test');
    expect(route.kind).toBe(2); // SERVER
    expect(route.parentSpanId || undefined).toBeUndefined();
    expect(attribute(route, 'http.route')).toBe('/api/remittances');

    const trace = spans().filter((s) => s.traceId === route.traceId);
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    const underRoute = (span: OtlpSpan): boolean => {
      for (let at: OtlpSpan | undefined = span; at; at = byId.get(at.parentSpanId ?? '')) {
        if (at.spanId === route.spanId) return true;
      }
      return false;
    };
    const queries = trace.filter((s) => s.attributes?.some((a) => a.key === 'db.system.name'));
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.every(underRoute)).toBe(true);
    expect(
      queries.some((s) => /ledger|remittance/i.test(attribute(s, 'db.query.text') ?? '')),
    ).toBe(true);
    expect(partner.length).toBeGreaterThan(0);
    expect(partner.every(underRoute)).toBe(true);
    expect(partner[0]?.kind).toBe(3); // CLIENT
    // The partner saw traceparent: the fake's own request span continues the same trace.
    const fake = trace.find((s) => s.name.includes('/sandbox/thunes/') && s.kind === 2);
    expect(fake, 'the fake partner continues the trace').toBeDefined();
    expect(underRoute(fake as OtlpSpan)).toBe(true);
  }, 90_000);

  it('keeps the trace of a request that comes over a socket with a body', async () => {
    const user = await verifiedUser(t.app, t.db);
    const { port } = t.app.server.address() as AddressInfo;
    // A body read from the socket: the handler's SQL must still be the route span's children.
    const response = await fetch(`http://127.0.0.1:${port}/api/transactions/quote`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ recipientCountry: 'MX', amountUsd: 50, speed: 'standard' }),
    });
    expect(response.status).toBeLessThan(500);
    const deadline = Date.now() + 30_000;
    let route: OtlpSpan | undefined;
    let children: OtlpSpan[] = [];
    while (Date.now() < deadline) {
      await flushTraces();
      route = spans().find((s) => s.name === 'POST /api/transactions/quote' && s.kind === 2);
      children = spans().filter(
        (s) => route && s.parentSpanId === route.spanId && attribute(s, 'db.query.text'),
      );
      if (children.length > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(route, 'the route span').toBeDefined();
    expect(children.length, 'SQL spans under the route span').toBeGreaterThan(0);
  }, 60_000);
});

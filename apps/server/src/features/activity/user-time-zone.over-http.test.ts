import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedUser } from '../../../test/money-helpers';
import { pdfText } from '../../../test/pdf-text';
import { buildTestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import type { Database } from '../../db/database';

// Times in the user's own zone, over HTTP only: the app listens on loopback; the user is signed
// up and verified; from then on only fetch() to /api/... — the profile's zone, a deposit, the
// activity CSV and the statement PDF.

let app: AppInstance;
let db: Database;
let base: string;

beforeAll(async () => {
  const test = await createTestDatabase();
  db = test.db;
  app = await buildTestApp(test.db, {});
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
});

async function call(token: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
  return fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined
        ? {}
        : { 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** The US Eastern day of an instant ("2026-11-27"), as Pago counts days. */
const easternDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(at);

describe('times in the user’s own zone, over HTTP', () => {
  it('the CSV and the statement PDF are written in the zone chosen in the profile', async () => {
    const ana = await verifiedUser(app, db);
    const me = (await (await call(ana.token, 'GET', '/api/user/profile')).json()) as {
      name: string;
      username: string;
      email: string;
    };
    const chosen = await call(ana.token, 'PUT', '/api/user/profile', {
      name: me.name,
      username: me.username,
      email: me.email,
      timeZone: 'America/Los_Angeles',
    });
    expect(chosen.status).toBe(200);
    expect(await chosen.json()).toMatchObject({ timeZone: 'America/Los_Angeles' });
    const deposit = await call(ana.token, 'POST', '/api/wallet/test-deposit', { amount: 2_500 });
    expect(deposit.status).toBe(201);
    const createdAt = new Date(((await deposit.json()) as { createdAt: string }).createdAt);
    // A range of three Eastern days around it: the deposit is the account's only movement.
    const from = easternDay(new Date(createdAt.getTime() - 86_400_000));
    const to = easternDay(new Date(createdAt.getTime() + 86_400_000));
    const month = easternDay(createdAt).slice(0, 7);

    const csv = await call(ana.token, 'GET', `/api/transactions/export.csv?from=${from}&to=${to}`);
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toContain(',Fecha y hora: hora del Pacífico (America/Los_Angeles),');
    expect(lines).toHaveLength(2);
    // The deposit's date on the Los Angeles clock, its zone named (standard or daylight time).
    const expected = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(
      createdAt,
    );
    expect(lines[1]).toMatch(
      new RegExp(`^[0-9A-Z]{10},${expected} \\d\\d:\\d\\d P[SD]T,Depósito,`),
    );

    const pdf = await call(ana.token, 'GET', `/api/unit/statements/${month}/pdf`);
    expect(pdf.status).toBe(200);
    const text = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain('Fechas y horas en hora del Pacífico (America/Los_Angeles)');
    expect(text).toMatch(/Emitido: .* P[SD]T/);
  });
});

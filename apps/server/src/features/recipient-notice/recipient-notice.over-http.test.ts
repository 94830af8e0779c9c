import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundWork } from '../../../test/background-work';
import { type MoneyUser, moneyTestApp, verifiedUser } from '../../../test/money-helpers';
import { THUNES_TEST_TIMINGS } from '../../../test/remittance-helpers';
import { servicesOf } from '../../app';

// Issue's Done-when, over HTTP only: the recipient's SMS with the pickup code is in the sandbox
// outbox, and the link in it opens the recipient's page. The sender is signed up and verified
// first; from then on only fetch() to /api/... and to the sandbox's own SMS outbox.

const t = moneyTestApp(new Date(), THUNES_TEST_TIMINGS);
let base = '';
let user: MoneyUser;
let background: ReturnType<typeof backgroundWork> | undefined;
const RECIPIENT_PHONE = '+50222347711';

beforeAll(async () => {
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  user = await verifiedUser(t.app, t.db, 30_000);
  // The server's background work, as main.ts runs it from the job queue: the fakes' tick, the
  // payout job, the recipient's SMS.
  background = backgroundWork(async () => {
    const services = servicesOf(t.app);
    await services.sandboxVendors?.tick();
    await services.remittances.sweepPayouts();
    await services.recipientNotice.deliver();
  }, 100);
});
afterAll(() => background?.stop());

// biome-ignore lint/suspicious/noExplicitAny: answers are read as the API documents them.
type Json = any;

async function api(method: string, path: string, body?: unknown, money = false) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${user.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(money ? { 'idempotency-key': randomUUID() } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Json };
}

async function outbox(): Promise<{ body: string }[]> {
  const response = await fetch(
    `${base}/sandbox/sms/messages?to=${encodeURIComponent(RECIPIENT_PHONE)}`,
  );
  return ((await response.json()) as { body: string }[]).reverse();
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the recipient is told, over HTTP', () => {
  it('texts the send and then the pickup code with the link, which opens the recipient’s page', async () => {
    const payers = await api('GET', '/api/remittances/payers?country=GT&method=cash_pickup');
    const recipient = await api('POST', '/api/recipients', {
      firstName: 'Carmen',
      lastName: 'Ajú Tzul',
      country: 'GT',
      phone: RECIPIENT_PHONE,
      payout: {
        method: 'cash_pickup',
        payerId: payers.json.items[0].id,
        fields: { id_type: 'NATIONAL_ID', id_number: '2456 78901 0101' },
      },
    });
    expect(recipient.status, JSON.stringify(recipient.json)).toBe(201);
    const quote = await api('POST', '/api/transactions/quote', {
      recipientCountry: 'GT',
      amountUsd: 40,
      speed: 'express',
      recipientId: recipient.json.id,
    });
    const sent = await api(
      'POST',
      '/api/remittances',
      {
        recipientId: recipient.json.id,
        amountUsd: 40,
        speed: 'express',
        quoteId: quote.json.quoteId,
      },
      true,
    );
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    const id = sent.json.id;

    const messages = await waitFor(outbox, (m) => m.length >= 2);
    expect(messages).toHaveLength(2);
    expect(messages[0]?.body).toMatch(/^Pago: .+ te envió GTQ [\d,.]+ para cobrar en efectivo/);
    const tracking = (await api('GET', `/api/remittances/${id}`)).json;
    expect(tracking.transfer.status).toBe('delivered');
    expect(messages[1]?.body).toContain(`Código para cobrar: ${tracking.pickupCode}.`);
    expect(tracking.recipientNotice).toEqual({
      link: expect.stringMatching(/\/t\/[A-Za-z0-9_-]{22}$/),
      sms: { sent: 'sent', ready: 'sent' },
    });
    expect(messages[1]?.body.endsWith(tracking.recipientNotice.link)).toBe(true);

    // The recipient's page, with no session at all.
    const token = tracking.recipientNotice.link.split('/t/')[1];
    const page = await fetch(`${base}/api/public/transfers/${token}`);
    expect(page.status).toBe(200);
    const view = (await page.json()) as Json;
    expect(view).toMatchObject({
      recipientFirstName: 'Carmen',
      status: 'ready_for_pickup',
      currency: 'GTQ',
      codeSentTo: '•••• 7711',
    });
    expect(JSON.stringify(view)).not.toContain(tracking.pickupCode);
    expect(
      (
        await fetch(
          `${base}/api/public/transfers/${token.slice(0, 21)}${token.endsWith('A') ? 'B' : 'A'}`,
        )
      ).status,
    ).toBe(404);
  });
});

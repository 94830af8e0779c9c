import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { bearer } from '../../../test/accounts-helpers';
import { moneyPost, verifiedUser } from '../../../test/money-helpers';
import { buildTestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import { servicesOf } from '../../app';
import type { Database } from '../../db/database';

/**
 * Two API processes on one database, as with PAGO_PROCESSES=2: `streaming` holds the streams,
 * `other` takes the money POSTs.
 */
let db: Database;
let streaming: AppInstance;
let other: AppInstance;
let url: string;
beforeAll(async () => {
  ({ db } = await createTestDatabase());
  streaming = await buildTestApp(db, { notificationStreamHeartbeatMs: 100 });
  other = await buildTestApp(db);
  url = await streaming.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await other?.close();
  await streaming?.close();
});

type SseEvent = { event: string; data: string; comment?: boolean };

/**
 * The money_received events a stream got. (A notification committed just before the stream
 * opened — the phone verification of a new user — may still arrive on it: a stream may repeat
 * what its first count already included, which the client only reads again.)
 */
const moneyReceived = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === 'notification')
    .map((e) => JSON.parse(e.data))
    .filter((body) => body.notification.type === 'money_received');

/** Opens the stream as the web app does (fetch, reading the body) and parses what arrives. */
async function openStream(token: string) {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/notifications/stream`, {
    headers: { ...bearer(token), accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  let ended = false;
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const reading = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          cut = buffer.indexOf('\n\n');
          if (block.startsWith(':')) events.push({ event: '', data: '', comment: true });
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data !== undefined) events.push({ event, data });
        }
      }
    } catch {
      // aborted by the test
    }
    ended = true;
  })();
  // Closed even when the test fails, so no stream outlives its test.
  onTestFinished(async () => {
    controller.abort();
    await reading;
  });
  return {
    response,
    events,
    isEnded: () => ended,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

async function until<T>(check: () => T | undefined | false, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the notification stream (Server-Sent Events)', () => {
  it('delivers a notification written by another process, live, then lets go of its listener', async () => {
    const ana = await verifiedUser(other, db, 5_000);
    const beto = await verifiedUser(other, db);
    const stream = await openStream(beto.token);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const ready = await until(() => stream.events.find((e) => e.event === 'ready'), 'ready');
    // Beto's phone verification is unread.
    expect(JSON.parse(ready.data)).toEqual({ unreadCount: 1 });
    expect(servicesOf(streaming).notifications.hub.subscribers()).toBe(1);

    const sent = await moneyPost(other, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      recipientCountry: 'MX',
      amountUsd: 4.5,
    });
    expect(sent.statusCode).toBe(201);
    const [event] = await until(
      () => moneyReceived(stream.events).length > 0 && moneyReceived(stream.events),
      'the notification event',
    );
    expect(event).toMatchObject({
      notification: { type: 'money_received', actorName: 'Test User', data: { amountCents: 450 } },
      unreadCount: 2,
    });
    // Heartbeats keep it open meanwhile.
    await until(() => stream.events.some((e) => e.comment), 'a heartbeat');

    await stream.close();
    await until(
      () => servicesOf(streaming).notifications.hub.subscribers() === 0,
      'the listener to be released',
    );
  });

  it('sends nothing for a transfer that rolled back, and only to its owner', async () => {
    const ana = await verifiedUser(other, db, 1_000);
    const beto = await verifiedUser(other, db);
    const anaStream = await openStream(ana.token);
    const betoStream = await openStream(beto.token);
    await until(() => betoStream.events.find((e) => e.event === 'ready'), 'ready');
    await until(() => anaStream.events.find((e) => e.event === 'ready'), 'ready');
    // A refused send (more than the balance), then one that goes: only the second arrives.
    const refused = await moneyPost(other, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      recipientCountry: 'MX',
      amountUsd: 50,
    });
    expect(refused.statusCode).toBe(422);
    await moneyPost(other, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      recipientCountry: 'MX',
      amountUsd: 1,
    });
    await until(() => moneyReceived(betoStream.events).length > 0, 'the notification event');
    expect(
      moneyReceived(betoStream.events).map((body) => body.notification.data.amountCents),
    ).toEqual([100]);
    expect(moneyReceived(anaStream.events)).toEqual([]);
    await anaStream.close();
    await betoStream.close();
    await until(() => servicesOf(streaming).notifications.hub.subscribers() === 0, 'no listeners');
  });

  it('opens with a single-use ticket, as the browser’s EventSource does, for a live session only', async () => {
    const ana = await verifiedUser(other, db);
    const ticketOf = async () => {
      const response = await other.inject({
        method: 'POST',
        url: '/api/notifications/stream-ticket',
        headers: bearer(ana.token),
      });
      expect(response.statusCode).toBe(200);
      return response.json().ticket as string;
    };
    const open = (ticket: string) =>
      fetch(`${url}/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`, {
        headers: { accept: 'text/event-stream' },
      });
    const ticket = await ticketOf();
    const first = await open(ticket);
    expect(first.status).toBe(200);
    await first.body?.cancel();
    // Used once; a made-up one neither.
    expect((await open(ticket)).status).toBe(401);
    expect((await open('x'.repeat(43))).status).toBe(401);
    // A ticket of a session that has since ended opens nothing.
    const late = await ticketOf();
    await other.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(ana.token) });
    expect((await open(late)).status).toBe(401);
    await until(() => servicesOf(streaming).notifications.hub.subscribers() === 0, 'no listeners');
  });

  it('asks for the event-stream type and a session', async () => {
    const ana = await verifiedUser(other, db);
    const plain = await other.inject({
      method: 'GET',
      url: '/api/notifications/stream',
      headers: bearer(ana.token),
    });
    expect(plain.statusCode).toBe(400);
    const signedOut = await fetch(`${url}/api/notifications/stream`, {
      headers: { accept: 'text/event-stream' },
    });
    expect(signedOut.status).toBe(401);
  });

  it('ends open streams cleanly when the server closes', async () => {
    const { db: ownDb } = await createTestDatabase();
    const app = await buildTestApp(ownDb);
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const ana = await verifiedUser(app, ownDb);
    const response = await fetch(`${appUrl}/api/notifications/stream`, {
      headers: { ...bearer(ana.token), accept: 'text/event-stream' },
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await app.close();
    // The body ends (no error), and close did not wait for the client to go.
    let done = false;
    while (!done) done = (await reader.read()).done;
    expect(servicesOf(app).notifications.hub.subscribers()).toBe(0);
    await ownDb.destroy();
  });
});

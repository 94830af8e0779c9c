import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { listMail } from '../../../test/accounts-helpers';
import { type MoneyUser, moneyTestApp, verifiedUser } from '../../../test/money-helpers';
import {
  finishWait,
  saveRecipient,
  sendHome,
  THUNES_TEST_TIMINGS,
  track,
  until,
} from '../../../test/remittance-helpers';
import { servicesOf } from '../../app';
import type { TwilioMessages } from '../../providers/twilio/twilio-messages';
import { createTwilioMessages } from '../../providers/twilio/twilio-messages';
import { TwilioApiError } from '../../providers/twilio/twilio-verify';
import { recipientToken } from './recipient-link';
import {
  createRecipientNotice,
  retryDelaySeconds,
  SMS_MAX_ATTEMPTS,
} from './recipient-notice.service';

const t = moneyTestApp(new Date('2026-11-20T15:00:00Z'), THUNES_TEST_TIMINGS);

const gtPhone = '+50222345678';

type Sms = { to: string; body: string; sentAt: string };

async function outbox(to: string): Promise<Sms[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/sandbox/sms/messages?to=${encodeURIComponent(to)}`,
  });
  return (response.json() as Sms[]).reverse();
}

const deliver = () => servicesOf(t.app).recipientNotice.deliver();

async function sender(): Promise<MoneyUser> {
  const ana = await verifiedUser(t.app, t.db, 50_000);
  await t.db
    .updateTable('users')
    .set({ legal_name: 'Ana Torres Ruiz', name: 'Ana Torres Ruiz' })
    .where('id', '=', ana.id)
    .execute();
  return ana;
}

async function cashPickup(ana: MoneyUser, phone: string) {
  return saveRecipient(t, ana, {
    country: 'GT',
    phone,
    method: 'cash_pickup',
    fields: { id_type: 'NATIONAL_ID', id_number: '1234567890101' },
    firstName: 'María José',
    lastName: 'López Pérez',
  });
}

const publicPage = (token: string, ip = '203.0.113.7') =>
  t.app.inject({ method: 'GET', url: `/api/public/transfers/${token}`, remoteAddress: ip });

describe('the recipient is told by SMS', () => {
  it('sends one SMS at the send and one with the pickup code when cash is ready, each once, in Spanish', async () => {
    const ana = await sender();
    const maria = await cashPickup(ana, gtPhone);
    const sent = await sendHome(t, ana, maria, 100, 'express');
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().id;

    // Due once the partner has it; the job sends it once however often it runs.
    let tracked = (await track(t, ana, id)).json();
    expect(tracked.recipientNotice.sms).toEqual({ sent: 'pending', ready: null });
    await deliver();
    await deliver();
    let messages = await outbox(gtPhone);
    expect(messages).toHaveLength(1);
    const { publicUrl, appSecret } = t.app.deps.config;
    const link = `${publicUrl}/t/${recipientToken(appSecret, id)}`;
    const payer = tracked.recipient.payout.payerName as string;
    const amount = Number(sent.json().details.payoutAmount).toLocaleString('es-GT', {
      minimumFractionDigits: 2,
    });
    // Plain spaces only: a no-break space would make every SMS a costlier UCS-2 one.
    expect(messages[0]?.body).not.toMatch(/[\u00a0\u202f]/);
    expect(messages[0]?.body).toBe(
      `Pago: Ana te envió GTQ ${amount} para cobrar en efectivo con ${payer}. Te mandaremos el código cuando esté listo. Sigue tu envío: ${link}`,
    );
    expect(messages[0]?.body).not.toContain('Torres');
    tracked = (await track(t, ana, id)).json();
    expect(tracked.recipientNotice).toEqual({ link, sms: { sent: 'sent', ready: null } });

    // Cash ready: the second SMS carries the code, the network and the link.
    await until(t, async () => (await track(t, ana, id)).json().pickupCode !== null);
    const code = (await track(t, ana, id)).json().pickupCode as string;
    await deliver();
    await deliver();
    messages = await outbox(gtPhone);
    expect(messages).toHaveLength(2);
    expect(messages[1]?.body).toContain(`Código para cobrar: ${code}`);
    expect(messages[1]?.body).toContain(
      `en cualquier agente de ${tracked.recipient.payout.payerName}`,
    );
    expect(messages[1]?.body).toContain('ya puedes cobrar');
    expect(messages[1]?.body).toContain(link);
    expect((await track(t, ana, id)).json().recipientNotice.sms).toEqual({
      sent: 'sent',
      ready: 'sent',
    });

    // Statuses the partner repeats (a callback, the job asking) add no SMS.
    await until(t, async () => true);
    await deliver();
    expect(await outbox(gtPhone)).toHaveLength(2);

    // The recipient's page, without signing in: their words, never the code or the sender's family name.
    const token = link.split('/t/')[1] ?? '';
    const page = await publicPage(token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.json()).toMatchObject({
      senderFirstName: 'Ana',
      recipientFirstName: 'María',
      country: 'GT',
      currency: 'GTQ',
      method: 'cash_pickup',
      payerName: tracked.recipient.payout.payerName,
      status: 'ready_for_pickup',
      codeSentTo: '•••• 5678',
    });
    expect(page.json().steps.map((s: { step: string }) => s.step)).toEqual([
      'sent',
      'on_the_way',
      'ready_for_pickup',
    ]);
    const text = page.body;
    for (const secret of [code, 'Torres', 'Ruiz', 'Cents', 'balance', ana.email, gtPhone, id]) {
      expect(text).not.toContain(secret);
    }

    // Picked up: the page and the activity say so; no third SMS.
    await finishWait(t, id);
    await until(t, async () => (await publicPage(token)).json().status === 'picked_up');
    await deliver();
    expect(await outbox(gtPhone)).toHaveLength(2);
    const row = await t.db
      .selectFrom('ledger_transfers')
      .select('metadata')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect((row.metadata as { pickedUp?: boolean }).pickedUp).toBe(true);
  });

  it('names the recipient, not their phone, in the e-mail and notification of cash ready for pickup', async () => {
    const ana = await sender();
    const maria = await cashPickup(ana, '+50222341111');
    const id = (await sendHome(t, ana, maria, 50, 'express')).json().id;
    await until(t, async () => (await track(t, ana, id)).json().pickupCode !== null);
    const { rows } = await sql<{ data: Record<string, string> }>`
      select data from notifications where user_id = ${ana.id} and type = 'remittance_pickup_ready'`.execute(
      t.db,
    );
    expect(rows[0]?.data.recipientName).toBe('María José López Pérez');
    await servicesOf(t.app).notifications.deliverEmails();
    const mail = (await listMail(t.app, ana.email)).find((m) =>
      m.subject.includes('listo para cobrar'),
    );
    expect(mail?.subject).toContain('María José López Pérez');
    expect(mail?.text).toContain('está listo para cobrar en efectivo');
    expect(mail?.text).not.toContain('+50222341111');
    expect(`${mail?.subject} ${mail?.text}`).not.toMatch(/entregad/i);
  });

  it('answers 404 for a token it does not know, malformed or hostile, and limits how often one address asks', async () => {
    for (const token of [
      'AAAAAAAAAAAAAAAAAAAAAA',
      'short',
      "'%20or%201=1--",
      '..%2F..%2Fetc%2Fpasswd',
      '%3Cscript%3E',
      'x'.repeat(64),
    ]) {
      const answer = await publicPage(token, '198.51.100.1');
      expect(answer.statusCode, token).toBe(404);
      expect(answer.json().error.code).toBe('not_found');
    }
    expect((await publicPage('x'.repeat(65), '198.51.100.1')).statusCode).toBe(400);
    const ip = '198.51.100.2';
    const answers = [];
    for (let i = 0; i < 31; i++)
      answers.push((await publicPage('AAAAAAAAAAAAAAAAAAAAAA', ip)).statusCode);
    expect(answers.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(answers[30]).toBe(429);
  });
});

describe('when SMS cannot go', () => {
  /** A transfer whose SMS rows this test's own service (not the app's job) handles. */
  async function pendingTransfer(phone: string) {
    // Earlier tests' SMS go first, so only this transfer's is due.
    await deliver();
    const ana = await sender();
    const maria = await cashPickup(ana, phone);
    const id = (await sendHome(t, ana, maria, 20, 'express')).json().id as string;
    return { ana, id };
  }

  function serviceWith(sms: TwilioMessages | null) {
    return createRecipientNotice({
      db: t.db,
      activity: servicesOf(t.app).activity,
      sms,
      appSecret: t.app.deps.config.appSecret,
      publicUrl: t.app.deps.config.publicUrl,
      log: { warn: () => {}, error: () => {} },
    });
  }

  async function smsRow(id: string) {
    return t.db
      .selectFrom('remittance_recipient_sms')
      .selectAll()
      .where('transfer_id', '=', id)
      .where('kind', '=', 'sent')
      .executeTakeFirstOrThrow();
  }

  it('retries a refusal Twilio may retry (503, unreachable), later; never one that may have reached it', async () => {
    const { ana, id } = await pendingTransfer('+50222342222');
    const bodies: string[] = [];
    let failures = [new TwilioApiError(503, 20500, 'Service unavailable')];
    const flaky: TwilioMessages = {
      async send(_to, body) {
        const failure = failures.shift();
        if (failure) throw failure;
        bodies.push(body);
        return { sid: `SM${'0'.repeat(32)}`, status: 'queued' };
      },
    };
    const service = serviceWith(flaky);
    await service.deliver();
    let row = await smsRow(id);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'Service unavailable',
    });
    expect(row.next_attempt_at.getTime() - Date.now()).toBeGreaterThan(20_000);
    // Not before its time.
    await service.deliver();
    expect(bodies).toEqual([]);
    await t.db
      .updateTable('remittance_recipient_sms')
      .set({ next_attempt_at: new Date(0) })
      .where('id', '=', row.id)
      .execute();
    await service.deliver();
    row = await smsRow(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(bodies).toHaveLength(1);
    expect((await track(t, ana, id)).json().recipientNotice.sms.sent).toBe('sent');

    // A timeout may have reached Twilio: given up, so the recipient never gets it twice.
    const second = await pendingTransfer('+50222343333');
    failures = [new TwilioApiError(0, 0, 'Twilio unreachable: TimeoutError', true)];
    await service.deliver();
    expect(await smsRow(second.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await track(t, second.ana, second.id)).json().recipientNotice.sms.sent).toBe('failed');
    expect(retryDelaySeconds(1)).toBe(30);
    expect(retryDelaySeconds(SMS_MAX_ATTEMPTS + 10)).toBe(3600);
  });

  it('live mode without Twilio Messaging: recorded as not sent, said so on the sender’s page, never faked', async () => {
    const { ana, id } = await pendingTransfer('+50222344444');
    const payout = await t.db
      .selectFrom('remittance_payouts')
      .selectAll()
      .where('transfer_id', '=', id)
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom('remittance_recipient_sms').where('transfer_id', '=', id).execute();
    const service = serviceWith(null);
    await service.record(t.db, payout, 'sent');
    await service.deliver();
    expect(await smsRow(id)).toMatchObject({ status: 'unavailable', attempts: 0 });
    expect(await outbox('+50222344444')).toEqual([]);
    const notice = (await track(t, ana, id)).json().recipientNotice;
    expect(notice.sms.sent).toBe('unavailable');
    expect(notice.link).toMatch(/\/t\/[A-Za-z0-9_-]{22}$/);
  });
});

describe('the Twilio Messages client against the sandbox fake', () => {
  const client = (overrides: { authToken?: string } = {}) => {
    const settings = t.app.deps.config.twilioSms;
    if (!settings) throw new Error('sandbox mode has Twilio Messaging');
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return createTwilioMessages({
      ...settings,
      ...overrides,
      baseUrl: () => `http://127.0.0.1:${port}/sandbox/twilio`,
    });
  };

  it('sends as Twilio documents it (201 queued, an SM sid) and refuses what Twilio refuses', async () => {
    const sent = await client().send('+50222345999', 'Hola');
    expect(sent.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(sent.status).toBe('queued');
    expect((await outbox('+50222345999')).map((m) => m.body)).toEqual(['Hola']);
    await expect(client().send('5512', 'Hola')).rejects.toMatchObject({
      httpStatus: 400,
      code: 21211,
    });
    await expect(client({ authToken: 'wrong' }).send('+50222345999', 'Hola')).rejects.toMatchObject(
      {
        httpStatus: 401,
        code: 20003,
      },
    );
    await expect(client().send('+50222345999', 'x'.repeat(1601))).rejects.toMatchObject({
      code: 21617,
    });
  });
});

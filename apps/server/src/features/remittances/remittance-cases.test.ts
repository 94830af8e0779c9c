import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { addBusinessDays } from '@pago/shared/business-days';
import type { RemittanceDisclosure } from '@pago/shared/contracts/disclosures';
import { cents } from '@pago/shared/money';
import { REMITTANCE_RIGHTS } from '@pago/shared/remittance-rights';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bearer } from '../../../test/accounts-helpers';
import {
  balanceOf,
  type MoneyUser,
  moneyPost,
  moneyTestApp,
  verifiedUser,
} from '../../../test/money-helpers';
import { pdfText } from '../../../test/pdf-text';
import {
  CLABE,
  saveRecipient,
  sendHome,
  THUNES_TEST_TIMINGS,
  track,
  turn,
  until,
} from '../../../test/remittance-helpers';
import { servicesOf } from '../../app';
import { createThunesClient, ThunesError } from '../../providers/thunes/thunes-client';
import { refundRemittance } from './payouts.service';
import { decide, type PartnerFinding } from './remittance-case-decision';
import { createRemittanceCases } from './remittance-cases.service';

/**
 * Error resolution on remittances (§ 1005.33) against real PostgreSQL and the Thunes fake over
 * HTTP: a case is opened by the sender on their own remittance within the window, once at a time;
 * the investigation asks the fake for the transaction by Pago's transfer id and decides, refunding
 * amount and fee exactly once.
 *
 * The remittances are made as the send makes them (one ledger call into the corridor's payout
 * clearing, a payout row, the partner's transaction under the transfer's id as external id).
 */
const start = new Date('2026-11-20T15:00:00Z');
const t = moneyTestApp(start, THUNES_TEST_TIMINGS);

const thunes = () => {
  const settings = t.app.deps.config.thunes;
  if (!settings) throw new Error('sandbox mode has Thunes settings');
  const { port } = t.app.server.address() as AddressInfo;
  return createThunesClient({
    baseUrl: () => `http://127.0.0.1:${port}/sandbox/thunes`,
    apiKey: settings.apiKey,
    apiSecret: settings.apiSecret,
  });
};

const AMOUNT = cents(10_000);
const FEE = cents(599);
const IBAN = 'GT82TRAJ01020000001210029690';
const DAY = 86_400_000;

const disclosure = (availableBy: Date): RemittanceDisclosure => ({
  transferAmountCents: AMOUNT,
  transferFeeCents: FEE,
  transferTaxesCents: cents(0),
  totalCents: cents(AMOUNT + FEE),
  exchangeRate: '7.7000',
  payoutCurrency: 'GTQ',
  transferAmountForeign: '770.00',
  otherFeesForeign: '0.00',
  totalToRecipient: '770.00',
  recipientMayReceiveLess: true,
  availableBy: availableBy.toISOString(),
});

/**
 * A $100 remittance (fee $5.99) to a Guatemalan bank account, due the day after `t.now`; with
 * `partner`, its transaction at the fake, created and confirmed (`msisdn` picks the fake's test
 * convention: 0000 declined, else paid), then moved on until the fake is done with it.
 */
async function remittance(
  user: MoneyUser,
  options: {
    msisdn?: string;
    partner?: boolean;
    availableAt?: Date;
    method?: 'bank_deposit' | 'cash_pickup';
  } = {},
) {
  const { ledger } = servicesOf(t.app);
  const msisdn = options.msisdn ?? '+50222345678';
  const expectedBy = new Date(t.now.getTime() + DAY);
  const row = await t.db.transaction().execute(async (tx) => {
    const posted = await ledger.post(tx, {
      kind: 'remittance',
      status: 'processing',
      userId: user.id,
      amountCents: AMOUNT,
      feeCents: FEE,
      countsTowardLimits: true,
      metadata: {
        recipientPhone: msisdn,
        recipientCountry: 'GT',
        speed: 'standard',
        quoteId: randomUUID(),
        payoutCurrency: 'GTQ',
        payoutAmount: '770.00',
        fxRate: '7.7000',
        marketRate: '7.8925',
        spreadBps: 250,
        payoutReference: randomUUID(),
        // Far off: the stand-in settlement never touches these.
        payoutDueAt: new Date(t.now.getTime() + 365 * DAY).toISOString(),
      },
      legs: [
        { account: { userId: user.id }, amountCents: cents(-(AMOUNT + FEE)) },
        { account: { role: 'payout_clearing:GT' }, amountCents: AMOUNT },
        { account: { role: 'fee_revenue' }, amountCents: FEE },
      ],
    });
    await tx
      .insertInto('remittance_payouts')
      .values({
        transfer_id: posted.id,
        user_id: user.id,
        recipient_id: null,
        full_name: 'José Pérez',
        first_name: 'José',
        last_name: 'Pérez',
        country: 'GT',
        phone: msisdn,
        payout_method: options.method ?? 'bank_deposit',
        payout_details: JSON.stringify({
          method: options.method ?? 'bank_deposit',
          payerId: '1052',
          fields: options.method === 'cash_pickup' ? {} : { iban: IBAN },
        }),
        expected_by: expectedBy,
        sent_to_partner_at: t.now,
        available_at: options.availableAt ?? null,
        disclosure: JSON.stringify(disclosure(expectedBy)),
      })
      .execute();
    return posted;
  });
  if (options.partner !== false) {
    const client = thunes();
    const [payer] = await client.listPayers({ countryIsoCode: 'GTM', serviceId: '2' });
    if (!payer) throw new Error('the fake has a Guatemalan bank');
    const quotation = await client.createQuotation({
      externalId: `q-${row.id}`,
      payerId: payer.id,
      sourceAmount: AMOUNT,
      destinationCurrency: 'GTQ',
    });
    const created = await client.createTransaction(quotation.id, {
      externalId: row.id,
      creditPartyIdentifier: { iban: IBAN },
      sender: {
        firstname: 'Ana',
        lastname: 'López',
        date_of_birth: '1990-04-02',
        nationality_country_iso_code: 'USA',
        country_iso_code: 'USA',
        address: '100 Main St',
        city: 'Houston',
        postal_code: '77002',
      },
      beneficiary: { firstname: 'José', lastname: 'Pérez', msisdn },
      purposeOfRemittance: 'FAMILY_SUPPORT',
    });
    await client.confirmTransaction(created.id);
    // The fake moves one step a tick: to its final status.
    for (let step = 0; step < 4; step++) await servicesOf(t.app).sandboxVendors?.tick();
  }
  return row;
}

const openCase = (user: MoneyUser, transferId: string, body: object, key?: string) =>
  moneyPost(t.app, user, `/api/remittances/${transferId}/cases`, body, key);

const casesOf = async (user: MoneyUser) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/remittance-cases',
      headers: bearer(user.token),
    })
  ).json().items as { id: string; status: string }[];

async function refundsOf(transferId: string) {
  return t.db
    .selectFrom('ledger_transfers')
    .select('id')
    .where('related_transfer_id', '=', transferId)
    .where('kind', '=', 'remittance_refund')
    .execute();
}

describe('opening a case', () => {
  it('opens one on the sender’s own remittance, with the rule’s deadlines, and lists it', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const sent = await remittance(ana, { partner: false });
    const opened = await openCase(ana, sent.id, {
      reason: 'not_received',
      description: 'Mi mamá no lo ha recibido',
      remedy: 'refund',
    });
    expect(opened.statusCode).toBe(201);
    expect(opened.json()).toMatchObject({
      transferId: sent.id,
      reason: 'not_received',
      description: 'Mi mamá no lo ha recibido',
      remedy: 'refund',
      status: 'open',
      openedAt: t.now.toISOString(),
      decideBy: new Date(t.now.getTime() + 90 * DAY).toISOString(),
      decidedAt: null,
      resolution: null,
      remedyTransferId: null,
    });
    expect(await casesOf(ana)).toEqual([opened.json()]);
    // Opening moves no money.
    expect(await balanceOf(t.app, ana)).toBe(50_000 - AMOUNT - FEE);
  });

  it('answers 404 for another user’s remittance, a transfer that is no remittance, or no id', async () => {
    const [ana, beto] = [
      await verifiedUser(t.app, t.db, 50_000),
      await verifiedUser(t.app, t.db, 50_000),
    ];
    const sent = await remittance(ana, { partner: false });
    const body = { reason: 'late', remedy: 'refund' };
    for (const id of [sent.id, randomUUID(), 'not-a-uuid']) {
      const response = await openCase(beto, id, body);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    // Beto's own deposit is a transfer, not a remittance.
    const deposit = await t.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('user_id', '=', beto.id)
      .executeTakeFirstOrThrow();
    expect((await openCase(beto, deposit.id, body)).statusCode).toBe(404);
    expect(await casesOf(beto)).toEqual([]);
    expect(await casesOf(ana)).toEqual([]);
  });

  it('allows one open case per remittance (409), replays the same key, and refuses bad input', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const sent = await remittance(ana, { partner: false });
    const key = randomUUID();
    const first = await openCase(ana, sent.id, { reason: 'late', remedy: 'refund' }, key);
    expect(first.statusCode).toBe(201);
    const replay = await openCase(ana, sent.id, { reason: 'late', remedy: 'refund' }, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    const second = await openCase(ana, sent.id, { reason: 'wrong_amount', remedy: 'resend' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      code: 'error_case_open',
      details: { caseId: first.json().id },
    });
    for (const body of [
      {},
      { reason: 'other', remedy: 'refund' },
      { reason: 'late', remedy: 'cash' },
      { reason: 'late', remedy: 'refund', amountCents: 1 },
      { reason: 'late', remedy: 'refund', description: 'x'.repeat(1001) },
    ]) {
      const response = await openCase(ana, sent.id, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
    expect(await casesOf(ana)).toHaveLength(1);
    const tracking = await servicesOf(t.app).remittanceCases.trackingOf(
      sent.id,
      new Date(t.now.getTime() + DAY),
    );
    expect(tracking).toEqual({
      cases: [first.json()],
      reportBy: new Date(t.now.getTime() + 181 * DAY).toISOString(),
      canReport: false,
    });

    // Two reports at once on another remittance: one is opened, the other is told so.
    const other = await remittance(ana, { partner: false });
    const answers = await Promise.all(
      ['late', 'not_received'].map((reason) =>
        openCase(ana, other.id, { reason, remedy: 'refund' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses a report more than 180 days after the availability date (422)', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const sent = await remittance(ana, { partner: false });
    const sentAt = t.now;
    try {
      // The last moment still counts: due a day after sending, plus 180 days.
      t.now = new Date(sentAt.getTime() + 181 * DAY);
      const last = await openCase(ana, sent.id, { reason: 'not_received', remedy: 'refund' });
      expect(last.statusCode).toBe(201);
      await t.db.deleteFrom('remittance_error_cases').where('id', '=', last.json().id).execute();
      t.now = new Date(sentAt.getTime() + 181 * DAY + 1);
      const late = await openCase(ana, sent.id, { reason: 'not_received', remedy: 'refund' });
      expect(late.statusCode).toBe(422);
      expect(late.json().error).toMatchObject({
        code: 'error_report_window_closed',
        details: { reportBy: new Date(sentAt.getTime() + 181 * DAY).toISOString() },
      });
    } finally {
      t.now = sentAt;
    }
  });
});

describe('investigating a case', () => {
  it('finds the payout declined and refunds amount and fee once, however often it runs', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const sent = await remittance(ana, { msisdn: '+50222340000' });
    expect((await thunes().getTransactionByExternalId(sent.id)).status_class).toBe('9');
    const opened = await openCase(ana, sent.id, { reason: 'not_received', remedy: 'refund' });
    const { remittanceCases } = servicesOf(t.app);

    const decided = await remittanceCases.investigate(opened.json().id);
    expect(decided).toMatchObject({ status: 'resolved', decidedAt: t.now.toISOString() });
    expect(decided.resolution).toContain(
      'Encontramos un error: el dinero no llegó al destinatario.',
    );
    expect(decided.resolution).toContain('Te devolvimos $105.99 (el monto y la comisión)');
    const refunds = await refundsOf(sent.id);
    expect(refunds).toHaveLength(1);
    expect(decided.remedyTransferId).toBe(refunds[0]?.id);
    expect(await balanceOf(t.app, ana)).toBe(50_000);

    // Two investigations at once on another case: one refund.
    const other = await remittance(ana, { msisdn: '+50222370000' });
    const otherCase = await openCase(ana, other.id, { reason: 'late', remedy: 'refund' });
    const both = await Promise.all([
      remittanceCases.investigate(otherCase.json().id),
      remittanceCases.investigate(otherCase.json().id),
    ]);
    expect(both[0]).toEqual(both[1]);
    expect(await refundsOf(other.id)).toHaveLength(1);
    expect(await balanceOf(t.app, ana)).toBe(50_000);

    // Again, and the sweep (which decides other tests' open cases): this one stays as it is.
    expect(await remittanceCases.investigate(opened.json().id)).toEqual(decided);
    await remittanceCases.investigateOpen();
    expect(await refundsOf(sent.id)).toHaveLength(1);
    expect(await balanceOf(t.app, ana)).toBe(50_000);
    expect(await casesOf(ana)).toContainEqual(decided);

    const row = await t.db
      .selectFrom('remittance_error_cases')
      .selectAll()
      .where('id', '=', decided.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      language: 'es',
      finding: 'not_paid; refunded',
      report_result_by: addBusinessDays(t.now, 3),
      partner_answer: { statusClass: '9', status: '90200' },
    });
    const transfer = await t.db
      .selectFrom('ledger_transfers')
      .select('status')
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    expect(transfer.status).toBe('refunded');
    // A new report on the same remittance may be opened once the first is decided.
    expect((await openCase(ana, sent.id, { reason: 'late', remedy: 'refund' })).statusCode).toBe(
      201,
    );
  });

  it('resolves without moving money when the remittance was refunded already', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const sent = await remittance(ana, { msisdn: '+50222350000' });
    // The partner's decline was already given back (as the payout's own flow does).
    const { ledger, remittanceCases } = servicesOf(t.app);
    await t.db
      .transaction()
      .execute((tx) => refundRemittance(ledger, tx, sent, 'Declined', 'Back'));
    expect(await balanceOf(t.app, ana)).toBe(50_000);
    const opened = await openCase(ana, sent.id, { reason: 'not_received', remedy: 'refund' });
    const decided = await remittanceCases.investigate(opened.json().id);
    expect(decided.status).toBe('resolved');
    expect(decided.resolution).toContain('Ya te habíamos devuelto $105.99');
    const refunds = await refundsOf(sent.id);
    expect(refunds).toHaveLength(1);
    expect(decided.remedyTransferId).toBe(refunds[0]?.id);
    expect(await balanceOf(t.app, ana)).toBe(50_000);
  });

  it('resolves a resend it cannot make (no payer on record) by a refund, and says so in the sender’s language', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    await t.db.updateTable('users').set({ language: 'en' }).where('id', '=', ana.id).execute();
    // Unknown to the partner (never created there): never paid.
    const sent = await remittance(ana, { partner: false });
    const opened = await openCase(ana, sent.id, { reason: 'not_received', remedy: 'resend' });
    expect(opened.json().remedy).toBe('resend');
    const decided = await servicesOf(t.app).remittanceCases.investigate(opened.json().id);
    expect(decided).toMatchObject({ status: 'resolved', remedy: 'resend' });
    expect(decided.resolution).toBe(
      'We found an error: the funds did not reach the recipient. You asked us to send it again at no cost, but we could not send it again, so we resolved it with a refund. We returned $105.99 (the amount and the fee) to your Pago balance.',
    );
    expect(await balanceOf(t.app, ana)).toBe(50_000);
  });

  it('stops money still held at the partner after the availability date, then refunds it', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    // 9999: held for compliance (an hour here), past the date it was due.
    const sent = await remittance(ana, { msisdn: '+50222349999' });
    expect((await thunes().getTransactionByExternalId(sent.id)).status).toBe('20110');
    const opened = await openCase(ana, sent.id, { reason: 'late', remedy: 'refund' });
    const { remittanceCases } = servicesOf(t.app);
    const sentAt = t.now;
    try {
      t.now = new Date(sentAt.getTime() + DAY / 2);
      // Before the availability date nothing is decided yet.
      expect((await remittanceCases.investigate(opened.json().id)).status).toBe('open');
      expect((await thunes().getTransactionByExternalId(sent.id)).status).toBe('20110');
      t.now = new Date(sentAt.getTime() + 2 * DAY);
      const decided = await remittanceCases.investigate(opened.json().id);
      expect(decided.status).toBe('resolved');
      expect(decided.resolution).toContain(
        'el dinero no estuvo disponible para el destinatario en la fecha que te indicamos',
      );
    } finally {
      t.now = sentAt;
    }
    expect((await thunes().getTransactionByExternalId(sent.id)).status_class).toBe('4');
    expect(await refundsOf(sent.id)).toHaveLength(1);
    expect(await balanceOf(t.app, ana)).toBe(50_000);
  });

  it('writes the answer’s moments in the sender’s own zone (Los Angeles)', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    await t.db
      .updateTable('users')
      .set({ time_zone: 'America/Los_Angeles', language: 'en' })
      .where('id', '=', ana.id)
      .execute();
    const paidAt = new Date(t.now.getTime() + 3_600_000);
    const sent = await remittance(ana, { availableAt: paidAt });
    const opened = await openCase(ana, sent.id, { reason: 'not_received', remedy: 'refund' });
    const decided = await servicesOf(t.app).remittanceCases.investigate(opened.json().id);
    expect(decided.status).toBe('no_error');
    // 16:00 UTC is 8:00 in Los Angeles.
    expect(decided.resolution).toMatch(
      /^Our payout partner confirmed the funds were made available to the recipient on Nov 20, 2026, 8:00\sAM PST, before the date we promised \(Nov 21, 2026, 7:00\sAM PST\)/,
    );
    expect(decided.resolution).not.toMatch(/E[SD]T/);
  });

  it('finds no error when the partner paid before the availability date', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const paidAt = new Date(t.now.getTime() + 3_600_000);
    const sent = await remittance(ana, { availableAt: paidAt });
    expect((await thunes().getTransactionByExternalId(sent.id)).status_class).toBe('7');
    const opened = await openCase(ana, sent.id, { reason: 'not_received', remedy: 'refund' });
    const decided = await servicesOf(t.app).remittanceCases.investigate(opened.json().id);
    expect(decided).toMatchObject({ status: 'no_error', remedyTransferId: null });
    expect(decided.resolution).toMatch(
      // 16:00 UTC is 11:00 in the East (the sender's ZIP is in New York), as the receipt reads.
      /^Nuestro socio de pago confirmó que el dinero quedó disponible para el destinatario el 20 nov 2026, 11:00\sa\.\s?m\. EST, antes de la fecha de disponibilidad/,
    );
    expect(decided.resolution).toContain('No encontramos un error.');
    expect(await refundsOf(sent.id)).toEqual([]);
    expect(await balanceOf(t.app, ana)).toBe(50_000 - AMOUNT - FEE);
  });

  it('leaves a case open while the partner cannot be reached, and decides it on a later sweep', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const sent = await remittance(ana, { msisdn: '+50222360000' });
    const opened = await openCase(ana, sent.id, { reason: 'not_received', remedy: 'refund' });
    const { ledger } = servicesOf(t.app);
    const down = createRemittanceCases({
      db: t.db,
      ledger,
      thunes: {
        getTransactionByExternalId: async () => {
          throw new ThunesError('unavailable', 503, '', 'Thunes answered HTTP 503');
        },
        cancelTransaction: async () => {
          throw new Error('not called');
        },
        createQuotation: async () => {
          throw new Error('not called');
        },
        getQuotationByExternalId: async () => {
          throw new Error('not called');
        },
      },
    });
    const still = await down.investigate(opened.json().id);
    expect(still.status).toBe('open');
    expect(await balanceOf(t.app, ana)).toBe(50_000 - AMOUNT - FEE);
    const row = await t.db
      .selectFrom('remittance_error_cases')
      .select(['checked_at', 'partner_answer'])
      .where('id', '=', still.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      checked_at: t.now,
      partner_answer: { error: { kind: 'unavailable', httpStatus: 503, code: '' } },
    });
    expect(await servicesOf(t.app).remittanceCases.investigateOpen()).toBeGreaterThanOrEqual(1);
    expect((await casesOf(ana))[0]?.status).toBe('resolved');
    expect(await balanceOf(t.app, ana)).toBe(50_000);
  });
});

describe('the decision', () => {
  const availableBy = new Date('2026-11-21T15:00:00Z');
  const paid = (at: Date, overrides: Partial<Extract<PartnerFinding, { kind: 'paid' }>> = {}) =>
    ({
      kind: 'paid',
      at,
      destinationAmount: '770.00',
      creditParty: { iban: IBAN },
      ...overrides,
    }) as const;
  const base = {
    reason: 'not_received' as const,
    availableBy,
    now: new Date('2026-11-25T15:00:00Z'),
    disclosure: disclosure(availableBy),
    fields: { iban: IBAN },
  };
  const before = new Date(availableBy.getTime() - 60_000);
  const after = new Date(availableBy.getTime() + 60_000);

  it('is no error when paid by the availability date, and an error when paid after it', () => {
    expect(decide({ ...base, partner: paid(before) })).toMatchObject({
      kind: 'no_error',
      finding: 'paid_on_time',
    });
    expect(decide({ ...base, reason: 'late', partner: paid(availableBy) }).kind).toBe('no_error');
    expect(decide({ ...base, reason: 'late', partner: paid(after) })).toMatchObject({
      kind: 'error',
      finding: 'late',
      paidAt: after,
    });
  });

  it('waits while the money is on its way before the date, and is late after it', () => {
    const partner = { kind: 'in_progress' } as const;
    expect(decide({ ...base, partner, now: before }).kind).toBe('wait');
    expect(decide({ ...base, partner, now: after })).toMatchObject({
      kind: 'error',
      finding: 'late',
    });
    expect(decide({ ...base, partner: { kind: 'not_paid' }, now: before })).toMatchObject({
      kind: 'error',
      finding: 'not_paid',
    });
  });

  it('compares the amount paid with the one disclosed, and the account with the one given', () => {
    const wrongAmount = { ...base, reason: 'wrong_amount' as const };
    expect(
      decide({ ...wrongAmount, partner: paid(before, { destinationAmount: '770' }) }).kind,
    ).toBe('no_error');
    expect(
      decide({ ...wrongAmount, partner: paid(before, { destinationAmount: '700.00' }) }),
    ).toMatchObject({ kind: 'error', finding: 'wrong_amount' });
    const wrongDetails = { ...base, reason: 'wrong_recipient_details' as const };
    expect(decide({ ...wrongDetails, partner: paid(before) })).toMatchObject({
      kind: 'no_error',
      finding: 'details_as_given',
    });
    expect(
      decide({ ...wrongDetails, partner: paid(before, { creditParty: { iban: 'GT00OTHER' } }) }),
    ).toMatchObject({ kind: 'error', finding: 'wrong_details' });
  });
});

describe('the receipt PDF', () => {
  const receipt = (user: MoneyUser, id: string, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/remittances/${id}/receipt.pdf${query}`,
      headers: bearer(user.token),
    });
  const words = async (body: Buffer) =>
    (await pdfText(body)).replaceAll('\x92', '’').replaceAll('\n', ' ');

  it('is the owner’s, in the account’s language or the one asked for', async () => {
    const [ana, beto] = [
      await verifiedUser(t.app, t.db, 50_000),
      await verifiedUser(t.app, t.db, 50_000),
    ];
    const sent = await remittance(ana, { partner: false, method: 'cash_pickup' });
    const es = await receipt(ana, sent.id);
    expect(es.statusCode).toBe(200);
    expect(es.headers['content-type']).toBe('application/pdf');
    expect(es.headers['cache-control']).toContain('no-store');
    const text = await words(es.rawPayload);
    expect(text).toContain(REMITTANCE_RIGHTS.es.cancellation);
    expect(text).toContain(REMITTANCE_RIGHTS.es.errorResolution);
    expect(text).toContain('José Pérez');
    const en = await receipt(ana, sent.id, '?lang=en');
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-disposition']).toMatch(/^attachment; filename="pago-receipt-/);
    expect(await words(en.rawPayload)).toContain(REMITTANCE_RIGHTS.en.errorResolution);
    // Dated in the sender's own zone: a ZIP in California, no zone chosen, is Pacific time.
    expect(await words(en.rawPayload)).toMatch(/\d:\d\d\s[AP]M E[SD]T/);
    await t.db
      .updateTable('users')
      .set({ zip_code: '90012', time_zone: null })
      .where('id', '=', ana.id)
      .execute();
    const pacific = await words((await receipt(ana, sent.id, '?lang=en')).rawPayload);
    expect(pacific).toMatch(/\d:\d\d\s[AP]M P[SD]T/);
    expect(pacific).not.toMatch(/E[SD]T/);

    for (const [user, id] of [
      [beto, sent.id],
      [ana, randomUUID()],
      [ana, 'not-a-uuid'],
    ] as const) {
      const response = await receipt(user, id);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
    expect((await receipt(ana, sent.id, '?lang=fr')).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/remittances/${sent.id}/receipt.pdf`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('through the payout flow', () => {
  /** Sends $100 home to a Mexican bank account by CLABE, to a phone whose end picks the fake's outcome. */
  async function sentHome(user: MoneyUser, phone: string) {
    const recipient = await saveRecipient(t, user, {
      country: 'MX',
      phone,
      method: 'bank_deposit',
      fields: { clabe: CLABE },
    });
    const sent = await sendHome(t, user, recipient);
    expect(sent.statusCode, sent.body).toBe(201);
    return sent.json() as { id: string; totalCents: number };
  }
  const statusOf = async (user: MoneyUser, id: string) =>
    (await track(t, user, id)).json().transfer.status as string;

  it('finds no error on a deposit made on time', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const sent = await sentHome(ana, '+525512345678');
    await until(t, async () => (await statusOf(ana, sent.id)) === 'delivered');
    const opened = await openCase(ana, sent.id, { reason: 'not_received', remedy: 'refund' });
    expect(opened.statusCode).toBe(201);
    const decided = await servicesOf(t.app).remittanceCases.investigate(opened.json().id);
    expect(decided.status).toBe('no_error');
    expect(await refundsOf(sent.id)).toEqual([]);
    expect(await balanceOf(t.app, ana)).toBe(50_000 - sent.totalCents);
  });

  it('resolves a declined payout the flow refunded already without moving money again', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const sent = await sentHome(ana, '+525512340000');
    await until(t, async () => (await statusOf(ana, sent.id)) === 'refunded');
    const opened = await openCase(ana, sent.id, { reason: 'not_received', remedy: 'refund' });
    const decided = await servicesOf(t.app).remittanceCases.investigate(opened.json().id);
    expect(decided.status).toBe('resolved');
    expect(decided.resolution).toContain('Ya te habíamos devuelto');
    const refunds = await refundsOf(sent.id);
    expect(refunds).toHaveLength(1);
    expect(decided.remedyTransferId).toBe(refunds[0]?.id);
    expect(await balanceOf(t.app, ana)).toBe(50_000);
  });

  it('gives back the fee, not the amount, when the money was made available only after its date', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const recipient = await saveRecipient(t, ana, {
      country: 'MX',
      phone: '+525512345670',
      method: 'bank_deposit',
      fields: { clabe: CLABE },
    });
    const sent = (await sendHome(t, ana, recipient)).json() as { id: string };
    const { expectedBy } = (await track(t, ana, sent.id)).json();
    const sentAt = t.now;
    // The partner's statuses reach Pago only after the date promised.
    t.now = new Date(new Date(expectedBy).getTime() + 3_600_000);
    onTestFinished(() => {
      t.now = sentAt;
    });
    await until(t, async () => (await statusOf(ana, sent.id)) === 'delivered');
    const opened = await openCase(ana, sent.id, { reason: 'late', remedy: 'refund' });
    const decided = await servicesOf(t.app).remittanceCases.investigate(opened.json().id);
    expect(decided.status).toBe('resolved');
    expect(decided.resolution).toMatch(
      /El destinatario sí recibió el dinero, así que te devolvimos la comisión \(\$4\.49\) a tu saldo de Pago\.$/,
    );
    // The recipient keeps the money; the sender gets the fee back, once.
    expect(await statusOf(ana, sent.id)).toBe('delivered');
    expect(await balanceOf(t.app, ana)).toBe(50_000 - AMOUNT);
    const again = await openCase(ana, sent.id, { reason: 'late', remedy: 'refund' });
    const second = await servicesOf(t.app).remittanceCases.investigate(again.json().id);
    expect(second.resolution).toContain('ya te habíamos devuelto la comisión');
    expect(await balanceOf(t.app, ana)).toBe(50_000 - AMOUNT);
  });

  it('sends it again at no cost when the money never arrived and the sender chose a resend', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    // 9999: held for compliance, past the date it was due; never paid.
    const sent = await sentHome(ana, '+525512349999');
    await until(t, async () =>
      (await track(t, ana, sent.id))
        .json()
        .timeline.some((s: { step: string }) => s.step === 'under_review'),
    );
    const { expectedBy } = (await track(t, ana, sent.id)).json();
    const opened = await openCase(ana, sent.id, { reason: 'not_received', remedy: 'resend' });
    const sentAt = t.now;
    // Past the date it was due, until the end of this test.
    t.now = new Date(new Date(expectedBy).getTime() + 60_000);
    onTestFinished(() => {
      t.now = sentAt;
    });
    const decided = await servicesOf(t.app).remittanceCases.investigate(opened.json().id);
    // Twice: the second finds it decided and moves nothing.
    await servicesOf(t.app).remittanceCases.investigate(opened.json().id);
    expect(decided.status).toBe('resolved');
    expect(decided.resolution).toMatch(
      /^Encontramos un error: el dinero no estuvo disponible para el destinatario en la fecha que te indicamos \(.+\)\. Como lo pediste, enviamos el dinero de nuevo a tu destinatario sin costo para ti \(referencia [A-Z0-9]+\) y te devolvimos la comisión \(\$4\.49\) a tu saldo de Pago\.$/,
    );
    // The first is cancelled at the partner and refunded; a new one goes out, fee-free, once.
    expect((await thunes().getTransactionByExternalId(sent.id)).status_class).toBe('4');
    expect(await refundsOf(sent.id)).toHaveLength(1);
    const resends = await t.db
      .selectFrom('ledger_transfers')
      .select(['id', 'amount_cents', 'fee_cents', 'status', 'counts_toward_limits'])
      .where('related_transfer_id', '=', sent.id)
      .where('kind', '=', 'remittance')
      .execute();
    expect(resends).toEqual([
      {
        id: decided.remedyTransferId,
        amount_cents: AMOUNT,
        fee_cents: 0,
        status: 'processing',
        counts_toward_limits: false,
      },
    ]);
    // Net for the sender: the amount once, no fee.
    expect(await balanceOf(t.app, ana)).toBe(50_000 - AMOUNT);
    // The payout job hands the resend to the partner, for what was disclosed the first time.
    const resent = decided.remedyTransferId ?? '';
    await until(
      t,
      async () =>
        (await thunes()
          .getTransactionByExternalId(resent)
          .catch(() => null)) !== null,
    );
    const [first, second] = await Promise.all([
      t.db
        .selectFrom('remittance_payouts')
        .select('disclosure')
        .where('transfer_id', '=', sent.id)
        .executeTakeFirstOrThrow(),
      thunes().getTransactionByExternalId(resent),
    ]);
    expect(Number(second.destination.amount)).toBe(Number(first.disclosure?.totalToRecipient));
  });

  it('cancels a payout held past its date at the partner and refunds it once, with the flow running', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    // 9999: held for compliance (an hour with these timings).
    const sent = await sentHome(ana, '+525512349999');
    await until(t, async () =>
      (await track(t, ana, sent.id))
        .json()
        .timeline.some((s: { step: string }) => s.step === 'under_review'),
    );
    const { expectedBy } = (await track(t, ana, sent.id)).json();
    const opened = await openCase(ana, sent.id, { reason: 'late', remedy: 'refund' });
    const sentAt = t.now;
    try {
      t.now = new Date(new Date(expectedBy).getTime() + 60_000);
      const decided = await servicesOf(t.app).remittanceCases.investigate(opened.json().id);
      expect(decided.status).toBe('resolved');
      expect(decided.resolution).toContain('Te devolvimos');
      expect((await thunes().getTransactionByExternalId(sent.id)).status_class).toBe('4');
      // The partner's cancellation reaches the payout flow: it finds the money back already.
      for (let i = 0; i < 4; i++) await turn(t);
    } finally {
      t.now = sentAt;
    }
    expect(await refundsOf(sent.id)).toHaveLength(1);
    expect(await balanceOf(t.app, ana)).toBe(50_000);
    expect(await statusOf(ana, sent.id)).toBe('refunded');
  });

  it('prints the disclosure shown before paying on the receipt', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const sent = await sentHome(ana, '+525512345678');
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/remittances/${sent.id}/receipt.pdf?lang=en`,
      headers: bearer(ana.token),
    });
    expect(response.statusCode).toBe(200);
    const text = (await pdfText(response.rawPayload)).replaceAll('\x92', '’').replaceAll('\n', ' ');
    const { labels } = REMITTANCE_RIGHTS.en;
    for (const label of [
      labels.exchangeRate,
      labels.transferTaxes,
      labels.otherFees,
      labels.totalToRecipient,
      labels.availableBy,
    ]) {
      expect(text).toContain(label);
    }
    expect(text).toContain('1 USD = ');
    expect(text).toContain('MXN');
    expect(text).toContain('••••9411');
    expect(text).toContain(REMITTANCE_RIGHTS.en.recipientMayReceiveLess);
  });
});

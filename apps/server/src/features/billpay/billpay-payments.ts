import { easternDate } from '@pago/shared/bill-dates';
import type { Transfer } from '@pago/shared/contracts/transfers';
import { cents } from '@pago/shared/money';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { unavailableInLiveMode } from '../../lib/live-mode';
import type { BillerNetwork } from '../../providers/billpay/biller-network';
import {
  type UnitCheckPayment,
  type UnitClient,
  UnitRefusal,
} from '../../providers/unit/unit-client';
import type { Banking, PartnerOutcome } from '../banking/banking.service';
import { partnerKey } from '../banking/banking-partner';
import type { PhasedWork } from '../idempotency/idempotency.service';
import type { Ledger } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import type { Sanctions } from '../sanctions/sanctions.service';
import type { Transfers } from '../transfers/transfers.service';
import {
  type BillerRow,
  type BillPaymentRow,
  findBiller,
  findBillPayment,
  findCounterparty,
  findPartnerAccount,
  insertBillPayment,
  listUnsentChecks,
  lockBillPayment,
  lockUserFunding,
  saveCounterparty,
  seedBillers,
  updateBillPayment,
} from './billpay.repository';
import { type CheckOutcome, createCheckCall } from './billpay-check-call';
import { createHeldBillPayments } from './billpay-held';
import { createBillPaySettlement } from './billpay-settlement';

import { masked, paymentView } from './billpay-views';

/** A check whose partner call never answered is asked for again (same key) after this long. */
const CHECK_RETRY_MS = 60_000;

type Deps = {
  db: Database;
  ledger: Ledger;
  /** Renders the payment as the activity list shows it. */
  transfers: Pick<Transfers, 'view'>;
  banking: Banking;
  unit: UnitClient | null;
  billers: BillerNetwork;
  notifications: Pick<Notifications, 'notify'>;
  /** Screening of the payer and the payee (features/sanctions); a possible match holds. */
  sanctions: () => Pick<Sanctions, 'billHits' | 'recordHold' | 'onBillPayment'>;
};

type Prepared = { biller: BillerRow; counterpartyId: string | null };
type Reserved = {
  paymentId: string;
  transferId: string;
  method: 'ach' | 'check';
  /** Held for a sanctions review: not sent to the partner until compliance clears it. */
  held: boolean;
};
type Outcome = PartnerOutcome | CheckOutcome | { held: true };
/** What one payment pays: from a request (now) or a schedule (on its date). */
export type PaymentInput = {
  userId: string;
  billerId: string;
  billType: string;
  amount: number;
  accountAtBiller: string;
  memo: string;
  scheduleId: string | null;
  payDate: string;
};

/**
 * One bill payment, phased (`runPhased`): before any transaction the biller, the user's partner
 * account (opened on first use) and the biller's ACH counterparty; then the ledger transfer
 * (wallet → bill-pay clearing, processing) with the partner's reservation; then the partner call
 * with no transaction open — an ACH credit (banking's, with its retries) or a check payment —
 * and its answer settled once. A check not yet printed can be canceled.
 */
export function createBillPayments({
  db,
  ledger,
  transfers,
  banking,
  unit,
  billers,
  notifications,
  sanctions,
}: Deps) {
  const settlement = createBillPaySettlement({ ledger, banking, unit, notifications });
  let seeded: Promise<void> | null = null;
  /** The directory, seeded once per process in sandbox mode. */
  async function directory() {
    if (!billers.available) throw unavailableInLiveMode('billPay');
    seeded ??= seedBillers(db, billers.seed).catch((error: unknown) => {
      seeded = null;
      throw error;
    });
    await seeded;
  }
  const partner = () => {
    if (!unit || !billers.available) throw unavailableInLiveMode('billPay');
    return unit;
  };
  const today = () => easternDate(ledger.clock());

  async function billerFor(billerId: string, billType: string): Promise<BillerRow> {
    await directory();
    const biller = await findBiller(db, billerId);
    if (!biller || biller.bill_type !== billType) {
      throw new AppError('payment_failed', 422, 'Unknown biller for this payment type', {
        reason: 'unknown_biller',
      });
    }
    return biller;
  }

  /**
   * Before the first transaction (no transaction open): the biller, the user's partner account
   * (opened on first use), and for an ACH biller its counterparty under the user's customer.
   */
  async function prepare(input: PaymentInput): Promise<Prepared> {
    const client = partner();
    const biller = await billerFor(input.billerId, input.billType);
    billers.checkAccount(biller, input.accountAtBiller);
    await banking.createAccount(input.userId);
    if (biller.method === 'check') return { biller, counterpartyId: null };
    const cached = await findCounterparty(db, input.userId, biller.id);
    if (cached) return { biller, counterpartyId: cached };
    const account = await findPartnerAccount(db, input.userId);
    const made = await client
      .createCounterpartyByNumbers({
        customerId: account?.unit_customer_id ?? '',
        name: biller.name,
        routingNumber: biller.routing_number ?? '',
        accountNumber: biller.account_number ?? '',
        idempotencyKey: partnerKey('bill-counterparty', input.userId, biller.id),
      })
      .catch((error: unknown) => {
        if (error instanceof UnitRefusal) {
          throw new AppError('payment_failed', 422, `Payment failed: ${error.title}`, {
            reason: 'biller_not_payable',
          });
        }
        throw error;
      });
    await saveCounterparty(db, {
      userId: input.userId,
      billerId: biller.id,
      counterpartyId: made.id,
    });
    return {
      biller,
      counterpartyId: (await findCounterparty(db, input.userId, biller.id)) ?? made.id,
    };
  }

  /**
   * The first transaction: the payment row (one per schedule and date), the ledger transfer
   * (funds and limits checked; processing), and the partner's reservation — the ACH mirror row or
   * the omnibus's cover for a check — under the user's funding lock.
   */
  async function reserve(
    tx: Database,
    input: PaymentInput,
    { biller, counterpartyId }: Prepared,
    requestKey: string,
  ): Promise<Reserved> {
    await lockUserFunding(tx, input.userId);
    // The payer and the payee screened at each payment (a blocked one is refused: 403).
    const hits = await sanctions().billHits(tx, input.userId, { id: biller.id, name: biller.name });
    const held = hits.length > 0;
    const payment = await insertBillPayment(tx, {
      userId: input.userId,
      billerId: biller.id,
      scheduleId: input.scheduleId,
      payDate: input.payDate,
      method: biller.method,
      accountAtBiller: input.accountAtBiller,
    });
    if (!payment) {
      throw new AppError('bill_already_paid', 409, 'This scheduled payment was already made.');
    }
    const amount = cents(input.amount);
    const row = await ledger.post(tx, {
      kind: 'bill_payment',
      status: 'processing',
      userId: input.userId,
      amountCents: amount,
      countsTowardLimits: true,
      metadata: {
        billerId: biller.id,
        billerName: biller.name,
        paymentType: biller.bill_type,
        accountAtBiller: masked(input.accountAtBiller),
        memo: input.memo,
        method: biller.method,
        ...(held ? { underReview: true } : {}),
      },
      legs: [
        { account: { userId: input.userId }, amountCents: -amount },
        { account: { role: 'bill_pay_clearing' }, amountCents: amount },
      ],
    });
    if (held) {
      // Reserved in the wallet (bill-pay clearing) but nothing asked of the partner: no ACH
      // mirror row, no cover, and the check job skips it (listUnsentChecks) until released.
      await sanctions().recordHold(tx, row.id, 'bill_payment', input.userId, hits);
      await updateBillPayment(tx, payment.id, { transfer_id: row.id });
      return { paymentId: payment.id, transferId: row.id, method: biller.method, held };
    }
    if (biller.method === 'check') {
      // Before the payment names its transfer: the partner's funds must not count it yet.
      await banking.reserveCover(tx, {
        userId: input.userId,
        transferId: row.id,
        amountCents: amount,
      });
    }
    await updateBillPayment(tx, payment.id, { transfer_id: row.id });
    if (biller.method === 'ach') {
      await banking.reserveAch(tx, {
        userId: input.userId,
        transferId: row.id,
        counterpartyId: counterpartyId ?? '',
        amountCents: amount,
        direction: 'Credit',
        sameDay: false,
        requestKey,
      });
    }
    return { paymentId: payment.id, transferId: row.id, method: biller.method, held };
  }

  sanctions().onBillPayment(createHeldBillPayments({ banking, settlement }));

  const callCheck = createCheckCall({ db, banking, partner });

  /**
   * The second transaction of a check: its answer applied once (a webhook may have come first);
   * a refusal gives the money back and answers 422; no answer leaves it processing for the job.
   */
  async function settleCheck(tx: Database, paymentId: string, outcome: CheckOutcome) {
    const row = await lockBillPayment(tx, paymentId);
    if (!row?.transfer_id) throw new Error(`No bill payment ${paymentId}`);
    if (row.status === 'processing' && !row.unit_check_payment_id) {
      if ('check' in outcome) {
        await settlement.applyCheck(tx, row, outcome.check);
      } else if ('refused' in outcome) {
        await settlement.giveBack(tx, row, outcome.refused);
      } else {
        await updateBillPayment(tx, row.id, { reason: 'partner unavailable' });
      }
    }
    const after = (await lockBillPayment(tx, paymentId)) as BillPaymentRow;
    // Refused when asked (the partner's 4xx, or a check Rejected at once): the answer says so.
    const refused =
      'refused' in outcome
        ? outcome.refused
        : 'check' in outcome && outcome.check.status === 'Rejected'
          ? (outcome.check.rejectReason ?? 'Rejected')
          : null;
    if (after.status === 'failed' && refused) {
      throw new AppError('bank_payment_rejected', 422, `Payment failed: ${refused}`, {
        reason: refused,
      });
    }
    return after;
  }

  async function viewTransfer(tx: Database, transferId: string, userId: string) {
    const row = await tx
      .selectFrom('ledger_transfers')
      .selectAll()
      .where('id', '=', transferId)
      .executeTakeFirstOrThrow();
    return (await transfers.view([row as never], userId, tx))[0] as Transfer;
  }

  /** One payment's phases (`runPhased`): prepare → reserve → call the partner → settle. */
  function phases(
    input: PaymentInput,
    requestKey: string,
  ): PhasedWork<Prepared, Reserved, Outcome> {
    return {
      prepare: () => prepare(input),
      reserve: (tx, prepared) => reserve(tx, input, prepared, requestKey),
      call: async (reserved): Promise<Outcome> =>
        reserved.held
          ? { held: true }
          : reserved.method === 'ach'
            ? banking.callPartner(reserved.transferId)
            : callCheck(reserved.paymentId),
      settle: async (tx, reserved, outcome) => {
        if (reserved.held) {
          // Under review: 202, the payment processing with `details.underReview`.
          return {
            statusCode: 202,
            body: await viewTransfer(tx, reserved.transferId, input.userId),
          };
        }
        if (reserved.method === 'ach') {
          return banking.settleAnswer(tx, reserved.transferId, input.userId, outcome as never);
        }
        await settleCheck(tx, reserved.paymentId, outcome as CheckOutcome);
        return {
          statusCode: 201,
          body: await viewTransfer(tx, reserved.transferId, input.userId),
        };
      },
    };
  }

  /**
   * Cancels a check not yet sent to the printer (phased: the partner's cancel with no
   * transaction open, then its answer applied: the money back). Another user's is a 404; an ACH
   * payment or a check already printed is a 409.
   */
  function cancelCheck(
    userId: string,
    paymentId: string,
  ): PhasedWork<BillPaymentRow, string, UnitCheckPayment | { refused: string }> {
    return {
      prepare: async () => {
        const row = await findBillPayment(db, paymentId);
        if (!row || row.user_id !== userId || !row.transfer_id) {
          throw new AppError('not_found', 404, 'Bill payment not found');
        }
        if (!paymentView(row).cancelable || !row.unit_check_payment_id) {
          throw new AppError(
            'bill_not_cancelable',
            409,
            'This payment can no longer be canceled: the check was already sent.',
          );
        }
        return row;
      },
      reserve: async (_tx, row) => row.unit_check_payment_id as string,
      call: async (checkId) => {
        try {
          return await partner().cancelCheckPayment(checkId);
        } catch (error) {
          if (error instanceof UnitRefusal) return { refused: error.title };
          throw error;
        }
      },
      settle: async (tx, _checkId, outcome) => {
        const row = await lockBillPayment(tx, paymentId);
        if (!row) throw new Error(`No bill payment ${paymentId}`);
        if ('refused' in outcome) {
          throw new AppError(
            'bill_not_cancelable',
            409,
            'This payment can no longer be canceled: the check was already sent.',
          );
        }
        await settlement.applyCheck(tx, row, outcome);
        return {
          statusCode: 200,
          body: paymentView((await lockBillPayment(tx, paymentId)) as BillPaymentRow),
        };
      },
    };
  }

  /** Checks whose partner call never answered, asked for again with their key (the job). */
  async function retryUnsentChecks(): Promise<number> {
    let done = 0;
    const before = new Date(ledger.clock().getTime() - CHECK_RETRY_MS);
    for (const unsent of await listUnsentChecks(db, before)) {
      const outcome = await callCheck(unsent.id);
      await db
        .transaction()
        .execute((tx) => settleCheck(tx, unsent.id, outcome))
        .catch((error: unknown) => {
          if (!(error instanceof AppError)) throw error;
        });
      done += 1;
    }
    return done;
  }

  return { directory, partner, today, billerFor, phases, cancelCheck, retryUnsentChecks };
}

export type BillPayments = ReturnType<typeof createBillPayments>;

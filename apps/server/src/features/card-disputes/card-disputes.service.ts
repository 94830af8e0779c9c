import { addBusinessDays } from '@pago/shared/business-days';
import {
  type CardDispute,
  type CreateCardDisputeBody,
  DISPUTABLE_KINDS,
} from '@pago/shared/contracts/card-disputes';
import type { NotificationType } from '@pago/shared/contracts/notifications';
import { type Cents, cents } from '@pago/shared/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { UnitClient, UnitDispute } from '../../providers/unit/unit-client';
import type { PartnerEvent } from '../banking/banking-partner';
import { collectDebt, takeBackOrOwe } from '../ledger/debt-collection';
import type { Ledger } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import { disputeView, merchantOf } from './card-dispute-view';
import {
  type DisputeRow,
  findCardTransfer,
  findDispute,
  insertDispute,
  listDisputes,
  lockByPartner,
  lockCreditDue,
  lockDispute,
  lockReversalDue,
  updateDispute,
} from './card-disputes.repository';

/** Regulation E, 12 CFR 1005.11(c)(2)(i): provisional credit within 10 business days. */
export const CREDIT_BUSINESS_DAYS = 10;
/**
 * 12 CFR 1005.11(d)(2) asks for notice of the debit and five business days of honoring payments
 * after it; Pago gives the notice first and takes the credit back five business days later.
 */
export const REVERSAL_NOTICE_BUSINESS_DAYS = 5;
/** 12 CFR 1005.11(b)(1)(i): the holder reports within 60 days of the statement that showed it. */
export const REPORT_DAYS_AFTER_STATEMENT = 60;

type Deps = {
  db: Database;
  ledger: Ledger;
  notifications: Notifications;
  /** Unit's client; null in live mode without Unit's settings. */
  unit: UnitClient | null;
  /** Sandbox mode: the dispute is opened at the Unit fake with Unit's sandbox endpoint. */
  sandbox: boolean;
  log: FastifyBaseLogger;
};

const notFound = () => new AppError('transfer_not_found', 404, 'Transfer not found');
const disputeNotFound = () => new AppError('dispute_not_found', 404, 'Dispute not found');

/**
 * The last day a charge may be disputed: 60 days after the monthly statement that first shows it,
 * which Pago's statements (docs/architecture.md, "Banking partner") close on the month's last day;
 * counted from the first day of the next month (US Eastern).
 */
export function reportDeadline(chargedAt: Date): Date {
  const eastern = new Date(chargedAt.toLocaleString('en-US', { timeZone: 'America/New_York' }));
  const statement = Date.UTC(eastern.getFullYear(), eastern.getMonth() + 1, 1);
  // The end of the 60th day, Eastern (05:00 UTC the day after is midnight EST or 1 a.m. EDT).
  return new Date(statement + (REPORT_DAYS_AFTER_STATEMENT + 1) * 86_400_000 + 5 * 3_600_000);
}

const easternDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(at);

type Reserved = { row: DisputeRow; partnerAccountId: string | null };

type Prepared = {
  userId: string;
  transferId: string;
  body: CreateCardDisputeBody;
  disputedCents: number;
  partnerTransactionId: string | null;
  partnerAccountId: string | null;
};

/**
 * Card disputes (Regulation E): open one on a card charge, provisional credit by Pago's deadline
 * or the partner's ProvisionallyCredited status (whichever first), then the partner's outcome:
 * won keeps the credit (or gives it, final), lost takes it back after notice, as a debt for what
 * the wallet cannot cover. docs/card-disputes.md.
 */
export function createCardDisputes({ db, ledger, notifications, unit, sandbox, log }: Deps) {
  const now = () => ledger.clock();

  async function notify(
    tx: Database,
    row: DisputeRow,
    type: NotificationType,
    extra: { amountCents?: Cents; owedCents?: Cents; date?: string } = {},
  ) {
    const transfer = await tx
      .selectFrom('ledger_transfers')
      .select('metadata')
      .where('id', '=', row.transfer_id)
      .executeTakeFirstOrThrow();
    await notifications.notify(tx, {
      userId: row.user_id,
      type,
      data: {
        amountCents: extra.amountCents ?? row.disputed_cents,
        merchant: merchantOf(transfer.metadata).merchant,
        transferId: row.transfer_id,
        ...(extra.owedCents !== undefined ? { owedCents: extra.owedCents } : {}),
        ...(extra.date ? { date: extra.date } : {}),
      },
    });
  }

  /** The credit: card_dispute_clearing → the wallet; provisional unless the dispute is won. */
  async function credit(
    tx: Database,
    row: DisputeRow,
    provisional: boolean,
    at: Date,
  ): Promise<DisputeRow> {
    const amount = Number(row.disputed_cents);
    const transfer = await ledger.post(tx, {
      kind: 'card_dispute_credit',
      status: 'completed',
      userId: row.user_id,
      amountCents: cents(amount),
      countsTowardLimits: false,
      relatedTransferId: row.transfer_id,
      metadata: { disputeId: row.id, disputedTransferId: row.transfer_id, provisional },
      legs: [
        { account: { role: 'card_dispute_clearing' }, amountCents: -amount },
        { account: { userId: row.user_id }, amountCents: amount },
      ],
    });
    return updateDispute(tx, row.id, {
      credit_transfer_id: transfer.id,
      credited_at: at,
      ...(provisional ? { status: 'provisionally_credited' } : {}),
    });
  }

  async function giveProvisionalCredit(tx: Database, row: DisputeRow) {
    if (row.status !== 'open' || row.credit_transfer_id) return row;
    const credited = await credit(tx, row, true, now());
    await notify(tx, credited, 'card_dispute_credited');
    return credited;
  }

  async function win(tx: Database, row: DisputeRow) {
    if (row.status === 'won' || row.status === 'lost') return row;
    // No money moves when the provisional credit was given: it stands, final. Without one, the
    // credit is given now, final (its `credited_at` is the resolution's, so no provisional step).
    const at = now();
    const credited = row.credit_transfer_id ? row : await credit(tx, row, false, at);
    const won = await updateDispute(tx, row.id, { status: 'won', resolved_at: at });
    // The credit is final now: what the wallet owes is paid first from it
    // (ledger/debt-collection.ts). A provisional credit is left to the user until then.
    await collectDebt(ledger, tx, row.user_id, 'bank_deposit_return');
    await notify(tx, credited, 'card_dispute_won');
    return won;
  }

  async function lose(tx: Database, row: DisputeRow) {
    if (row.status === 'won' || row.status === 'lost') return row;
    const reversalDueAt = row.credit_transfer_id
      ? addBusinessDays(now(), REVERSAL_NOTICE_BUSINESS_DAYS)
      : null;
    const lost = await updateDispute(tx, row.id, {
      status: 'lost',
      resolved_at: now(),
      reversal_due_at: reversalDueAt,
    });
    await notify(tx, lost, 'card_dispute_lost', {
      ...(reversalDueAt ? { date: easternDay(reversalDueAt) } : { amountCents: cents(0) }),
    });
    return lost;
  }

  /** The provisional credit taken back; what the wallet cannot cover becomes a debt. */
  async function reverse(tx: Database, row: DisputeRow) {
    if (row.status !== 'lost' || !row.credit_transfer_id || row.reversal_transfer_id) return row;
    const amount = Number(row.disputed_cents);
    const back = await takeBackOrOwe(ledger, tx, row.user_id, amount);
    const owed = back.owed;
    const transfer = await ledger.post(tx, {
      kind: 'card_dispute_reversal',
      status: 'completed',
      userId: row.user_id,
      amountCents: cents(amount),
      countsTowardLimits: false,
      relatedTransferId: row.credit_transfer_id,
      metadata: { disputeId: row.id, reversalOf: row.credit_transfer_id, owedCents: owed },
      legs: [...back.legs, { account: { role: 'card_dispute_clearing' }, amountCents: amount }],
    });
    await back.recordOwed();
    const reversed = await updateDispute(tx, row.id, {
      reversal_transfer_id: transfer.id,
      reversed_at: now(),
      owed_cents: owed,
    });
    await notify(tx, reversed, 'card_dispute_reversed', { owedCents: cents(owed) });
    return reversed;
  }

  /** What a partner status means for Pago's dispute. */
  async function applyPartner(tx: Database, row: DisputeRow, partner: UnitDispute) {
    if (!row.partner_dispute_id) {
      row = await updateDispute(tx, row.id, { partner_dispute_id: partner.id });
    }
    switch (partner.status) {
      case 'ProvisionallyCredited':
        return giveProvisionalCredit(tx, row);
      case 'ResolvedWon':
        return win(tx, row);
      case 'ResolvedLost':
      case 'Denied':
        return lose(tx, row);
      default:
        return row;
    }
  }

  const view = (row: DisputeRow) => disputeView(db, row);

  return {
    /** Checks the charge (the user's, a card charge, completed, in time) and the amount. */
    async prepare(userId: string, body: CreateCardDisputeBody): Promise<Prepared> {
      const transfer = await findCardTransfer(db, userId, body.transferId);
      if (!transfer) throw notFound();
      if (!(DISPUTABLE_KINDS as readonly string[]).includes(transfer.kind)) {
        throw new AppError('not_a_card_charge', 422, 'Only a card charge can be disputed here.');
      }
      if (transfer.status !== 'completed') {
        throw new AppError(
          'charge_not_posted',
          409,
          'This charge is not posted yet: a pending charge cannot be disputed.',
        );
      }
      if (now() > reportDeadline(transfer.created_at)) {
        throw new AppError(
          'dispute_too_late',
          422,
          'This charge is more than 60 days past the statement that showed it.',
        );
      }
      const charged = Number(transfer.amount_cents);
      let disputedCents = charged;
      if (body.reason === 'wrong_amount') {
        const correct = body.correctAmountCents ?? charged;
        if (correct >= charged) {
          throw new AppError(
            'correct_amount_not_less',
            422,
            'The right amount must be less than what was charged.',
          );
        }
        disputedCents = charged - correct;
      }
      return {
        userId,
        transferId: transfer.id,
        body,
        disputedCents,
        partnerTransactionId: transfer.partner_transaction_id ?? null,
        partnerAccountId: transfer.partner_account_id ?? null,
      };
    },

    /** The dispute, recorded with its deadline (one open per charge: else 409). */
    async reserve(tx: Database, p: Prepared): Promise<Reserved> {
      const row = await insertDispute(tx, {
        user_id: p.userId,
        transfer_id: p.transferId,
        partner_transaction_id: p.partnerTransactionId,
        reason: p.body.reason,
        description: p.body.description,
        disputed_cents: p.disputedCents,
        correct_amount_cents: p.body.correctAmountCents ?? null,
        status: 'open',
        credit_due_at: addBusinessDays(now(), CREDIT_BUSINESS_DAYS),
      });
      if (!row) {
        throw new AppError('dispute_already_open', 409, 'This charge already has an open dispute.');
      }
      await notify(tx, row, 'card_dispute_opened');
      return { row, partnerAccountId: p.partnerAccountId };
    },

    /**
     * Opens the dispute at the partner, no transaction open: in sandbox mode with Unit's sandbox
     * endpoint; in live mode Unit's API has no such call (docs/card-disputes.md), so the partner's
     * `dispute.created` event links it. A failed call leaves the dispute Pago's alone; its
     * deadline runs all the same.
     */
    async openAtPartner({ row, partnerAccountId }: Reserved): Promise<UnitDispute | null> {
      if (!sandbox || !unit || !row.partner_transaction_id || !partnerAccountId) return null;
      try {
        return await unit.createDisputeInSandbox({
          accountId: partnerAccountId,
          transactionId: row.partner_transaction_id,
          amount: Number(row.disputed_cents),
        });
      } catch (error) {
        log.warn({ err: error, disputeId: row.id }, 'card dispute: the partner did not open it');
        return null;
      }
    },

    async settle(tx: Database, { row }: Reserved, partner: UnitDispute | null) {
      const locked = (await lockDispute(tx, row.id)) as DisputeRow;
      const current =
        partner && !locked.partner_dispute_id
          ? await updateDispute(tx, row.id, { partner_dispute_id: partner.id })
          : locked;
      return { statusCode: 201, body: await view(current) };
    },

    async list(userId: string): Promise<CardDispute[]> {
      return Promise.all((await listDisputes(db, userId)).map(view));
    },

    async get(userId: string, id: string): Promise<CardDispute> {
      const row = await findDispute(db, userId, id);
      if (!row) throw disputeNotFound();
      return view(row);
    },

    /**
     * The partner's `dispute.` events: the dispute read back from the partner (outside any
     * transaction), applied in the webhook's transaction.
     */
    async onPartnerEvent(event: PartnerEvent) {
      const disputeId = event.relationships?.dispute?.data?.id;
      if (typeof disputeId !== 'string' || !/^\d{1,18}$/.test(disputeId) || !unit) return null;
      const partner = await unit.getDispute(disputeId);
      return async (tx: Database) => {
        const row = await lockByPartner(tx, partner.id, partner.transactionId);
        // A dispute Pago did not open (none of its charges): acknowledged, nothing to do.
        if (row) await applyPartner(tx, row, partner);
      };
    },

    /**
     * The deadlines: provisional credit for open disputes whose 10 business days are over, and
     * the reversal of lost ones whose notice period is over. Each row locked, busy ones skipped.
     */
    async sweep(): Promise<number> {
      return db.transaction().execute(async (tx) => {
        const due = await lockCreditDue(tx, now(), 50);
        for (const row of due) await giveProvisionalCredit(tx, row);
        const reversals = await lockReversalDue(tx, now(), 50);
        for (const row of reversals) await reverse(tx, row);
        return due.length + reversals.length;
      });
    },
  };
}

export type CardDisputes = ReturnType<typeof createCardDisputes>;

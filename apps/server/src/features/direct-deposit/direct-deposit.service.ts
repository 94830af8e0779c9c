import { addBusinessDays } from '@pago/shared/business-days';
import type {
  DirectDeposit,
  DirectDepositFormQuery,
  DirectDepositItem,
} from '@pago/shared/contracts/direct-deposit';
import { cents } from '@pago/shared/money';
import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import {
  type UnitClient,
  type UnitReceivedPayment,
  UnitRefusal,
} from '../../providers/unit/unit-client';
import type { Accounts } from '../accounts/accounts.service';
import type { Banking } from '../banking/banking.service';
import { partnerOf } from '../banking/banking-partner';
import type { Ledger } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import {
  claimAdvanceable,
  type DirectDepositRow,
  findBankAccountByNumber,
  listDirectDeposits,
  listDirectDepositsOf,
  updateDirectDeposit,
} from './direct-deposit.repository';
import { renderDirectDepositForm } from './direct-deposit-form';
import {
  createDirectDepositSettlement,
  type DepositAvailableHandler,
} from './direct-deposit-settlement';

/** An early-pay claim lasts this long while its partner call is made (then it is due again). */
const ADVANCE_LEASE_SECONDS = 60;
const RECEIVED_ID = /^\d{1,18}$/;

type Deps = {
  db: Database;
  ledger: Ledger;
  accounts: Pick<Accounts, 'bankApplicant'>;
  banking: Pick<Banking, 'createAccount' | 'revealNumbers' | 'onEvents' | 'onReconcileAccount'>;
  notifications: Pick<Notifications, 'notify'>;
  /** null: live mode without Unit (the feature is refused, as banking is). */
  unit: UnitClient | null;
  /** The partner bank's name, as an employer's payroll asks for it (UNIT_BANK_NAME). */
  bankName: string;
  log: Pick<Logger, 'warn'>;
};

const stateOf = (row: DirectDepositRow): DirectDepositItem['state'] =>
  row.status === 'pending'
    ? 'pending'
    : row.status === 'advanced'
      ? 'available_early'
      : row.status === 'returned'
        ? 'returned'
        : 'available';

const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** Partner statuses → the mirror's, for reconciliation. */
const MIRRORED: Record<UnitReceivedPayment['status'], string> = {
  Pending: 'pending',
  PendingReview: 'pending',
  MarkedForReturn: 'pending',
  Advanced: 'advanced',
  Completed: 'completed',
  Returned: 'returned',
};

/**
 * Direct deposit and every incoming ACH to a user's partner account (docs/direct-deposit.md):
 * the partner's `receivedPayment.*` events applied to the wallet (direct-deposit-settlement.ts),
 * early pay (each advanceable payment advanced by a job, no transaction open), the numbers and
 * the authorization form to give an employer, and its part of the partner reconciliation.
 */
export function createDirectDeposit({
  db,
  ledger,
  accounts,
  banking,
  notifications,
  unit,
  bankName,
  log,
}: Deps) {
  const partner = partnerOf(unit);
  // Who else acts on a deposit becoming available, in the same transaction (features/payday).
  const availableHandlers: DepositAvailableHandler[] = [];
  const settlement = createDirectDepositSettlement({
    ledger,
    notifications,
    onAvailable: async (tx, row) => {
      for (const handler of availableHandlers) await handler(tx, row);
    },
  });

  const applyInTransaction = (payment: UnitReceivedPayment) =>
    db.transaction().execute((tx) => settlement.applyPayment(tx, payment));

  // The partner's events: the payment read back (no transaction open), applied in the webhook's.
  banking.onEvents('receivedPayment.', async (event) => {
    const id = event.relationships?.receivedPayment?.data?.id;
    if (typeof id !== 'string' || !RECEIVED_ID.test(id)) return async () => {};
    let payment: UnitReceivedPayment;
    try {
      payment = await partner().getReceivedPayment(id);
    } catch (error) {
      // Not a payment the partner knows (for this org): recorded, nothing to apply.
      if (error instanceof UnitRefusal && error.status === 404) return async () => {};
      throw error;
    }
    return (tx) => settlement.applyPayment(tx, payment);
  });

  // Reconciliation: each applied payment at the partner with its status, each one the partner
  // has for the account applied, and the balance moved by those that credited it.
  banking.onReconcileAccount('direct-deposit', async ({ userId, partnerAccountId }) => {
    const [remote, mirrored] = await Promise.all([
      partner().listReceivedPayments(partnerAccountId, {
        limit: 1000,
        offset: 0,
        includeCompleted: true,
      }),
      listDirectDepositsOf(db, userId),
    ]);
    const byId = new Map(remote.map((p) => [p.id, p]));
    const differences = [];
    let movement = 0;
    for (const m of mirrored) {
      const amount = Number(m.amount_cents);
      // The partner's account holds the money once advanced or completed.
      if (m.status === 'advanced' || m.status === 'completed') movement += amount;
      const p = byId.get(m.unit_received_payment_id);
      const at = { userId, transferId: m.transfer_id, unitId: m.unit_received_payment_id };
      if (!p) {
        differences.push({ ...at, kind: 'missing_at_partner', expected: m.status, actual: null });
      } else if (MIRRORED[p.status] !== m.status) {
        differences.push({ ...at, kind: 'status_mismatch', expected: m.status, actual: p.status });
      }
    }
    const known = new Set(mirrored.map((m) => m.unit_received_payment_id));
    for (const p of remote) {
      if (known.has(p.id) || p.direction !== 'Credit') continue;
      // Returned before Pago applied it: nothing moved.
      if (p.status === 'Returned') continue;
      differences.push({
        kind: 'missing_in_ledger',
        userId,
        transferId: null,
        unitId: p.id,
        expected: null,
        actual: `achReceivedPayment ${p.direction} ${p.amount} ${p.status}`,
      });
    }
    return { movement, differences };
  });

  /** The user's partner account, opened on first use (identity verified, banking.createAccount). */
  async function numbers(userId: string) {
    partner();
    await banking.createAccount(userId);
    return banking.revealNumbers(userId);
  }

  return {
    available: unit !== null,

    /** Registers work done when a deposit becomes available (advanced or completed), in its tx. */
    onAvailable(handler: DepositAvailableHandler) {
      availableHandlers.push(handler);
    },

    async overview(userId: string): Promise<DirectDeposit> {
      const { accountNumber, routingNumber } = await numbers(userId);
      const rows = await listDirectDeposits(db, userId, 50);
      return {
        accountNumber,
        routingNumber,
        bankName,
        accountType: 'checking',
        earlyPay: true,
        deposits: rows.map((row) => ({
          id: row.unit_received_payment_id,
          transferId: row.transfer_id,
          amountCents: cents(Number(row.amount_cents)),
          companyName: row.company_name,
          description: row.description,
          state: stateOf(row),
          completionDate: dayOf(row.completion_date),
          owedCents: cents(Number(row.owed_cents)),
          returnReason: row.return_reason,
          createdAt: row.created_at.toISOString(),
        })),
      };
    },

    /** The pre-filled authorization form, in the asked language (default: the account's). */
    async formPdf(userId: string, query: DirectDepositFormQuery, language: 'es' | 'en') {
      const { accountNumber, routingNumber } = await numbers(userId);
      const person = await accounts.bankApplicant(db, userId);
      if (!person) throw new AppError('unauthorized', 401, 'Not authenticated');
      const a = person.address;
      const address = a
        ? `${a.street}${a.street2 ? `, ${a.street2}` : ''}, ${a.city}, ${a.state} ${a.postalCode}`
        : '';
      const value = Number(query.value ?? 0);
      return renderDirectDepositForm(
        {
          name: person.legalName,
          address,
          bankName,
          routingNumber,
          accountNumber,
          split:
            query.amountType === 'percent'
              ? { type: 'percent', percent: value }
              : query.amountType === 'fixed'
                ? { type: 'fixed', cents: cents(Math.round(value * 100)) }
                : { type: 'all' },
        },
        language,
      );
    },

    /**
     * Early pay: asks the partner to advance each advanceable pending deposit (claimed for a
     * lease, no transaction open during the call) and applies its answer. Advancing is once per
     * payment at the partner, so a retry after a lost answer is refused and read back instead.
     */
    async advanceDue(batch = 50): Promise<number> {
      if (!unit) return 0;
      const ids = await claimAdvanceable(db, ledger.clock(), ADVANCE_LEASE_SECONDS, batch);
      let advanced = 0;
      for (const id of ids) {
        try {
          const payment = await unit.advanceReceivedPayment(id);
          await applyInTransaction(payment);
          if (payment.status === 'Advanced') advanced += 1;
        } catch (error) {
          if (!(error instanceof UnitRefusal) || error.status >= 500) {
            // The partner could not be reached: the lease runs out and it is asked again.
            log.warn({ err: error, receivedPaymentId: id }, 'direct deposit: advance failed');
            continue;
          }
          const payment = await unit.getReceivedPayment(id).catch(() => null);
          if (payment && payment.status !== 'Pending') {
            await applyInTransaction(payment);
          } else {
            await updateDirectDeposit(db, id, { advance_refused: error.title.slice(0, 200) });
          }
        }
      }
      return advanced;
    },

    /**
     * Sandbox only: an employer's payroll ACH to an account number (Unit's sandbox received
     * payment, which then completes on its completion date by the fake's clock).
     */
    async simulatePayroll(input: {
      accountNumber: string;
      amountCents: number;
      companyName: string;
      description: string;
      completesInDays: number;
    }) {
      const account = await findBankAccountByNumber(db, input.accountNumber);
      if (!account) throw new AppError('not_found', 404, 'No account has that number');
      const completionDate = new Date(addBusinessDays(new Date(), input.completesInDays));
      const payment = await partner().simulateReceivedAch({
        accountId: account.unit_account_id,
        amount: input.amountCents,
        companyName: input.companyName,
        description: input.description,
        completionDate:
          input.completesInDays === 0
            ? new Date().toISOString().slice(0, 10)
            : completionDate.toISOString().slice(0, 10),
      });
      return {
        receivedPaymentId: payment.id,
        status: payment.status,
        amountCents: cents(payment.amount),
        completionDate: payment.completionDate,
      };
    },
  };
}

export type DirectDepositService = ReturnType<typeof createDirectDeposit>;

import { createHash } from 'node:crypto';
import type {
  BankAccount,
  BankAccountNumbers,
  BankingToken,
  BankTransactions,
  bankPaymentBody,
} from '@pago/shared/contracts/banking';
import { cents } from '@pago/shared/money';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { unavailableInLiveMode } from '../../lib/live-mode';
import {
  type UnitClient,
  type UnitPayment,
  UnitRefusal,
  UnitUnavailableError,
} from '../../providers/unit/unit-client';
import { verifyUnitSignature } from '../../providers/unit/unit-webhooks';
import type { Accounts } from '../accounts/accounts.service';
import { type Ledger, type Leg, walletToWallet } from '../ledger/ledger.service';
import type { Transfers } from '../transfers/transfers.service';
import {
  type Difference,
  findBankAccount,
  finishReconciliationRun,
  insertBankAccount,
  insertUnitPayment,
  listBankAccounts,
  listUnitPaymentsOf,
  lockPaymentsToRetry,
  lockUnitPayment,
  lockUnitPaymentByUnitId,
  lockUserBanking,
  recordWebhookEvent,
  startReconciliationRun,
  updateUnitPayment,
} from './banking.repository';

type Deps = {
  db: Database;
  ledger: Ledger;
  accounts: Accounts;
  transfers: Transfers;
  /** null: live mode without Unit settings, so the banking feature is refused. */
  unit: UnitClient | null;
  webhookSecret: string;
  log: Pick<Logger, 'info' | 'warn'>;
};

/** The banking panel's token: read-only scopes, 15 minutes. */
export const BANKING_TOKEN_SCOPE = 'customers accounts transactions payments statements';
export const BANKING_TOKEN_SECONDS = 15 * 60;
/** Partner statuses after which nothing changes. */
const FINAL = new Set(['Settled', 'Rejected', 'Returned', 'Canceled']);
const FAILED = new Set(['Rejected', 'Returned', 'Canceled']);
/** A payment whose partner call failed is tried again after this long (then doubling, to 10 min). */
const RETRY_SECONDS = 5;
/** A due payment is claimed for this long while its partner call is made (then due again). */
const RETRY_LEASE_SECONDS = 60;

type AccountRow = NonNullable<Awaited<ReturnType<typeof findBankAccount>>>;
type MirroredPayment = NonNullable<Awaited<ReturnType<typeof lockUnitPaymentByUnitId>>>;
/**
 * What an ACH payment's new partner status means for Pago's money: the funding feature's (it
 * registers itself with `onAchStatus`), run in the webhook's transaction.
 */
export type AchStatusHandler = (
  tx: Database,
  transferId: string,
  payment: UnitPayment,
) => Promise<void>;

const masked = (number: string) => `••••${number.slice(-4)}`;
const toView = (row: AccountRow): BankAccount => ({
  id: row.id,
  accountNumber: masked(row.account_number),
  routingNumber: row.routing_number,
  createdAt: row.created_at.toISOString(),
});
/** Unit's idempotency key for one Pago request (a user's Idempotency-Key), at most 255 chars. */
const partnerKey = (scope: string, ...parts: string[]) =>
  `pago-${scope}-${createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 40)}`;

/**
 * The banking partner (Unit): each user's application → customer → deposit account, book
 * payments between Pago users mirrored in the ledger, the partner's payment webhooks, customer
 * tokens for the banking panel, and reconciliation of the partner's records with the ledger.
 * The ledger is the source of truth; the partner holds the money it says.
 */
export function createBanking({ db, ledger, accounts, transfers, unit, webhookSecret, log }: Deps) {
  function partner(): UnitClient {
    if (!unit) throw unavailableInLiveMode('bankAccount');
    return unit;
  }
  async function accountOf(executor: Database, userId: string): Promise<AccountRow> {
    const row = await findBankAccount(executor, userId);
    if (!row) throw new AppError('bank_account_required', 404, 'Banking Account Required');
    return row;
  }

  let achHandler: AchStatusHandler | null = null;

  /** Brings a mirrored payment to the partner's status: completed, or reversed when it failed. */
  async function applyStatus(tx: Database, row: MirroredPayment, payment: UnitPayment) {
    if (row.payment_type === 'achPayment' && achHandler) {
      // An ACH debit may come back Returned even after Settled: the funding feature decides.
      if (row.status === payment.status) return;
      await updateUnitPayment(tx, row.transfer_id, {
        status: payment.status,
        reason: payment.reason,
      });
      await achHandler(tx, row.transfer_id, payment);
      return;
    }
    if (FINAL.has(row.status) && row.unit_payment_id === payment.id) return;
    await updateUnitPayment(tx, row.transfer_id, {
      unit_payment_id: payment.id,
      status: payment.status,
      reason: payment.reason,
      next_attempt_at: null,
      last_error: null,
    });
    if (payment.status === 'Sent' || payment.status === 'Settled') {
      await ledger.setStatus(tx, row.transfer_id, 'completed', null);
    } else if (FAILED.has(payment.status) && !row.reversal_transfer_id) {
      await reverse(tx, row, payment);
    }
  }

  /**
   * Gives the money of a payment the partner rejected or returned back to its sender, as a
   * transfer of its own; the original is marked failed (its limits room comes back).
   */
  async function reverse(tx: Database, row: MirroredPayment, payment: UnitPayment) {
    const amount = cents(Number(row.amount_cents));
    const from: Leg['account'] = row.counterparty_user_id
      ? { userId: row.counterparty_user_id }
      : { role: 'funding_clearing' };
    const reason = payment.reason ?? payment.status;
    // Owned by whoever the money leaves (the receiver of the original), so activity shows it as
    // out for them and in for the original sender, as for any transfer between two people.
    const reversal = await ledger.post(tx, {
      kind: 'bank_transfer_reversal',
      status: 'completed',
      userId: row.counterparty_user_id ?? row.user_id,
      counterpartyUserId: row.counterparty_user_id ? row.user_id : null,
      amountCents: amount,
      countsTowardLimits: false,
      relatedTransferId: row.transfer_id,
      metadata: { reversalOf: row.transfer_id, reason },
      legs: [
        { account: from, amountCents: -amount },
        { account: { userId: row.user_id }, amountCents: amount },
      ],
    });
    await updateUnitPayment(tx, row.transfer_id, { reversal_transfer_id: reversal.id });
    await ledger.setStatus(tx, row.transfer_id, 'failed', `Bank ${payment.status}: ${reason}`);
  }

  /** Asks the partner for a book payment; null when it could not be reached (retried later). */
  async function sendBook(input: {
    from: AccountRow;
    to: AccountRow;
    amount: number;
    description: string;
    key: string;
    transferId: string;
  }): Promise<UnitPayment | null> {
    try {
      return await partner().createBookPayment({
        accountId: input.from.unit_account_id,
        counterpartyAccountId: input.to.unit_account_id,
        amount: input.amount,
        description: input.description,
        idempotencyKey: input.key,
        transferId: input.transferId,
      });
    } catch (error) {
      if (error instanceof UnitUnavailableError) return null;
      if (error instanceof UnitRefusal) {
        throw new AppError('bank_payment_rejected', 422, 'The bank rejected this transfer.', {
          reason: error.title,
        });
      }
      throw error;
    }
  }

  return {
    /** Whether a partner is configured (sandbox: the fake; live: UNIT_* settings). */
    available: unit !== null,

    /** Refuses (503 in live mode) when no partner is configured. */
    assertAvailable(): void {
      partner();
    },

    /** The funding feature's handler for ACH statuses (one per app). */
    onAchStatus(handler: AchStatusHandler) {
      achHandler = handler;
    },

    /**
     * An ACH payment between the user's partner account and a counterparty, mirrored in
     * `unit_payments` with the ledger transfer it belongs to (in the caller's transaction).
     * Credit sends money to the bank; Debit pulls it in. A refusal is 422
     * `bank_payment_rejected`; an unreachable partner is 503 (the transaction rolls back).
     */
    async sendAch(
      tx: Database,
      input: {
        userId: string;
        transferId: string;
        counterpartyId: string;
        amountCents: number;
        direction: 'Credit' | 'Debit';
        requestKey: string;
      },
    ): Promise<UnitPayment> {
      const client = partner();
      const account = await accountOf(tx, input.userId);
      const key = partnerKey('ach', input.userId, input.requestKey);
      await insertUnitPayment(tx, {
        transferId: input.transferId,
        userId: input.userId,
        counterpartyUserId: null,
        paymentType: 'achPayment',
        amountCents: input.amountCents,
        idempotencyKey: key,
        direction: input.direction,
      });
      const payment = await client
        .createAchPayment({
          accountId: account.unit_account_id,
          counterpartyId: input.counterpartyId,
          amount: input.amountCents,
          direction: input.direction,
          description: 'Pago',
          idempotencyKey: key,
        })
        .catch((error: unknown) => {
          if (error instanceof UnitRefusal) {
            throw new AppError('bank_payment_rejected', 422, 'The bank rejected this transfer.', {
              reason: error.title,
            });
          }
          throw error;
        });
      if (payment.status === 'Rejected') {
        throw new AppError('bank_payment_rejected', 422, 'The bank rejected this transfer.', {
          reason: payment.reason,
        });
      }
      await updateUnitPayment(tx, input.transferId, {
        unit_payment_id: payment.id,
        status: payment.status,
      });
      return payment;
    },

    /**
     * The partner's counterparty for a linked bank account, from a Plaid processor token; the
     * user's partner account is opened first if they have none.
     */
    async counterpartyFromPlaid(
      tx: Database,
      userId: string,
      input: { plaidAccountId: string; processorToken: string; name: string },
    ): Promise<string> {
      const client = partner();
      await this.createAccount(tx, userId);
      const account = await accountOf(tx, userId);
      const counterparty = await client
        .createCounterpartyFromPlaid({
          customerId: account.unit_customer_id,
          plaidProcessorToken: input.processorToken,
          name: input.name,
          idempotencyKey: partnerKey('counterparty', userId, input.plaidAccountId),
        })
        .catch((error: unknown) => {
          if (error instanceof UnitRefusal) {
            throw new AppError('bank_link_failed', 400, 'The bank account could not be used.', {
              reason: error.title,
            });
          }
          throw error;
        });
      return counterparty.id;
    },

    async getAccount(userId: string): Promise<BankAccount> {
      return toView(await accountOf(db, userId));
    },

    async revealNumbers(userId: string): Promise<BankAccountNumbers> {
      const row = await accountOf(db, userId);
      return { accountNumber: row.account_number, routingNumber: row.routing_number };
    },

    /**
     * Opens the user's account at the partner: an individual application (Unit decides it; its
     * approval makes the customer), then a deposit account. Idempotent per user: the partner
     * calls carry keys derived from the user, and an account already open is answered again.
     */
    async createAccount(tx: Database, userId: string): Promise<BankAccount> {
      const client = partner();
      await lockUserBanking(tx, userId);
      const existing = await findBankAccount(tx, userId);
      if (existing) return toView(existing);
      const person = await accounts.bankApplicant(tx, userId);
      if (!person) throw new AppError('unauthorized', 401, 'Not authenticated');
      if (!person.birthDate) {
        throw new AppError(
          'identity_not_verified',
          403,
          'Verify your identity again: the bank needs the birth date on your ID.',
        );
      }
      const { address } = person;
      if (!address) {
        throw new AppError(
          'address_required',
          422,
          'Add your home address (street, city, state and ZIP code) first.',
          { field: 'homeAddress' },
        );
      }
      const words = person.legalName.trim().split(/\s+/);
      const application = await client
        .createApplication({
          firstName: words[0] ?? person.legalName,
          lastName: words.length > 1 ? words.slice(1).join(' ') : (words[0] ?? ''),
          dateOfBirth: person.birthDate,
          email: person.email,
          phone: {
            countryCode: '1',
            number: (person.phone ?? '').replace(/^\+1/, '').replace(/\D/g, ''),
          },
          address: { ...address, street2: address.street2 ?? undefined, country: 'US' },
          idempotencyKey: partnerKey('application', userId),
          userId,
        })
        .catch((error: unknown) => {
          if (error instanceof UnitRefusal) {
            throw new AppError('bank_application_denied', 422, 'Failed to create banking account', {
              reason: error.title,
            });
          }
          throw error;
        });
      if (application.status === 'Denied' || !application.customerId) {
        throw new AppError(
          application.status === 'Denied' ? 'bank_application_denied' : 'conflict',
          application.status === 'Denied' ? 422 : 409,
          application.status === 'Denied'
            ? 'Failed to create banking account'
            : 'Your banking application is under review.',
          { status: application.status },
        );
      }
      const account = await client.createDepositAccount(
        application.customerId,
        partnerKey('account', userId),
      );
      return toView(
        await insertBankAccount(tx, {
          userId,
          accountNumber: account.accountNumber,
          routingNumber: account.routingNumber,
          applicationId: application.id,
          customerId: application.customerId,
          accountId: account.id,
        }),
      );
    },

    /** A short-lived, read-only customer token of the partner for this user's banking panel. */
    async token(userId: string): Promise<BankingToken> {
      const client = partner();
      const row = await accountOf(db, userId);
      const token = await client.createCustomerToken(
        row.unit_customer_id,
        BANKING_TOKEN_SCOPE,
        BANKING_TOKEN_SECONDS,
      );
      return {
        token: token.token,
        expiresIn: token.expiresIn,
        expiresAt: new Date(Date.now() + token.expiresIn * 1000).toISOString(),
        scope: BANKING_TOKEN_SCOPE,
      };
    },

    /**
     * A book payment to another Pago user, ledger first: the ledger transfer (funds, limits) and
     * its mirror row, then the partner's payment in the same transaction. A refusal by the
     * partner rolls everything back (nothing moved); an unreachable partner leaves the transfer
     * processing, and the retry job asks again with the same partner idempotency key.
     */
    async sendPayment(
      tx: Database,
      userId: string,
      body: z.output<typeof bankPaymentBody>,
      requestKey: string,
    ) {
      partner();
      const from = await accountOf(tx, userId);
      const receiver = body.receiver.includes('@')
        ? await accounts.findRecipient({ email: body.receiver }, tx)
        : await accounts.findRecipient({ phone: body.receiver.replace(/[\s()-]/g, '') }, tx);
      if (!receiver)
        throw new AppError('recipient_not_found', 404, 'No Pago user has that phone or e-mail.');
      if (receiver.userId === userId)
        throw new AppError('self_transfer', 422, 'You cannot send money to yourself.');
      const to = await findBankAccount(tx, receiver.userId);
      if (!to) {
        throw new AppError(
          'recipient_bank_account_required',
          422,
          'That person does not have a Pago bank account yet.',
        );
      }
      const row = await ledger.post(tx, {
        kind: 'bank_transfer',
        status: 'processing',
        userId,
        counterpartyUserId: receiver.userId,
        amountCents: body.amount,
        countsTowardLimits: true,
        metadata: { description: body.description, receiver: body.receiver },
        legs: walletToWallet(userId, receiver.userId, body.amount),
      });
      const key = partnerKey('book', userId, requestKey);
      await insertUnitPayment(tx, {
        transferId: row.id,
        userId,
        counterpartyUserId: receiver.userId,
        paymentType: 'bookPayment',
        amountCents: body.amount,
        idempotencyKey: key,
      });
      const payment = await sendBook({
        from,
        to,
        amount: body.amount,
        description: body.description,
        key,
        transferId: row.id,
      });
      if (payment?.status === 'Rejected') {
        throw new AppError('bank_payment_rejected', 422, 'The bank rejected this transfer.', {
          reason: payment.reason,
        });
      }
      if (payment) {
        await updateUnitPayment(tx, row.id, {
          unit_payment_id: payment.id,
          status: payment.status,
        });
        if (payment.status === 'Sent') await ledger.setStatus(tx, row.id, 'completed', null);
      } else {
        await updateUnitPayment(tx, row.id, {
          attempts: 1,
          next_attempt_at: new Date(Date.now() + RETRY_SECONDS * 1000),
          last_error: 'partner unavailable',
        });
      }
      const [fresh] = await transfers.view(
        [{ ...row, status: payment?.status === 'Sent' ? 'completed' : row.status }],
        userId,
        tx,
      );
      return fresh;
    },

    /**
     * The partner's webhook: signature first (401), then each event once by its id. The payment's
     * status is read back from the partner, so an event out of order cannot move it backwards.
     */
    async webhook(rawBody: string, signature: string | undefined): Promise<void> {
      if (!verifyUnitSignature(signature, rawBody, webhookSecret)) {
        throw new AppError('invalid_signature', 401, 'Invalid webhook signature');
      }
      let events: unknown;
      try {
        events = (JSON.parse(rawBody) as { data?: unknown }).data;
      } catch {
        throw new AppError('invalid_json', 400, 'The webhook body is not JSON');
      }
      for (const event of Array.isArray(events) ? events : []) {
        const e = event as {
          id?: unknown;
          type?: unknown;
          relationships?: { payment?: { data?: { id?: unknown } } };
        };
        if (typeof e.id !== 'string' || typeof e.type !== 'string' || e.id.length > 100) continue;
        const paymentId = e.relationships?.payment?.data?.id;
        const payment =
          e.type.startsWith('payment.') &&
          typeof paymentId === 'string' &&
          /^\d{1,18}$/.test(paymentId)
            ? await partner().getPayment(paymentId)
            : null;
        await db.transaction().execute(async (tx) => {
          if (!(await recordWebhookEvent(tx, e.id as string, (e.type as string).slice(0, 100))))
            return;
          if (!payment) return;
          const row = await lockUnitPaymentByUnitId(tx, payment.id);
          // A payment Pago did not make (or not yet mirrored): acknowledged, nothing to do.
          if (row) await applyStatus(tx, row, payment);
        });
      }
    },

    /**
     * The retry job: payments whose partner call failed are asked for again with their key. The
     * due rows are claimed for a lease in a short transaction; each partner call is made with no
     * transaction open, and its answer is applied in one of its own (the same key makes a second
     * call, after a crash or an expired lease, the same payment at the partner).
     */
    async retryPendingPayments(): Promise<number> {
      if (!unit) return 0;
      const due = await db.transaction().execute(async (tx) => {
        const rows = await lockPaymentsToRetry(tx, new Date());
        for (const row of rows) {
          await updateUnitPayment(tx, row.transfer_id, {
            next_attempt_at: new Date(Date.now() + RETRY_LEASE_SECONDS * 1000),
          });
        }
        return rows;
      });
      for (const row of due) {
        const [from, to] = await Promise.all([
          findBankAccount(db, row.user_id),
          row.counterparty_user_id ? findBankAccount(db, row.counterparty_user_id) : undefined,
        ]);
        if (!from || !to) continue;
        let payment: UnitPayment | null;
        try {
          payment = await sendBook({
            from,
            to,
            amount: Number(row.amount_cents),
            description: 'Pago',
            key: row.idempotency_key,
            transferId: row.transfer_id,
          });
        } catch (error) {
          // Only the partner's refusal ends a retry; anything else is thrown (the job retries).
          if (!(error instanceof AppError && error.code === 'bank_payment_rejected')) throw error;
          payment = {
            id: '',
            type: 'bookPayment',
            status: 'Rejected',
            reason: 'Refused',
            amount: 0,
            direction: 'Credit',
            accountId: '',
            createdAt: '',
          };
        }
        await db.transaction().execute(async (tx) => {
          const fresh = await lockUnitPayment(tx, row.transfer_id);
          // Settled meanwhile (a webhook, another worker): nothing left to do.
          if (!fresh || fresh.unit_payment_id || fresh.reversal_transfer_id) return;
          if (payment?.id) {
            await applyStatus(tx, fresh, payment);
          } else if (payment) {
            await updateUnitPayment(tx, fresh.transfer_id, {
              status: 'Rejected',
              next_attempt_at: null,
            });
            await reverse(tx, { ...fresh, status: 'Rejected' }, payment);
          } else {
            const attempts = fresh.attempts + 1;
            await updateUnitPayment(tx, fresh.transfer_id, {
              attempts,
              next_attempt_at: new Date(
                Date.now() + Math.min(RETRY_SECONDS * 2 ** attempts, 600) * 1000,
              ),
            });
          }
        });
      }
      return due.length;
    },

    /** The user's partner transactions: pending payments and settled transactions, paged. */
    async listTransactions(
      userId: string,
      page: { limit: number; offset: number },
    ): Promise<BankTransactions> {
      const client = partner();
      const row = await accountOf(db, userId);
      const [settled, payments] = await Promise.all([
        client.listTransactions(row.unit_account_id, page),
        page.offset === 0
          ? client.listPayments(row.unit_account_id, { limit: 100, offset: 0 })
          : [],
      ]);
      return {
        pending: payments
          // Not final yet: an ACH payment stays pending until Settled; a book payment is done once Sent.
          .filter((p) => !FINAL.has(p.status) && (p.status !== 'Sent' || p.type === 'achPayment'))
          .map((p) => ({
            id: p.id,
            state: 'pending' as const,
            kind: p.type,
            direction:
              p.accountId === row.unit_account_id
                ? p.direction === 'Debit'
                  ? ('in' as const)
                  : ('out' as const)
                : ('in' as const),
            amountCents: p.amount,
            balanceCents: null,
            // No partner text yet: the web names it by direction, in the reader's language (the
            // raw status "Pending" read as English on a Spanish screen).
            summary: '',
            createdAt: p.createdAt,
          })),
        settled: settled.transactions.map((t) => ({
          id: t.id,
          state: 'settled' as const,
          kind: t.type,
          direction: t.direction === 'Credit' ? ('in' as const) : ('out' as const),
          amountCents: t.amount,
          balanceCents: t.balance,
          summary: t.summary,
          createdAt: t.createdAt,
        })),
        total: settled.total,
        limit: page.limit,
        offset: page.offset,
      };
    },

    /**
     * Compares every account at the partner with the ledger's mirror: each mirrored payment must
     * be at the partner with its amount and a matching status, each payment the partner made on
     * an account must be mirrored, and the partner's balance must be what the mirrored payments
     * add up to. Every difference is stored with its run and logged.
     */
    async reconcile() {
      const client = partner();
      const run = await startReconciliationRun(db);
      const differences: Difference[] = [];
      const rows = await listBankAccounts(db);
      for (const account of rows) {
        const [remote, payments, mirrored] = await Promise.all([
          client.getAccount(account.unit_account_id),
          client.listPayments(account.unit_account_id, { limit: 1000, offset: 0 }),
          listUnitPaymentsOf(db, account.user_id),
        ]);
        const byId = new Map(payments.map((p) => [p.id, p]));
        const known = new Set<string>();
        let expectedBalance = 0;
        for (const m of mirrored) {
          const amount = Number(m.amount_cents);
          const out = m.user_id === account.user_id;
          if (!m.unit_payment_id) {
            if (out && Date.now() - m.created_at.getTime() > 60_000) {
              differences.push({
                kind: 'not_sent_to_partner',
                userId: account.user_id,
                transferId: m.transfer_id,
                unitId: null,
                expected: String(amount),
                actual: null,
              });
            }
            continue;
          }
          known.add(m.unit_payment_id);
          const p = byId.get(m.unit_payment_id);
          // ACH moves the partner balance when Sent, and back when Returned; the mirror keeps
          // the partner's status, while the ledger's deposit stays held until Settled.
          const isAch = m.payment_type === 'achPayment';
          const moved = isAch
            ? m.status === 'Sent' || m.status === 'Settled'
            : m.ledger_status === 'completed';
          if (moved) expectedBalance += (isAch ? m.direction === 'Credit' : out) ? -amount : amount;
          if (!out) continue;
          if (!p) {
            differences.push({
              kind: 'missing_at_partner',
              userId: account.user_id,
              transferId: m.transfer_id,
              unitId: m.unit_payment_id,
              expected: String(amount),
              actual: null,
            });
            continue;
          }
          if (p.amount !== amount) {
            differences.push({
              kind: 'amount_mismatch',
              userId: account.user_id,
              transferId: m.transfer_id,
              unitId: p.id,
              expected: String(amount),
              actual: String(p.amount),
            });
          }
          const partnerMoved = p.status === 'Sent' || p.status === 'Settled';
          if (
            isAch
              ? p.status !== m.status
              : partnerMoved !== moved && !(FAILED.has(p.status) && m.reversal_transfer_id)
          ) {
            differences.push({
              kind: 'status_mismatch',
              userId: account.user_id,
              transferId: m.transfer_id,
              unitId: p.id,
              expected: m.ledger_status,
              actual: p.status,
            });
          }
        }
        for (const p of payments) {
          if (p.accountId === account.unit_account_id && !known.has(p.id)) {
            differences.push({
              kind: 'missing_in_ledger',
              userId: account.user_id,
              transferId: null,
              unitId: p.id,
              expected: null,
              actual: `${p.type} ${p.direction} ${p.amount} ${p.status}`,
            });
          }
        }
        if (remote.balance !== expectedBalance) {
          differences.push({
            kind: 'balance_mismatch',
            userId: account.user_id,
            transferId: null,
            unitId: account.unit_account_id,
            expected: String(expectedBalance),
            actual: String(remote.balance),
          });
        }
      }
      for (const d of differences)
        log.warn(
          { difference: d, runId: run.id },
          'reconciliation: the partner and the ledger differ',
        );
      const finished = await finishReconciliationRun(db, run.id, rows.length, differences);
      log.info(
        { runId: run.id, accounts: rows.length, differences: differences.length },
        'reconciliation done',
      );
      return { runId: finished.id, accountsChecked: finished.accounts_checked, differences };
    },
  };
}

export type Banking = ReturnType<typeof createBanking>;

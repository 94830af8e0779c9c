import { createHash } from 'node:crypto';
import type {
  BankAccount,
  BankAccountNumbers,
  BankingToken,
  BankTransactions,
  bankPaymentBody,
} from '@pago/shared/contracts/banking';
import type { Transfer } from '@pago/shared/contracts/transfers';
import { cents } from '@pago/shared/money';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { unavailableInLiveMode } from '../../lib/live-mode';
import {
  type UnitBusinessApplicant,
  type UnitClient,
  type UnitPayment,
  UnitRefusal,
  UnitUnavailableError,
} from '../../providers/unit/unit-client';
import { verifyUnitSignature } from '../../providers/unit/unit-webhooks';
import type { Accounts } from '../accounts/accounts.service';
import { settleReserved } from '../idempotency/idempotency.service';
import { type Ledger, type Leg, walletToWallet } from '../ledger/ledger.service';
import type { Transfers } from '../transfers/transfers.service';
import {
  findBankAccount,
  findCover,
  findLedgerTransfer,
  findOmnibus,
  findUnitPayment,
  insertBankAccount,
  insertOmnibus,
  insertOmnibusMovement,
  insertUnitPayment,
  lockOmnibus,
  lockPaymentsToRetry,
  lockUnitPayment,
  lockUnitPaymentByUnitId,
  partnerFundsOf,
  recordWebhookEvent,
  updateOmnibusMovement,
  updateUnitPayment,
} from './banking.repository';
import { createBankingReconciliation, FAILED } from './banking-reconciliation';

type Deps = {
  db: Database;
  ledger: Ledger;
  accounts: Accounts;
  transfers: Transfers;
  /** null: live mode without Unit settings, so the banking feature is refused. */
  unit: UnitClient | null;
  webhookSecret: string;
  /**
   * Pago's omnibus (FBO) account at the partner: live mode names it (UNIT_FBO_ACCOUNT_ID);
   * sandbox mode (`sandbox`: the business that applies for it and its one funding, from
   * sandbox/unit/sandbox-omnibus.ts) makes its own through the client on first use.
   */
  omnibus: {
    accountId: string | undefined;
    sandbox: { application: UnitBusinessApplicant; fundingCents: number } | null;
  };
  log: Pick<Logger, 'info' | 'warn'>;
};

/** The banking panel's token: read-only scopes, 15 minutes. */
export const BANKING_TOKEN_SCOPE = 'customers accounts transactions payments statements';
export const BANKING_TOKEN_SECONDS = 15 * 60;
/** Partner statuses after which nothing changes. */
const FINAL = new Set(['Settled', 'Rejected', 'Returned', 'Canceled']);
/** A payment whose partner call failed is tried again after this long (then doubling, to 10 min). */
const RETRY_SECONDS = 5;
/** A due payment is claimed for this long while its partner call is made (then due again). */
const RETRY_LEASE_SECONDS = 60;

type AccountRow = NonNullable<Awaited<ReturnType<typeof findBankAccount>>>;
/** What a partner call came to: its payment, a refusal (4xx, or a refused cover), or no answer. */
export type PartnerOutcome = { payment: UnitPayment } | { refused: string } | { unavailable: true };
type MirroredPayment = NonNullable<Awaited<ReturnType<typeof lockUnitPaymentByUnitId>>>;
/**
 * What an ACH payment's new partner status means for Pago's money: the funding feature's (it
 * registers itself with `onAchStatus`), run in the webhook's transaction.
 */
/** The partner's card events, as its webhook delivers them (Unit's event documents). */
export type CardEvent = {
  id: string;
  type: string;
  attributes?: { amount?: unknown; direction?: unknown };
  relationships?: {
    authorization?: { data?: { id?: unknown } };
    account?: { data?: { id?: unknown } };
    transaction?: { data?: { type?: unknown; id?: unknown } };
  };
};
/**
 * Reads a card event's objects back from the partner (no transaction open) and answers how to
 * apply what the partner confirmed, in the webhook's transaction; null when it confirmed nothing.
 */
export type CardEventHandler = (
  event: CardEvent,
) => Promise<((tx: Database) => Promise<void>) | null>;
const CARD_EVENTS = new Set(['transaction.created', 'authorization.canceled']);

export type AchStatusHandler = (
  tx: Database,
  transferId: string,
  payment: UnitPayment,
  /** The mirror's status before this one (a status may be skipped: its webhook came too early). */
  previous: string,
) => Promise<void>;

const masked = (number: string) => `••••${number.slice(-4)}`;
const toView = (row: AccountRow): BankAccount => ({
  id: row.id,
  accountNumber: masked(row.account_number),
  routingNumber: row.routing_number,
  createdAt: row.created_at.toISOString(),
});
/**
 * A partner call that creates an object under an idempotency key: a twin request making the same
 * object at the same moment gets Unit's 409 ("in use") and asks again shortly, for the object,
 * for as long as the twin may reasonably take (a busy partner answers slower; a fixed number of
 * tries gave up on a loaded machine).
 */
async function onceAtPartner<T>(create: () => Promise<T>): Promise<T> {
  const giveUpAt = Date.now() + PARTNER_TWIN_WAIT_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await create();
    } catch (error) {
      if (!(error instanceof UnitRefusal && error.status === 409) || Date.now() >= giveUpAt) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(50 * attempt, 500)));
    }
  }
}

/** How long a request waits for a twin holding the same partner idempotency key. */
const PARTNER_TWIN_WAIT_MS = 15_000;

/** Unit's idempotency key for one Pago request (a user's Idempotency-Key), at most 255 chars. */
const partnerKey = (scope: string, ...parts: string[]) =>
  `pago-${scope}-${createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 40)}`;

/**
 * The banking partner (Unit): each user's application → customer → deposit account, book
 * payments between Pago users mirrored in the ledger, the partner's payment webhooks, customer
 * tokens for the banking panel, and reconciliation of the partner's records with the ledger.
 * The ledger is the source of truth; the partner holds the money it says.
 */
export function createBanking({
  db,
  ledger,
  accounts,
  transfers,
  unit,
  webhookSecret,
  omnibus,
  log,
}: Deps) {
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
  let cardHandler: CardEventHandler | null = null;
  let cardMovementsOn: ((partnerAccountId: string) => Promise<number>) | null = null;

  /** Brings a mirrored payment to the partner's status: completed, or reversed when it failed. */
  async function applyStatus(tx: Database, row: MirroredPayment, payment: UnitPayment) {
    if (row.payment_type === 'achPayment' && achHandler) {
      // An ACH debit may come back Returned even after Settled: the funding feature decides.
      if (row.status === payment.status) return;
      await updateUnitPayment(tx, row.transfer_id, {
        status: payment.status,
        reason: payment.reason,
      });
      await achHandler(tx, row.transfer_id, payment, row.status);
      return;
    }
    if (FINAL.has(row.status) && row.unit_payment_id === payment.id) return;
    await updateUnitPayment(tx, row.transfer_id, {
      ...(payment.id ? { unit_payment_id: payment.id } : {}),
      status: payment.status,
      reason: payment.reason,
      next_attempt_at: null,
      last_error: null,
    });
    const done = payment.status === 'Sent' || payment.status === 'Settled';
    // The receiver's amount was held from the reservation until the partner answered for good.
    if ((done || FAILED.has(payment.status)) && row.receiver_held && row.counterparty_user_id) {
      await ledger.adjustWallet(tx, row.counterparty_user_id, { held: -Number(row.amount_cents) });
      await updateUnitPayment(tx, row.transfer_id, { receiver_held: false });
    }
    if (done) {
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

  /**
   * Pago's omnibus account at the partner: UNIT_FBO_ACCOUNT_ID, or in sandbox mode the one made
   * on first use — Pago's business application (the fake approves it) → customer → deposit
   * account, funded once with Unit's sandbox incoming ACH — under a lock so two processes make
   * one. Live mode without it refuses, before any money moves.
   */
  function assertOmnibus(): void {
    partner();
    if (omnibus.accountId || omnibus.sandbox) return;
    throw new AppError(
      'feature_unavailable_in_live_mode',
      503,
      'Withdrawals need Pago’s omnibus account at the banking partner, which is not configured.',
      { feature: 'bankAccount', setting: 'UNIT_FBO_ACCOUNT_ID' },
    );
  }

  async function omnibusAccount(): Promise<string> {
    assertOmnibus();
    const client = partner();
    if (omnibus.accountId) return omnibus.accountId;
    // assertOmnibus passed without an account id: sandbox mode, which makes its own.
    const sandboxOmnibus = omnibus.sandbox as NonNullable<typeof omnibus.sandbox>;
    const made = await findOmnibus(db);
    if (made) return made.unit_account_id;
    return db.transaction().execute(async (tx) => {
      await lockOmnibus(tx);
      const raced = await findOmnibus(tx);
      if (raced) return raced.unit_account_id;
      const application = await client.createBusinessApplication(sandboxOmnibus.application);
      if (!application.customerId) {
        throw new Error(`The omnibus application is ${application.status}, not Approved`);
      }
      const account = await client.createDepositAccount(
        application.customerId,
        'pago-omnibus-account',
      );
      // Funded once: after a crash between funding and recording, the funding is found again.
      const funded = (await client.listPayments(account.id, { limit: 1000, offset: 0 })).filter(
        (p) => p.accountId === account.id && p.type === 'achPayment' && p.direction === 'Credit',
      );
      const fundings = funded.length
        ? funded
        : [
            await client.simulateIncomingAch(
              account.id,
              sandboxOmnibus.fundingCents,
              'Pago omnibus funding',
            ),
          ];
      for (const funding of fundings) {
        await insertOmnibusMovement(tx, {
          kind: 'funding',
          amountCents: funding.amount,
          idempotencyKey: `pago-omnibus-funding-${funding.id}`,
          unitPaymentId: funding.id,
          status: funding.status,
        });
      }
      await insertOmnibus(tx, { customerId: application.customerId, accountId: account.id });
      log.info({ accountId: account.id }, 'sandbox omnibus account made');
      return account.id;
    });
  }

  /**
   * Before a withdrawal leaves the user's partner account: what that account lacks of it (wallet
   * money that never went through it, such as P2P receipts and sandbox test money) is to move
   * there from the omnibus as a book payment, in whole dollars, keyed by the withdrawal. Reserved
   * here, in the withdrawal's first transaction under the user's funding lock; made by the call.
   */
  async function reserveCover(
    tx: Database,
    input: { userId: string; transferId: string; amountCents: number },
  ): Promise<void> {
    const shortfall = input.amountCents - (await partnerFundsOf(tx, input.userId));
    if (shortfall <= 0) return;
    assertOmnibus();
    await insertOmnibusMovement(tx, {
      kind: 'cover',
      transferId: input.transferId,
      userId: input.userId,
      amountCents: Math.ceil(shortfall / 100) * 100,
      idempotencyKey: partnerKey('cover', input.transferId),
      status: 'Reserved',
    });
  }

  /**
   * Makes a reserved cover at the partner (its key makes a second call the same payment) and
   * records the answer at once; a refusal is the withdrawal's outcome, else null.
   */
  async function makeCover(
    cover: NonNullable<Awaited<ReturnType<typeof findCover>>>,
    to: AccountRow,
  ): Promise<PartnerOutcome | null> {
    try {
      const payment = await partner().createBookPayment({
        accountId: await omnibusAccount(),
        counterpartyAccountId: to.unit_account_id,
        amount: Number(cover.amount_cents),
        description: 'Pago',
        idempotencyKey: cover.idempotency_key,
        transferId: cover.transfer_id ?? '',
      });
      await updateOmnibusMovement(db, cover.idempotency_key, {
        unit_payment_id: payment.id,
        status: payment.status,
      });
      return payment.status === 'Sent' ? null : { refused: payment.reason ?? payment.status };
    } catch (error) {
      if (!(error instanceof UnitRefusal)) throw error;
      await updateOmnibusMovement(db, cover.idempotency_key, { status: 'Rejected' });
      return { refused: error.title };
    }
  }

  /**
   * Asks the partner for a reserved payment, with no transaction open: the omnibus's cover
   * first if the withdrawal has one, then the ACH or book payment, each with its own key (so a
   * retry never pays twice). Answers what happened; only a bug throws.
   */
  async function callPartner(transferId: string): Promise<PartnerOutcome> {
    const client = partner();
    const row = await findUnitPayment(db, transferId);
    if (!row) throw new Error(`No mirrored payment for transfer ${transferId}`);
    try {
      const from = await accountOf(db, row.user_id);
      if (row.payment_type === 'bookPayment') {
        const to = await accountOf(db, row.counterparty_user_id ?? '');
        return {
          payment: await client.createBookPayment({
            accountId: from.unit_account_id,
            counterpartyAccountId: to.unit_account_id,
            amount: Number(row.amount_cents),
            description: row.description ?? 'Pago',
            idempotencyKey: row.idempotency_key,
            transferId,
          }),
        };
      }
      const cover = row.direction === 'Credit' ? await findCover(db, transferId) : undefined;
      if (cover?.status === 'Reserved') {
        const refused = await makeCover(cover, from);
        if (refused) return refused;
      } else if (cover && cover.status !== 'Sent') {
        return { refused: cover.status };
      }
      return {
        payment: await client.createAchPayment({
          accountId: from.unit_account_id,
          counterpartyId: row.counterparty_id ?? '',
          amount: Number(row.amount_cents),
          direction: row.direction === 'Debit' ? 'Debit' : 'Credit',
          description: 'Pago',
          idempotencyKey: row.idempotency_key,
          sameDay: row.same_day,
        }),
      };
    } catch (error) {
      if (error instanceof UnitRefusal) return { refused: error.title };
      if (error instanceof UnitUnavailableError) return { unavailable: true };
      throw error;
    }
  }

  /**
   * Applies a partner call's outcome to its reserved payment, once (the row is locked; a payment
   * already answered — by a webhook, the request or another worker — is left as it is): the
   * partner's status (a refusal releases the reservation: the ledger gives the money back), or,
   * unreachable, the next attempt with backoff. Answers the refusal's reason, if refused.
   */
  async function settlePayment(
    tx: Database,
    transferId: string,
    outcome: PartnerOutcome,
  ): Promise<string | null> {
    const row = await lockUnitPayment(tx, transferId);
    if (!row) return null;
    if (row.unit_payment_id || row.reversal_transfer_id || row.status === 'Rejected') {
      return row.status === 'Rejected' ? (row.reason ?? 'Rejected') : null;
    }
    if ('unavailable' in outcome) {
      const attempts = row.attempts + 1;
      await updateUnitPayment(tx, transferId, {
        attempts,
        last_error: 'partner unavailable',
        next_attempt_at: new Date(
          Date.now() + Math.min(RETRY_SECONDS * 2 ** (attempts - 1), 600) * 1000,
        ),
      });
      return null;
    }
    const payment: UnitPayment =
      'payment' in outcome
        ? outcome.payment
        : {
            id: '',
            type: row.payment_type,
            status: 'Rejected',
            reason: outcome.refused,
            amount: Number(row.amount_cents),
            direction: row.direction ?? 'Credit',
            accountId: '',
            createdAt: '',
          };
    await updateUnitPayment(tx, transferId, {
      ...(payment.id ? { unit_payment_id: payment.id } : {}),
      next_attempt_at: null,
      last_error: null,
    });
    await applyStatus(tx, { ...row, unit_payment_id: payment.id || null }, payment);
    return FAILED.has(payment.status) ? (payment.reason ?? payment.status) : null;
  }

  /** The answer of a reserved money POST once settled: the transfer, or the partner's refusal. */
  async function settleAnswer(
    tx: Database,
    transferId: string,
    userId: string,
    outcome: PartnerOutcome,
  ) {
    const refused = await settlePayment(tx, transferId, outcome);
    if (refused) {
      throw new AppError('bank_payment_rejected', 422, 'The bank rejected this transfer.', {
        reason: refused,
      });
    }
    const row = await findLedgerTransfer(tx, transferId);
    return { statusCode: 201, body: (await transfers.view([row], userId, tx))[0] as Transfer };
  }

  const reconciliation = createBankingReconciliation({
    db,
    partner,
    omnibus,
    log,
    cardMovementsOn: () => cardMovementsOn,
  });

  return {
    /** Whether a partner is configured (sandbox: the fake; live: UNIT_* settings). */
    available: unit !== null,

    /** Refuses (503 in live mode) when no partner is configured. */
    assertAvailable(): void {
      partner();
    },

    /** Refuses (503) a withdrawal in live mode without the omnibus account (UNIT_FBO_ACCOUNT_ID). */
    assertOmnibus,

    /** The funding feature's handler for ACH statuses (one per app). */
    /** The card feature applies the partner's card events (clearing, reversal, refund). */
    onCardEvents(
      handler: CardEventHandler,
      movementsOn: (partnerAccountId: string) => Promise<number>,
    ) {
      cardHandler = handler;
      cardMovementsOn = movementsOn;
    },

    onAchStatus(handler: AchStatusHandler) {
      achHandler = handler;
    },

    /**
     * Reserves an ACH payment between the user's partner account and a counterparty, in the
     * caller's first transaction next to its ledger transfer: the mirror row (`unit_payments`,
     * with what the call needs and a lease after which the retry job makes the call if the
     * request died) and, for a Credit, the omnibus's cover. Credit sends money to the bank
     * (`sameDay`: Unit's Same Day ACH); Debit pulls it in. `callPartner` and `settleAnswer` follow.
     */
    async reserveAch(
      tx: Database,
      input: {
        userId: string;
        transferId: string;
        counterpartyId: string;
        amountCents: number;
        direction: 'Credit' | 'Debit';
        sameDay: boolean;
        requestKey: string;
      },
    ): Promise<string> {
      partner();
      if (input.direction === 'Credit') await reserveCover(tx, input);
      await insertUnitPayment(tx, {
        transferId: input.transferId,
        userId: input.userId,
        counterpartyUserId: null,
        paymentType: 'achPayment',
        amountCents: input.amountCents,
        idempotencyKey: partnerKey('ach', input.userId, input.requestKey),
        direction: input.direction,
        counterpartyId: input.counterpartyId,
        sameDay: input.sameDay,
        requestKey: input.requestKey,
        leaseUntil: new Date(Date.now() + RETRY_LEASE_SECONDS * 1000),
      });
      return input.transferId;
    },

    callPartner,

    /** Settles a reserved money POST (its second transaction): the transfer, or a 422 refusal. */
    settleAnswer,

    /**
     * The partner's counterparty for a linked bank account, from a Plaid processor token; the
     * user's partner account is opened first if they have none. No transaction is open.
     */
    async counterpartyFromPlaid(
      userId: string,
      input: { plaidAccountId: string; processorToken: string; name: string },
    ): Promise<string> {
      const client = partner();
      await this.createAccount(userId);
      const account = await accountOf(db, userId);
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
    async createAccount(userId: string): Promise<BankAccount> {
      const client = partner();
      const existing = await findBankAccount(db, userId);
      if (existing) return toView(existing);
      const person = await accounts.bankApplicant(db, userId);
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
      const birthDate = person.birthDate;
      const application = await onceAtPartner(() =>
        client.createApplication({
          firstName: words[0] ?? person.legalName,
          lastName: words.length > 1 ? words.slice(1).join(' ') : (words[0] ?? ''),
          dateOfBirth: birthDate,
          email: person.email,
          phone: {
            countryCode: '1',
            number: (person.phone ?? '').replace(/^\+1/, '').replace(/\D/g, ''),
          },
          address: { ...address, street2: address.street2 ?? undefined, country: 'US' },
          idempotencyKey: partnerKey('application', userId),
          userId,
        }),
      ).catch((error: unknown) => {
        if (error instanceof UnitRefusal && error.status === 409) {
          // A twin request is still opening it after the wait: not a denial.
          throw new AppError(
            'conflict',
            409,
            'Your account is being opened. Try again in a moment.',
          );
        }
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
      const customerId = application.customerId;
      const account = await onceAtPartner(() =>
        client.createDepositAccount(customerId, partnerKey('account', userId)),
      );
      // A twin request that got here first stored the same account (the same partner keys).
      return toView(
        await insertBankAccount(db, {
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
     * Reserves a book payment to another Pago user (the first transaction): the ledger transfer
     * (funds, limits; processing) with the receiver's amount held — not spendable until the
     * partner sent it, so a refusal can always give it back — and its mirror row. Then
     * `callPartner` and `settleAnswer`: Sent completes it; a refusal reverses it (422); an
     * unreachable partner leaves it processing for the retry job, with the same partner key.
     */
    async reserveBookPayment(
      tx: Database,
      userId: string,
      body: z.output<typeof bankPaymentBody>,
      requestKey: string,
    ): Promise<string> {
      partner();
      await accountOf(tx, userId);
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
      await ledger.adjustWallet(tx, receiver.userId, { held: body.amount });
      await insertUnitPayment(tx, {
        transferId: row.id,
        userId,
        counterpartyUserId: receiver.userId,
        paymentType: 'bookPayment',
        amountCents: body.amount,
        idempotencyKey: partnerKey('book', userId, requestKey),
        requestKey,
        receiverHeld: true,
        description: body.description,
        leaseUntil: new Date(Date.now() + RETRY_LEASE_SECONDS * 1000),
      });
      return row.id;
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
        const cardEvent = cardHandler !== null && CARD_EVENTS.has(e.type);
        // A card event is applied as the partner reads it back; one it does not confirm is not
        // recorded either, so the partner's own event of that id still counts when it comes.
        const applyCard = cardEvent && cardHandler ? await cardHandler(event as CardEvent) : null;
        if (cardEvent && !applyCard) continue;
        await db.transaction().execute(async (tx) => {
          if (!(await recordWebhookEvent(tx, e.id as string, (e.type as string).slice(0, 100))))
            return;
          if (applyCard) {
            await applyCard(tx);
            return;
          }
          if (!payment) return;
          const row = await lockUnitPaymentByUnitId(tx, payment.id);
          // A payment Pago did not make (or not yet mirrored): acknowledged, nothing to do.
          if (row) await applyStatus(tx, row, payment);
        });
      }
    },

    /**
     * The retry job: reserved payments whose partner call failed, or whose request died between
     * its steps (their lease ran out), are asked for again with their keys. The due rows are
     * claimed for a lease in a short transaction; each call is made with no transaction open,
     * and its outcome settled in one of its own, which also stores the request's answer under
     * its Idempotency-Key if the request could not.
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
        const outcome = await callPartner(row.transfer_id);
        if (row.request_key) {
          await settleReserved(
            db,
            { userId: row.user_id, key: row.request_key },
            (tx) => settleAnswer(tx, row.transfer_id, row.user_id, outcome),
            { settleIfStored: true },
          );
        } else {
          await db.transaction().execute((tx) => settlePayment(tx, row.transfer_id, outcome));
        }
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

    reconcile: reconciliation.reconcile,
  };
}

export type Banking = ReturnType<typeof createBanking>;

import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import type { UnitClient } from '../../providers/unit/unit-client';
import type { Accounts } from '../accounts/accounts.service';
import type { Ledger } from '../ledger/ledger.service';
import type { Transfers } from '../transfers/transfers.service';
import { createBankingAccounts } from './banking-accounts';
import { createBankingOmnibus, type OmnibusSettings } from './banking-omnibus';
import { type AccountCheck, accountOf, type BankingHandlers, partnerOf } from './banking-partner';
import { createBankingPayments } from './banking-payments';
import { createBankingReconciliation } from './banking-reconciliation';
import { createBankingWebhooks } from './banking-webhooks';

export type {
  AccountCheck,
  AchStatusHandler,
  CardEvent,
  CardEventHandler,
  PartnerOutcome,
} from './banking-partner';

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
  omnibus: OmnibusSettings;
  log: Pick<Logger, 'info' | 'warn'>;
};

/**
 * The banking partner (Unit): each user's application → customer → deposit account
 * (banking-accounts.ts), book payments between Pago users and ACH payments mirrored in the ledger
 * and their retries (banking-payments.ts), the partner's webhooks (banking-webhooks.ts), Pago's
 * omnibus account (banking-omnibus.ts), and reconciliation of the partner's records with the
 * ledger (banking-reconciliation.ts). The ledger is the source of truth; the partner holds the
 * money it says.
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
  const partner = partnerOf(unit);
  const handlers: BankingHandlers = {
    ach: null,
    card: null,
    cardMovementsOn: null,
    events: new Map(),
    accountChecks: new Map(),
  };
  const omnibusAccount = createBankingOmnibus({ db, partner, omnibus, log });
  const payments = createBankingPayments({
    db,
    ledger,
    accounts,
    transfers,
    partner,
    available: unit !== null,
    omnibus: omnibusAccount,
    handlers,
  });
  const opening = createBankingAccounts({ db, accounts, partner });
  const webhooks = createBankingWebhooks({
    db,
    partner,
    webhookSecret,
    handlers,
    applyStatus: payments.applyStatus,
  });
  const reconciliation = createBankingReconciliation({
    db,
    partner,
    omnibus,
    log,
    cardMovementsOn: () => handlers.cardMovementsOn,
    accountChecks: handlers.accountChecks,
  });

  return {
    /** Whether a partner is configured (sandbox: the fake; live: UNIT_* settings). */
    available: unit !== null,

    /** Refuses (503 in live mode) when no partner is configured. */
    assertAvailable(): void {
      partner();
    },

    /** Refuses (503) a withdrawal in live mode without the omnibus account (UNIT_FBO_ACCOUNT_ID). */
    assertOmnibus: omnibusAccount.assertOmnibus,

    onCardEvents: webhooks.onCardEvents,
    onAchStatus: webhooks.onAchStatus,
    onEvents: webhooks.onEvents,
    /** A feature's part of each account's reconciliation (one per name). */
    onReconcileAccount(name: string, check: AccountCheck) {
      handlers.accountChecks.set(name, check);
    },
    webhook: webhooks.webhook,

    reserveAch: payments.reserveAch,
    callPartner: payments.callPartner,
    settleAnswer: payments.settleAnswer,
    reserveBookPayment: payments.reserveBookPayment,
    /**
     * For a payment out of the user's partner account that is not an ACH payment (a check):
     * reserve what the omnibus must cover (first transaction, under the user's funding lock),
     * then make that cover before the partner call (no transaction open).
     */
    reserveCover: omnibusAccount.reserveCover,
    async coverFirst(transferId: string, userId: string) {
      return payments.coverFirst(transferId, await accountOf(db, userId));
    },
    retryPendingPayments: payments.retryPendingPayments,

    counterpartyFromPlaid: opening.counterpartyFromPlaid,
    getAccount: opening.getAccount,
    revealNumbers: opening.revealNumbers,
    createAccount: opening.createAccount,
    token: opening.token,
    listTransactions: opening.listTransactions,

    reconcile: reconciliation.reconcile,
  };
}

export type Banking = ReturnType<typeof createBanking>;

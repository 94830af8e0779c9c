import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Accounts } from './features/accounts/accounts.service';
import type { BillPay } from './features/billpay/billpay.service';
import { createColectas } from './features/colectas/colectas.service';
import type { Ledger } from './features/ledger/ledger.service';
import type { Notifications } from './features/notifications/notifications.service';
import { createPideme } from './features/pideme/pideme.service';
import { createPush } from './features/push/push.service';
import { createRateAlerts } from './features/rates/rate-alerts';
import { createRateOrders } from './features/rates/rate-orders';
import { partnerRateSource } from './features/rates/rate-source';
import { createRates } from './features/rates/rates.service';
import type { RecipientNoticeService } from './features/recipient-notice/recipient-notice.service';
import type { Payers } from './features/remittances/payers.service';
import type { Recipients } from './features/remittances/recipients.service';
import type { Remittances } from './features/remittances/remittances.service';
import type { Sanctions } from './features/sanctions/sanctions.service';
import { createSchedules } from './features/schedules/schedules.service';
import type { ThunesClient } from './providers/thunes/thunes-client';

type FamilyDeps = {
  db: Database;
  config: Config;
  ledger: Ledger;
  notifications: Notifications;
  sanctions: Sanctions;
  accounts: Accounts;
  recipients: Recipients;
  recipientNotice: RecipientNoticeService;
  payers: Payers;
  thunes: ThunesClient | null;
  /** Sending home on the user's behalf (remittances.quoteFor / sendQuoted). */
  remittances: () => Remittances;
  /** Bill pay, which pays the runs of bill schedules (features/schedules schedule-bill-runs.ts). */
  billPay: () => BillPay;
  /** This server's own address once it listens (the sandbox push service's origin). */
  selfUrl: () => string;
  log: FastifyBaseLogger;
};

/**
 * Family money (issue 29): schedules, the rate working for the sender, Pídeme links and colectas
 * — each sends home through remittances on the user's behalf — and Web Push. Payday rules are
 * built with direct deposit, whose settlement calls them (app-services.ts).
 */
export function buildFamilyServices({
  db,
  config,
  ledger,
  notifications,
  sanctions,
  accounts,
  recipients,
  recipientNotice,
  payers,
  thunes,
  remittances,
  billPay,
  selfUrl,
  log,
}: FamilyDeps) {
  const rateAlerts = createRateAlerts({ db, notifications, clock: ledger.clock });
  const rateOrders = createRateOrders({
    db,
    ledger,
    notifications,
    recipients,
    remittances,
    log,
  });
  return {
    // Scheduled and recurring transfers (docs/schedules.md).
    schedules: createSchedules({
      db,
      clock: ledger.clock,
      ledger,
      notifications,
      sanctions: () => sanctions,
      people: accounts,
      accounts,
      recipients: () => recipients,
      sender: remittances,
      bills: billPay,
    }),
    // Rate history, alerts and rate orders (docs/rates.md).
    rates: createRates({
      db,
      source: partnerRateSource(thunes, payers),
      alerts: rateAlerts,
      orders: rateOrders,
      clock: ledger.clock,
      log,
    }),
    rateAlerts,
    rateOrders,
    // Pídeme links (docs/pideme.md).
    pideme: createPideme({
      db,
      appSecret: config.appSecret,
      publicUrl: config.publicUrl,
      recipients,
      notifications,
      sending: remittances,
      recipientNotice,
    }),
    // Colectas (docs/colectas.md).
    colectas: createColectas({
      db,
      ledger,
      accounts,
      recipients,
      notifications,
      sendHome: remittances,
      sanctions: () => sanctions,
    }),
    // Web Push (docs/push.md).
    push: createPush({
      db,
      log,
      settings: config.push,
      // Sandbox: the fake push service of this server, at its public and its own address.
      sandboxOrigins:
        config.mode === 'sandbox'
          ? () => [new URL(config.publicUrl).origin, ...sandboxSelfOrigin(selfUrl)]
          : null,
    }),
  };
}

/** This server's own origin once it listens (none before: then only PUBLIC_URL's fake is used). */
function sandboxSelfOrigin(selfUrl: () => string): string[] {
  try {
    return [new URL(selfUrl()).origin];
  } catch {
    return [];
  }
}

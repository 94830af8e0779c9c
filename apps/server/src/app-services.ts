import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './app-instance';
import { buildSandboxVendors } from './app-sandbox';
import { buildFamilyServices } from './app-services-family';
import { buildVendors } from './app-vendors';
import { createReadRouting } from './db/replica';
import { createAccountRights } from './features/account-rights/account-rights.service';
import { createAccounts } from './features/accounts/accounts.service';
import { createExternalSignin } from './features/accounts/external-signin.service';
import { createActivity } from './features/activity/activity.service';
import { createBanking } from './features/banking/banking.service';
import { createStatements } from './features/banking/statements.service';
import { createBillPay } from './features/billpay/billpay.service';
import { createCardDisputes } from './features/card-disputes/card-disputes.service';
import { createCardFunding } from './features/card-funding/card-funding.service';
import { createCardAuthorizations } from './features/cards/authorizations.service';
import { createCards } from './features/cards/cards.service';
import { createCashDeposits } from './features/cash-deposits/cash-deposits.service';
import { createCheckDeposits } from './features/check-deposits/check-deposits.service';
import { createDirectDeposit } from './features/direct-deposit/direct-deposit.service';
import { createEmailVerification } from './features/email-verification/email-verification.service';
import { createFunding } from './features/funding/funding.service';
import { createIdentity } from './features/identity/identity.service';
import type { PlaidWebhookKey } from './features/identity/webhook-signatures';
import { createLedger } from './features/ledger/ledger.service';
import { createLedgerInvariants } from './features/ledger/ledger-invariants.service';
import { createMonitoring } from './features/monitoring/monitoring.service';
import { createNotifications } from './features/notifications/notifications.service';
import { createOps } from './features/ops/ops.service';
import { createPayday } from './features/payday/payday.service';
import { createPhoneVerification } from './features/phone/phone-verification.service';
import { createPlaid } from './features/plaid/plaid.service';
import { createRateLimits } from './features/rate-limits/rate-limits.service';
import { createRecipientNotice } from './features/recipient-notice/recipient-notice.service';
import { createPartnerPayouts } from './features/remittances/partner-payouts';
import { createPayers } from './features/remittances/payers.service';
import { createPayoutReconciliation } from './features/remittances/payout-reconciliation';
import { createRecipients } from './features/remittances/recipients.service';
import { createRemittanceCases } from './features/remittances/remittance-cases.service';
import { createRemittancePricing } from './features/remittances/remittance-pricing';
import { createRemittances } from './features/remittances/remittances.service';
import { createRequests } from './features/requests/requests.service';
import { createSanctions } from './features/sanctions/sanctions.service';
import { createSendContacts } from './features/send/send-contacts.service';
import { createTransfers } from './features/transfers/transfers.service';

/** Every service, by name: routes, jobs, the CLI and tests read them from here. */
export type Services = ReturnType<typeof buildServices>;

/**
 * The services, each built from plain dependencies; routes call them and nothing below. Each is
 * named once, in the object this returns.
 */
export function buildServices(deps: AppDeps & { selfUrl: () => string }, log: FastifyBaseLogger) {
  const { config, db, clock } = deps;
  const vendors = buildVendors(deps, log);
  const { mailer, partners, unit } = vendors;
  const webhookSecret = config.unit?.webhookSecret ?? '';
  const ledger = createLedger({
    ...(clock ? { clock } : {}),
    // Called only when money moves, long after `accounts` exists.
    partyNames: (userIds, executor) => accounts.parties(userIds, executor),
  });
  const rateLimits = createRateLimits(db);
  // Activity, statements and the console's searches may read a replica (docs/read-replicas.md).
  const reads = createReadRouting({
    primary: db,
    replicaUrl: config.databaseReplicaUrl,
    maxLagMs: config.replicaMaxLagMs,
    poolSize: config.databasePoolSize,
    log,
  });
  const notifications = createNotifications({
    db,
    mailer,
    log,
    sessionIdleMinutes: config.sessionIdleMinutes,
    appSecret: config.appSecret,
    publicUrl: config.publicUrl,
  });
  const emailVerification = createEmailVerification({ db, config, mailer, rateLimits });
  const accounts = createAccounts({
    db,
    config,
    mailer,
    emailVerification,
    rateLimits,
    notifications,
    balanceOf: (userId) => ledger.balance(db, userId),
  });
  const activity = createActivity({ db, accounts, reads });
  const transfers = createTransfers({
    db,
    ledger,
    accounts,
    activity,
    // Built below: a send abroad is the remittances feature's.
    abroad: () => remittances.abroad,
    sessionIdleMinutes: config.sessionIdleMinutes,
    announceNotifications: notifications.hub.announce,
    sanctions: () => sanctions,
  });
  const payers = createPayers({ thunes: vendors.thunes, log });
  const recipients = createRecipients({ db, ledger, payers, sanctions: () => sanctions });
  const recipientNotice = createRecipientNotice({
    db,
    activity,
    sms: vendors.twilioSms,
    appSecret: config.appSecret,
    publicUrl: config.publicUrl,
    log,
  });
  const partnerPayouts = createPartnerPayouts({
    db,
    ledger,
    accounts,
    thunes: vendors.thunes,
    payers,
    callbackUrl: vendors.thunesCallbackUrl,
    log,
    recipientNotice,
  });
  const sanctions = createSanctions({
    db,
    ledger,
    partner: partnerPayouts,
    notifications,
    sandbox: config.mode === 'sandbox',
    log,
  });
  const remittanceCases = createRemittanceCases({ db, ledger, thunes: vendors.thunes, log });
  const remittances = createRemittances({
    db,
    ledger,
    accounts,
    activity,
    transfers,
    payers,
    pricing: createRemittancePricing(vendors.thunes),
    recipients,
    partner: partnerPayouts,
    thunes: vendors.thunes,
    cases: remittanceCases,
    mailer,
    log,
    recipientNotice,
    sanctions,
  });
  const banking = createBanking({
    db,
    ledger,
    accounts,
    transfers,
    unit,
    webhookSecret,
    omnibus: vendors.omnibus,
    log,
  });
  const plaid = createPlaid({
    db,
    plaid: vendors.plaidBanking,
    tokenKey: config.plaid?.tokenKey ?? null,
    linkScriptUrl: config.plaid?.linkScriptUrl ?? '',
    webhookUrl: () => `${config.publicUrl}/api/plaid/webhook`,
    // Without Plaid (live mode) no key verifies: its webhooks are refused.
    webhookKey: async (kid) =>
      ((await vendors.plaidIdentity?.webhookKey(kid)) ?? null) as PlaidWebhookKey | null,
    language: async (userId) => (await accounts.getAccountSettings(userId)).language,
    ...(clock ? { clock } : {}),
  });
  // Día de pago: a share of each direct deposit sent home once it is available (docs/payday.md).
  const payday = createPayday({
    db,
    remittances: () => remittances,
    recipients,
    notifications,
    clock: ledger.clock,
    log,
  });
  const billPay = createBillPay({
    db,
    ledger,
    transfers,
    banking,
    unit,
    billers: partners.billers,
    notifications,
    sanctions: () => sanctions,
  });
  return {
    /** Where the reads that may lag go: the replica when fresh enough, else the primary. */
    reads,
    partners,
    /** What Thunes' callbacks authenticate with (null: no payout partner). */
    thunesCredentials:
      vendors.thunes && config.thunes
        ? { apiKey: config.thunes.apiKey, apiSecret: config.thunes.apiSecret }
        : null,
    rateLimits,
    notifications,
    emailVerification,
    accounts,
    externalSignin: createExternalSignin({
      db,
      config,
      log,
      oidc: vendors.oidc,
      providerName: config.oidc?.providerName ?? '',
      rateLimits,
      balanceOf: (userId) => ledger.balance(db, userId),
      confirmPassword: accounts.confirmPassword,
      twoStep: accounts.twoStep,
      notifications,
    }),
    phoneVerification: createPhoneVerification({
      db,
      accounts,
      rateLimits,
      mailer,
      notifications,
      twilio: vendors.twilio,
    }),
    ledger,
    activity,
    ledgerInvariants: createLedgerInvariants({ db, log }),
    transfers,
    recipients,
    partnerPayouts,
    remittances,
    remittanceCases,
    recipientNotice,
    payoutReconciliation: createPayoutReconciliation({
      db,
      thunes: vendors.thunes,
      log,
      clock: ledger.clock,
    }),
    billPay,
    requests: createRequests({ db, ledger, accounts, notifications, sanctions: () => sanctions }),
    banking,
    statements: createStatements({ db, accounts, clock: ledger.clock, reads }),
    identity: createIdentity({
      db,
      accounts,
      notifications,
      config,
      plaid: vendors.plaidIdentity,
      persona: vendors.persona,
      ...(clock ? { clock } : {}),
    }),
    plaid,
    funding: createFunding({ db, ledger, banking, plaid, notifications }),
    cards: withCardEvents(
      createCards({
        db,
        ledger,
        accounts,
        rateLimits,
        unit,
        sandbox: config.mode === 'sandbox',
        secureData: config.unit?.secureData ?? null,
      }),
    ),
    cardAuthorizations: createCardAuthorizations({
      db,
      ledger,
      banking,
      unit,
      notifications,
      webhookSecret,
      holdExpiryMs: config.cardHoldExpiryMs,
      log,
    }),
    sandboxVendors: buildSandboxVendors(deps),
    directDeposit: withPaydayRules(
      createDirectDeposit({
        db,
        ledger,
        accounts,
        banking,
        notifications,
        unit,
        bankName: config.unit?.bankName ?? 'Unit',
        log,
      }),
    ),
    cardFunding: createCardFunding({
      db,
      ledger,
      stripe: vendors.stripe,
      publishableKey: config.stripe?.publishableKey ?? null,
      stripeJsUrl:
        config.mode === 'sandbox' ? '/sandbox/stripe/js/v3' : 'https://js.stripe.com/v3/',
      returnUrl: (id) => `${config.publicUrl}/add-money/card?cardFunding=${id}`,
      notifications,
    }),
    checkDeposits: createCheckDeposits({ db, ledger, banking, unit, notifications }),
    cashDeposits: createCashDeposits({ db, ledger, banking, unit, notifications, log }),
    cardDisputes: cardDisputesOf(),
    sendContacts: createSendContacts({ db }),
    accountRights: createAccountRights({
      db,
      accounts,
      activity,
      rateLimits,
      mailer,
      unit,
      plaid,
      clock: ledger.clock,
      log,
    }),
    monitoring: createMonitoring({ db }),
    /** The payout partner's client (null without one), for the ops queues' held payouts. */
    thunes: vendors.thunes,
    /** Persona's client (null without it), for the ops queues' manual identity decisions. */
    personaApi: vendors.persona,
    ops: createOps({ db, config, rateLimits, ledger, activity, reads }),
    sanctions,
    // Issue 29: family money (app-services-family.ts) and Web Push.
    ...buildFamilyServices({
      db,
      config,
      ledger,
      notifications,
      sanctions,
      accounts,
      recipients,
      recipientNotice,
      payers,
      thunes: vendors.thunes,
      remittances: () => remittances,
      billPay: () => billPay,
      selfUrl: deps.selfUrl,
      log,
    }),
    payday,
  };

  /** Each deposit that becomes available makes its payday runs, in the same transaction. */
  function withPaydayRules(directDeposit: ReturnType<typeof createDirectDeposit>) {
    directDeposit.onAvailable((tx, row) => payday.onDepositAvailable(tx, row));
    return directDeposit;
  }

  /** Card disputes, registered for the partner's `dispute.` events. */
  function cardDisputesOf() {
    const cardDisputes = createCardDisputes({
      db,
      ledger,
      notifications,
      unit,
      sandbox: config.mode === 'sandbox',
      log,
    });
    banking.onEvents('dispute.', (event) => cardDisputes.onPartnerEvent(event));
    return cardDisputes;
  }

  /** A physical card activated outside Pago (the number printed on it): Unit's card.activated. */
  function withCardEvents(cards: ReturnType<typeof createCards>) {
    banking.onEvents('card.activated', (event) => cards.onPartnerEvent(event));
    return cards;
  }
}

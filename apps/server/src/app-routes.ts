import type { AppInstance } from './app-instance';
import type { Services } from './app-services';
import { accountRightsRoutes } from './features/account-rights/account-rights.routes';
import { accountsRoutes } from './features/accounts/accounts.routes';
import { externalSigninRoutes } from './features/accounts/external-signin.routes';
import { securityRoutes } from './features/accounts/security.routes';
import { activityRoutes } from './features/activity/activity.routes';
import { bankingRoutes, bankingWebhookRoutes } from './features/banking/banking.routes';
import { billPayRoutes } from './features/billpay/billpay.routes';
import { capabilitiesRoutes } from './features/capabilities/capabilities.routes';
import { cardDisputesRoutes } from './features/card-disputes/card-disputes.routes';
import {
  cardFundingRoutes,
  stripeWebhookRoutes,
} from './features/card-funding/card-funding.routes';
import { cardAuthorizationRoutes } from './features/cards/authorizations.routes';
import { cardsRoutes } from './features/cards/cards.routes';
import { cashDepositsRoutes } from './features/cash-deposits/cash-deposits.routes';
import { checkDepositRoutes } from './features/check-deposits/check-deposits.routes';
import { colectasRoutes } from './features/colectas/colectas.routes';
import {
  directDepositRoutes,
  directDepositSandboxRoutes,
} from './features/direct-deposit/direct-deposit.routes';
import { emailVerificationRoutes } from './features/email-verification/email-verification.routes';
import { fundingRoutes } from './features/funding/funding.routes';
import { healthRoutes } from './features/health/health.routes';
import { identityRoutes, identityWebhookRoutes } from './features/identity/identity.routes';
import { monitoringOpsRoutes } from './features/monitoring/monitoring-ops.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { unsubscribeRoutes } from './features/notifications/unsubscribe.routes';
import { opsRoutes } from './features/ops/ops.routes';
import { opsCustomersRoutes } from './features/ops/ops-customers.routes';
import { opsSandboxRoutes } from './features/ops/ops-sandbox.routes';
import { opsQueuesOf } from './features/ops-queues/ops-queues.compose';
import { opsQueuesRoutes } from './features/ops-queues/ops-queues.routes';
import { paydayRoutes } from './features/payday/payday.routes';
import { phoneVerificationRoutes } from './features/phone/phone-verification.routes';
import { pidemeRoutes } from './features/pideme/pideme.routes';
import { publicPidemeRoutes } from './features/pideme/public-pideme.routes';
import { plaidRoutes, plaidWebhookRoutes } from './features/plaid/plaid.routes';
import { pushRoutes } from './features/push/push.routes';
import { ratesRoutes } from './features/rates/rates.routes';
import { publicTrackingRoutes } from './features/recipient-notice/public-tracking.routes';
import { remittanceCasesRoutes } from './features/remittances/remittance-cases.routes';
import { remittancesRoutes } from './features/remittances/remittances.routes';
import { thunesCallbackRoutes } from './features/remittances/thunes-callback.routes';
import { requestsRoutes } from './features/requests/requests.routes';
import { sanctionsOpsRoutes } from './features/sanctions/sanctions-ops.routes';
import { createSanctionsQueue } from './features/sanctions/sanctions-queue';
import { schedulesRoutes } from './features/schedules/schedules.routes';
import { sendRoutes } from './features/send/send.routes';
import { transfersRoutes } from './features/transfers/transfers.routes';
import { walletRoutes } from './features/wallet/wallet.routes';

/** Pago's API: each feature's routes, given only the services they call. */
export async function registerRoutes(app: AppInstance, services: Services): Promise<void> {
  await app.register(healthRoutes, { ledgerInvariants: services.ledgerInvariants });
  await app.register(capabilitiesRoutes, {
    payouts: services.partnerPayouts,
    billers: services.partners.billers,
    banking: services.banking,
    cards: services.cards,
    externalSignin: services.externalSignin,
    identity: services.identity,
    linkedBanks: services.plaid,
    phoneVerification: services.phoneVerification,
    cardFunding: services.cardFunding,
  });
  await app.register(emailVerificationRoutes, { emailVerification: services.emailVerification });
  await app.register(accountsRoutes, {
    accounts: services.accounts,
    externalSignin: services.externalSignin,
    onSignOut: services.push.forgetSession,
  });
  await app.register(externalSigninRoutes, {
    externalSignin: services.externalSignin,
    accounts: services.accounts,
  });
  await app.register(securityRoutes, { accounts: services.accounts });
  await app.register(phoneVerificationRoutes, {
    accounts: services.accounts,
    phoneVerification: services.phoneVerification,
  });
  await app.register(walletRoutes, {
    accounts: services.accounts,
    ledger: services.ledger,
    transfers: services.transfers,
    balances: {
      // Contributions colectas hold: out of the balance, shown beside it (docs/colectas.md).
      wallet: async (userId) => {
        const [wallet, inColectas] = await Promise.all([
          services.funding.wallet(userId),
          services.colectas.heldCentsOf(userId),
        ]);
        return inColectas > 0 ? { ...wallet, inColectasCents: inColectas } : wallet;
      },
    },
  });
  await app.register(transfersRoutes, {
    accounts: services.accounts,
    transfers: services.transfers,
  });
  await app.register(activityRoutes, { accounts: services.accounts, activity: services.activity });
  await app.register(remittancesRoutes, {
    accounts: services.accounts,
    remittances: services.remittances,
    recipients: services.recipients,
  });
  await app.register(thunesCallbackRoutes, {
    partner: services.partnerPayouts,
    credentials: services.thunesCredentials,
  });
  await app.register(remittanceCasesRoutes, {
    accounts: services.accounts,
    remittances: services.remittances,
    remittanceCases: services.remittanceCases,
  });
  await app.register(requestsRoutes, { accounts: services.accounts, requests: services.requests });
  await app.register(notificationsRoutes, {
    notifications: services.notifications,
    accounts: services.accounts,
  });
  await app.register(unsubscribeRoutes, { notifications: services.notifications });
  await app.register(bankingRoutes, {
    banking: services.banking,
    statements: services.statements,
    accounts: services.accounts,
  });
  await app.register(bankingWebhookRoutes, { banking: services.banking });
  await app.register(fundingRoutes, {
    funding: services.funding,
    accounts: services.accounts,
    banking: services.banking,
  });
  await app.register(cardsRoutes, { cards: services.cards, accounts: services.accounts });
  await app.register(cardDisputesRoutes, {
    cardDisputes: services.cardDisputes,
    accounts: services.accounts,
  });
  await app.register(cardAuthorizationRoutes, {
    cardAuthorizations: services.cardAuthorizations,
  });
  await app.register(billPayRoutes, { accounts: services.accounts, billPay: services.billPay });
  await app.register(identityRoutes, {
    identity: services.identity,
    accounts: services.accounts,
    rateLimits: services.rateLimits,
  });
  await app.register(identityWebhookRoutes, { identity: services.identity });
  await app.register(plaidRoutes, {
    plaid: services.plaid,
    accounts: services.accounts,
    rateLimits: services.rateLimits,
  });
  await app.register(plaidWebhookRoutes, { plaid: services.plaid });
  await app.register(directDepositRoutes, {
    directDeposit: services.directDeposit,
    accounts: services.accounts,
  });
  // Sandbox mode only (the fakes' clock exists only there): "my employer paid me".
  if (services.sandboxVendors) {
    await app.register(directDepositSandboxRoutes, { directDeposit: services.directDeposit });
  }
  await app.register(cardFundingRoutes, {
    cardFunding: services.cardFunding,
    accounts: services.accounts,
  });
  await app.register(stripeWebhookRoutes, { cardFunding: services.cardFunding });
  await app.register(checkDepositRoutes, {
    checkDeposits: services.checkDeposits,
    accounts: services.accounts,
  });
  await app.register(cashDepositsRoutes, {
    cashDeposits: services.cashDeposits,
    accounts: services.accounts,
  });
  await app.register(sendRoutes, {
    sendContacts: services.sendContacts,
    accounts: services.accounts,
  });
  await app.register(publicTrackingRoutes, {
    recipientNotice: services.recipientNotice,
    rateLimits: services.rateLimits,
  });
  await app.register(accountRightsRoutes, {
    accountRights: services.accountRights,
    accounts: services.accounts,
  });
  // The operations console (staff only; docs/ops-console.md).
  await app.register(opsRoutes, { ops: services.ops });
  await app.register(opsCustomersRoutes, {
    ops: services.ops,
    customers: services.ops.customers,
    closeAccount: services.accountRights.closeAccount,
  });
  if (services.sandboxVendors) await app.register(opsSandboxRoutes, { ops: services.ops });
  // Transaction monitoring's queue and rules in the console (docs/monitoring.md).
  await app.register(monitoringOpsRoutes, { ops: services.ops, monitoring: services.monitoring });
  await app.register(opsQueuesRoutes, {
    ops: services.ops,
    queues: opsQueuesOf(services, app.deps.db, services.thunes, app.log, services.reads),
  });
  await app.register(sanctionsOpsRoutes, {
    ops: services.ops,
    sanctions: services.sanctions,
    queue: createSanctionsQueue({ db: app.deps.db }),
  });
  // Scheduled and recurring transfers (docs/schedules.md).
  await app.register(schedulesRoutes, {
    accounts: services.accounts,
    schedules: services.schedules,
  });
  await app.register(ratesRoutes, {
    accounts: services.accounts,
    rates: services.rates,
    rateAlerts: services.rateAlerts,
    rateOrders: services.rateOrders,
  });
  await app.register(pidemeRoutes, { pideme: services.pideme, accounts: services.accounts });
  await app.register(publicPidemeRoutes, {
    pideme: services.pideme,
    rateLimits: services.rateLimits,
  });
  // Día de pago: a share of each direct deposit sent home (docs/payday.md).
  await app.register(paydayRoutes, { accounts: services.accounts, payday: services.payday });
  // Colectas: siblings chip in toward one transfer home (docs/colectas.md).
  await app.register(colectasRoutes, { colectas: services.colectas, accounts: services.accounts });
  // Web Push: the VAPID key and this device's subscription (docs/push.md).
  await app.register(pushRoutes, { push: services.push, accounts: services.accounts });
}

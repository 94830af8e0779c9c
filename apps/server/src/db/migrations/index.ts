import type { Migration } from 'kysely';
import * as accounts from './0001-accounts';
import * as money from './0002-money';
import * as ledgerFunction from './0003-ledger-function';
import * as identity from './0004-identity';
import * as moneyTrust from './0005-money-trust';
import * as phoneVerification from './0006-phone-verification';
import * as signinTrust from './0007-signin-trust';
import * as identityTrust from './0008-identity-trust';
import * as ledgerGuards from './0009-ledger-guards';
import * as transferSpeed from './0010-transfer-speed';
import * as sendInOneCall from './0011-send-in-one-call';
import * as ledgerTrim from './0012-ledger-trim';
import * as plaidItems from './0013-plaid-items';
import * as unitBanking from './0014-unit-banking';
import * as funding from './0015-funding';
import * as partnerOmnibus from './0016-partner-omnibus';
import * as partnerPhases from './0017-partner-phases';
import * as structuredAddress from './0018-structured-address';
import * as sendBatch from './0019-send-batch';
import * as notifications from './0020-notifications';
import * as remittanceRecipients from './0021-remittance-recipients';
import * as cards from './0022-cards';
import * as cardAuthorizations from './0023-card-authorizations';
import * as externalSignin from './0025-external-signin';
import * as signInSecurity from './0026-sign-in-security';
import * as signInLinks from './0027-sign-in-links';
import * as externalSigninBrowser from './0028-external-signin-browser';
import * as payeeLookupBudget from './0029-payee-lookup-budget';
import * as cardEventBounds from './0030-card-event-bounds';
import * as fundsAvailability from './0031-funds-availability';
import * as historyReads from './0032-history-reads';
import * as moneyIntegrity from './0033-money-integrity';
import * as timeOrderedTransferIds from './0034-time-ordered-transfer-ids';
import * as timeOrderedNotificationIds from './0035-time-ordered-notification-ids';
import * as partnerPayouts from './0036-partner-payouts';
import * as remittanceErrorCases from './0037-remittance-error-cases';
import * as moneyInLedger from './0038-money-in-ledger';
import * as directDeposit from './0039-direct-deposit';
import * as checkDeposits from './0040-check-deposits';
import * as cashDeposits from './0041-cash-deposits';
import * as cardFunding from './0042-card-funding';
import * as billPay from './0043-bill-pay';
import * as cardDisputes from './0044-card-disputes';
import * as recipientNotice from './0047-recipient-notice';
import * as termsAcceptance from './0048-terms-acceptance';
import * as accountDetails from './0049-account-details';
import * as opsConsole from './0050-ops-console';
import * as sanctions from './0051-sanctions';
import * as monitoring from './0052-monitoring';
import * as accountRights from './0053-account-rights';
import * as opsQueues from './0054-ops-queues';
import * as opsCustomers from './0055-ops-customers';
import * as cardAuthorizationMerchant from './0056-card-authorization-merchant';
import * as frozenWalletFlag from './0057-frozen-wallet-flag';
import * as schedules from './0058-schedules';
import * as rates from './0059-rates';
import * as payday from './0060-payday';
import * as pideme from './0061-pideme';
import * as colectas from './0062-colectas';
import * as push from './0063-push';
import * as billSchedulesUnified from './0064-bill-schedules-unified';
import * as cardClearingShards from './0065-card-clearing-shards';
import * as moneyDomains from './0066-money-domains';

/** Ordered by name; a migration, once released, never changes. */
export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-money': money,
  '0003-ledger-function': ledgerFunction,
  '0004-identity': identity,
  '0005-money-trust': moneyTrust,
  '0006-phone-verification': phoneVerification,
  '0007-signin-trust': signinTrust,
  '0008-identity-trust': identityTrust,
  '0009-ledger-guards': ledgerGuards,
  '0010-transfer-speed': transferSpeed,
  '0011-send-in-one-call': sendInOneCall,
  '0012-ledger-trim': ledgerTrim,
  '0013-plaid-items': plaidItems,
  '0014-unit-banking': unitBanking,
  '0015-funding': funding,
  '0016-partner-omnibus': partnerOmnibus,
  '0017-partner-phases': partnerPhases,
  '0018-structured-address': structuredAddress,
  '0019-send-batch': sendBatch,
  '0020-notifications': notifications,
  '0021-remittance-recipients': remittanceRecipients,
  '0022-cards': cards,
  '0023-card-authorizations': cardAuthorizations,
  '0025-external-signin': externalSignin,
  '0026-sign-in-security': signInSecurity,
  '0027-sign-in-links': signInLinks,
  '0028-external-signin-browser': externalSigninBrowser,
  '0029-payee-lookup-budget': payeeLookupBudget,
  '0030-card-event-bounds': cardEventBounds,
  '0031-funds-availability': fundsAvailability,
  '0032-history-reads': historyReads,
  '0033-money-integrity': moneyIntegrity,
  '0034-time-ordered-transfer-ids': timeOrderedTransferIds,
  '0035-time-ordered-notification-ids': timeOrderedNotificationIds,
  '0036-partner-payouts': partnerPayouts,
  '0037-remittance-error-cases': remittanceErrorCases,
  '0038-money-in-ledger': moneyInLedger,
  '0039-direct-deposit': directDeposit,
  '0040-check-deposits': checkDeposits,
  '0041-cash-deposits': cashDeposits,
  '0042-card-funding': cardFunding,
  '0043-bill-pay': billPay,
  '0044-card-disputes': cardDisputes,
  '0047-recipient-notice': recipientNotice,
  '0048-terms-acceptance': termsAcceptance,
  '0049-account-details': accountDetails,
  '0050-ops-console': opsConsole,
  '0051-sanctions': sanctions,
  '0052-monitoring': monitoring,
  '0053-account-rights': accountRights,
  '0054-ops-queues': opsQueues,
  '0055-ops-customers': opsCustomers,
  '0056-card-authorization-merchant': cardAuthorizationMerchant,
  '0057-frozen-wallet-flag': frozenWalletFlag,
  '0058-schedules': schedules,
  '0059-rates': rates,
  '0060-payday': payday,
  '0061-pideme': pideme,
  '0062-colectas': colectas,
  '0063-push': push,
  '0064-bill-schedules-unified': billSchedulesUnified,
  '0065-card-clearing-shards': cardClearingShards,
  '0066-money-domains': moneyDomains,
};

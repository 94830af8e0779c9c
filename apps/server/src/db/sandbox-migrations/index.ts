import type { Migration } from 'kysely';
import * as sandboxVendors from './0001-sandbox-vendors';
import * as sandboxPlaidItems from './0002-sandbox-plaid-items';
import * as sandboxUnit from './0003-sandbox-unit';
import * as unitOmnibus from './0004-unit-omnibus';
import * as unitCards from './0005-unit-cards';
import * as cardNetwork from './0006-card-network';
import * as sandboxOidc from './0008-sandbox-oidc';
import * as cardTransactionAuthorization from './0009-card-transaction-authorization';
import * as sandboxMailHeaders from './0010-sandbox-mail-headers';
import * as sandboxThunes from './0011-sandbox-thunes';
import * as unitMoneyIn from './0012-unit-money-in';
import * as sandboxStripe from './0013-sandbox-stripe';
import * as unitCash from './0016-unit-cash';
import * as unitCheckPayments from './0018-unit-check-payments';
import * as unitDisputes from './0019-unit-disputes';
import * as unitTokenVerifications from './0020-unit-token-verifications';
import * as sandboxFxRates from './0021-sandbox-fx-rates';
import * as sandboxPush from './0022-sandbox-push';

/**
 * The sandbox-only set, recorded in its own table (kysely_sandbox_migration) and run after the
 * main set in sandbox mode only. Ordered by name; a migration, once released, never changes.
 */
export const sandboxMigrations: Record<string, Migration> = {
  '0001-sandbox-vendors': sandboxVendors,
  '0002-sandbox-plaid-items': sandboxPlaidItems,
  '0003-sandbox-unit': sandboxUnit,
  '0004-unit-omnibus': unitOmnibus,
  '0005-unit-cards': unitCards,
  '0006-card-network': cardNetwork,
  '0008-sandbox-oidc': sandboxOidc,
  '0009-card-transaction-authorization': cardTransactionAuthorization,
  '0010-sandbox-mail-headers': sandboxMailHeaders,
  '0011-sandbox-thunes': sandboxThunes,
  '0012-unit-money-in': unitMoneyIn,
  '0013-sandbox-stripe': sandboxStripe,
  '0016-unit-cash': unitCash,
  '0018-unit-check-payments': unitCheckPayments,
  '0019-unit-disputes': unitDisputes,
  '0020-unit-token-verifications': unitTokenVerifications,
  '0021-sandbox-fx-rates': sandboxFxRates,
  '0022-sandbox-push': sandboxPush,
};

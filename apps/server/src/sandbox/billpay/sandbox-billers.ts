import type { Biller } from '@pago/shared/contracts/billpay';
import { AppError } from '../../lib/app-error';
import type { BillerNetwork } from '../../providers/billpay/biller-network';

/**
 * The sandbox bill-pay catalog: realistic but fictional billers, one list per bill type of
 * spec §2. In sandbox mode an account number at the biller starting with 0000 is refused by the
 * biller ("Account not found"), so a failed payment can be tried on purpose.
 */
const CATALOG: Record<string, string[]> = {
  electricity: ['Lone Star Power & Light', 'Pacific Coast Electric', 'Sunbelt Energy'],
  water: ['City Water Utilities', 'Valley Water District', 'Metro Water & Sewer'],
  internet: ['FiberNet Home', 'Conecta Internet', 'SkyLink Broadband'],
  gas: ['Southern Natural Gas Co.', 'Gulf Coast Gas Service', 'Prairie Gas'],
  mortgage: ['Hogar Home Loans', 'First Harbor Mortgage', 'Keystone Home Lending'],
  rent: ['Sunrise Apartments', 'Casa Verde Residential', 'Parkview Property Management'],
  auto_loan: ['Roadway Auto Finance', 'Amigo Auto Credit', 'Frontier Car Loans'],
  bike_loan: ['TwoWheel Finance', 'Moto Crédito USA', 'Highway Powersports Credit'],
  insurance: ['Guardian Shield Insurance', 'Seguro Familiar Mutual', 'Liberty Oak Insurance'],
};

const CATEGORY_OF: Record<string, string> = {
  electricity: 'utilities',
  water: 'utilities',
  internet: 'utilities',
  gas: 'utilities',
  mortgage: 'housing',
  rent: 'housing',
  auto_loan: 'auto_loan',
  bike_loan: 'bike_loan',
  insurance: 'insurance',
};

export const BILLERS: readonly Biller[] = Object.entries(CATALOG).flatMap(([paymentType, names]) =>
  names.map((name, i) => ({
    id: `${paymentType.replace('_', '-')}-${i + 1}`,
    name,
    paymentType,
    category: CATEGORY_OF[paymentType] ?? paymentType,
  })),
);

/** The sandbox network: this catalog, and a biller that knows no account starting with 0000. */
export function createSandboxBillerNetwork(): BillerNetwork {
  return {
    available: true,
    billers: () => [...BILLERS],
    checkAccount(biller, accountAtBiller) {
      if (accountAtBiller.startsWith('0000')) {
        throw new AppError('payment_failed', 422, `Account not found at ${biller.name}`, {
          reason: 'account_not_found',
        });
      }
    },
  };
}

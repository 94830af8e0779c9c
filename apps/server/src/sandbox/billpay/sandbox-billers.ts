import { AppError } from '../../lib/app-error';
import type { BillerNetwork, BillerRecord } from '../../providers/billpay/biller-network';

/**
 * The sandbox bill-pay catalog: realistic but fictional billers, one list per bill type of
 * spec §2, seeded into the directory (the `billers` table) in sandbox mode. Each is paid by ACH
 * (a fictional bank account) or by mailed check (a fictional remittance address). In sandbox mode
 * an account number at the biller starting with 0000 is refused by the biller ("Account not
 * found"), so a failed payment can be tried on purpose.
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

/** The fictional banks' routing number (a valid ABA checksum, not the fake bank's own). */
const BILLER_ROUTING_NUMBER = '011401533';
const CITIES = [
  { city: 'Houston', state: 'TX', postalCode: '77002' },
  { city: 'Phoenix', state: 'AZ', postalCode: '85004' },
  { city: 'Miami', state: 'FL', postalCode: '33130' },
];

/**
 * Every biller: the first two of each type are paid by ACH, the third by check (rent's small
 * landlords, as in life, mostly take checks: two of three there).
 */
export const BILLERS: readonly BillerRecord[] = Object.entries(CATALOG).flatMap(
  ([billType, names], typeIndex) =>
    names.map((name, i): BillerRecord => {
      const byCheck = i === 2 || (billType === 'rent' && i === 1);
      const place = CITIES[(typeIndex + i) % CITIES.length] as (typeof CITIES)[number];
      return {
        id: `${billType.replace('_', '-')}-${i + 1}`,
        name,
        billType,
        category: CATEGORY_OF[billType] ?? billType,
        method: byCheck ? 'check' : 'ach',
        ...(byCheck
          ? { address: { street: `${100 + typeIndex * 10 + i} Main St`, ...place } }
          : {
              routingNumber: BILLER_ROUTING_NUMBER,
              accountNumber: `90${String(typeIndex).padStart(2, '0')}${String(i).padStart(4, '0')}`,
            }),
      };
    }),
);

/** The sandbox network: this catalog, and a biller that knows no account starting with 0000. */
export function createSandboxBillerNetwork(available: boolean): BillerNetwork {
  return {
    available,
    seed: BILLERS,
    checkAccount(biller, accountAtBiller) {
      if (accountAtBiller.startsWith('0000')) {
        throw new AppError('payment_failed', 422, `Account not found at ${biller.name}`, {
          reason: 'account_not_found',
        });
      }
    },
  };
}

import { CORRIDORS, type CorridorCountry } from '@pago/shared/fees';
import { CORRIDOR_ALPHA3 } from '@pago/shared/payers';
import { PHONE_COUNTRIES } from '@pago/shared/phone-countries';
import { CASH_PICKUP_COUNTRIES, MOBILE_WALLET_COUNTRIES } from '@pago/shared/remittances';
import { SANDBOX_REFERENCE_RATES } from '../fx/sandbox-rates';

/**
 * The Thunes fake's catalogue (Discovery): one bank payer in every corridor Pago serves, a cash
 * pickup network where Pago pays cash, a mobile wallet where wallets are common. Made-up names:
 * no real business is named. Each payer's C2C terms differ as real payers' do: what identifies
 * the account (CLABE, CBU, IBAN, account number + bank code [+ account type], phone), which
 * sender and beneficiary fields it requires, its limits in its own currency.
 */

/** Discovery → Services, ids as in the reference's examples. */
export const THUNES_SERVICES = [
  { id: 1, name: 'MobileWallet' },
  { id: 2, name: 'BankAccount' },
  { id: 3, name: 'CashPickup' },
] as const;
type ServiceId = (typeof THUNES_SERVICES)[number]['id'];

const ALPHA3 = CORRIDOR_ALPHA3;

/** Where banks take an account type (savings or checking) with the number and bank code. */
const ACCOUNT_TYPE_COUNTRIES: readonly CorridorCountry[] = ['CO', 'VE', 'EC', 'PE', 'CL', 'BO'];
/** Where the beneficiary's national ID is asked for even on a bank deposit. */
const BENEFICIARY_ID_COUNTRIES: readonly CorridorCountry[] = ['CO', 'PE', 'EC', 'BO', 'AR', 'CL'];
/** Currencies paid in whole units (no cents). */
const WHOLE_UNITS = ['CLP', 'PYG'];

const SENDER = ['firstname', 'lastname', 'date_of_birth', 'country_iso_code'];
/** Cash pickup networks also want the sender's address (what the agent's record shows). */
const SENDER_WITH_ADDRESS = [...SENDER, 'address', 'city', 'postal_code'];
const BENEFICIARY = ['firstname', 'lastname', 'msisdn'];
const BENEFICIARY_WITH_ID = [...BENEFICIARY, 'id_type', 'id_number'];

export const PURPOSES_OF_REMITTANCE = [
  'FAMILY_SUPPORT',
  'EDUCATION',
  'GIFT_AND_DONATION',
  'MEDICAL_TREATMENT',
  'MAINTENANCE_EXPENSES',
  'TRAVEL',
  'SMALL_VALUE_REMITTANCE',
  'OTHER',
];

export type FakePayer = {
  id: number;
  name: string;
  precision: number;
  increment: string;
  currency: string;
  country_iso_code: string;
  service: { id: ServiceId; name: string };
  transaction_types: {
    C2C: {
      minimum_transaction_amount: string;
      maximum_transaction_amount: string;
      credit_party_identifiers_accepted: string[][];
      required_sending_entity_fields: string[][];
      required_receiving_entity_fields: string[][];
      required_documents: string[][];
      purpose_of_remittance_values_accepted: string[];
    };
  };
  /**
   * Not in Thunes' reference (docs/thunes.md, open point 3): the fake's own estimate of how long
   * the payer takes to pay out, in minutes. Under 30 means express-capable.
   */
  estimated_delivery_minutes: number;
};

/** `usd` whole dollars in `currency` at the reference rate, rounded down to whole units. */
function inCurrency(currency: string, usd: number): string {
  const rate = SANDBOX_REFERENCE_RATES[currency] ?? '1';
  const [whole = '0', fraction = ''] = rate.split('.');
  const scale = 10n ** BigInt(fraction.length);
  return String((BigInt(whole + fraction) * BigInt(usd)) / scale);
}

function countryName(country: CorridorCountry): string {
  return PHONE_COUNTRIES.find((c) => c.code === country)?.name.en ?? country;
}

function bankIdentifiers(country: CorridorCountry): string[][] {
  if (country === 'MX') return [['clabe']];
  if (country === 'AR') return [['cbu']];
  if (['GT', 'SV', 'CR', 'BR'].includes(country)) return [['iban']];
  return ACCOUNT_TYPE_COUNTRIES.includes(country)
    ? [['bank_account_number', 'bank_code', 'account_type']]
    : [['bank_account_number', 'bank_code']];
}

function payer(
  country: CorridorCountry,
  currency: string,
  service: ServiceId,
  index: number,
): FakePayer {
  const name = countryName(country);
  const terms = {
    2: {
      name: `Banco Ejemplo ${name}`,
      identifiers: bankIdentifiers(country),
      sender: SENDER,
      beneficiary: BENEFICIARY_ID_COUNTRIES.includes(country) ? BENEFICIARY_WITH_ID : BENEFICIARY,
      maxUsd: 2999,
      // Mexico's SPEI pays in minutes; elsewhere a bank deposit takes the next business day or two.
      minutes:
        country === 'MX'
          ? 10
          : CORRIDORS.find((c) => c.country === country)?.region === 'south_america'
            ? 2880
            : 1440,
    },
    3: {
      name: `Red de Pagos Ejemplo ${name}`,
      identifiers: [[]],
      sender: SENDER_WITH_ADDRESS,
      beneficiary: BENEFICIARY_WITH_ID,
      maxUsd: 1500,
      minutes: 15,
    },
    1: {
      name: `Billetera Ejemplo ${name}`,
      identifiers: [['msisdn']],
      sender: SENDER,
      beneficiary: BENEFICIARY,
      maxUsd: 500,
      minutes: 5,
    },
  }[service];
  const whole = WHOLE_UNITS.includes(currency);
  return {
    id: 1000 + index * 10 + service,
    name: terms.name,
    precision: whole ? 0 : 2,
    increment: whole ? '1' : '0.01',
    currency,
    country_iso_code: ALPHA3[country],
    service: { id: service, name: THUNES_SERVICES[service - 1]?.name ?? '' },
    transaction_types: {
      C2C: {
        minimum_transaction_amount: inCurrency(currency, 1),
        maximum_transaction_amount: inCurrency(currency, terms.maxUsd),
        credit_party_identifiers_accepted: terms.identifiers,
        required_sending_entity_fields: [terms.sender],
        required_receiving_entity_fields: [terms.beneficiary],
        required_documents: [],
        purpose_of_remittance_values_accepted: PURPOSES_OF_REMITTANCE,
      },
    },
    estimated_delivery_minutes: terms.minutes,
  };
}

export const FAKE_PAYERS: readonly FakePayer[] = CORRIDORS.flatMap(
  ({ country, currency }, index) => [
    payer(country, currency, 2, index),
    ...(CASH_PICKUP_COUNTRIES.includes(country) ? [payer(country, currency, 3, index)] : []),
    ...(MOBILE_WALLET_COUNTRIES.includes(country) ? [payer(country, currency, 1, index)] : []),
  ],
);

/** Discovery → Countries: where the fake's payers pay. */
export const FAKE_COUNTRIES = CORRIDORS.map(({ country }) => ({
  iso_code: ALPHA3[country],
  name: countryName(country),
}));

export function findPayer(id: number): FakePayer | undefined {
  return FAKE_PAYERS.find((p) => p.id === id);
}

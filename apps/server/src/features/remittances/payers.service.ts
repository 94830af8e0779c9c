import type { Payer } from '@pago/shared/contracts/remittances';
import { type CorridorCountry, getCorridor } from '@pago/shared/fees';
import {
  BENEFICIARY_FROM_RECIPIENT,
  CORRIDOR_ALPHA3,
  EXPRESS_MAX_MINUTES,
  isCreditPartyField,
  isPayerField,
  type PayerFieldName,
  SENDER_FIELDS_PAGO_HAS,
} from '@pago/shared/payers';
import { type PayoutMethod, standardDeliveryDays } from '@pago/shared/remittances';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { ThunesClient, ThunesPayer } from '../../providers/thunes/thunes-client';

/** How long a country's payers are kept before the partner is asked again. */
const CATALOGUE_TTL_MS = 10 * 60_000;

/** The partner's services (Discovery → Services) as Pago's payout methods. */
const METHOD_OF_SERVICE: Record<string, PayoutMethod> = {
  MobileWallet: 'mobile_wallet',
  BankAccount: 'bank_deposit',
  CashPickup: 'cash_pickup',
};

/**
 * A payer as Pago offers it: the public view, and what a transaction with it needs that the
 * view does not show (which sender and beneficiary fields to send, its purposes, its precision).
 */
export type OfferedPayer = Payer & {
  creditPartyFields: PayerFieldName[];
  beneficiaryFields: string[];
  senderFields: string[];
  purposes: string[];
  precision: number;
};

/** Not in the reference (docs/thunes.md, open point 3): the sandbox partner's own estimate. */
const deliveryEstimate = z.object({ estimated_delivery_minutes: z.number().int().positive() });

/**
 * Minutes a payer takes when the partner does not say: a mobile wallet or a cash network pays
 * within minutes of the partner submitting it, a bank by the corridor's standard days.
 */
function defaultMinutes(country: CorridorCountry, method: PayoutMethod): number {
  if (method !== 'bank_deposit') return 15;
  return standardDeliveryDays(country).max * 24 * 60;
}

/**
 * The first alternative of a requirement whose every field Pago can supply, or null. Thunes lists
 * alternatives (each a list of field names); the first is its preferred one.
 */
function firstSupported(alternatives: string[][], supported: (field: string) => boolean) {
  return alternatives.find((fields) => fields.every(supported)) ?? null;
}

/**
 * A partner payer as Pago offers it, or a reason it cannot be: another service, no C2C terms, or a
 * field required that Pago cannot ask the sender or the recipient for.
 */
export function offerOf(country: CorridorCountry, payer: ThunesPayer): OfferedPayer | string {
  const method = METHOD_OF_SERVICE[payer.service.name];
  if (!method) return `service ${payer.service.name} is not a payout method Pago offers`;
  const terms = payer.transaction_types.C2C;
  if (!terms) return 'no C2C (person to person) terms';
  const creditParty = firstSupported(terms.credit_party_identifiers_accepted, isCreditPartyField);
  const beneficiary = firstSupported(
    terms.required_receiving_entity_fields,
    (f) => (BENEFICIARY_FROM_RECIPIENT as readonly string[]).includes(f) || isPayerField(f),
  );
  const sender = firstSupported(terms.required_sending_entity_fields, (f) =>
    (SENDER_FIELDS_PAGO_HAS as readonly string[]).includes(f),
  );
  if (!creditParty) return 'its credit party identifiers are not ones Pago asks for';
  if (!beneficiary) return 'it requires beneficiary fields Pago does not ask for';
  if (!sender) return 'it requires sender fields Pago does not have';
  const estimate = deliveryEstimate.safeParse(payer);
  const deliveryMinutes = estimate.success
    ? estimate.data.estimated_delivery_minutes
    : defaultMinutes(country, method);
  const asked = [
    ...(creditParty as PayerFieldName[]),
    ...beneficiary.filter(
      (f): f is PayerFieldName =>
        isPayerField(f) && !(BENEFICIARY_FROM_RECIPIENT as readonly string[]).includes(f),
    ),
  ];
  return {
    id: payer.id,
    name: payer.name,
    country,
    method,
    currency: payer.currency,
    minAmount: terms.minimum_transaction_amount ?? '0',
    maxAmount: terms.maximum_transaction_amount ?? null,
    deliveryMinutes,
    express: deliveryMinutes <= EXPRESS_MAX_MINUTES,
    fields: [...new Set(asked)],
    creditPartyFields: creditParty as PayerFieldName[],
    beneficiaryFields: beneficiary,
    senderFields: sender,
    purposes: terms.purpose_of_remittance_values_accepted ?? [],
    precision: payer.precision,
  };
}

/**
 * The partner's payers per corridor country, as Pago offers them (Discovery → Payers), kept for
 * CATALOGUE_TTL_MS. `thunes` null: no partner (live mode without THUNES_* settings).
 */
export function createPayers({
  thunes,
  log,
  now = () => Date.now(),
}: {
  thunes: ThunesClient | null;
  log: Pick<FastifyBaseLogger, 'warn'>;
  now?: () => number;
}) {
  const cache = new Map<CorridorCountry, { at: number; payers: Promise<OfferedPayer[]> }>();

  async function fetchCountry(client: ThunesClient, country: CorridorCountry) {
    const corridor = getCorridor(country);
    const listed = await client.listPayers({
      countryIsoCode: CORRIDOR_ALPHA3[country],
      currency: corridor.currency,
    });
    const offered: OfferedPayer[] = [];
    for (const payer of listed) {
      const offer = offerOf(country, payer);
      if (typeof offer === 'string') {
        log.warn({ payerId: payer.id, country, reason: offer }, 'payout partner payer not offered');
        continue;
      }
      offered.push(offer);
    }
    return offered;
  }

  async function list(country: CorridorCountry): Promise<OfferedPayer[]> {
    if (!thunes) return [];
    const cached = cache.get(country);
    if (cached && now() - cached.at < CATALOGUE_TTL_MS) return cached.payers;
    const payers = fetchCountry(thunes, country);
    cache.set(country, { at: now(), payers });
    // A failed look-up is not kept: the next request asks again.
    payers.catch(() => cache.delete(country));
    return payers;
  }

  return {
    available: thunes !== null,
    /** The payers of a country, optionally of one payout method. */
    async list(country: CorridorCountry, method?: PayoutMethod): Promise<OfferedPayer[]> {
      const payers = await list(country);
      return method ? payers.filter((p) => p.method === method) : payers;
    },
    /** A payer of the country by id, or undefined. */
    async find(country: CorridorCountry, payerId: string): Promise<OfferedPayer | undefined> {
      return (await list(country)).find((p) => p.id === payerId);
    },
  };
}

export type Payers = ReturnType<typeof createPayers>;

/** The public view of a payer (what the API answers). */
export function payerView(payer: OfferedPayer): Payer {
  return {
    id: payer.id,
    name: payer.name,
    country: payer.country,
    method: payer.method,
    currency: payer.currency,
    minAmount: payer.minAmount,
    maxAmount: payer.maxAmount,
    deliveryMinutes: payer.deliveryMinutes,
    express: payer.express,
    fields: payer.fields,
  };
}

import { type Cents, centsToDecimalString } from '@pago/shared/money';
import type { z } from 'zod';
import { parseVendorAnswer, type VendorLog } from '../vendor-answer';
import {
  THUNES_ANSWERS,
  type ThunesCall,
  type ThunesTransactionType,
  thunesErrorBody,
} from './thunes-schemas';

export type * from './thunes-schemas';

export type ThunesSettings = {
  /** The API endpoint Thunes gives on account creation, or our fake's URL. Read per call. */
  baseUrl: () => string;
  apiKey: string;
  apiSecret: string;
  timeoutMs?: number;
  /** Where an answer that breaks Thunes' published description is reported. */
  log?: VendorLog;
};

/**
 * A Thunes call that failed. `refused`: Thunes answered 4xx with its error body (`code` is its
 * seven-digit API error code, e.g. 1007004, and `errors` all it listed); asking again will not
 * help. `unavailable`: unreachable, 5xx, or an answer that is not as documented (`httpStatus` 0
 * when there was no usable answer); the same call may succeed later.
 */
export class ThunesError extends Error {
  constructor(
    readonly kind: 'refused' | 'unavailable',
    readonly httpStatus: number,
    readonly code: string,
    message: string,
    readonly errors: { code: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ThunesError';
  }
}

/** The API error codes (Errors → API Error Codes) Pago's callers act on. */
export const THUNES_ERRORS = {
  unauthorized: '1000401',
  notFound: '1000404',
  invalidParameter: '1000999',
  payerUnavailable: '1003007',
  belowPayerMinimum: '1003011',
  overPayerMaximum: '1003012',
  externalIdUsed: '1007001',
  alreadyConfirmed: '1007002',
  cannotConfirm: '1007003',
  confirmQuotationExpired: '1007004',
  insufficientBalance: '1007005',
  cannotCancel: '1007014',
  quotationNotFound: '1008002',
  quotationExpired: '1008003',
  transactionNotFound: '1008004',
  unexpected: '1009001',
} as const;

/** A sender, beneficiary or credit party: the field names the payer's requirements list. */
export type ThunesFields = Record<string, string>;

export type CreateQuotationInput = {
  /** Ours, unique per quotation (≤ 64 characters); a retry with it answers 1007001. */
  externalId: string;
  payerId: string;
  transactionType?: ThunesTransactionType;
  sourceCurrency?: string;
  sourceCountryIsoCode?: string;
  destinationCurrency: string;
} & (
  | {
      /** What the partner takes, in US cents (mode SOURCE_AMOUNT). */
      sourceAmount: Cents;
      destinationAmount?: undefined;
    }
  | {
      /** What the beneficiary receives, an exact decimal in the payer's currency (DESTINATION_AMOUNT). */
      destinationAmount: string;
      sourceAmount?: undefined;
    }
);

export type CreateTransactionInput = {
  /** Ours, unique per transaction (≤ 64 characters): the key to find it again after a crash. */
  externalId: string;
  creditPartyIdentifier: ThunesFields;
  sender: ThunesFields;
  beneficiary: ThunesFields;
  purposeOfRemittance: string;
  /** Where Thunes POSTs each status change (Callback). */
  callbackUrl?: string;
};

const BASE = '/v2/money-transfer';
/** Pagination: at most 100 a page; the pages are counted in the X-Total-Pages header. */
const PER_PAGE = 100;

type Answer<K extends ThunesCall> = z.infer<(typeof THUNES_ANSWERS)[K]['schema']>;

/**
 * The Thunes Money Transfer API v2 over its documented REST: JSON with HTTP Basic auth (API key and
 * secret). Discovery (countries, payers), quotations, transactions (create from a quotation, confirm,
 * cancel, status by id or by our external id) and the prefunded account's balances.
 */
export function createThunesClient(settings: ThunesSettings) {
  const authorization = `Basic ${Buffer.from(`${settings.apiKey}:${settings.apiSecret}`).toString('base64')}`;

  async function send(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ response: Response; json: unknown }> {
    let response: Response;
    try {
      // Inside the try: the sandbox fake's address is unknown until this server listens.
      response = await fetch(`${settings.baseUrl()}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new ThunesError('unavailable', 0, '', `Thunes unreachable: ${(error as Error).name}`);
    }
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) throw refusalOrFailure(response.status, json);
    return { response, json };
  }

  /** The answer to `call`, read through its documented status and schema. */
  function read<K extends ThunesCall>(call: K, status: number, json: unknown): Answer<K> {
    const documented = THUNES_ANSWERS[call];
    const where = { vendor: 'thunes', call, log: settings.log };
    const notAsDocumented = () =>
      new ThunesError('unavailable', 0, '', `Thunes' ${call} answer is not as documented`);
    if (status !== documented.status) {
      (settings.log ?? console).error(
        { ...where, status, documented: documented.status },
        'vendor answer does not match its published API description',
      );
      throw notAsDocumented();
    }
    return parseVendorAnswer(
      documented.schema as unknown as z.ZodType<Answer<K>>,
      json,
      where,
      notAsDocumented,
    );
  }

  async function call<K extends ThunesCall>(
    name: K,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<Answer<K>> {
    const { response, json } = await send(method, path, body);
    return read(name, response.status, json);
  }

  /** Every page of a list (Pagination), in order. */
  async function listAll<K extends 'listCountries' | 'listPayers' | 'listBalances'>(
    name: K,
    path: string,
    query: Record<string, string | undefined> = {},
  ): Promise<Answer<K>> {
    const items: unknown[] = [];
    for (let page = 1; ; page++) {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
      params.set('page', String(page));
      params.set('per_page', String(PER_PAGE));
      const { response, json } = await send('GET', `${path}?${params}`);
      items.push(...(read(name, response.status, json) as unknown[]));
      const pages = Number(response.headers.get('x-total-pages') ?? 1);
      if (!Number.isSafeInteger(pages) || page >= pages) return items as Answer<K>;
    }
  }

  const segment = (id: string) => encodeURIComponent(id);
  // A transaction or quotation by our own id: the reference's `ext-{external_id}` paths.
  const external = (externalId: string) => `ext-${encodeURIComponent(externalId)}`;

  return {
    /** Discovery → Countries: where the account can send. */
    listCountries() {
      return listAll('listCountries', `${BASE}/countries`);
    },

    /** Discovery → Payers, filtered by destination country (alpha-3), service and currency. */
    listPayers(filter: { countryIsoCode?: string; serviceId?: string; currency?: string } = {}) {
      return listAll('listPayers', `${BASE}/payers`, {
        country_iso_code: filter.countryIsoCode,
        service_id: filter.serviceId,
        currency: filter.currency,
      });
    },

    getPayer(id: string) {
      return call('getPayer', 'GET', `${BASE}/payers/${segment(id)}`);
    },

    /** Quotations → Create: the partner's rate and fee for a source or destination amount, until it expires. */
    createQuotation(input: CreateQuotationInput) {
      return call('createQuotation', 'POST', `${BASE}/quotations`, {
        external_id: input.externalId,
        payer_id: Number(input.payerId),
        mode: input.sourceAmount === undefined ? 'DESTINATION_AMOUNT' : 'SOURCE_AMOUNT',
        transaction_type: input.transactionType ?? 'C2C',
        // The side not fixed by the mode has no amount. A decimal's text parsed once:
        // JSON.stringify writes back exactly those digits.
        source: {
          amount:
            input.sourceAmount === undefined
              ? null
              : Number(centsToDecimalString(input.sourceAmount)),
          currency: input.sourceCurrency ?? 'USD',
          country_iso_code: input.sourceCountryIsoCode ?? 'USA',
        },
        destination: {
          amount: input.destinationAmount === undefined ? null : Number(input.destinationAmount),
          currency: input.destinationCurrency,
        },
      });
    },

    getQuotation(id: string) {
      return call('getQuotation', 'GET', `${BASE}/quotations/${segment(id)}`);
    },

    getQuotationByExternalId(externalId: string) {
      return call('getQuotation', 'GET', `${BASE}/quotations/${external(externalId)}`);
    },

    /** Transactions → Create from a quotation: status 10000 CREATED; no money moves until confirm. */
    createTransaction(quotationId: string, input: CreateTransactionInput) {
      return call(
        'createTransaction',
        'POST',
        `${BASE}/quotations/${segment(quotationId)}/transactions`,
        {
          external_id: input.externalId,
          credit_party_identifier: input.creditPartyIdentifier,
          sender: input.sender,
          beneficiary: input.beneficiary,
          purpose_of_remittance: input.purposeOfRemittance,
          ...(input.callbackUrl ? { callback_url: input.callbackUrl } : {}),
        },
      );
    },

    /** Transactions → Confirm: the source amount is held on the balance and the payout starts. */
    confirmTransaction(id: string) {
      return call('confirmTransaction', 'POST', `${BASE}/transactions/${segment(id)}/confirm`, {});
    },

    /** Transactions → Cancel: only while CREATED or CONFIRMED-WAITING-FOR-PICKUP (else 1007014). */
    cancelTransaction(id: string) {
      return call('cancelTransaction', 'POST', `${BASE}/transactions/${segment(id)}/cancel`, {});
    },

    getTransaction(id: string) {
      return call('getTransaction', 'GET', `${BASE}/transactions/${segment(id)}`);
    },

    /** The transaction we created with this external id (how a crashed send is found again). */
    getTransactionByExternalId(externalId: string) {
      return call('getTransaction', 'GET', `${BASE}/transactions/${external(externalId)}`);
    },

    /** Account → Balances: the prefunded account, one balance per currency. */
    listBalances() {
      return listAll('listBalances', `${BASE}/balances`);
    },
  };
}

export type ThunesClient = ReturnType<typeof createThunesClient>;

/** A 4xx with the documented error body is a refusal; anything else is the partner failing. */
function refusalOrFailure(status: number, json: unknown): ThunesError {
  const body = thunesErrorBody.safeParse(json);
  const errors = body.success
    ? body.data.errors.map(({ code, message }) => ({ code, message }))
    : [];
  const first = errors[0];
  const kind = status >= 400 && status < 500 && status !== 429 && first ? 'refused' : 'unavailable';
  return new ThunesError(
    kind,
    status,
    first?.code ?? '',
    first ? `Thunes ${status} ${first.code}: ${first.message}` : `Thunes answered HTTP ${status}`,
    errors,
  );
}

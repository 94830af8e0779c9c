import {
  type CreateBookPaymentRequest,
  type CreateBusinessApplicationRequest,
  type CreateDepositAccountRequest,
  type CreateIndividualApplicationRequest,
  type CreateTokenRequest,
  Unit,
} from '@unit-finance/unit-node-sdk';
import axios from 'axios';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { parseVendorAnswer, type VendorLog } from '../vendor-answer';
import { UNIT_ANSWERS } from './unit-schemas';

/**
 * Unit, the banking partner, through its Node SDK (JSON:API over `application/vnd.api+json`);
 * the calls the SDK types too narrowly or lacks go through the same axios instance as documented
 * REST. Sandbox mode points it at /sandbox/unit on this server; live mode at UNIT_API_URL.
 */
export type UnitSettings = {
  /** https://api.s.unit.sh or https://api.unit.co, or our fake. Read per call (the fake's port). */
  baseUrl: () => string;
  token: string;
  timeoutMs?: number;
  /** Where an answer that breaks Unit's published description is reported. */
  log?: VendorLog;
};

type UnitAnswers = typeof UNIT_ANSWERS;
type UnitAnswerName = {
  [K in keyof UnitAnswers]: UnitAnswers[K]['schema'] extends null ? never : K;
}[keyof UnitAnswers];
type UnitAnswer<K extends UnitAnswerName> = z.infer<NonNullable<UnitAnswers[K]['schema']>>;

export type UnitApplication = {
  id: string;
  status: string;
  customerId: string | null;
  decisionReason: string | null;
};
export type UnitAccount = {
  id: string;
  customerId: string;
  accountNumber: string;
  routingNumber: string;
  /** Cents. */
  balance: number;
  available: number;
  hold: number;
  status: string;
};
export type UnitPayment = {
  id: string;
  type: 'bookPayment' | 'achPayment';
  status: string;
  reason: string | null;
  amount: number;
  direction: string;
  accountId: string;
  createdAt: string;
};
export type UnitTransaction = {
  id: string;
  type: string;
  accountId: string;
  paymentId: string | null;
  amount: number;
  direction: 'Credit' | 'Debit';
  balance: number;
  summary: string;
  createdAt: string;
  /** A card transaction's authorization (purchase, ATM): what it clears or refunds. */
  authorizationId: string | null;
};
/** A card authorization at Unit (`GET /authorizations/{id}`). */
export type UnitAuthorization = {
  id: string;
  /** Authorized | Completed | Canceled | Declined. */
  status: string;
  amount: number;
  accountId: string;
  cardId: string;
};
/** A debit card at Unit: never its full number here, only what `GET /cards/{id}` shows. */
export type UnitCard = {
  id: string;
  type: 'individualDebitCard' | 'individualVirtualDebitCard';
  status: string;
  last4: string;
  /** "YYYY-MM". */
  expirationDate: string;
  accountId: string;
};
/** Unit's `Address` of a card's shipping. */
export type UnitAddress = {
  street: string;
  street2?: string;
  city: string;
  state: string;
  postalCode: string;
  country: 'US';
};
/** A monthly statement of an account at Unit. */
export type UnitStatement = { id: string; period: string };
export type UnitCounterparty = {
  id: string;
  customerId: string;
  name: string;
  accountLast4: string;
};

/** The person an individual application is for, as Pago knows them once identity is verified. */
export type UnitApplicant = {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  email: string;
  phone: { countryCode: string; number: string };
  address: {
    street: string;
    street2?: string;
    city: string;
    state: string;
    postalCode: string;
    country: 'US';
  };
  idempotencyKey: string;
  /** Our user id, kept by Unit as a tag so its records point back to ours. */
  userId: string;
};

/** Pago itself as Unit's business customer: the company that holds the omnibus (FBO) account. */
export type UnitBusinessApplicant = {
  name: string;
  ein: string;
  stateOfIncorporation: string;
  address: UnitApplicant['address'];
  phone: UnitApplicant['phone'];
  /** Contact, officer and sole beneficial owner (one person in sandbox mode). */
  officer: {
    firstName: string;
    lastName: string;
    email: string;
    dateOfBirth: string;
    ssn: string;
  };
  idempotencyKey: string;
};

/** A Unit answer we could not use: the partner is down, slow, or refused in a way we did not ask. */
export class UnitUnavailableError extends AppError {
  constructor(reason: string) {
    super(
      'banking_partner_unavailable',
      503,
      'The banking partner is not answering. Try again soon.',
      {
        reason,
      },
    );
  }
}

type Resource = {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data?: { id?: string } | null }>;
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0));
const rel = (resource: Resource, name: string) => resource.relationships?.[name]?.data?.id ?? null;

function toApplication(r: Resource): UnitApplication {
  return {
    id: r.id,
    status: text(r.attributes.status),
    customerId: rel(r, 'customer'),
    decisionReason:
      typeof r.attributes.decisionReason === 'string' ? r.attributes.decisionReason : null,
  };
}
function toAccount(r: Resource): UnitAccount {
  return {
    id: r.id,
    customerId: rel(r, 'customer') ?? '',
    accountNumber: text(r.attributes.accountNumber),
    routingNumber: text(r.attributes.routingNumber),
    balance: num(r.attributes.balance),
    available: num(r.attributes.available),
    hold: num(r.attributes.hold),
    status: text(r.attributes.status),
  };
}
export function toPayment(r: Resource): UnitPayment {
  return {
    id: r.id,
    type: r.type === 'achPayment' ? 'achPayment' : 'bookPayment',
    status: text(r.attributes.status),
    reason: typeof r.attributes.reason === 'string' ? r.attributes.reason : null,
    amount: num(r.attributes.amount),
    direction: text(r.attributes.direction),
    accountId: rel(r, 'account') ?? '',
    createdAt: text(r.attributes.createdAt),
  };
}
function toTransaction(r: Resource): UnitTransaction {
  return {
    id: r.id,
    type: r.type,
    accountId: rel(r, 'account') ?? '',
    paymentId: rel(r, 'payment'),
    amount: num(r.attributes.amount),
    direction: r.attributes.direction === 'Debit' ? 'Debit' : 'Credit',
    balance: num(r.attributes.balance),
    summary: text(r.attributes.summary),
    createdAt: text(r.attributes.createdAt),
    authorizationId: rel(r, 'authorization'),
  };
}

function toCard(r: Resource): UnitCard {
  return {
    id: r.id,
    type: r.type === 'individualDebitCard' ? 'individualDebitCard' : 'individualVirtualDebitCard',
    status: text(r.attributes.status),
    last4: text(r.attributes.last4Digits),
    expirationDate: text(r.attributes.expirationDate),
    accountId: rel(r, 'account') ?? '',
  };
}

export function createUnitClient(settings: UnitSettings) {
  const http = axios.create({ timeout: settings.timeoutMs ?? 10_000 });
  // The SDK fixes its base path when built; the fake's port is known only once the server listens.
  let sdk: { url: string; unit: Unit } | null = null;
  const unit = () => {
    const url = settings.baseUrl();
    if (sdk?.url !== url) sdk = { url, unit: new Unit(settings.token, url, { axios: http }) };
    return sdk.unit;
  };
  const headers = {
    authorization: `Bearer ${settings.token}`,
    'content-type': 'application/vnd.api+json',
  };
  /**
   * Unit's answer to `name` read through the schema written from Unit's published description:
   * another status than the documented one, or another shape, is logged and the partner counts
   * as unavailable (never a half-read answer).
   */
  function read<K extends UnitAnswerName>(
    name: K,
    answer: unknown,
    status?: number,
  ): UnitAnswer<K> {
    const documented = UNIT_ANSWERS[name];
    const where = { vendor: 'unit', call: name, log: settings.log };
    if (status !== undefined && status !== documented.status) {
      settings.log?.error(
        { ...where, status, documented: documented.status },
        'vendor answer does not match its published API description',
      );
      throw new UnitUnavailableError('answer_not_as_documented');
    }
    return parseVendorAnswer(
      documented.schema as z.ZodType<UnitAnswer<K>>,
      answer,
      where,
      (reason) => new UnitUnavailableError(reason),
    );
  }
  /** A documented REST call the SDK lacks, with the SDK's headers, its answer read as `name`. */
  async function rest<K extends UnitAnswerName>(
    name: K,
    method: 'get' | 'post' | 'patch' | 'put',
    path: string,
    body?: unknown,
    bearer?: string,
  ): Promise<UnitAnswer<K>> {
    const response = await http.request({
      method,
      url: `${settings.baseUrl()}${path}`,
      headers: bearer ? { ...headers, authorization: `Bearer ${bearer}` } : headers,
      ...(body === undefined ? {} : { data: body }),
    });
    return read(name, response.data, response.status);
  }
  /** Runs a Unit call; transport failures and Unit's 5xx become UnitUnavailableError. */
  async function call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof UnitUnavailableError) throw error;
      const e = error as {
        isUnitError?: boolean;
        errors?: { status?: string; title?: string }[];
        message?: string;
        response?: { status?: number };
      };
      const status = Number(e.errors?.[0]?.status ?? e.response?.status ?? 0);
      if (status >= 400 && status < 500 && status !== 429) {
        throw new UnitRefusal(status, e.errors?.[0]?.title ?? e.message ?? 'Refused');
      }
      throw new UnitUnavailableError(status ? `http_${status}` : 'unreachable');
    }
  }

  async function createCustomerToken(customerId: string, scope: string, expiresIn: number) {
    const request: CreateTokenRequest = {
      type: 'customerToken',
      attributes: { scope, expiresIn },
    };
    const answer = read(
      'createCustomerToken',
      await call(() => unit().customerToken.createToken(customerId, request)),
    );
    return { token: answer.data.attributes.token, expiresIn: answer.data.attributes.expiresIn };
  }

  return {
    async createApplication(applicant: UnitApplicant): Promise<UnitApplication> {
      const request: CreateIndividualApplicationRequest = {
        type: 'individualApplication',
        attributes: {
          fullName: { first: applicant.firstName, last: applicant.lastName },
          dateOfBirth: applicant.dateOfBirth,
          email: applicant.email,
          phone: applicant.phone,
          address: applicant.address,
          idempotencyKey: applicant.idempotencyKey,
          tags: { pagoUserId: applicant.userId },
        },
      };
      const answer = read(
        'createApplication',
        await call(() => unit().applications.create(request)),
      );
      return toApplication(answer.data as Resource);
    },

    /** A business application (Pago's own omnibus customer); Unit decides it like any other. */
    async createBusinessApplication(applicant: UnitBusinessApplicant): Promise<UnitApplication> {
      const { officer } = applicant;
      const person = {
        fullName: { first: officer.firstName, last: officer.lastName },
        email: officer.email,
        phone: applicant.phone,
      };
      const owner = {
        ...person,
        dateOfBirth: officer.dateOfBirth,
        address: applicant.address,
        ssn: officer.ssn,
      };
      const request: CreateBusinessApplicationRequest = {
        type: 'businessApplication',
        attributes: {
          name: applicant.name,
          address: applicant.address,
          phone: applicant.phone,
          stateOfIncorporation: applicant.stateOfIncorporation,
          ein: applicant.ein,
          entityType: 'Corporation',
          contact: person,
          officer: { ...owner, title: 'CEO' },
          beneficialOwners: [owner],
          idempotencyKey: applicant.idempotencyKey,
          tags: { pago: 'omnibus' },
        },
      };
      const answer = read(
        'createApplication',
        await call(() => unit().applications.create(request)),
      );
      return toApplication(answer.data as Resource);
    },

    /**
     * Unit's sandbox-only "simulate incoming ACH payment" (`POST /sandbox/payments`): money
     * arrives on an account from outside. Sandbox mode only (Unit's live API has no such call).
     */
    async simulateIncomingAch(accountId: string, amount: number, description: string) {
      const answer = await call(() =>
        rest('simulateIncomingAch', 'post', '/sandbox/payments', {
          data: {
            type: 'achPayment',
            attributes: { amount, direction: 'Credit', description: description.slice(0, 50) },
            relationships: { account: { data: { type: 'depositAccount', id: accountId } } },
          },
        }),
      );
      return toPayment(answer.data as Resource);
    },

    async getApplication(id: string): Promise<UnitApplication> {
      const answer = read('getApplication', await call(() => unit().applications.get(id)));
      return toApplication(answer.data as Resource);
    },

    async createDepositAccount(customerId: string, idempotencyKey: string): Promise<UnitAccount> {
      const request: CreateDepositAccountRequest = {
        type: 'depositAccount',
        attributes: { depositProduct: 'checking', idempotencyKey },
        relationships: { customer: { data: { type: 'customer', id: customerId } } },
      };
      const answer = read('createAccount', await call(() => unit().accounts.create(request)));
      return toAccount(answer.data as Resource);
    },

    async getAccount(id: string): Promise<UnitAccount> {
      const answer = read('getAccount', await call(() => unit().accounts.get(id)));
      return toAccount(answer.data as Resource);
    },

    /** Money between two Unit deposit accounts (ours: two Pago customers). */
    async createBookPayment(input: {
      accountId: string;
      counterpartyAccountId: string;
      amount: number;
      description: string;
      idempotencyKey: string;
      transferId: string;
    }): Promise<UnitPayment> {
      const request: CreateBookPaymentRequest = {
        type: 'bookPayment',
        attributes: {
          amount: input.amount,
          // Unit: 1–80 characters.
          description: (input.description || 'Pago').slice(0, 80),
          idempotencyKey: input.idempotencyKey,
          tags: { pagoTransferId: input.transferId },
        },
        relationships: {
          account: { data: { type: 'depositAccount', id: input.accountId } },
          counterpartyAccount: {
            data: { type: 'depositAccount', id: input.counterpartyAccountId },
          },
        },
      };
      const answer = read('createPayment', await call(() => unit().payments.create(request)));
      return toPayment(answer.data as Resource);
    },

    /** ACH to or from a counterparty (Credit: money leaves the account; Debit: money comes in). */
    async createAchPayment(input: {
      accountId: string;
      counterpartyId: string;
      amount: number;
      direction: 'Credit' | 'Debit';
      description: string;
      idempotencyKey: string;
      /** Unit's Same Day ACH: settles the same business day (a Credit's "instant"). */
      sameDay?: boolean;
    }): Promise<UnitPayment> {
      const answer = await call(() =>
        rest('createPayment', 'post', '/payments', {
          data: {
            type: 'achPayment',
            attributes: {
              amount: input.amount,
              direction: input.direction,
              // Unit: 1–10 characters, on the bank statement.
              description: (input.description || 'Pago').slice(0, 10),
              idempotencyKey: input.idempotencyKey,
              ...(input.sameDay ? { sameDay: true } : {}),
            },
            relationships: {
              account: { data: { type: 'depositAccount', id: input.accountId } },
              counterparty: { data: { type: 'counterparty', id: input.counterpartyId } },
            },
          },
        }),
      );
      return toPayment(answer.data as Resource);
    },

    async getPayment(id: string): Promise<UnitPayment> {
      const answer = await call(() =>
        rest('getPayment', 'get', `/payments/${encodeURIComponent(id)}`),
      );
      return toPayment(answer.data as Resource);
    },

    /** One transaction of an account (`GET /accounts/{accountId}/transactions/{id}`). */
    async getTransaction(accountId: string, transactionId: string): Promise<UnitTransaction> {
      const answer = await call(() =>
        rest(
          'getTransaction',
          'get',
          `/accounts/${encodeURIComponent(accountId)}/transactions/${encodeURIComponent(transactionId)}`,
        ),
      );
      return toTransaction(answer.data as Resource);
    },

    /** A card authorization in any status (`includeNonAuthorized`: canceled and completed too). */
    async getAuthorization(id: string): Promise<UnitAuthorization> {
      const answer = await call(() =>
        rest(
          'getAuthorization',
          'get',
          `/authorizations/${encodeURIComponent(id)}?includeNonAuthorized=true`,
        ),
      );
      const r = answer.data as Resource;
      return {
        id: r.id,
        status: text(r.attributes.status),
        amount: num(r.attributes.amount),
        accountId: rel(r, 'account') ?? '',
        cardId: rel(r, 'card') ?? '',
      };
    },

    /** A counterparty whose account Unit reads from Plaid (`/processor/token/create` for Unit). */
    async createCounterpartyFromPlaid(input: {
      customerId: string;
      plaidProcessorToken: string;
      name: string;
      idempotencyKey: string;
    }): Promise<UnitCounterparty> {
      const answer = await call(() =>
        rest('createCounterparty', 'post', '/counterparties', {
          data: {
            type: 'achCounterparty',
            attributes: {
              name: input.name.slice(0, 50),
              plaidProcessorToken: input.plaidProcessorToken,
              type: 'Person',
              permissions: 'CreditAndDebit',
              idempotencyKey: input.idempotencyKey,
            },
            relationships: { customer: { data: { type: 'customer', id: input.customerId } } },
          },
        }),
      );
      const r = answer.data as Resource;
      return {
        id: r.id,
        customerId: rel(r, 'customer') ?? '',
        name: text(r.attributes.name),
        accountLast4: text(r.attributes.accountNumber).slice(-4),
      };
    },

    /** A customer bearer token for the banking panel: `scope` only, `expiresIn` seconds. */
    createCustomerToken,

    /** An account's transactions, newest first, paged by offset. */
    async listTransactions(accountId: string, page: { limit: number; offset: number }) {
      const answer = await call(() =>
        rest(
          'listTransactions',
          'get',
          `/transactions?filter[accountId]=${encodeURIComponent(accountId)}&page[limit]=${page.limit}&page[offset]=${page.offset}`,
        ),
      );
      const rows = answer.data as Resource[];
      return {
        transactions: rows.map(toTransaction),
        total: answer.meta?.pagination?.total ?? rows.length,
      };
    },

    /** The monthly statements Unit has for an account (`period` "2026-11": that month's only), newest first. */
    async listStatements(accountId: string, period?: string): Promise<UnitStatement[]> {
      const answer = read(
        'listStatements',
        await call(() =>
          unit().statements.list({
            accountId,
            sort: '-period',
            limit: 100,
            offset: 0,
            ...(period ? { period } : {}),
          }),
        ),
      );
      return (answer.data as Resource[]).map((r) => ({
        id: r.id,
        period: text(r.attributes.period),
      }));
    },

    /**
     * A statement as Unit renders it, a PDF in English or Spanish (`GET /statements/{id}/pdf`).
     * Documented REST on the same axios instance: the SDK hands the PDF back as a string.
     */
    async statementPdf(statementId: string, customerId: string, language: 'en' | 'es') {
      const response = await call(() =>
        http.get<ArrayBuffer>(
          `${settings.baseUrl()}/statements/${encodeURIComponent(statementId)}/pdf`,
          {
            headers: { authorization: headers.authorization },
            params: { 'filter[customerId]': customerId, language },
            responseType: 'arraybuffer',
          },
        ),
      );
      return Buffer.from(response.data);
    },

    /**
     * A debit card on the customer's deposit account (`POST /cards`): virtual, Active at once;
     * physical, Inactive and shipped to `shippingAddress`. The key makes a retry the same card.
     */
    async createCard(input: {
      type: 'individualDebitCard' | 'individualVirtualDebitCard';
      accountId: string;
      idempotencyKey: string;
      limits: { dailyPurchase: number; dailyWithdrawal: number };
      shippingAddress?: UnitAddress;
      tags: Record<string, string>;
    }): Promise<UnitCard> {
      const answer = await call(() =>
        rest('createCard', 'post', '/cards', {
          data: {
            type: input.type,
            attributes: {
              idempotencyKey: input.idempotencyKey,
              limits: input.limits,
              tags: input.tags,
              ...(input.shippingAddress ? { shippingAddress: input.shippingAddress } : {}),
            },
            relationships: { account: { data: { type: 'depositAccount', id: input.accountId } } },
          },
        }),
      );
      return toCard(answer.data as Resource);
    },

    /** Unit's status changes of a card: freeze, unfreeze, report-lost, report-stolen, close. */
    async cardAction(
      cardId: string,
      action: 'freeze' | 'unfreeze' | 'report-lost' | 'report-stolen' | 'close',
    ): Promise<UnitCard> {
      const answer = await call(() =>
        rest('cardAction', 'post', `/cards/${encodeURIComponent(cardId)}/${action}`, {}),
      );
      return toCard(answer.data as Resource);
    },

    /** The card's daily limits at Unit (`PATCH /cards/{id}`, cents). */
    async updateCardLimits(
      cardId: string,
      type: UnitCard['type'],
      limits: { dailyPurchase: number; dailyWithdrawal: number },
    ): Promise<UnitCard> {
      const answer = await call(() =>
        rest('updateCard', 'patch', `/cards/${encodeURIComponent(cardId)}`, {
          data: { type, attributes: { limits } },
        }),
      );
      return toCard(answer.data as Resource);
    },

    /**
     * The full number and CVV, read from Unit's secure-data endpoints with a customer token of
     * scope `cards-sensitive` that lives one minute. Sandbox mode only: in live mode Unit shows
     * them in the browser through its secure reveal, and Pago's server never sees them.
     */
    async revealCard(cardId: string, customerId: string): Promise<{ pan: string; cvv: string }> {
      const { token } = await createCustomerToken(customerId, 'cards-sensitive', 60);
      const path = `/cards/${encodeURIComponent(cardId)}/secure-data`;
      const [pan, cvv] = await Promise.all([
        call(() => rest('cardPan', 'get', `${path}/pan`, undefined, token)),
        call(() => rest('cardCvv', 'get', `${path}/cvv`, undefined, token)),
      ]);
      return { pan: text(pan.data.attributes.pan), cvv: text(cvv.data.attributes.cvv) };
    },

    /** Sets the card's PIN at Unit's secure-data endpoint (scope `cards-sensitive-write`). */
    async setCardPin(cardId: string, customerId: string, pin: string): Promise<void> {
      const { token } = await createCustomerToken(customerId, 'cards-sensitive-write', 60);
      await call(() =>
        rest(
          'setCardPin',
          'put',
          `/cards/${encodeURIComponent(cardId)}/secure-data/pin`,
          { data: { type: 'setPin', attributes: { pin } } },
          token,
        ),
      );
    },

    /** Unit's sandbox-only activation of a physical card (`POST /sandbox/cards/{id}/activate`). */
    async activateCardInSandbox(cardId: string): Promise<UnitCard> {
      const answer = await call(() =>
        rest('activateCard', 'post', `/sandbox/cards/${encodeURIComponent(cardId)}/activate`, {}),
      );
      return toCard(answer.data as Resource);
    },

    /** Payments of one account (reconciliation), newest first. */
    async listPayments(accountId: string, page: { limit: number; offset: number }) {
      const answer = await call(() =>
        rest(
          'listPayments',
          'get',
          `/payments?filter[accountId]=${encodeURIComponent(accountId)}&page[limit]=${page.limit}&page[offset]=${page.offset}`,
        ),
      );
      return (answer.data as Resource[]).map(toPayment);
    },
  };
}

/** Unit answered 4xx: what we asked is refused (not a failure to retry). */
export class UnitRefusal extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
  ) {
    super(`Unit refused (${status}): ${title}`);
  }
}

export type UnitClient = ReturnType<typeof createUnitClient>;

import { type CreateTokenRequest, Unit } from '@unit-finance/unit-node-sdk';
import axios from 'axios';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { parseVendorAnswer } from '../vendor-answer';
import { UNIT_ANSWERS } from './unit-schemas';
import type {
  UnitAccount,
  UnitApplication,
  UnitCard,
  UnitPayment,
  UnitSettings,
  UnitTransaction,
} from './unit-types';

/**
 * How the Unit client talks to Unit: the SDK and the same axios instance for documented REST,
 * every answer read through the schema of Unit's published description, failures sorted into
 * unavailable (retry) and refused (4xx); and the JSON:API resources turned into our types.
 */
type UnitAnswers = typeof UNIT_ANSWERS;
export type UnitAnswerName = {
  [K in keyof UnitAnswers]: UnitAnswers[K]['schema'] extends null ? never : K;
}[keyof UnitAnswers];
type UnitAnswer<K extends UnitAnswerName> = z.infer<NonNullable<UnitAnswers[K]['schema']>>;

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

/** Unit answered 4xx: what we asked is refused (not a failure to retry). */
export class UnitRefusal extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
  ) {
    super(`Unit refused (${status}): ${title}`);
  }
}

export type Resource = {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data?: { id?: string } | null }>;
};

export const text = (value: unknown) => (typeof value === 'string' ? value : '');
export const num = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0));
export const rel = (resource: Resource, name: string) =>
  resource.relationships?.[name]?.data?.id ?? null;

export function toApplication(r: Resource): UnitApplication {
  return {
    id: r.id,
    status: text(r.attributes.status),
    customerId: rel(r, 'customer'),
    decisionReason:
      typeof r.attributes.decisionReason === 'string' ? r.attributes.decisionReason : null,
  };
}
export function toAccount(r: Resource): UnitAccount {
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
export function toTransaction(r: Resource): UnitTransaction {
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

export function toCard(r: Resource): UnitCard {
  return {
    id: r.id,
    type: r.type === 'individualDebitCard' ? 'individualDebitCard' : 'individualVirtualDebitCard',
    status: text(r.attributes.status),
    last4: text(r.attributes.last4Digits),
    expirationDate: text(r.attributes.expirationDate),
    accountId: rel(r, 'account') ?? '',
  };
}

/** The transport one Unit client shares between its resources (unit-*.ts). */
export function createUnitTransport(settings: UnitSettings) {
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
      // The SDK wraps an HTTP answer in a UnitError whose `errors` are Unit's own, when the body
      // has them; the answer's status is on the axios error it wraps (`underlying`). No status at
      // all is a call that never got an answer.
      const e = error as {
        isUnitError?: boolean;
        errors?: { status?: string; title?: string }[];
        message?: string;
        response?: { status?: number };
        underlying?: { response?: { status?: number } };
      };
      const status = Number(
        e.errors?.[0]?.status ?? e.response?.status ?? e.underlying?.response?.status ?? 0,
      );
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

  return { settings, http, unit, headers, read, rest, call, createCustomerToken };
}

export type UnitTransport = ReturnType<typeof createUnitTransport>;

import type { ProcessorTokenCreateRequestProcessorEnum, Products } from 'plaid';
import { AppError } from '../../lib/app-error';
import {
  linkTokenBase,
  type PlaidClientSettings,
  plaidClient,
  plaidErrorOf,
  readPlaid,
} from './plaid-client';

/** An account of a linked item as Plaid describes it (Auth confirmed it has ACH numbers). */
export type PlaidBankAccount = {
  accountId: string;
  name: string;
  officialName: string | null;
  mask: string | null;
  type: string;
  subtype: string | null;
};

export type PlaidBalance = {
  availableCents: number | null;
  currentCents: number | null;
  currency: string | null;
};

/**
 * Plaid said no with one of its documented error codes (INVALID_PUBLIC_TOKEN,
 * ITEM_LOGIN_REQUIRED, INVALID_ACCESS_TOKEN, …); the caller decides what it means for the user.
 */
export class PlaidApiError extends Error {
  constructor(readonly errorCode: string) {
    super(`Plaid error ${errorCode}`);
  }
}

/**
 * Plaid's JSON numbers are decimal dollars (110.5). Read through their shortest decimal text,
 * never multiplied as floats: "110.5" → 11050 cents; a third decimal rounds half up.
 */
export function dollarsToCents(value: number | null | undefined): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(String(value));
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match as unknown as [string, string, string, string?];
  const digits = `${fraction}000`;
  const cents = Number(whole) * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
  return sign === '-' ? -cents : cents;
}

/**
 * Plaid Auth and Balance through Plaid's own SDK: Link tokens for linking a bank, the public
 * token exchange, the item's accounts and ACH coverage (/accounts/get + /auth/get, whose account
 * numbers we never keep), live balances, unlinking, and processor tokens for the banking partner.
 */
export function createPlaidBanking(settings: PlaidClientSettings) {
  const client = plaidClient(settings);
  const read = <E extends Parameters<typeof readPlaid>[1]>(endpoint: E, answer: unknown) =>
    readPlaid(settings, endpoint, answer, (reason) => unavailable(reason));

  return {
    /** A Link token for linking a bank; with an access token, Link's update mode for that item. */
    async createLinkToken(input: {
      userId: string;
      language: 'es' | 'en';
      webhook: string;
      accessToken?: string;
    }): Promise<string> {
      const { data: answer } = await call(async () =>
        (await client()).linkTokenCreate({
          ...linkTokenBase(input),
          // Update mode names the item and no products (Plaid refuses both at once).
          ...(input.accessToken
            ? { access_token: input.accessToken }
            : { products: ['auth' as Products] }),
          webhook: input.webhook,
        }),
      );
      return read('/link/token/create', answer).link_token;
    },

    async exchangePublicToken(publicToken: string) {
      const { data: answer } = await call(async () =>
        (await client()).itemPublicTokenExchange({ public_token: publicToken }),
      );
      const data = read('/item/public_token/exchange', answer);
      return { accessToken: data.access_token, itemId: data.item_id };
    },

    /** The item's accounts that Auth covers (an ACH account and routing number exist). */
    async getAccounts(accessToken: string) {
      const api = await client();
      const listed = read(
        '/accounts/get',
        (await call(() => api.accountsGet({ access_token: accessToken }))).data,
      );
      const auth = read(
        '/auth/get',
        (await call(() => api.authGet({ access_token: accessToken }))).data,
      );
      const withNumbers = new Set(auth.numbers.ach.map((numbers) => numbers.account_id));
      const accounts: PlaidBankAccount[] = listed.accounts
        .filter((account) => withNumbers.has(account.account_id))
        .map((account) => ({
          accountId: account.account_id,
          name: account.name,
          officialName: account.official_name ?? null,
          mask: account.mask ?? null,
          type: String(account.type),
          subtype: account.subtype ? String(account.subtype) : null,
        }));
      return {
        itemId: listed.item.item_id,
        institutionId: listed.item.institution_id ?? null,
        accounts,
      };
    },

    /** Balances asked of the bank now (/accounts/balance/get), by Plaid account id. */
    async getBalances(accessToken: string, accountIds: string[]) {
      const { data: answer } = await call(async () =>
        (await client()).accountsBalanceGet({
          access_token: accessToken,
          options: { account_ids: accountIds },
        }),
      );
      const data = read('/accounts/balance/get', answer);
      return new Map<string, PlaidBalance>(
        data.accounts.map((account) => [
          account.account_id,
          {
            availableCents: dollarsToCents(account.balances.available),
            currentCents: dollarsToCents(account.balances.current),
            currency: account.balances.iso_currency_code ?? null,
          },
        ]),
      );
    },

    async removeItem(accessToken: string): Promise<void> {
      const { data: answer } = await call(async () =>
        (await client()).itemRemove({ access_token: accessToken }),
      );
      read('/item/remove', answer);
    },

    /** A processor token for one account, for the banking partner (Unit) to debit or credit it. */
    async createProcessorToken(accessToken: string, accountId: string): Promise<string> {
      const { data: answer } = await call(async () =>
        (await client()).processorTokenCreate({
          access_token: accessToken,
          account_id: accountId,
          processor: 'unit' as ProcessorTokenCreateRequestProcessorEnum,
        }),
      );
      return read('/processor/token/create', answer).processor_token;
    },
  };
}
export type PlaidBanking = ReturnType<typeof createPlaidBanking>;

/** Plaid's documented errors reach the caller as PlaidApiError; no answer at all is a 502. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    const plaid = plaidErrorOf(error);
    if (plaid?.errorCode) throw new PlaidApiError(plaid.errorCode);
    if (plaid) throw unavailable(plaid.transportCode ?? 'unknown');
    throw error;
  }
}

/** Plaid could not be used: no answer, or one that is not what Plaid documents. */
function unavailable(vendorCode: string) {
  return new AppError(
    'bank_provider_unavailable',
    502,
    'We could not reach the bank right now. Please try again.',
    { provider: 'plaid', vendorCode },
  );
}

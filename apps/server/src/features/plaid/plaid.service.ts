import type {
  LinkedBankAccount,
  PlaidBalanceResponse,
  PlaidExchangeTokenBody,
  PlaidExchangeTokenResponse,
  PlaidLinkTokenResponse,
} from '@pago/shared/contracts/plaid';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { unavailableInLiveMode } from '../../lib/live-mode';
import {
  PlaidApiError,
  type PlaidBankAccount,
  type PlaidBanking,
} from '../../providers/plaid/plaid-banking';
import {
  createKeyCache,
  type PlaidWebhookKey,
  sha256Hex,
  verifyPlaidWebhook,
} from '../identity/webhook-signatures';
import {
  accountsOfItem,
  applyItemStatus,
  deleteItem,
  getAccount,
  getItem,
  getItemByPlaidId,
  listAccounts,
  type PlaidAccountRow,
  type PlaidItemRow,
  saveItem,
  setItemStatus,
  upsertAccounts,
} from './plaid.repository';
import { decryptAccessToken, encryptAccessToken } from './token-crypto';

type Deps = {
  db: Database;
  /** null: live mode without Plaid's settings, where linking a bank is refused. */
  plaid: PlaidBanking | null;
  /** PLAID_TOKEN_KEY: the AES-256 key access tokens are sealed with (null without Plaid). */
  tokenKey: Buffer | null;
  /** Plaid Link's loader script for the browser (PLAID_LINK_SCRIPT_URL or the fake's). */
  linkScriptUrl: string;
  /** Where Plaid sends this server's item webhooks (PUBLIC_URL + /api/plaid/webhook). */
  webhookUrl: () => string;
  /** Plaid's webhook keys by kid (/webhook_verification_key/get). */
  webhookKey: (kid: string) => Promise<PlaidWebhookKey | null>;
  language: (userId: string) => Promise<'es' | 'en'>;
  clock?: () => Date;
};

/** Plaid codes that mean the user must sign in to the bank again through Link. */
const LOGIN_REQUIRED_CODES = new Set([
  'ITEM_LOGIN_REQUIRED',
  'PENDING_EXPIRATION',
  'PENDING_DISCONNECT',
  'USER_PERMISSION_REVOKED',
  'USER_ACCOUNT_REVOKED',
  'ACCESS_NOT_GRANTED',
]);

function notFound(what: string): AppError {
  return new AppError('not_found', 404, `${what} not found`);
}

function toLinkedAccount(row: PlaidAccountRow): LinkedBankAccount {
  return {
    id: row.id,
    itemId: row.item_id,
    institution: row.institution_name,
    institutionId: row.institution_id,
    name: row.name,
    officialName: row.official_name,
    mask: row.mask,
    type: row.type,
    subtype: row.subtype,
    status: row.status,
    linkedAt: row.created_at.toISOString(),
  };
}

function toNewAccount(account: PlaidBankAccount) {
  return {
    account_id: account.accountId,
    name: account.name,
    official_name: account.officialName,
    mask: account.mask,
    type: account.type,
    subtype: account.subtype,
  };
}

function parseJsonObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // Answered below as one bad request.
  }
  throw new AppError('bad_request', 400, 'The webhook body is not a JSON object');
}

/**
 * Linking banks through Plaid: Link tokens, the public token exchange (the item and the accounts
 * Auth covers, access token sealed), balances, unlinking, item webhooks, and processor tokens
 * for the banking partner. Every account and item is looked up with its owner: another user's
 * id is not found.
 */
export function createPlaid({
  db,
  plaid: plaidClient,
  tokenKey: configuredKey,
  linkScriptUrl,
  webhookUrl,
  webhookKey,
  language,
  clock = () => new Date(),
}: Deps) {
  // Live mode without Plaid refuses every call that needs it (503), on its own.
  const vendor = () => {
    if (!plaidClient || !configuredKey) throw unavailableInLiveMode('linkedBanks');
    return { plaid: plaidClient, tokenKey: configuredKey };
  };
  const keys = createKeyCache(webhookKey, clock);
  const accessTokenOf = (item: PlaidItemRow) =>
    decryptAccessToken(vendor().tokenKey, item.item_id, item.access_token_encrypted);

  /** Plaid's answer for an item, with its meaning for the user; the item's state kept in step. */
  async function itemFailure(item: PlaidItemRow, error: PlaidApiError): Promise<AppError> {
    if (LOGIN_REQUIRED_CODES.has(error.errorCode)) {
      await setItemStatus(db, item.id, 'login_required', error.errorCode);
      return new AppError(
        'bank_login_required',
        409,
        'The bank needs the user to sign in again through Link.',
        { vendorCode: error.errorCode },
      );
    }
    return new AppError('bank_provider_unavailable', 502, 'The bank could not be reached.', {
      vendorCode: error.errorCode,
    });
  }

  async function ownAccount(userId: string, accountId: string) {
    const account = isUuid(accountId) ? await getAccount(db, userId, accountId) : undefined;
    if (!account) throw notFound('Bank account');
    const item = await getItem(db, userId, account.item_id);
    if (!item) throw notFound('Bank account');
    return { account, item };
  }

  return {
    /** Whether Plaid is configured (live mode may lack it: linking a bank is refused). */
    available: plaidClient !== null,

    /** A Link token; with an itemId of the user's, Link's update mode to sign in to it again. */
    async createLinkToken(
      userId: string,
      body: { language?: 'es' | 'en' | undefined; itemId?: string | undefined },
    ): Promise<PlaidLinkTokenResponse> {
      let accessToken: string | undefined;
      if (body.itemId !== undefined) {
        const item = isUuid(body.itemId) ? await getItem(db, userId, body.itemId) : undefined;
        if (!item) throw notFound('Linked bank');
        accessToken = accessTokenOf(item);
      }
      const linkToken = await vendor().plaid.createLinkToken({
        userId,
        language: body.language ?? (await language(userId)),
        webhook: webhookUrl(),
        ...(accessToken ? { accessToken } : {}),
      });
      return { link_token: linkToken, scriptUrl: linkScriptUrl };
    },

    /**
     * After Link's update mode: asks Plaid for the item's accounts; when the bank answers, the
     * item is good again and its accounts are refreshed. Still refused: 409 bank_login_required.
     */
    async repairItem(userId: string, itemId: string): Promise<LinkedBankAccount[]> {
      const item = isUuid(itemId) ? await getItem(db, userId, itemId) : undefined;
      if (!item) throw notFound('Linked bank');
      try {
        const described = await vendor().plaid.getAccounts(accessTokenOf(item));
        await upsertAccounts(db, item, described.accounts.map(toNewAccount));
      } catch (error) {
        if (error instanceof PlaidApiError) throw await itemFailure(item, error);
        throw error;
      }
      await setItemStatus(db, item.id, 'good', null);
      return (await accountsOfItem(db, item.id)).map(toLinkedAccount);
    },

    async exchangePublicToken(
      userId: string,
      body: PlaidExchangeTokenBody,
    ): Promise<PlaidExchangeTokenResponse> {
      let linked: Awaited<ReturnType<PlaidBanking['exchangePublicToken']>>;
      try {
        linked = await vendor().plaid.exchangePublicToken(body.public_token);
      } catch (error) {
        if (error instanceof PlaidApiError) {
          throw new AppError('bank_link_failed', 400, 'Plaid did not accept this public token.', {
            vendorCode: error.errorCode,
          });
        }
        throw error;
      }
      const existing = await getItemByPlaidId(db, linked.itemId);
      if (existing && existing.user_id !== userId) {
        // A public token is made for one Link session: another user's item is never theirs.
        throw new AppError('bank_link_failed', 400, 'This bank link belongs to another session.');
      }
      let described: Awaited<ReturnType<PlaidBanking['getAccounts']>>;
      try {
        described = await vendor().plaid.getAccounts(linked.accessToken);
      } catch (error) {
        if (error instanceof PlaidApiError) {
          throw new AppError('bank_link_failed', 400, 'Plaid could not describe the accounts.', {
            vendorCode: error.errorCode,
          });
        }
        throw error;
      }
      const itemId = await saveItem(
        db,
        {
          user_id: userId,
          item_id: linked.itemId,
          access_token_encrypted: encryptAccessToken(
            vendor().tokenKey,
            linked.itemId,
            linked.accessToken,
          ),
          institution_id: described.institutionId,
          institution_name: body.institution_name,
        },
        described.accounts.map(toNewAccount),
      );
      return { itemId, accounts: (await accountsOfItem(db, itemId)).map(toLinkedAccount) };
    },

    /** `executor`: the caller's transaction, so a request in one never waits for a 2nd connection. */
    async listAccounts(userId: string, executor: Database = db): Promise<LinkedBankAccount[]> {
      return (await listAccounts(executor, userId)).map(toLinkedAccount);
    },

    async getBalance(userId: string, accountId: string): Promise<PlaidBalanceResponse> {
      const { account, item } = await ownAccount(userId, accountId);
      let balances: Awaited<ReturnType<PlaidBanking['getBalances']>>;
      try {
        balances = await vendor().plaid.getBalances(accessTokenOf(item), [account.account_id]);
      } catch (error) {
        if (error instanceof PlaidApiError) throw await itemFailure(item, error);
        throw error;
      }
      const balance = balances.get(account.account_id);
      if (!balance) throw notFound('Bank account');
      // The bank answered, so the login works again.
      if (item.status !== 'good') await setItemStatus(db, item.id, 'good', null);
      return { accountId: account.id, balance };
    },

    /** Unlinks a bank: Plaid forgets the item (/item/remove), then so do we. */
    async unlinkItem(userId: string, itemId: string): Promise<void> {
      const item = isUuid(itemId) ? await getItem(db, userId, itemId) : undefined;
      if (!item) throw notFound('Linked bank');
      try {
        await vendor().plaid.removeItem(accessTokenOf(item));
      } catch (error) {
        // Already gone at Plaid (removed there, or revoked by the user): ours goes too.
        const gone =
          error instanceof PlaidApiError &&
          ['INVALID_ACCESS_TOKEN', 'ITEM_NOT_FOUND'].includes(error.errorCode);
        if (!gone) throw error instanceof PlaidApiError ? await itemFailure(item, error) : error;
      }
      await deleteItem(db, item.id);
    },

    /**
     * For the banking partner (Unit): a Plaid processor token for one of the user's accounts,
     * which the partner uses to move money by ACH. Another user's account is a 404.
     */
    async processorToken(
      userId: string,
      plaidAccountId: string,
    ): Promise<{ processorToken: string; account: LinkedBankAccount }> {
      const { account, item } = await ownAccount(userId, plaidAccountId);
      try {
        const processorToken = await vendor().plaid.createProcessorToken(
          accessTokenOf(item),
          account.account_id,
        );
        return { processorToken, account: toLinkedAccount(account) };
      } catch (error) {
        if (error instanceof PlaidApiError) throw await itemFailure(item, error);
        throw error;
      }
    },

    /**
     * Plaid's item webhooks, checked against their Plaid-Verification JWT first. ITEM errors that
     * need the user (ITEM_LOGIN_REQUIRED, a pending expiry or disconnect, revoked permission) mark
     * the item login_required; LOGIN_REPAIRED marks it good; AUTH updates re-read the accounts.
     * A delivery is keyed by its signed token, so a replay is applied once.
     */
    async webhook(rawBody: string, verification: string | undefined): Promise<void> {
      if (!(await verifyPlaidWebhook(verification, rawBody, keys.get, clock()))) {
        throw new AppError('invalid_signature', 401, 'Invalid webhook signature');
      }
      const body = parseJsonObject(rawBody);
      if (typeof body.item_id !== 'string') return;
      const item = await getItemByPlaidId(db, body.item_id);
      if (!item) return; // Unlinked since, or not ours: acknowledged so Plaid stops retrying.
      const delivery = sha256Hex(verification ?? '');
      const code = `${String(body.webhook_type)}:${String(body.webhook_code)}`;
      const errorCode = (body.error as { error_code?: unknown } | null | undefined)?.error_code;
      if (code === 'ITEM:ERROR' && typeof errorCode === 'string') {
        const needsUser = LOGIN_REQUIRED_CODES.has(errorCode);
        await applyItemStatus(db, delivery, item.item_id, {
          status: needsUser ? 'login_required' : item.status,
          error_code: errorCode,
        });
      } else if (
        code === 'ITEM:PENDING_EXPIRATION' ||
        code === 'ITEM:PENDING_DISCONNECT' ||
        code === 'ITEM:USER_PERMISSION_REVOKED' ||
        code === 'ITEM:USER_ACCOUNT_REVOKED'
      ) {
        await applyItemStatus(db, delivery, item.item_id, {
          status: 'login_required',
          error_code: String(body.webhook_code),
        });
      } else if (code === 'ITEM:LOGIN_REPAIRED') {
        await applyItemStatus(db, delivery, item.item_id, { status: 'good', error_code: null });
      } else if (code === 'AUTH:DEFAULT_UPDATE' || code === 'AUTH:AUTOMATICALLY_VERIFIED') {
        // Account or routing numbers changed: re-read which accounts Auth covers, as they are now.
        if (!(await applyItemStatus(db, delivery, item.item_id, null))) return;
        try {
          const described = await vendor().plaid.getAccounts(accessTokenOf(item));
          await upsertAccounts(db, item, described.accounts.map(toNewAccount));
        } catch (error) {
          if (error instanceof PlaidApiError) await itemFailure(item, error);
          else throw error;
        }
      }
    },
  };
}
export type PlaidService = ReturnType<typeof createPlaid>;

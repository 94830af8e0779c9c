import type { Payee, PublicUser } from '@pago/shared/contracts/accounts';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { RateLimits } from '../rate-limits/rate-limits.service';
import type { UserRow } from './accounts-profile';
import {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  findUserByUsername,
  findUsersByIds,
} from './users.repository';

/** A person as another person sees them on a transfer or a request. */
export type Party = { userId: string; name: string; username: string; phone: string | null };

/**
 * Money moves under the name a verification proved (the legal name), not the display name the
 * profile may change at will; before any verification, the profile's name.
 */
function partyOf(user: Pick<UserRow, 'id' | 'name' | 'legal_name' | 'username' | 'phone'>): Party {
  return {
    userId: user.id,
    name: user.legal_name ?? user.name,
    username: user.username,
    phone: user.phone,
  };
}

/**
 * How many times one account, and one network (the client address as the app derives it, see
 * TRUST_PROXY), may find out who is behind a phone, a username or an e-mail address — by a
 * look-up, a quote, a send, a request or a bank payment alike, found or not.
 * Someone paying and asking friends uses a few a day; a scraper meets the hour's bound within
 * minutes and the day's soon after. docs/architecture.md explains the sizes.
 */
export const PAYEE_LOOKUP_BUDGET = {
  account: { perHour: 30, perDay: 100 },
  network: { perHour: 100, perDay: 300 },
} as const;

const HOUR_SECONDS = 3600;
const DAY_SECONDS = 24 * HOUR_SECONDS;

/**
 * The budget as rate-limit rules: each key is its prefix and the account's id or the network's
 * address. `transfer_send_batch` reads the same keys (db/functions/transfer_send_batch.sql), so a payment by phone
 * waits once the budget is spent.
 */
export const PAYEE_LOOKUP_RULES = [
  {
    prefix: 'payee-lookup:user:',
    scope: 'account',
    limit: PAYEE_LOOKUP_BUDGET.account.perHour,
    windowSeconds: HOUR_SECONDS,
  },
  {
    prefix: 'payee-lookup:user-day:',
    scope: 'account',
    limit: PAYEE_LOOKUP_BUDGET.account.perDay,
    windowSeconds: DAY_SECONDS,
  },
  {
    prefix: 'payee-lookup:ip:',
    scope: 'network',
    limit: PAYEE_LOOKUP_BUDGET.network.perHour,
    windowSeconds: HOUR_SECONDS,
  },
  {
    prefix: 'payee-lookup:ip-day:',
    scope: 'network',
    limit: PAYEE_LOOKUP_BUDGET.network.perDay,
    windowSeconds: DAY_SECONDS,
  },
] as const;

type Deps = { db: Database; rateLimits: RateLimits };

/** Finding people: whom to pay or ask, within the payee look-up budget, and how they read. */
export function createPeople({ db, rateLimits }: Deps) {
  async function takePayeeLookup(userId: string, ip: string): Promise<void> {
    const message = 'Too many look-ups of people to pay. Try again later.';
    try {
      await rateLimits.takeAll(
        PAYEE_LOOKUP_RULES.map((rule) => ({
          key: `${rule.prefix}${rule.scope === 'account' ? userId : ip}`,
          limit: rule.limit,
          windowSeconds: rule.windowSeconds,
          message,
        })),
      );
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'rate_limited') throw error;
      throw new AppError('lookup_limit_reached', 429, message, error.details);
    }
  }

  return {
    /** A Pago user by E.164 phone, username (any case) or e-mail, for paying and requesting. */
    async findRecipient(
      by: { phone?: string; username?: string; email?: string },
      executor: Database = db,
    ): Promise<Party | null> {
      const user = by.phone
        ? await findUserByPhone(executor, by.phone)
        : by.username
          ? await findUserByUsername(executor, by.username)
          : by.email
            ? await findUserByEmail(executor, by.email.toLowerCase())
            : undefined;
      // A closed account receives nothing (features/account-rights).
      return user && !user.closed_at ? partyOf(user) : null;
    },

    /** Inside a transaction pass it as `executor`: a second pool connection could starve the pool. */
    async parties(ids: string[], executor: Database = db): Promise<Map<string, Party>> {
      const rows = await findUsersByIds(executor, [...new Set(ids)]);
      return new Map(rows.map((u) => [u.id, partyOf(u)]));
    },

    /**
     * Takes one from the look-up budget of the account and of the network (PAYEE_LOOKUP_BUDGET),
     * before a phone, a username or an e-mail address is resolved to a person: else 429
     * `lookup_limit_reached` with `retryAfterSeconds` (the Retry-After header).
     */
    takePayeeLookup,

    /**
     * Whom a payer means: a user who can be paid — one with a verified phone — by
     * username or that phone, showing only what the payment screen shows. Anyone else is 404, alike.
     */
    async findPayee(
      userId: string,
      ip: string,
      by: { username?: string; phone?: string },
    ): Promise<Payee> {
      await takePayeeLookup(userId, ip);
      const user = by.phone
        ? await findUserByPhone(db, by.phone)
        : by.username
          ? await findUserByUsername(db, by.username)
          : undefined;
      if (!user?.phone_verified || user.closed_at)
        throw new AppError('not_found', 404, 'No Pago user to pay here.');
      return { name: user.name, username: user.username };
    },

    /** What the payment screen shows of a person found by phone or username: name and @username. */
    async payeeOf(userId: string, executor: Database = db): Promise<Payee> {
      const user = await findUserById(executor, userId);
      if (!user) throw new AppError('not_found', 404, 'No Pago user to pay here.');
      return { name: user.name, username: user.username };
    },

    async getPublicUser(id: string): Promise<PublicUser> {
      const user = isUuid(id) ? await findUserById(db, id) : undefined;
      if (!user) throw new AppError('not_found', 404, 'No user with this id.');
      return { _id: user.id, name: user.name, username: user.username };
    },
  };
}

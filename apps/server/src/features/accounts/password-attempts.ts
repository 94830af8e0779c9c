import type { RateLimits } from '../rate-limits/rate-limits.service';
import { verifyDummyPassword, verifyPassword } from './passwords';

/**
 * Wrong passwords one network may try at one account (the tight lock): the attacker's network is
 * stopped, the owner's is not (docs/security.md, "Password attempts and lockout").
 */
export const NETWORK_ACCOUNT_FAILURES = { limit: 5, windowSeconds: 15 * 60 };
/**
 * Wrong passwords from one network, whichever accounts it tries (credential stuffing): for the
 * checks a stranger can make (sign-in, the link step), not a signed-in user's re-entry of their own.
 */
export const NETWORK_FAILURES = { limit: 5, windowSeconds: 15 * 60 };
/**
 * Wrong passwords at one account from every network together: a back-off that grows, an hour
 * after 20, a day after 60. It stops guessing spread over many networks; the owner passes it with
 * a sign-in link sent to the account's e-mail.
 */
export const ACCOUNT_FAILURES = [
  { limit: 20, windowSeconds: 60 * 60 },
  { limit: 60, windowSeconds: 24 * 60 * 60 },
] as const;

export const ACCOUNT_LOCKED_MESSAGE =
  'Too many failed attempts on this account. Try again later, or sign in with a link sent to your e-mail.';

/**
 * The account whose password is checked: its id (or, for a sign-in with an unknown username, the
 * name typed, so that it is limited alike and tells nothing) and its password hash (null: none).
 */
export type PasswordAccount = { key: string; passwordHash: string | null };

/**
 * Every check of a password (sign-in, the external sign-in's link step, re-entry of the password
 * for sensitive actions) goes through `check`, so all of them draw on one budget per account.
 * Each attempt takes its place in every window, atomically, before the hash is computed; a
 * parallel burst therefore checks at most the smallest budget's worth of passwords. A right
 * password gives its places back (the limits count failures).
 */
export function createPasswordAttempts(rateLimits: RateLimits) {
  const networkAccountKey = (account: string, ip: string) => `password-fail:${account}:ip:${ip}`;

  return {
    /**
     * Whether `password` is the account's, after taking its place in the budgets (429
     * rate_limited, `details.scope` "network" or "account", when one is spent). `message` is the
     * refusal of a spent network budget, in the words of the caller's screen; `signedIn` for a
     * signed-in user's re-entry of their own password (no other account can be tried there).
     */
    async check(
      account: PasswordAccount,
      password: string,
      ip: string,
      { message, signedIn }: { message: string; signedIn: boolean },
    ): Promise<boolean> {
      const network = { message, details: { scope: 'network' } };
      const perAccount = ACCOUNT_FAILURES.map((rule) => ({
        ...rule,
        key: `password-fail:${account.key}:${rule.windowSeconds}s`,
        message: ACCOUNT_LOCKED_MESSAGE,
        details: { scope: 'account' },
      }));
      const hits = await rateLimits.takeAll([
        { ...NETWORK_ACCOUNT_FAILURES, key: networkAccountKey(account.key, ip), ...network },
        ...perAccount,
        ...(signedIn ? [] : [{ ...NETWORK_FAILURES, key: `password-fail:ip:${ip}`, ...network }]),
      ]);
      const ok = account.passwordHash
        ? await verifyPassword(account.passwordHash, password)
        : await verifyDummyPassword(password);
      if (!ok) return false;
      for (const hit of hits) await rateLimits.refund(hit);
      // The owner got in from this network: its earlier slips there are forgotten.
      await rateLimits.clear(networkAccountKey(account.key, ip));
      return true;
    },
  };
}

export type PasswordAttempts = ReturnType<typeof createPasswordAttempts>;

/** The budget key of an account, by id. */
export const accountKey = (userId: string) => `user:${userId}`;

import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { deleteKey, pruneKeys, removeHit, takeHit } from './rate-limits.repository';

/**
 * At most `limit` events per `windowSeconds` (a sliding window) for one key. A key has one rule:
 * put the rule's purpose and scope in the key ("login-fail:ip:…").
 */
export type RateRule = { key: string; limit: number; windowSeconds: number };

/** An event `take` recorded; `refund` it when the attempt turns out not to count. */
export type Hit = { key: string; at: string };

/**
 * Rate limits kept in PostgreSQL, so every server process sees the same counts. `take` is the one
 * way in: it counts the window and records the attempt in one atomic statement, before the work
 * it guards, so parallel requests cannot all slip through one check.
 */
export function createRateLimits(db: Database) {
  async function take(
    rule: RateRule,
    message: string,
    details: Record<string, unknown> = {},
  ): Promise<Hit> {
    const result = await takeHit(db, rule.key, rule.limit, rule.windowSeconds);
    if (Math.random() < 0.01) await pruneKeys(db);
    if (result.allowed) return { key: rule.key, at: result.at };
    // The window admits another event once the oldest event that fills it has left.
    const blocking = result.hits[result.hits.length - rule.limit];
    const retryAfterSeconds = blocking
      ? Math.max(
          1,
          Math.ceil(rule.windowSeconds - (result.atMs.getTime() - blocking.getTime()) / 1000),
        )
      : rule.windowSeconds;
    throw new AppError('rate_limited', 429, message, { ...details, retryAfterSeconds });
  }

  return {
    /**
     * Records one event for `rule.key` if the window has room, else throws 429 rate_limited with
     * `details.retryAfterSeconds`. Call it before the guarded work, not after.
     */
    take,

    /**
     * Takes every rule in order; when one refuses (its message, its `details` beside the wait),
     * the events already taken are given back.
     */
    async takeAll(
      rules: ReadonlyArray<RateRule & { message: string; details?: Record<string, unknown> }>,
    ): Promise<Hit[]> {
      const taken: Hit[] = [];
      try {
        for (const rule of rules) taken.push(await take(rule, rule.message, rule.details));
        return taken;
      } catch (error) {
        for (const hit of taken) await removeHit(db, hit.key, hit.at);
        throw error;
      }
    },

    /** Gives back an event: the attempt succeeded and the limit counts failures only. */
    async refund(hit: Hit): Promise<void> {
      await removeHit(db, hit.key, hit.at);
    },

    /** Forgets every event of a key (a successful log-in clears the username's failures). */
    async clear(key: string): Promise<void> {
      await deleteKey(db, key);
    },
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;

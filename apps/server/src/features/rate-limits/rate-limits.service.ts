import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import {
  countEventsSince,
  deleteEvents,
  insertEvent,
  oldestEventSince,
  pruneEvents,
} from './rate-limits.repository';

/** At most `limit` events per `windowSeconds` (a sliding window) for one key. */
export type RateRule = { key: string; limit: number; windowSeconds: number };

/**
 * Rate limits kept in PostgreSQL, so every server process sees the same counts. An event is
 * recorded by `hit`; `check` refuses once a key has `limit` events inside its window.
 */
export function createRateLimits(db: Database) {
  return {
    /** Throws 429 rate_limited with the seconds until the oldest counted event leaves the window. */
    async check(rule: RateRule, message: string): Promise<void> {
      const count = await countEventsSince(db, rule.key, rule.windowSeconds);
      if (count < rule.limit) return;
      const oldest = await oldestEventSince(db, rule.key, rule.windowSeconds);
      const retryAfterSeconds = oldest
        ? Math.max(1, Math.ceil(rule.windowSeconds - (Date.now() - oldest.getTime()) / 1000))
        : rule.windowSeconds;
      throw new AppError('rate_limited', 429, message, { retryAfterSeconds });
    },
    async hit(key: string): Promise<void> {
      await insertEvent(db, key);
      if (Math.random() < 0.01) await pruneEvents(db);
    },
    async clear(key: string): Promise<void> {
      await deleteEvents(db, key);
    },
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;

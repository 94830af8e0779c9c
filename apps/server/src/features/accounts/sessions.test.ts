import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '../../../test/accounts-helpers';
import { buildTestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import type { Database } from '../../db/database';

let app: AppInstance;
let db: Database;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  app = await buildTestApp(db);
});
afterAll(() => app.close());

const profile = (token: string) =>
  app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(token) });

/** Seconds since the session's idle timer was last renewed. */
async function idleSeconds(userId: string): Promise<number> {
  const { rows } = await sql<{ idle: number }>`
    select extract(epoch from now() - last_used_at)::float8 as idle from sessions where user_id = ${userId}`.execute(
    db,
  );
  return Number(rows[0]?.idle);
}

/** Time passing for one session: its timestamps move back instead of the clock moving on. */
const wait = (userId: string, seconds: number) =>
  sql`update sessions set last_used_at = last_used_at - make_interval(secs => ${seconds})
      where user_id = ${userId}`.execute(db);

describe('session idle timer', () => {
  it('keeps a session used 29 minutes ago and then every 50 s alive, renewing at most once a minute', async () => {
    const user = await signUp(app);
    await wait(user.id, 29 * 60);
    expect((await profile(user.token)).statusCode).toBe(200);
    expect(await idleSeconds(user.id)).toBeLessThan(5);

    for (let use = 1; use <= 40; use++) {
      await wait(user.id, 50);
      const before = await idleSeconds(user.id);
      expect((await profile(user.token)).statusCode).toBe(200);
      const after = await idleSeconds(user.id);
      // Renewed only when the last write is over a minute old; otherwise nothing is written.
      if (before < 60) expect(after).toBeGreaterThanOrEqual(before);
      else expect(after).toBeLessThan(5);
    }
  });

  it('ends a session idle for 31 minutes, however recently it was renewed before', async () => {
    const user = await signUp(app);
    expect((await profile(user.token)).statusCode).toBe(200);
    await wait(user.id, 31 * 60);
    const response = await profile(user.token);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Session expired. Please log in again.');
  });

  it('writes nothing while the idle timer is under a minute old', async () => {
    const user = await signUp(app);
    expect((await profile(user.token)).statusCode).toBe(200);
    const xmin = async () =>
      (
        await sql<{
          xmin: string;
        }>`select xmin::text from sessions where user_id = ${user.id}`.execute(db)
      ).rows[0]?.xmin;
    const written = await xmin();
    for (let use = 0; use < 5; use++) expect((await profile(user.token)).statusCode).toBe(200);
    expect(await xmin()).toBe(written);
  });
});

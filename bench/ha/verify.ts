// What the failover drill checks after each failover: the old primary streams again, nothing
// acknowledged is missing, nothing is applied twice, the ledger's invariants hold, jobs run.
import { sql } from 'kysely';
import type { Database } from '../../apps/server/src/db/database';
import { findInvariantViolations } from '../../apps/server/src/features/ledger/ledger.repository';
import type { Cluster } from './cluster';
import { type Attempt, postSend, type Traffic } from './traffic';

export function check(condition: boolean, what: string, detail?: string): void {
  if (!condition) throw new Error(`HA drill failed: ${what}${detail ? `\n${detail}` : ''}`);
  console.log(`  ✓ ${what}`);
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until `name` is a replica streaming from the primary (`pg_stat_replication` on the primary,
 * asked through HAProxy); returns its sync state and whether Patroni ran pg_rewind on it.
 */
export async function waitForRejoin(
  cluster: Cluster,
  db: Database,
  name: string,
  logFrom: number,
  ms = 180_000,
): Promise<{ syncState: string; rewound: boolean; seconds: number }> {
  const started = Date.now();
  for (;;) {
    const row = await sql<{ state: string; sync_state: string }>`
      select state, sync_state from pg_stat_replication where application_name = ${name}`
      .execute(db)
      .then((r) => r.rows[0])
      .catch(() => undefined);
    if (row?.state === 'streaming') {
      return {
        syncState: row.sync_state,
        rewound: /pg_rewind|rewind/i.test(cluster.log(name).slice(logFrom)),
        seconds: (Date.now() - started) / 1000,
      };
    }
    if (Date.now() - started > ms) {
      throw new Error(`HA drill: ${name} did not rejoin as a streaming replica in ${ms} ms`);
    }
    await wait(500);
  }
}

/** Answers by status (and error code), for a report line: "12 × 503 service_unavailable, ...". */
export function tally(attempts: Attempt[]): string {
  const counts = new Map<string, number>();
  for (const a of attempts) {
    const what = `${a.status === 0 ? 'no answer' : a.status}${a.code ? ` ${a.code}` : ''}`;
    counts.set(what, (counts.get(what) ?? 0) + 1);
  }
  return [...counts].map(([what, n]) => `${n} × ${what}`).join(', ');
}

export type LedgerCheck = {
  acknowledged: number;
  lost: number;
  cardsApproved: number;
  cardsLost: number;
  p2pInDatabase: number;
  retriedToAnAnswer: number;
  replayed: number;
  violations: number;
  jobsCompletedSince: number;
  /** Sends answered 503 (or not at all) first, then 201 when posted again with their key. */
  retried: number;
  /** Of those, the ones whose transfer had committed before that first failure: the answer was lost, not the money; the retry returned the stored one. */
  retriedCommittedEarlier: number;
};

/**
 * After a failover, on the new primary: every acknowledged send and approved card purchase
 * exists; sends left without a final answer are posted again with their key until they have one;
 * then the P2P transfers in the database are exactly the distinct acknowledged ids (none applied
 * twice); a sample of acknowledged sends posted again with their key returns the very answer;
 * the ledger's invariants hold; recurring jobs completed after `since` (Date).
 */
export async function checkLedger(
  db: Database,
  baseUrl: string,
  traffic: Traffic,
  clock: () => number,
  since: Date,
): Promise<LedgerCheck> {
  const unanswered = traffic.sends.filter((s) => s.status !== 201);
  const extra: Attempt[] = [];
  await Promise.all(unanswered.map((s) => postSend(baseUrl, s, clock, extra)));
  check(
    unanswered.every((s) => s.status === 201),
    `the ${unanswered.length} sends without a final answer, posted again with their key, are answered 201`,
    tally(extra),
  );

  // The same key and body again: the original answer, byte for byte, and no new transfer.
  const sample = traffic.sends.filter((s) => s.id).slice(-200);
  const replays = sample.map((s) => ({ ...s, status: 0, id: undefined, response: undefined }));
  await Promise.all(replays.map((s) => postSend(baseUrl, s, clock, [])));
  const replayed = replays.filter((s, i) => s.response === sample[i]?.response).length;

  const acked = traffic.sends.filter((s) => s.id).map((s) => s.id as string);
  const ids = new Set(acked);
  check(
    ids.size === acked.length,
    `${acked.length} sends acknowledged with ${ids.size} distinct ids`,
  );
  let found = 0;
  for (let i = 0; i < acked.length; i += 5000) {
    const rows = await db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('id', 'in', acked.slice(i, i + 5000))
      .where('kind', '=', 'p2p')
      .execute();
    found += rows.length;
  }
  const p2p = await db
    .selectFrom('ledger_transfers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', 'p2p')
    .executeTakeFirstOrThrow();
  let cardsFound = 0;
  for (let i = 0; i < traffic.approved.length; i += 5000) {
    const rows = await db
      .selectFrom('card_authorizations')
      .select('id')
      .where('partner_authorization_id', 'in', traffic.approved.slice(i, i + 5000))
      .where('transfer_id', 'is not', null)
      .execute();
    cardsFound += rows.length;
  }

  const retriedSends = traffic.sends.filter((s) => s.id && s.firstFailureAt !== undefined);
  let retriedCommittedEarlier = 0;
  for (const s of retriedSends) {
    const row = await db
      .selectFrom('ledger_transfers')
      .select('created_at')
      .where('id', '=', s.id as string)
      .executeTakeFirst();
    if (row && new Date(row.created_at).getTime() < (s.firstFailureAt as number)) {
      retriedCommittedEarlier += 1;
    }
  }
  const violations = Object.values(await findInvariantViolations(db)).reduce(
    (n, rows) => n + rows.length,
    0,
  );
  const jobs = await sql<{ n: number }>`
    select count(*)::int as n from pgboss.job
    where state = 'completed' and created_on > ${since} and completed_on is not null`
    .execute(db)
    .catch(() => ({ rows: [{ n: -1 }] }));
  return {
    acknowledged: acked.length,
    lost: acked.length - found,
    cardsApproved: traffic.approved.length,
    cardsLost: traffic.approved.length - cardsFound,
    p2pInDatabase: Number(p2p.n),
    retriedToAnAnswer: unanswered.length,
    replayed,
    violations,
    jobsCompletedSince: jobs.rows[0]?.n ?? -1,
    retried: retriedSends.length,
    retriedCommittedEarlier,
  };
}

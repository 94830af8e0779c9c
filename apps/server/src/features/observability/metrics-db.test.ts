import { type CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import type { Database } from '../../db/database';
import { type JobQueue, startJobQueue } from '../../jobs/job-queue';
import { QUERIES } from './db-gauges';

// The scrape-time statements read through indexes, never a whole table that grows with the
// business (jobs, transfers, payouts): each /metrics scrape stays a few index look-ups.

const t = {} as { db: Database; jobs: JobQueue };

beforeAll(async () => {
  const { db, url } = await createTestDatabase();
  t.db = db;
  // pg-boss's schema, as an API process installs it.
  t.jobs = await startJobQueue({
    databaseUrl: url,
    log: { warn() {}, error() {} },
    jobs: [{ name: 'plan-test', everySeconds: 3600, run: async () => {} }],
  });
}, 120_000);
afterAll(() => t.jobs?.stop());

type Node = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: Node[];
};
const nodes = (node: Node): Node[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/** The plan's nodes, with sequential scans priced out: a scan left is one no index can serve. */
async function plan(query: { compile(db: Database): CompiledQuery }): Promise<Node[]> {
  return t.db.connection().execute(async (conn) => {
    await sql`set enable_seqscan = off`.execute(conn);
    try {
      const compiled = query.compile(conn);
      const { rows } = await conn.executeQuery<{ 'QUERY PLAN': Array<{ Plan: Node }> }>({
        ...compiled,
        sql: `explain (format json) ${compiled.sql}`,
      });
      const top = rows[0]?.['QUERY PLAN'][0]?.Plan;
      if (!top) throw new Error('no plan');
      return nodes(top);
    } finally {
      await sql`reset enable_seqscan`.execute(conn);
    }
  });
}

const seqScans = (plan: Node[], tables: string[]) =>
  plan.filter((n) => n['Node Type'] === 'Seq Scan' && tables.includes(n['Relation Name'] ?? ''));

describe('the scrape-time queries', () => {
  it("read pg-boss's live jobs through its partial index", async () => {
    const jobs = await plan(QUERIES.jobs);
    expect(seqScans(jobs, ['job', 'job_common'])).toEqual([]);
    expect(jobs.some((n) => /job_i14|_i14/.test(n['Index Name'] ?? ''))).toBe(true);
  });

  it('read open payouts through the processing transfers', async () => {
    const payouts = await plan(QUERIES.payouts);
    expect(seqScans(payouts, ['ledger_transfers', 'remittance_payouts'])).toEqual([]);
    // On this test's empty tables the planner may as well walk a primary key; with a ledger of
    // completed transfers, the partial index ledger_transfers_processing is the cheap path.
    expect(payouts.filter((n) => n['Relation Name']).every((n) => n['Index Name'])).toBe(true);
  });

  it('read the last invariant check by its key', async () => {
    const check = await plan(QUERIES.invariants);
    expect(seqScans(check, ['ledger_invariant_checks'])).toEqual([]);
  });

  it('run, and answer in their shapes', async () => {
    for (const query of Object.values(QUERIES)) await query.execute(t.db);
    const [payouts] = (await QUERIES.payouts.execute(t.db)).rows;
    expect(payouts).toMatchObject({ processing: 0, overdue: 0 });
    const { rows } = await QUERIES.queues.execute(t.db);
    expect(rows.map((r) => r.name)).toContain('plan-test');
  });
});

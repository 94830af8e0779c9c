import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
// Also for its int8 parser (set on import): bigint cents come back as numbers, as from the app's
// own pool.
import { type Database, survivesLostConnections } from '../src/db/database';
import type { DB } from '../src/db/schema';

/** One node of a plan as `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)` writes it. */
export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
  [detail: string]: unknown;
};

export type QueryPlan = { query: string; ms: number; plan: PlanNode };

/** The tables that hold money: none of them may be read whole for one user's read. */
export const MONEY_TABLES = ['ledger_transfers', 'ledger_entries', 'ledger_accounts'];

/**
 * A database (for `buildApp`) whose every statement, nested ones in PL/pgSQL functions included,
 * is planned, run and measured by `auto_explain` (ANALYZE, BUFFERS); the plans come back to this
 * client as notices. `capture(run)` answers what `run` asked, and the plans of what it ran.
 */
export function explainedDatabase(url: string, max = 4) {
  let plans: QueryPlan[] = [];
  const pool = new pg.Pool({ connectionString: url, max });
  // Its clients may still be closing when the file's database is dropped after it.
  survivesLostConnections(pool);
  pool.on('connect', (client) => {
    client.on('notice', (notice) => {
      if (notice.message?.startsWith('duration:')) plans.push(parsePlan(notice.message));
    });
    // Queued before the pool hands the connection out, so it runs before any of the app's queries.
    client
      .query(`load 'auto_explain';
        set auto_explain.log_min_duration = 0; set auto_explain.log_analyze = on;
        set auto_explain.log_buffers = on; set auto_explain.log_timing = on;
        set auto_explain.log_nested_statements = on; set auto_explain.log_level = notice;
        set auto_explain.log_format = json; set client_min_messages = notice`)
      .catch(() => {});
  });
  const db: Database = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    async capture<T>(run: () => Promise<T>): Promise<{ result: T; plans: QueryPlan[] }> {
      plans = [];
      const result = await run();
      const taken = plans;
      plans = [];
      return { result, plans: taken };
    },
  };
}

function parsePlan(message: string): QueryPlan {
  const ms = Number(/^duration: ([\d.]+) ms/.exec(message)?.[1] ?? 0);
  const json = JSON.parse(message.slice(message.indexOf('{'))) as {
    'Query Text': string;
    Plan: PlanNode;
  };
  return { query: json['Query Text'].replace(/\s+/g, ' ').trim(), ms, plan: json.Plan };
}

export function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

/** The table a node reads: its relation, or for a bitmap index scan the table its index is on. */
function tableOf(node: PlanNode, indexTables: Record<string, string>): string | undefined {
  return node['Relation Name'] ?? indexTables[node['Index Name'] ?? ''];
}

/**
 * What reading a money table cost, node by node: sequential scans of one, and the most rows any
 * one node of a money table touched (returned, or removed by a filter or a recheck).
 */
export function moneyTableReads(plans: QueryPlan[], indexTables: Record<string, string>) {
  const nodes = plans.flatMap((p) => planNodes(p.plan));
  const money = nodes.filter((n) => MONEY_TABLES.includes(tableOf(n, indexTables) ?? ''));
  const touched = (n: PlanNode) =>
    (n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 1) +
    (n['Rows Removed by Filter'] ?? 0) +
    (n['Rows Removed by Index Recheck'] ?? 0);
  return {
    seqScans: money
      .filter((n) => n['Node Type'] === 'Seq Scan')
      .map((n) => n['Relation Name'] as string),
    mostRowsTouched: Math.max(0, ...money.map(touched)),
    indexes: [...new Set(money.map((n) => n['Index Name']).filter(Boolean))] as string[],
  };
}

/** Every index name of `tables`, with its table (a bitmap index scan names only the index). */
export async function indexTables(db: Database, tables = MONEY_TABLES) {
  const { rows } = await sql<{ indexname: string; tablename: string }>`
    select indexname, tablename from pg_indexes where tablename = any(${tables})`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.indexname, r.tablename]));
}

/** A plan as indented lines, close to EXPLAIN's text form: node, what it read, rows, time, buffers. */
export function planText(node: PlanNode, depth = 0): string[] {
  const on = node['Relation Name'] ? ` on ${node['Relation Name']}` : '';
  const using = node['Index Name'] ? ` using ${node['Index Name']}` : '';
  const cond = ['Index Cond', 'Recheck Cond', 'Filter', 'Sort Key', 'Merge Cond', 'Hash Cond']
    .filter((key) => node[key] !== undefined)
    .map(
      (key) =>
        `${key}: ${Array.isArray(node[key]) ? (node[key] as string[]).join(', ') : node[key]}`,
    );
  const hit = node['Shared Hit Blocks'] ?? 0;
  const read = node['Shared Read Blocks'] ?? 0;
  const line = `${'  '.repeat(depth)}${depth ? '-> ' : ''}${node['Node Type']}${using}${on} (actual rows=${node['Actual Rows']} loops=${node['Actual Loops']} time=${node['Actual Total Time']} ms) buffers hit=${hit} read=${read}`;
  return [
    line,
    ...cond.map((c) => `${'  '.repeat(depth + 2)}${c}`),
    ...(node.Plans ?? []).flatMap((child) => planText(child, depth + 1)),
  ];
}

import type pg from 'pg';

export type StatementCost = { statement: string; ms: number; buffers: number };

/**
 * Every statement a call runs, nested ones inside PL/pgSQL functions included, with its actual
 * time and shared buffers: `auto_explain` with ANALYZE and BUFFERS, its plans sent to this
 * client as notices. The call runs in a transaction that is rolled back, so it changes nothing.
 */
export async function explainCall(
  client: pg.Client,
  text: string,
  values: unknown[],
): Promise<StatementCost[]> {
  const plans: string[] = [];
  const onNotice = (notice: { message?: string }) => {
    if (notice.message?.startsWith('duration:')) plans.push(notice.message);
  };
  client.on('notice', onNotice);
  try {
    await client.query('begin');
    await client.query(`load 'auto_explain'`);
    await client.query(`set local auto_explain.log_min_duration = 0;
      set local auto_explain.log_analyze = on; set local auto_explain.log_buffers = on;
      set local auto_explain.log_timing = on; set local auto_explain.log_nested_statements = on;
      set local auto_explain.log_level = notice; set local auto_explain.log_format = json; set local client_min_messages = notice`);
    // Warm the function's plan cache first: the figures are for a call as the server makes it.
    await client.query('savepoint warm');
    await client.query(text, values);
    await client.query('rollback to savepoint warm');
    plans.length = 0;
    await client.query(text, values);
  } finally {
    await client.query('rollback');
    client.off('notice', onNotice);
  }
  const costs = plans.map(summarize).filter((s) => !/^(set|load)\b/i.test(s.statement));
  // An empty table in the report would read as "nothing to show"; it means the call was not logged.
  if (costs.length === 0) throw new Error(`auto_explain logged nothing for: ${text.slice(0, 80)}`);
  return costs;
}

function summarize(message: string): StatementCost {
  const ms = Number(/^duration: ([\d.]+) ms/.exec(message)?.[1] ?? 0);
  const json = JSON.parse(message.slice(message.indexOf('{'))) as {
    'Query Text': string;
    Plan: Record<string, number>;
  };
  const statement = json['Query Text'].replace(/\s+/g, ' ').trim().slice(0, 100);
  // The top plan node's buffers are the statement's own (nested statements report theirs apart).
  const plan = json.Plan;
  const buffers = ['Shared Hit Blocks', 'Shared Read Blocks', 'Shared Dirtied Blocks'].reduce(
    (sum, key) => sum + (plan[key] ?? 0),
    0,
  );
  return { statement, ms, buffers };
}

export function costTable(title: string, costs: StatementCost[]): string {
  const rows = costs.map(
    (c) => `| \`${c.statement.replace(/\|/g, '\\|')}\` | ${c.ms.toFixed(3)} | ${c.buffers} |`,
  );
  return [`${title}`, '', '| statement | ms | shared buffers |', '|---|---|---|', ...rows].join(
    '\n',
  );
}

export type ActivitySample = { wait: string; query: string };
export type WaitSample = { wait: string; share: number };

/**
 * What the busy client backends were doing while `run` went: pg_stat_activity sampled every
 * 20 ms on `client`, each active backend's wait event (`running` when it waited on nothing, i.e.
 * on the CPU) and statement. A lock wait on a row shows as `Lock:tuple` or `Lock:transactionid`; a
 * commit waiting for its WAL flush as `IO:WalSync` or `LWLock:WALWrite`.
 */
export async function sampleActivity<T>(
  client: pg.Client,
  run: () => Promise<T>,
): Promise<[T, ActivitySample[]]> {
  const samples: ActivitySample[] = [];
  let running = true;
  const sampling = (async () => {
    while (running) {
      const { rows } = await client.query<ActivitySample>(
        `select coalesce(wait_event_type || ':' || wait_event, 'running') as wait,
                regexp_replace(left(query, 50), '\\s+', ' ', 'g') as query
           from pg_stat_activity
          where backend_type = 'client backend' and state = 'active' and pid <> pg_backend_pid()
            and datname = current_database()`,
      );
      samples.push(...rows);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    return [await run(), samples];
  } finally {
    running = false;
    await sampling;
  }
}

/** The samples counted by `key` (by default their wait event), most frequent first. */
export function sampleCounts(
  samples: ActivitySample[],
  key: (sample: ActivitySample) => string = (sample) => sample.wait,
): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const sample of samples) counts.set(key(sample), (counts.get(key(sample)) ?? 0) + 1);
  return [...counts].sort((x, y) => y[1] - x[1]);
}

/** The samples by wait event, each as a share of all, most frequent first. */
export function waitShares(samples: ActivitySample[]): WaitSample[] {
  return sampleCounts(samples).map(([wait, n]) => ({
    wait,
    share: n / Math.max(1, samples.length),
  }));
}

export function waitTable(title: string, samples: WaitSample[]): string {
  const rows = samples
    .filter((s) => s.share >= 0.01)
    .map((s) => `| \`${s.wait}\` | ${(s.share * 100).toFixed(0)} % |`);
  return [title, '', '| wait event | share of busy samples |', '|---|---|', ...rows].join('\n');
}

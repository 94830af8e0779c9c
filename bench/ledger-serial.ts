// BENCH_LEDGER_ONLY=serial (bench/ledger.ts): what one transfer costs PostgreSQL's own backend,
// `ledger_post` beside pgledger, one call after another on one connection each. The figure is the
// backend process's CPU (`/proc/<pid>/schedstat`, nanoseconds on a core), so neither the other
// connections, the server's jobs nor the load generator count in it, unlike the 32-client turns.
// Each variant takes a piece of what a Pago transfer carries beyond pgledger's away for its
// rounds and puts it back after: `notify` (the receiver's notification trigger), `fk` (the keys
// from the transfer and the limit totals to `users`), `refidx` (the short-reference index),
// `limits` (the call with `p_counts` false), or `trial` (BENCH_LEDGER_TRIAL, a file of SQL such as
// a changed function; `ledger_post`'s own file is applied again after). BENCH_LEDGER_SERIAL lists
// the variants in order (default "base,trial,base,trial,base,trial" with a trial file, else one
// of each piece between two bases).
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

type Call = () => [string, unknown[]];
type Variant = { name: string; off: string[]; on: string[]; counts: boolean };

const ROUNDS = 3;
const CALLS = Number(process.env.BENCH_SERIAL_CALLS ?? 2000);
const WARM = 100;
const FUNCTION_FILE = path.join(
  import.meta.dirname,
  '../apps/server/src/db/functions/ledger_post.sql',
);

/** Nanoseconds the process has spent on a core. */
function cpuNs(pid: number): number {
  return Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
}

async function variants(admin: pg.Client): Promise<Variant[]> {
  const { rows: keys } = await admin.query<{ t: string; name: string; def: string }>(
    `select conrelid::regclass::text as t, conname as name, pg_get_constraintdef(oid) as def
     from pg_constraint where contype = 'f' and confrelid = 'users'::regclass
       and conrelid in ('ledger_transfers'::regclass, 'ledger_limit_usage'::regclass)`,
  );
  const { rows: index } = await admin.query<{ def: string }>(
    `select pg_get_indexdef('ledger_transfers_reference'::regclass) as def`,
  );
  const trial = process.env.BENCH_LEDGER_TRIAL;
  const pieces: Record<string, Omit<Variant, 'name'>> = {
    base: { off: [], on: [], counts: true },
    notify: {
      off: ['alter table ledger_transfers disable trigger notifications_from_transfer'],
      on: ['alter table ledger_transfers enable trigger notifications_from_transfer'],
      counts: true,
    },
    fk: {
      off: keys.map((k) => `alter table ${k.t} drop constraint ${k.name}`),
      on: keys.map((k) => `alter table ${k.t} add constraint ${k.name} ${k.def}`),
      counts: true,
    },
    refidx: {
      off: ['drop index ledger_transfers_reference'],
      on: [index[0]?.def ?? ''],
      counts: true,
    },
    limits: { off: [], on: [], counts: false },
    ...(trial
      ? {
          trial: {
            off: [fs.readFileSync(trial, 'utf8')],
            on: [fs.readFileSync(FUNCTION_FILE, 'utf8')],
            counts: true,
          },
        }
      : {}),
  };
  const order =
    process.env.BENCH_LEDGER_SERIAL ??
    (trial ? 'base,trial,base,trial,base,trial' : 'base,notify,fk,refidx,limits,base');
  return order.split(',').map((name) => {
    const piece = pieces[name];
    if (!piece) throw new Error(`BENCH_LEDGER_SERIAL: no variant "${name}"`);
    return { name, ...piece };
  });
}

/**
 * Prints, for each variant, the backend CPU a transfer of `ledger_post` and of pgledger took in
 * each round (CALLS calls after WARM unmeasured ones), their medians and pgledger's ÷ ours.
 */
export async function serialCost(
  admin: pg.Client,
  connect: (searchPath?: string) => Promise<pg.Client>,
  post: (counts: boolean) => Call,
  pgledger: Call,
) {
  const pgl = await connect('pgledger,public');
  const pidOf = async (c: pg.Client) =>
    (await c.query<{ p: number }>('select pg_backend_pid() as p')).rows[0]?.p as number;
  const median = (values: number[]) =>
    [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] as number;
  try {
    for (const variant of await variants(admin)) {
      for (const statement of variant.off) await admin.query(statement);
      // A new connection per variant: a changed function or table is planned afresh.
      const own = await connect();
      const measured = { post: [] as number[], pgledger: [] as number[] };
      try {
        const lanes = [
          ['post', own, await pidOf(own), post(variant.counts)],
          ['pgledger', pgl, await pidOf(pgl), pgledger],
        ] as const;
        for (let round = 0; round < ROUNDS; round++) {
          for (const [name, client, pid, call] of lanes) {
            for (let i = 0; i < WARM; i++) await client.query(...call());
            const start = cpuNs(pid);
            for (let i = 0; i < CALLS; i++) await client.query(...call());
            measured[name].push((cpuNs(pid) - start) / CALLS / 1000);
          }
        }
      } finally {
        await own.end();
        for (const statement of variant.on) await admin.query(statement);
      }
      const [ours, theirs] = [median(measured.post), median(measured.pgledger)];
      const each = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
      console.log(
        `${variant.name.padEnd(7)} ledger_post ${ours.toFixed(0)} µs (${each(measured.post)}), pgledger ${theirs.toFixed(0)} µs (${each(measured.pgledger)}): ${(theirs / ours).toFixed(2)}×`,
      );
    }
  } finally {
    await pgl.end();
  }
}

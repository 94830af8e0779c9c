// The failover drill's section of docs/benchmarks.md, from what it measured.
import type { LedgerCheck } from './verify';

type Steady = {
  p2pPerSecond: number;
  p2pP99: number;
  cardPerSecond: number;
  cardP99: number;
  errors: number;
};

export type Scenario = {
  what: string;
  old: string;
  promoted: string;
  promotionSeconds: number;
  withoutWritesSeconds: number;
  p2p503: number;
  card503: number;
  cardDeclined: number;
  fiveHundreds: number;
  noAnswer: number;
  rejoin: { syncState: string; rewound: boolean; seconds: number };
  ledger: LedgerCheck;
  steady: Steady;
  /** The database errors behind the 503s (Pago's "database unavailable" log lines), counted. */
  dbErrors: [string, number][];
  /** Lines of Pago's log at level error meanwhile (a 500, a job failing otherwise). */
  errorLines: number;
  /** What Pago's `/metrics` showed meanwhile (scraped every 500 ms). */
  metrics: {
    served503: number;
    served500: number;
    maxPoolWaiting: number;
    dbDown: number;
    scrapes: number;
  };
};

const s = (seconds: number) => `${seconds.toFixed(1)} s`;

/** The checks count over the whole drill so far; each failover's own share, "a and b". */
function perScenario(scenarios: Scenario[], value: (x: Scenario) => number): string {
  return scenarios
    .map((x, i) => value(x) - (i > 0 ? value(scenarios[i - 1] as Scenario) : 0))
    .join(' and ');
}

export function haReport(o: {
  version: string;
  clusterSeconds: number;
  before: Steady;
  scenarios: Scenario[];
  p2pLoops: number;
  cardLoops: number;
  loadAverage: string;
}): string {
  const date = new Date().toISOString().slice(0, 10);
  const last = o.scenarios.at(-1);
  return [
    `## High availability (\`npm run bench:ha\`, ${date})`,
    '',
    `One etcd member, three PostgreSQL ${o.version} nodes managed by Patroni (\`synchronous_mode: true\`,`,
    '`synchronous_commit = on`), HAProxy sending connections to the node whose Patroni `GET /primary`',
    'answers 200, and Pago (`npm start`, `PAGO_PROCESSES=2`) with `DATABASE_URL` → HAProxy, all on this',
    `2-core machine (the cluster started in ${s(o.clusterSeconds)}). Load: ${o.p2pLoops} loops of 1-cent P2P sends, each`,
    'with its own Idempotency-Key and posted again with the same key after a 503 or a lost connection',
    `(200 ms later) until a final answer, and ${o.cardLoops} loops of card purchases at the sandbox card network (which`,
    "reach Pago's authorization endpoint through the Unit fake). See docs/ha.md for the topology.",
    '',
    `Before any fault: P2P ${o.before.p2pPerSecond}/s, p99 ${o.before.p2pP99} ms; card purchases ${o.before.cardPerSecond}/s, p99 ${o.before.cardP99} ms.`,
    '',
    '| fault | promoted | promotion after the fault | longest time without an acknowledged write (target ≤ 30 s) | 503s (P2P / card) | 500s | acknowledged sends lost | card purchases declined meanwhile | old primary rejoined | P2P p99 after recovery | card p99 after recovery |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...o.scenarios.map(
      (x) =>
        `| ${x.what} (${x.old}) | ${x.promoted} | ${s(x.promotionSeconds)} | ${s(x.withoutWritesSeconds)} ${x.withoutWritesSeconds <= 30 ? '(met)' : '(**not met**)'} | ${x.p2p503} / ${x.card503} | ${x.fiveHundreds} | ${x.ledger.lost} of ${x.ledger.acknowledged} | ${x.cardDeclined} | streaming (${x.rejoin.syncState}${x.rejoin.rewound ? ', pg_rewind' : ''}), seen ${s(x.rejoin.seconds)} after the fault | ${x.steady.p2pP99} ms (${x.steady.p2pPerSecond}/s) | ${x.steady.cardP99} ms (${x.steady.cardPerSecond}/s) |`,
    ),
    '',
    `Sends answered 503 or cut off, then 201 when posted again with the same key: ${perScenario(o.scenarios, (x) => x.ledger.retried)}; of those, ${perScenario(o.scenarios, (x) => x.ledger.retriedCommittedEarlier)} had committed before their failure (the answer was lost, not the transfer: the retry returned the stored answer, and no second transfer was made).`,
    `Load average of the machine (other work ran on it too) at the end: ${o.loadAverage}.`,
    `The old primary's Patroni was started again right after the promotion (SIGTERM case); "seen" is when \`pg_stat_replication\` on the new primary first showed it streaming (polled every 0.5 s under the load).`,
    '',
    "What the requests answered 503 met (from Pago's `database unavailable` log lines):",
    '',
    ...o.scenarios.map(
      (x) =>
        `- ${x.what}: ${x.dbErrors.map(([e, n]) => `${n} × \`${e}\``).join(', ') || 'none logged'}; ${x.errorLines} lines at level error.`,
    ),
    '',
    "The failover in Pago's own metrics (`/metrics` on `METRICS_PORT`, scraped every 500 ms meanwhile; docs/observability.md):",
    '',
    ...o.scenarios.map(
      (x) =>
        `- ${x.what}: \`pago_http_503_responses_total\` +${x.metrics.served503} (every 503 Pago answered, the card network's calls included), \`pago_http_5xx_responses_total{status="500"}\` +${x.metrics.served500}, \`pago_db_pool_waiting\` at most ${x.metrics.maxPoolWaiting}, \`pago_metrics_db_up\` 0 in ${x.metrics.dbDown} of ${x.metrics.scrapes} scrapes.`,
    ),
    '',
    'After each failover, on the new primary: every acknowledged send (201) and every approved card',
    'purchase exists; the sends left without a final answer were posted again with their key and',
    'answered 201; the database then holds exactly as many P2P transfers as distinct acknowledged ids',
    `(${last?.ledger.p2pInDatabase ?? 0} after the second failover: none applied twice); the last 200 sends posted again with their`,
    'key returned the original answer byte for byte; `findInvariantViolations` found nothing; pg-boss',
    `jobs queued after the promotion completed (${o.scenarios.map((x) => x.ledger.jobsCompletedSince).join(' and ')}). No request went unanswered`,
    `(${o.scenarios.map((x) => x.noAnswer).join(' / ')} connection failures to Pago): Pago never restarted. Card purchases meanwhile`,
    "were declined by the Unit fake when Pago's authorization endpoint answered 503 (the card network's",
    'rule: no answer in time is a decline), never approved without a hold.',
  ].join('\n');
}

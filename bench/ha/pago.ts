// Pago for the failover drill, started as `npm start` does (scripts/start.mjs, PAGO_PROCESSES API
// processes behind one port) with DATABASE_URL → HAProxy, its log kept: the drill reports which
// database errors the requests answered 503 met during each failover.
import { type ChildProcess, spawn } from 'node:child_process';
import { type Family, parsePrometheusText } from '../../apps/server/test/prom-text';
import { freePort, repoRoot } from '../../e2e/support/server-process';

export type Pago = {
  baseUrl: string;
  /** The errors logged with "database unavailable" since `from` (a line index), counted. */
  unavailableErrors(from?: number): Map<string, number>;
  /** How many log lines there are so far (to count from a moment on). */
  lines(): number;
  /** Lines that are errors (level ≥ 50): a 500 or a job failing for another reason. */
  errors(from?: number): string[];
  /** One scrape of Pago's `/metrics` (its own port; the primary process sums the API processes). */
  metrics(): Promise<Map<string, Family>>;
  stop(): Promise<void>;
};

/** The sum of the samples named `sample` (in whichever family) whose labels include `labels`. */
export function metricSum(
  families: Map<string, Family>,
  sample: string,
  labels: Record<string, string> = {},
): number {
  return [...families.values()]
    .flatMap((family) => family.samples)
    .filter((x) => x.name === sample)
    .filter((x) => Object.entries(labels).every(([k, v]) => x.labels[k] === v))
    .reduce((total, x) => total + x.value, 0);
}

export async function startPago(env: Record<string, string>): Promise<Pago> {
  const port = await freePort();
  const metricsPort = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  const collect = (chunk: Buffer) => {
    const text = partial + chunk.toString();
    const parts = text.split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Pago exited during start:\n${lines.join('\n')}`);
    if (Date.now() > deadline) throw new Error(`Pago did not start in 180 s:\n${lines.join('\n')}`);
    const ready = await fetch(`${baseUrl}/api/health/ready`).catch(() => null);
    if (ready?.ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const parsed = (from: number) =>
    lines.slice(from).flatMap((line) => {
      try {
        return [JSON.parse(line) as { level: number; msg?: string; err?: Record<string, unknown> }];
      } catch {
        return [];
      }
    });
  return {
    baseUrl,
    lines: () => lines.length,
    unavailableErrors(from = 0) {
      const counts = new Map<string, number>();
      for (const entry of parsed(from)) {
        if (entry.msg !== 'database unavailable') continue;
        // Pago's logger redacts every `code` field (sign-in codes); the message says enough.
        const code =
          entry.err?.code && entry.err.code !== '[redacted]' ? `${entry.err.code}: ` : '';
        const what = `${code}${String(entry.err?.message ?? '?').slice(0, 90)}`;
        counts.set(what, (counts.get(what) ?? 0) + 1);
      }
      return counts;
    },
    errors: (from = 0) =>
      parsed(from)
        .filter((entry) => entry.level >= 50)
        .map((entry) => `${entry.msg}: ${String(entry.err?.message ?? '')}`),
    async metrics() {
      const answer = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      if (!answer.ok) throw new Error(`/metrics answered ${answer.status}`);
      return parsePrometheusText(await answer.text());
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

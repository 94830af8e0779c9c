import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { parsePrometheusText, total } from '../../../test/prom-text';
import { createTestDatabase } from '../../../test/test-database';

// PAGO_PROCESSES=2: the primary serves /metrics for the whole server, the sum of its API
// processes' figures (prom-client's AggregatorRegistry over the cluster's IPC).

const serverDir = fileURLToPath(new URL('../../../', import.meta.url));
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A GET on a connection of its own: the cluster hands each new connection to a process in turn. */
function getOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

describe('/metrics with PAGO_PROCESSES=2', () => {
  it('counts the requests of every API process', async () => {
    const { url } = await createTestDatabase();
    const [port, metricsPort] = [await freePort(), await freePort()];
    const child = spawn(process.execPath, [inject('serverEntry')], {
      cwd: serverDir,
      env: {
        ...process.env,
        LOG_LEVEL: 'info',
        DATABASE_URL: url,
        PORT: String(port),
        PAGO_PROCESSES: '2',
        METRICS_PORT: String(metricsPort),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let output = '';
    child.stdout?.on('data', (c) => (output += c));
    child.stderr?.on('data', (c) => (output += c));
    const deadline = Date.now() + 90_000;
    while (!output.includes('Pago is running at')) {
      if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
      if (Date.now() > deadline) throw new Error(`server not ready: ${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(output).toContain(`Metrics at http://127.0.0.1:${metricsPort}/metrics`);

    const requests = 40;
    for (let i = 0; i < requests; i++) {
      expect(await getOnNewConnection(`http://127.0.0.1:${port}/api/health/live`)).toBe(200);
    }
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const figures = parsePrometheusText(text);
    // Each process saw about half; the scrape answers the server's total.
    expect(
      total(figures, 'pago_http_request_duration_seconds_count', { route: '/api/health/live' }),
    ).toBe(requests);
    expect(total(figures, 'pago_metrics_db_up')).toBe(1);
    // The scrape-time figures are read once, by the primary, not once per process.
    expect(total(figures, 'pago_db_is_primary')).toBe(1);
    // The API port does not serve them.
    const onApi = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(onApi.status).not.toBe(200);

    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }, 150_000);
});

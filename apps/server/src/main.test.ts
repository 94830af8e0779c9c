import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { isAlive, runningEmbeddedUrl } from './db/embedded-postgres';

// The real server in a child process (the bundle of `main.ts` that `npm start` runs, built by the
// global setup): start, refuse, stop, start again on the same data.
const serverDir = path.resolve(import.meta.dirname, '..');
const serverEntry = inject('serverEntry');
const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'pago-main-'));
// As root, PostgreSQL runs as `postgres`, which must be able to enter the data dir's parents.
fs.chmodSync(dataRoot, 0o755);
const running = new Set<ChildProcess>();

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  fs.rmSync(dataRoot, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function startServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, [serverEntry], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (c) => (output += c));
  child.stderr?.on('data', (c) => (output += c));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, output: () => output, exited };
}

async function waitForReady(started: Started): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!started.output().includes('Pago is running at')) {
    if (started.child.exitCode !== null) throw new Error(`server exited: ${started.output()}`);
    if (Date.now() > deadline) throw new Error(`server not ready: ${started.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function postmasterPid(dataDir: string): number {
  return Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** Polls until `check` holds, for up to a minute (a busy machine is slow, never wrong). */
async function eventually(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function connectEmbedded(dataDir: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: runningEmbeddedUrl(dataDir) });
  await client.connect();
  return client;
}

describe('starting and stopping the server', () => {
  it('serves, refuses a second server on its data, stops cleanly on SIGTERM and keeps the data', async () => {
    const dataDir = path.join(dataRoot, 'life');
    const port = await freePort();
    const first = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    await waitForReady(first);
    // The ready line names the Node that runs Pago: the `node` devDependency under npm scripts.
    const readyLine = first
      .output()
      .split('\n')
      .find((line) => line.includes('Pago is running at'));
    expect(JSON.parse(readyLine ?? '{}')).toMatchObject({
      node: process.version,
      msg: expect.stringContaining(`(sandbox mode, Node ${process.version})`),
    });

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });

    const client = await connectEmbedded(dataDir);
    await client.query('create table kept (note text)');
    await client.query("insert into kept values ('still here')");
    await client.end();

    const second = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `pago: Another Pago server (pid ${first.child.pid}) is already using ${dataDir}`,
    );

    const postmasterPid = Number(
      fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pago.pid'))).toBe(false);
    expect(() => process.kill(postmasterPid, 0)).toThrow();

    const again = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    await waitForReady(again);
    const reopened = await connectEmbedded(dataDir);
    const { rows } = await reopened.query('select note from kept');
    await reopened.end();
    expect(rows).toEqual([{ note: 'still here' }]);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
    // Two starts of the embedded PostgreSQL: as long as its siblings allow on a busy machine.
  }, 120_000);

  it('stops cleanly on SIGTERM while it is still starting: exit 0, no PostgreSQL left', async () => {
    const dataDir = path.join(dataRoot, 'stopped-starting');
    const port = await freePort();
    const started = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    // It answers /api/health as soon as it listens, while the job queue is still starting (as a
    // supervisor's health check, or a bench, sees it); stopped then, the start must not fail.
    await eventually('it answers /api/health', async () => {
      try {
        return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
      } catch {
        return false;
      }
    });
    const pid = postmasterPid(dataDir);
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    expect(started.output()).not.toContain('failed to start');
    await eventually('its PostgreSQL has stopped', () => !isAlive(pid));
  }, 120_000);

  it('leaves no PostgreSQL behind when the server is killed with SIGKILL', async () => {
    const dataDir = path.join(dataRoot, 'killed');
    const started = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    await waitForReady(started);
    const postgres = postmasterPid(dataDir);
    expect(isAlive(postgres)).toBe(true);

    started.child.kill('SIGKILL');
    await started.exited;
    await eventually('PostgreSQL has stopped', () => !isAlive(postgres));
  }, 120_000);

  it('starts the embedded PostgreSQL again when it dies, and serves again', async () => {
    const dataDir = path.join(dataRoot, 'pg-restart');
    const port = await freePort();
    const started = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    await waitForReady(started);
    const health = async () => {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      return {
        status: response.status,
        body: (await response.json()) as { error?: { code: string }; database?: string },
      };
    };
    expect((await health()).status).toBe(200);
    const first = postmasterPid(dataDir);

    process.kill(first, 'SIGKILL');
    await eventually('the server has seen PostgreSQL stop', () =>
      started.output().includes('Embedded PostgreSQL stopped unexpectedly'),
    );
    const seen = new Set<number>();
    const restarted = () => {
      try {
        return postmasterPid(dataDir) !== first;
      } catch {
        return false; // being written
      }
    };
    await eventually('the database answers again', async () => {
      const { status, body } = await health();
      seen.add(status);
      // Meanwhile: a clear 503 in our error shape, never a dropped connection or a 500.
      if (status === 503) expect(body.error?.code).toBe('service_unavailable');
      return status === 200 && body.database === 'ok' && restarted();
    });
    expect([...seen].every((status) => status === 200 || status === 503)).toBe(true);
    const second = postmasterPid(dataDir);
    expect(started.child.exitCode).toBeNull();

    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    expect(isAlive(second)).toBe(false);
  }, 120_000);

  it('runs PAGO_PROCESSES API processes on one embedded PostgreSQL, and replaces one that dies', async () => {
    const dataDir = path.join(dataRoot, 'cluster');
    const port = await freePort();
    const started = startServer({ DATA_DIR: dataDir, PORT: String(port), PAGO_PROCESSES: '2' });
    await waitForReady(started);
    const readyLine = started
      .output()
      .split('\n')
      .find((line) => line.includes('Pago is running at'));
    expect(JSON.parse(readyLine ?? '{}')).toMatchObject({ processes: 2, database: 'embedded' });
    // The primary migrated the new database, once; the API processes did not.
    expect(started.output().match(/"database migrated"/g)).toHaveLength(1);
    // One PostgreSQL, started by the primary; the API processes are its other children.
    const postgres = postmasterPid(dataDir);
    const apiProcesses = () =>
      execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(started.child.pid)], {
        encoding: 'utf8',
      })
        .split('\n')
        .filter((line) => line.includes(serverEntry))
        .map((line) => Number(line.trim().split(/\s+/)[0]));
    const first = apiProcesses();
    expect(first).toHaveLength(2);
    // Both serve; a process still finishing its start may shed the first probe (503, Retry-After).
    await eventually('it serves', async () => {
      const response = await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => null);
      return response?.status === 200;
    });

    const [victim] = first as [number];
    process.kill(victim, 'SIGKILL');
    await eventually('another process has taken its place', () => {
      const now = apiProcesses();
      return now.length === 2 && !now.includes(victim);
    });
    await eventually('it serves', async () => {
      const response = await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => null);
      return response?.status === 200;
    });
    expect(started.output()).toContain(`API process ${victim} ended (SIGKILL); starting another`);
    expect(postmasterPid(dataDir)).toBe(postgres);

    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    await eventually('PostgreSQL has stopped', () => !isAlive(postgres));
  }, 120_000);

  it('exits with a one-line message when the port is taken', async () => {
    const blocker = net.createServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as net.AddressInfo).port)),
    );
    try {
      const started = startServer({ DATA_DIR: path.join(dataRoot, 'port'), PORT: String(port) });
      expect(await started.exited).toBe(1);
      expect(started.output()).toContain(
        `pago: Port ${port} is already in use. Stop the other program or set PORT.`,
      );
      // It released what it took: the data dir can be used right away.
      expect(fs.existsSync(path.join(dataRoot, 'port', 'pago.pid'))).toBe(false);
    } finally {
      blocker.close();
    }
  });

  it('exits with a one-line message when the data directory is unusable', async () => {
    const file = path.join(dataRoot, 'a-file');
    fs.writeFileSync(file, '');
    const started = startServer({
      DATA_DIR: path.join(file, 'data'),
      PORT: String(await freePort()),
    });
    expect(await started.exited).toBe(1);
    expect(started.output().trim()).toMatch(
      /^pago: Data directory .*a-file\/data is not usable \(\w+\)\.$/,
    );
  });

  it('exits with a one-line message when DATABASE_URL points at nothing', async () => {
    const started = startServer({
      DATABASE_URL: 'postgres://pago:secret@127.0.0.1:1/pago',
      PORT: String(await freePort()),
    });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain(
      'pago: Cannot reach the database at 127.0.0.1:1 (ECONNREFUSED). Check DATABASE_URL.',
    );
    expect(started.output()).not.toContain('secret');
  });

  it('refuses sandbox mode on a non-loopback address unless told it is a shared test server', async () => {
    const started = startServer({ HOST: '0.0.0.0', PORT: String(await freePort()) });
    expect(await started.exited).toBe(1);
    expect(started.output().trim()).toMatch(
      /^pago: Invalid configuration: HOST: sandbox mode shows every sign-in code at \/sandbox\/mailbox, .* not 0\.0\.0\.0; set SANDBOX_SHARED_TEST_SERVER=true if this is a shared test server$/,
    );
  });

  it('exits with a one-line message on invalid configuration', async () => {
    const started = startServer({ PAGO_MODE: 'production' });
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(/^pago: Invalid configuration: PAGO_MODE: /);
  });
});

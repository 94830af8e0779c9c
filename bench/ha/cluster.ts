// A Patroni cluster on this one machine, as production runs it on three: one etcd member, N
// PostgreSQL nodes each managed by its own Patroni (own data dir, PostgreSQL port, REST port),
// synchronous replication (`synchronous_mode`), and HAProxy sending connections to whichever node
// Patroni's REST API says is the primary (`/primary`) and, on a second port, to replicas
// (`/replica`). Used by `npm run bench:ha` (failover) and the backup drill (bench/ha/backup*.ts).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../e2e/support/server-process';
import { ensurePackages, haproxyConfig, patroniConfig } from './cluster-config';

export type ClusterNode = {
  name: string;
  dataDir: string;
  pgPort: number;
  restPort: number;
};

export type Member = { name: string; role: string; state: string; timeline?: number; lag?: number };

export type Cluster = {
  nodes: ClusterNode[];
  /** HAProxy's port that reaches the primary (writes). */
  haproxyPort: number;
  /** HAProxy's port that reaches a replica (reads), round-robin. */
  haproxyReplicaPort: number;
  /** The superuser's password (user `postgres`). */
  password: string;
  /** A connection URL through HAProxy to the primary, for `database` (default `postgres`). */
  primaryUrl(database?: string): string;
  /** A connection URL straight to one node. */
  nodeUrl(name: string, database?: string): string;
  /** The current leader's name, asked of Patroni's REST API (waits until there is one). */
  primaryName(): Promise<string>;
  /** Every member as `GET /cluster` reports it. */
  members(): Promise<Member[]>;
  /** SIGKILL to a node's postmaster (its Patroni stays up). */
  killPostmaster(name: string): void;
  /** SIGTERM to a node's Patroni (it stops its PostgreSQL and releases the leader key). */
  stopPatroni(name: string): Promise<void>;
  /** Starts a node's Patroni again (after stopPatroni). */
  startPatroni(name: string): void;
  /** The log of a node's Patroni (and its PostgreSQL, which logs to stderr). */
  log(name: string): string;
  stop(): Promise<void>;
  /** The directory of PostgreSQL's programs (pg_basebackup, pg_ctl, ...). */
  pgBin: string;
  /** The user PostgreSQL runs as (uid/gid) when we are root, for files it must own. */
  owner?: { uid: number; gid: number };
};

export const PG_BIN = '/usr/lib/postgresql/15/bin';
const PASSWORD = 'pago-ha-superuser';
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** PostgreSQL refuses to run as root: then Patroni and PostgreSQL run as `postgres`. */
function postgresOwner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

function chownTree(dir: string, owner: { uid: number; gid: number } | undefined) {
  if (!owner) return;
  execFileSync('chown', ['-R', `${owner.uid}:${owner.gid}`, dir]);
}

async function getJson<T>(url: string): Promise<T | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return (await response.json()) as T;
  } catch {
    return undefined;
  }
}

async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`HA cluster: ${what} did not happen in ${ms} ms`);
    await wait(250);
  }
}

export async function startCluster(opts: {
  workDir: string;
  nodes: number;
  postgresParameters?: Record<string, string>;
  /** SQL run once on the new primary's `postgres` database, before startCluster returns. */
  bootstrapSql?: string;
}): Promise<Cluster> {
  ensurePackages();
  const owner = postgresOwner();
  const workDir = path.resolve(opts.workDir);
  fs.mkdirSync(workDir, { recursive: true });
  fs.chmodSync(workDir, 0o755);
  const etcdClientPort = await freePort();
  const etcdPeerPort = await freePort();
  const haproxyPort = await freePort();
  const haproxyReplicaPort = await freePort();
  const nodes: ClusterNode[] = [];
  for (let i = 1; i <= opts.nodes; i++) {
    const name = `pg${i}`;
    fs.mkdirSync(path.join(workDir, name), { recursive: true, mode: 0o700 });
    nodes.push({
      name,
      dataDir: path.join(workDir, name, 'data'),
      pgPort: await freePort(),
      restPort: await freePort(),
    });
  }
  const children: ChildProcess[] = [];
  const patronis = new Map<string, ChildProcess>();
  const logs = new Map<string, string>();

  const spawnLogged = (
    name: string,
    command: string,
    args: string[],
    asPostgres: boolean,
  ): ChildProcess => {
    const logFile = path.join(workDir, `${name}.log`);
    logs.set(name, logFile);
    const out = fs.openSync(logFile, 'a');
    const child = spawn(command, args, {
      cwd: workDir,
      stdio: ['ignore', out, out],
      env: { ...process.env, HOME: workDir, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8' },
      ...(asPostgres && owner ? owner : {}),
    });
    fs.closeSync(out);
    return child;
  };

  const etcdDir = path.join(workDir, 'etcd');
  fs.mkdirSync(etcdDir, { recursive: true, mode: 0o700 });
  const etcdUrl = `http://127.0.0.1:${etcdClientPort}`;
  const peerUrl = `http://127.0.0.1:${etcdPeerPort}`;
  children.push(
    spawnLogged(
      'etcd',
      'etcd',
      [
        '--name=etcd1',
        `--data-dir=${etcdDir}`,
        `--listen-client-urls=${etcdUrl}`,
        `--advertise-client-urls=${etcdUrl}`,
        `--listen-peer-urls=${peerUrl}`,
        `--initial-advertise-peer-urls=${peerUrl}`,
        `--initial-cluster=etcd1=${peerUrl}`,
        '--initial-cluster-state=new',
        '--enable-v2=true',
      ],
      false,
    ),
  );
  const stopAll = async () => {
    await Promise.all([...patronis.values()].map((child) => terminate(child, 60_000)));
    // A postmaster left behind by a killed Patroni.
    for (const node of nodes) {
      const pidFile = path.join(node.dataDir, 'postmaster.pid');
      const pid = fs.existsSync(pidFile)
        ? Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0])
        : 0;
      if (pid > 0) {
        try {
          process.kill(pid, 'SIGQUIT');
        } catch {
          // already gone
        }
      }
    }
    await Promise.all(children.map((child) => terminate(child, 10_000)));
  };
  try {
    await until('etcd answering', 30_000, async () => (await fetch(`${etcdUrl}/health`)).ok);

    const startPatroni = (node: ClusterNode) => {
      const file = path.join(workDir, node.name, 'patroni.yml');
      fs.writeFileSync(
        file,
        patroniConfig({
          node,
          nodeDir: path.join(workDir, node.name),
          etcdHost: `127.0.0.1:${etcdClientPort}`,
          password: PASSWORD,
          pgBin: PG_BIN,
          parameters: opts.postgresParameters ?? {},
        }),
      );
      chownTree(path.join(workDir, node.name), owner);
      patronis.set(node.name, spawnLogged(node.name, 'patroni', [file], true));
    };
    // The first node bootstraps (initdb) and becomes the leader; the others then clone it.
    startPatroni(nodes[0] as ClusterNode);
    await until('the first node leading', 120_000, async () => {
      const r = await fetch(`http://127.0.0.1:${nodes[0]?.restPort}/primary`);
      return r.status === 200;
    });
    for (const node of nodes.slice(1)) startPatroni(node);

    const haproxyFile = path.join(workDir, 'haproxy.cfg');
    fs.writeFileSync(haproxyFile, haproxyConfig({ nodes, haproxyPort, haproxyReplicaPort }));
    children.push(spawnLogged('haproxy', 'haproxy', ['-db', '-f', haproxyFile], false));

    const members = async () =>
      (await getJson<{ members: Member[] }>(`http://127.0.0.1:${nodes[0]?.restPort}/cluster`))
        ?.members ??
      (await getJson<{ members: Member[] }>(`http://127.0.0.1:${nodes[1]?.restPort}/cluster`))
        ?.members ??
      [];
    const primaryName = () =>
      until('a leader', 120_000, async () => {
        for (const node of nodes) {
          const cluster = await getJson<{ members: Member[] }>(
            `http://127.0.0.1:${node.restPort}/cluster`,
          );
          const leader = cluster?.members.find((m) => m.role === 'leader' && m.state === 'running');
          if (leader) return leader.name;
        }
        return undefined;
      });
    await until('every replica streaming', 180_000, async () => {
      const all = await members();
      return (
        all.length === nodes.length &&
        all
          .filter((m) => m.role !== 'leader')
          .every((m) => m.state === 'streaming' || m.state === 'running')
      );
    });
    const primaryUrl = (database = 'postgres') =>
      `postgres://postgres:${PASSWORD}@127.0.0.1:${haproxyPort}/${database}`;
    await until('HAProxy reaching the primary', 30_000, async () => {
      const client = new pg.Client({ connectionString: primaryUrl() });
      await client.connect();
      try {
        const r = await client.query('select pg_is_in_recovery() as standby');
        return r.rows[0]?.standby === false;
      } finally {
        await client.end();
      }
    });
    if (opts.bootstrapSql) {
      const client = new pg.Client({ connectionString: primaryUrl() });
      await client.connect();
      await client.query(opts.bootstrapSql).finally(() => client.end());
    }

    const node = (name: string) => {
      const found = nodes.find((n) => n.name === name);
      if (!found) throw new Error(`HA cluster: no node ${name}`);
      return found;
    };
    return {
      nodes,
      haproxyPort,
      haproxyReplicaPort,
      password: PASSWORD,
      pgBin: PG_BIN,
      owner,
      primaryUrl,
      nodeUrl: (name, database = 'postgres') =>
        `postgres://postgres:${PASSWORD}@127.0.0.1:${node(name).pgPort}/${database}`,
      primaryName,
      members,
      killPostmaster(name) {
        const pidFile = path.join(node(name).dataDir, 'postmaster.pid');
        process.kill(Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGKILL');
      },
      async stopPatroni(name) {
        const child = patronis.get(name);
        if (child) await terminate(child, 60_000);
      },
      startPatroni: (name) => startPatroni(node(name)),
      log: (name) => fs.readFileSync(logs.get(name) ?? '/dev/null', 'utf8'),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** SIGTERM, then SIGKILL after `ms`; resolves once the process has exited. */
async function terminate(child: ChildProcess, ms: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  await exited;
  clearTimeout(timer);
}

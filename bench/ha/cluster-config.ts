// The configuration files of the one-machine HA cluster (bench/ha/cluster.ts): Patroni's YAML per
// node and HAProxy's. The values and why they are chosen are in docs/ha.md ("Configuration").
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { ClusterNode } from './cluster';

const PACKAGES: Record<string, string> = {
  patroni: 'patroni',
  etcd: 'etcd-server',
  haproxy: 'haproxy',
  pgbackrest: 'pgbackrest',
  '/usr/lib/postgresql/15/bin/pg_rewind': 'postgresql-15',
};

function installed(program: string): boolean {
  if (program.startsWith('/')) return fs.existsSync(program);
  try {
    execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Installs with apt-get whatever of Patroni, etcd, HAProxy, pgBackRest and PostgreSQL 15 is
 * missing (as `.ci/run` installs Chromium). Debian's postgresql package would create and start a
 * default cluster on port 5432; createcluster.conf tells it not to (the drill makes its own).
 */
export function ensurePackages(): void {
  const missing = Object.entries(PACKAGES)
    .filter(([program]) => !installed(program))
    .map(([, pkg]) => pkg);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`bench:ha needs these Debian packages (run as root to install): ${missing}`);
  }
  console.log(`Installing ${missing.join(', ')} with apt-get...`);
  const conf = '/etc/postgresql-common/createcluster.conf';
  if (!fs.existsSync(conf)) {
    fs.mkdirSync('/etc/postgresql-common', { recursive: true });
    fs.writeFileSync(conf, 'create_main_cluster = false\n');
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync(
    'apt-get',
    [
      'install',
      '-y',
      '--no-install-recommends',
      '-o',
      'Dpkg::Options::=--force-confold',
      ...missing,
    ],
    { stdio: 'inherit', env },
  );
}

const yamlValue = (value: string) => JSON.stringify(value);

/** One node's patroni.yml. `bootstrap.dcs` is written to etcd by the first node only. */
export function patroniConfig(o: {
  node: ClusterNode;
  nodeDir: string;
  etcdHost: string;
  password: string;
  pgBin: string;
  parameters: Record<string, string>;
}): string {
  const parameters: Record<string, string> = {
    // Money: a commit returns once the synchronous standby has it on disk (see docs/ha.md).
    synchronous_commit: 'on',
    wal_level: 'replica',
    hot_standby: 'on',
    wal_log_hints: 'on',
    max_wal_senders: '10',
    max_replication_slots: '10',
    wal_keep_size: '256MB',
    max_connections: '200',
    shared_buffers: '128MB',
    ...o.parameters,
  };
  const lines = [
    'scope: pago-ha',
    'namespace: /service/',
    `name: ${o.node.name}`,
    'log:',
    '  level: INFO',
    'restapi:',
    `  listen: 127.0.0.1:${o.node.restPort}`,
    `  connect_address: 127.0.0.1:${o.node.restPort}`,
    'etcd3:',
    `  hosts: ${o.etcdHost}`,
    'bootstrap:',
    '  dcs:',
    '    ttl: 15',
    '    loop_wait: 2',
    '    retry_timeout: 5',
    '    maximum_lag_on_failover: 1048576',
    '    synchronous_mode: true',
    '    synchronous_mode_strict: false',
    '    primary_start_timeout: 0',
    '    postgresql:',
    '      use_pg_rewind: true',
    '      use_slots: true',
    '      parameters:',
    ...Object.entries(parameters).map(([k, v]) => `        ${k}: ${yamlValue(v)}`),
    '  initdb:',
    '    - encoding: UTF8',
    '    - locale: C.UTF-8',
    '    - data-checksums',
    'postgresql:',
    `  listen: 127.0.0.1:${o.node.pgPort}`,
    `  connect_address: 127.0.0.1:${o.node.pgPort}`,
    `  data_dir: ${o.node.dataDir}`,
    `  bin_dir: ${o.pgBin}`,
    `  pgpass: ${o.nodeDir}/pgpass`,
    '  authentication:',
    '    superuser:',
    '      username: postgres',
    `      password: ${yamlValue(o.password)}`,
    '    replication:',
    '      username: replicator',
    `      password: ${yamlValue(`${o.password}-replication`)}`,
    '    rewind:',
    '      username: rewinder',
    `      password: ${yamlValue(`${o.password}-rewind`)}`,
    '  parameters:',
    `    unix_socket_directories: ${yamlValue(o.nodeDir)}`,
    '  pg_hba:',
    '    - local all all trust',
    '    - host replication replicator 127.0.0.1/32 scram-sha-256',
    '    - host all all 127.0.0.1/32 scram-sha-256',
    'tags:',
    '  nofailover: false',
    '  noloadbalance: false',
    '  clonefrom: false',
    '  nosync: false',
    '',
  ];
  return lines.join('\n');
}

/**
 * HAProxy: port `haproxyPort` to the node whose `GET /primary` answers 200, `haproxyReplicaPort`
 * round-robin to those whose `GET /replica` does. A node that stops being primary is marked down
 * within two checks (1 s apart) and its connections are cut (`on-marked-down shutdown-sessions`),
 * so no client keeps writing to a demoted node.
 */
export function haproxyConfig(o: {
  nodes: ClusterNode[];
  haproxyPort: number;
  haproxyReplicaPort: number;
}): string {
  const servers = o.nodes.map(
    (n) => `  server ${n.name} 127.0.0.1:${n.pgPort} maxconn 200 check port ${n.restPort}`,
  );
  return [
    'global',
    '  maxconn 2000',
    'defaults',
    '  mode tcp',
    '  timeout connect 2s',
    '  timeout client 30m',
    '  timeout server 30m',
    '  timeout check 2s',
    'listen primary',
    `  bind 127.0.0.1:${o.haproxyPort}`,
    '  option httpchk OPTIONS /primary',
    '  http-check expect status 200',
    '  default-server inter 1s fastinter 500ms fall 2 rise 1 on-marked-down shutdown-sessions',
    ...servers,
    'listen replicas',
    `  bind 127.0.0.1:${o.haproxyReplicaPort}`,
    '  balance roundrobin',
    '  option httpchk OPTIONS /replica',
    '  http-check expect status 200',
    '  default-server inter 1s fastinter 500ms fall 2 rise 1 on-marked-down shutdown-sessions',
    ...servers,
    '',
  ].join('\n');
}

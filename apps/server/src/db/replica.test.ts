import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from './database';
import { createReadRouting, type ReadRouting } from './replica';

// The routing without a real standby (replica.over-http.test.ts has one): no replica, a replica
// URL that reaches a primary, and a host that accepts connections and then says nothing.

let db: Database;
let url: string;
let silent: net.Server;
let silentPort: number;
const sockets = new Set<net.Socket>();
const open: ReadRouting[] = [];
const log = { warn() {}, info() {} };

beforeAll(async () => {
  ({ db, url } = await createTestDatabase());
  silent = net.createServer((socket) => sockets.add(socket)); // accepts, never answers
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as net.AddressInfo).port;
});
afterAll(async () => {
  for (const routing of open) await routing.close();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

function routing(replicaUrl: string | undefined) {
  const made = createReadRouting({
    primary: db,
    replicaUrl,
    maxLagMs: 5_000,
    poolSize: 2,
    log,
    probeIntervalMs: 100,
  });
  open.push(made);
  return made;
}

/** Which server answered (its port). */
const where = (from: Database) =>
  sql<{ port: number }>`select inet_server_port() as port`.execute(from).then((r) => r.rows[0]);

async function until(check: () => boolean) {
  const deadline = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('read routing without a usable replica', () => {
  it('without DATABASE_REPLICA_URL reads the primary, and says so', async () => {
    const reads = routing(undefined);
    const [direct, routed] = [await where(db), await reads.read('someone', where)];
    expect(routed).toEqual(direct);
    expect(reads.status()).toMatchObject({ configured: false, reads: { no_replica: 1 } });
  });

  it('refuses a replica URL that reaches a primary (not a standby)', async () => {
    const reads = routing(url);
    await until(() => reads.status().problem?.includes('not a standby') ?? false);
    await reads.read(null, where);
    expect(reads.status()).toMatchObject({ healthy: false, reads: { unhealthy: 1, fresh: 0 } });
  });

  it('a replica that accepts connections and never answers is not waited for', async () => {
    const reads = routing(`postgres://pago:pw@127.0.0.1:${silentPort}/pago`);
    const started = Date.now();
    expect(await reads.read(null, where)).toEqual(await where(db));
    expect(Date.now() - started).toBeLessThan(1_000);
    await until(() => /replica/.test(reads.status().problem ?? ''));
    expect(reads.status().healthy).toBe(false);
    expect(reads.status().reads.fresh).toBe(0);
  });
});

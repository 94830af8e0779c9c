import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cents } from '@pago/shared/money';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  importReleasedMigrations,
  RELEASED_MIGRATIONS_COMMIT,
} from '../../test/released-migrations';
import { createEmptyDatabase, createTestDatabase } from '../../test/test-database';
import { createLedger, walletToWallet } from '../features/ledger/ledger.service';
import { createDatabase, type Database } from './database';
import { applyFunctions, FUNCTIONS_DIR, functionBodies, readFunctionFiles } from './functions';
import { migrateDatabase, migrateToLatest } from './migrate';
import { migrations } from './migrations';

// biome-ignore lint/suspicious/noExplicitAny: any schema
type AnyDb = Kysely<any>;

/** Every function of the schema whose body differs from its file's, and every one with no file. */
async function differences(db: AnyDb): Promise<string[]> {
  const files = readFunctionFiles();
  const bodies = new Map(files.flatMap((f) => [...functionBodies(f.sql)]));
  const { rows } = await sql<{ name: string; src: string }>`
    select p.proname as name, p.prosrc as src
    from pg_proc p
    where p.pronamespace = current_schema()::regnamespace
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
    order by 1`.execute(db);
  const found: string[] = [];
  for (const { name, src } of rows) {
    const body = bodies.get(name);
    if (body === undefined) found.push(`${name}: no file`);
    else if (normalise(body) !== normalise(src)) found.push(`${name}: differs from its file`);
  }
  for (const name of bodies.keys()) {
    if (!rows.some((r) => r.name === name)) found.push(`${name}: not in the database`);
  }
  return found;
}

const normalise = (body: string) => body.replace(/\r\n/g, '\n').trim();

function tempFunctions(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pago-functions-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

describe('function files', () => {
  it('a migrated database holds exactly the functions of the files, as written', async () => {
    const { db } = await createTestDatabase();
    expect(await differences(db)).toEqual([]);
    // and the check sees a change
    await sql`create or replace function rate_limit_recent(hits timestamptz[], since timestamptz)
      returns timestamptz[] language sql immutable as $fn$ select hits $fn$`.execute(db);
    expect(await differences(db)).toEqual(['rate_limit_recent: differs from its file']);
  });

  it('every trigger a file creates exists after migrating', async () => {
    const { db } = await createTestDatabase();
    const named = readFunctionFiles().flatMap((f) =>
      [...f.sql.matchAll(/create or replace trigger (\w+)/g)].map((m) => m[1]),
    );
    const { rows } = await sql<{ name: string }>`
      select tgname as name from pg_trigger where not tgisinternal order by 1`.execute(db);
    expect(named.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.name).sort()).toEqual([...named].sort());
  });

  it('refuses a file that defines another file’s function, or two functions', () => {
    const twice = tempFunctions({
      'a.sql': 'create or replace function a() returns int language sql as $$ select 1 $$;',
      'b.sql': 'create or replace function a() returns int language sql as $$ select 2 $$;',
    });
    expect(() => readFunctionFiles(twice)).toThrow(
      /b\.sql must define one function, b; it defines a/,
    );
    const two = tempFunctions({
      'a.sql': `create or replace function a() returns int language sql as $$ select 1 $$;
create or replace function b() returns int language sql as $$ select 2 $$;`,
    });
    expect(() => readFunctionFiles(two)).toThrow(/it defines a, b/);
    // The real files pass.
    expect(readFunctionFiles(FUNCTIONS_DIR).length).toBeGreaterThan(0);
  });

  it('orders files by their requires header and refuses a circle or a missing file', () => {
    const dir = tempFunctions({
      'a.sql':
        '-- requires: b\ncreate or replace function a() returns int language sql as $$ select b() $$;',
      'b.sql': 'create or replace function b() returns int language sql as $$ select 1 $$;',
    });
    expect(readFunctionFiles(dir).map((f) => f.name)).toEqual(['b', 'a']);
    const circle = tempFunctions({
      'a.sql':
        '-- requires: b\ncreate or replace function a() returns int language sql as $$ select 1 $$;',
      'b.sql':
        '-- requires: a\ncreate or replace function b() returns int language sql as $$ select 1 $$;',
    });
    expect(() => readFunctionFiles(circle)).toThrow(/require each other: a -> b -> a/);
    const missing = tempFunctions({
      'a.sql':
        '-- requires: c\ncreate or replace function a() returns int language sql as $$ select 1 $$;',
    });
    expect(() => readFunctionFiles(missing)).toThrow(/requires c, which has no file/);
  });

  it('applies a file again only when it changes, and a new signature replaces the old', async () => {
    const { url } = await createEmptyDatabase();
    const db = createDatabase(url);
    try {
      const one = tempFunctions({
        'f.sql': 'create or replace function f(x int) returns int language sql as $$ select x $$;',
      });
      expect(await applyFunctions(db, readFunctionFiles(one))).toEqual(['f']);
      expect(await applyFunctions(db, readFunctionFiles(one))).toEqual([]);
      const two = tempFunctions({
        'f.sql':
          'create or replace function f(x int, y text) returns text language sql as $$ select y || x $$;',
      });
      expect(await applyFunctions(db, readFunctionFiles(two))).toEqual(['f']);
      const { rows } = await sql<{ signature: string }>`
        select oid::regprocedure::text as signature from pg_proc where proname = 'f'`.execute(db);
      expect(rows).toEqual([{ signature: 'f(integer,text)' }]);
      const { rows: recorded } = await sql<{ name: string; hash: string }>`
        select name, hash from db_function`.execute(db);
      expect(recorded).toEqual([{ name: 'f', hash: readFunctionFiles(two)[0]?.hash }]);
    } finally {
      await db.destroy();
    }
  });

  it('applies each file once when two servers migrate at the same moment', async () => {
    const { url } = await createEmptyDatabase();
    const first = createDatabase(url);
    const second = createDatabase(url);
    try {
      const results = await Promise.all([
        migrateDatabase(first, 'sandbox'),
        migrateDatabase(second, 'sandbox'),
      ]);
      const functions = results.flat().filter((name) => name.startsWith('functions/'));
      expect(functions.sort()).toEqual(
        readFunctionFiles()
          .map((f) => `functions/${f.name}`)
          .sort(),
      );
      expect(await differences(first)).toEqual([]);
    } finally {
      await first.destroy();
      await second.destroy();
    }
  });
});

/**
 * Every function or trigger a file outside db/functions/ creates, as "path: name", but for:
 * - bench/pgledger/: pgledger, a third-party ledger the benchmark installs in a schema of its own
 *   to compare ledger_post with; its functions are pgledger's, never Pago's;
 * - bench/ha/pg15.ts: PostgreSQL 18's built-in `uuidv7()` made for the failover drill's Debian
 *   PostgreSQL 15, before the migrations run (a function file would come after them); never made
 *   on 18, never in a database Pago runs on in production (docs/ha.md);
 * - functions.test.ts: the test of the function step writes functions of its own, and a changed
 *   copy of one to see the drift check catch it;
 * - other test files: a throw-away function or trigger in the test's own database to make a step
 *   fail, as long as no function file has its name (so it is never a second definition).
 */
function definitionsOutsideFunctions(
  files: { path: string; text: string }[],
  fileNames: Set<string>,
): string[] {
  const create =
    /\bcreate\s+(?:or\s+replace\s+)?(?:constraint\s+)?(?:function|trigger)\s+(?:"?\w+"?\.)?"?(\w+)/gi;
  const found: string[] = [];
  for (const file of files) {
    if (/^apps\/server\/src\/db\/functions\/[^/]+\.sql$/.test(file.path)) continue;
    if (file.path.startsWith('bench/pgledger/')) continue;
    if (file.path === 'bench/ha/pg15.ts') continue;
    if (file.path === 'apps/server/src/db/functions.test.ts') continue;
    for (const m of file.text.matchAll(create)) {
      const name = (m[1] ?? '').toLowerCase();
      if (/\.test\.tsx?$/.test(file.path) && !fileNames.has(name)) continue;
      found.push(`${file.path}: ${name}`);
    }
  }
  return found;
}

/** The repository's files as git sees them: committed, and new ones not ignored. */
function repositoryFiles(): { path: string; text: string }[] {
  const root = execFileSync('git', ['rev-parse', '--show-toplevel'], {
    cwd: FUNCTIONS_DIR,
    encoding: 'utf8',
  }).trim();
  const paths = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
    .split('\0')
    .filter(Boolean);
  return [...new Set(paths)].flatMap((file) => {
    const full = path.join(root, file);
    // A file deleted but not yet committed is listed and absent.
    if (!fs.existsSync(full) || !fs.statSync(full).isFile()) return [];
    return [{ path: file, text: fs.readFileSync(full, 'utf8') }];
  });
}

describe('one definition of each function', () => {
  it('no file outside db/functions/ creates a function or trigger', () => {
    const fileNames = new Set(readFunctionFiles().map((f) => f.name));
    const files = repositoryFiles();
    expect(files.some((f) => f.path.startsWith('apps/server/src/db/functions/'))).toBe(true);
    expect(definitionsOutsideFunctions(files, fileNames)).toEqual([]);
  });

  it('the check finds a definition in a migration, a sandbox migration or a test', () => {
    const fileNames = new Set(['ledger_post', 'transfer_send']);
    const files = [
      {
        path: 'apps/server/src/db/migrations/0099-x.ts',
        text: 'await sql`CREATE OR REPLACE FUNCTION public.ledger_post(p jsonb) returns uuid`',
      },
      {
        path: 'apps/server/src/db/sandbox-migrations/0099-y.ts',
        text:
          'create function sandbox_fill() returns trigger language plpgsql as $$ $$;\n' +
          'create trigger sandbox_fill before insert on t for each row execute function sandbox_fill();',
      },
      {
        path: 'apps/server/src/features/transfers/transfers.test.ts',
        text: 'create or replace function transfer_send() returns void; create function crash_for_test()',
      },
      {
        path: 'docs/architecture.md',
        text: 'A file also holds its `create or replace trigger` statements.',
      },
      {
        path: 'bench/pgledger/pgledger.sql',
        text: 'CREATE OR REPLACE FUNCTION pgledger_create_transfer() returns void',
      },
      {
        path: 'apps/server/src/db/functions/ledger_post.sql',
        text: 'create or replace function ledger_post() returns void',
      },
    ];
    expect(definitionsOutsideFunctions(files, fileNames)).toEqual([
      'apps/server/src/db/migrations/0099-x.ts: ledger_post',
      'apps/server/src/db/sandbox-migrations/0099-y.ts: sandbox_fill',
      'apps/server/src/db/sandbox-migrations/0099-y.ts: sandbox_fill',
      'apps/server/src/features/transfers/transfers.test.ts: transfer_send',
    ]);
  });
});

describe('a database migrated before the function files', () => {
  it('cannot run without the repository’s history, and says so', async () => {
    await expect(importReleasedMigrations('0'.repeat(40))).rejects.toThrow(
      /The upgrade test needs the repository's history: .* commit 0{40}/s,
    );
  });

  it('upgrades: its functions become the files’ and money still moves', async () => {
    // The migrations as released, read from git history (each wrote its functions in full),
    // through a folder of their own that is gone once they are imported.
    const serverDir = path.resolve(FUNCTIONS_DIR, '../../..');
    const folders = () =>
      fs.readdirSync(serverDir).filter((name) => name.startsWith('.released-migrations-'));
    const before = folders();
    const released = await importReleasedMigrations(RELEASED_MIGRATIONS_COMMIT);
    expect(folders()).toEqual(before);
    expect(Object.keys(released).at(-1)).toBe('0031-funds-availability');
    expect(Object.keys(released)).toEqual(Object.keys(migrations).slice(0, 30));

    const { url } = await createEmptyDatabase();
    const db: Database = createDatabase(url);
    try {
      await migrateToLatest(db, released);
      const ledger = createLedger({ clock: () => new Date(), partyNames: async () => new Map() });
      const user = async () => {
        const id = randomUUID();
        await sql`insert into users (id, name, username, email, password_hash)
                  values (${id}, 'Upgrade', ${id}, ${`${id}@example.com`}, 'x')`.execute(db);
        return id;
      };
      const send = (from: string, to: string, amount: number) =>
        db.transaction().execute((tx) =>
          ledger.post(tx, {
            kind: 'p2p',
            status: 'completed',
            userId: from,
            counterpartyUserId: to,
            amountCents: cents(amount),
            countsTowardLimits: true,
            metadata: { recipientPhone: '+12125550000', recipientCountry: 'MX' },
            legs: walletToWallet(from, to, amount),
          }),
        );
      const ana = await user();
      const ben = await user();
      await db.transaction().execute((tx) =>
        ledger.post(tx, {
          kind: 'deposit',
          status: 'completed',
          userId: ana,
          amountCents: cents(10_000),
          countsTowardLimits: false,
          metadata: { source: 'sandbox_test_money' },
          legs: [
            { account: { role: 'funding_clearing' }, amountCents: -10_000 },
            { account: { userId: ana }, amountCents: 10_000 },
          ],
        }),
      );
      await send(ana, ben, 2_500);

      const applied = await migrateDatabase(db, 'sandbox');
      // The released ones are not run again; the ones written since are, on the data.
      expect(
        applied.filter((name) => !name.startsWith('sandbox/') && !name.startsWith('functions/')),
      ).toEqual(Object.keys(migrations).filter((name) => !(name in released)));
      expect(applied.filter((name) => name.startsWith('functions/')).length).toBe(
        readFunctionFiles().length,
      );
      expect(await differences(db)).toEqual([]);

      await send(ben, ana, 1_000);
      const balance = async (id: string) => {
        const { rows } = await sql<{ cents: string }>`
          select balance_cents::text as cents from ledger_accounts where user_id = ${id}`.execute(
          db,
        );
        return Number(rows[0]?.cents);
      };
      expect(await balance(ana)).toBe(8_500);
      expect(await balance(ben)).toBe(1_500);
      // The limits trigger still counts each send.
      const { rows } = await sql<{ used: string }>`
        select coalesce(sum(used_cents), 0)::text as used from ledger_limit_usage
        where user_id = ${ana}`.execute(db);
      expect(Number(rows[0]?.used)).toBe(2_500);
    } finally {
      await db.destroy();
    }
  });
});

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Kysely, sql } from 'kysely';

/**
 * The database's functions and triggers as source files (`db/functions/<name>.sql`), applied after
 * the migrations whenever a file's content changes: the repeatable step (Flyway's `R__` idea). A
 * migration never writes a function body; it changes tables, and the file changes with it.
 */

export const FUNCTIONS_DIR = fileURLToPath(new URL('./functions/', import.meta.url));

/**
 * The advisory lock kysely's Migrator holds while it migrates (its PostgreSQL adapter's LOCK_ID),
 * so migrations and functions are applied by one server at a time.
 */
export const MIGRATION_LOCK_ID = '3853314791062309107';

export const FUNCTION_TABLE = 'db_function';

export interface FunctionFile {
  /** The file's name without `.sql`: the function it defines. */
  name: string;
  sql: string;
  /** sha256 of the file's content, hex. */
  hash: string;
  /** Files applied first (the `-- requires: a, b` header). */
  requires: string[];
}

/** Reads every `.sql` file in `dir`, in dependency order (then by name). */
export function readFunctionFiles(dir = FUNCTIONS_DIR): FunctionFile[] {
  const files = new Map<string, FunctionFile>();
  for (const entry of fs.readdirSync(dir).sort()) {
    if (!entry.endsWith('.sql')) continue;
    const text = fs.readFileSync(path.join(dir, entry), 'utf8');
    const name = entry.slice(0, -'.sql'.length);
    const defined = definedFunctions(text);
    if (defined.length !== 1 || defined[0] !== name) {
      throw new Error(
        `${entry} must define one function, ${name}; it defines ${defined.join(', ') || 'none'}`,
      );
    }
    const requires = [...text.matchAll(/^-- requires: (.+)$/gm)].flatMap((m) =>
      (m[1] ?? '').split(',').map((name) => name.trim()),
    );
    files.set(name, {
      name,
      sql: text,
      hash: createHash('sha256').update(text).digest('hex'),
      requires,
    });
  }
  const ordered: FunctionFile[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (file: FunctionFile, from: string[]) => {
    if (state.get(file.name) === 'done') return;
    if (state.get(file.name) === 'visiting') {
      throw new Error(`Function files require each other: ${[...from, file.name].join(' -> ')}`);
    }
    state.set(file.name, 'visiting');
    for (const name of file.requires) {
      const required = files.get(name);
      if (!required) throw new Error(`${file.name}.sql requires ${name}, which has no file`);
      visit(required, [...from, file.name]);
    }
    state.set(file.name, 'done');
    ordered.push(file);
  };
  for (const file of files.values()) visit(file, []);
  return ordered;
}

/** The functions a file creates, by name. */
export function definedFunctions(text: string): string[] {
  return [
    ...text.matchAll(/^\s*create\s+(?:or\s+replace\s+)?function\s+(?:public\.)?(\w+)/gim),
  ].map((m) => (m[1] ?? '').toLowerCase());
}

/**
 * Each function's body as the file writes it (between its dollar quotes), by name: what
 * PostgreSQL keeps, verbatim, in `pg_proc.prosrc`.
 */
export function functionBodies(text: string): Map<string, string> {
  const bodies = new Map<string, string>();
  const create =
    /^\s*create\s+(?:or\s+replace\s+)?function\s+(?:public\.)?(\w+)[\s\S]*?\sas\s+(\$\w*\$)([\s\S]*?)\2/gim;
  for (const m of text.matchAll(create)) bodies.set((m[1] ?? '').toLowerCase(), m[3] ?? '');
  return bodies;
}

/**
 * Applies each function file whose hash differs from the one recorded, in one transaction holding
 * the migrations' advisory lock, and records the new hashes. Before a file is applied, the
 * function's other overloads are dropped (a changed signature replaces the old one instead of
 * sitting beside it); trigger functions keep their one signature and are replaced in place, so
 * their triggers stay. Returns the names applied.
 */
export async function applyFunctions(
  // biome-ignore lint/suspicious/noExplicitAny: functions apply to any schema
  db: Kysely<any>,
  files: FunctionFile[] = readFunctionFiles(),
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK_ID)}::bigint)`.execute(trx);
    await sql`
      create table if not exists ${sql.table(FUNCTION_TABLE)} (
        name text primary key,
        hash text not null,
        applied_at timestamptz not null default now()
      )`.execute(trx);
    const { rows } = await sql<{
      name: string;
      hash: string;
    }>`select name, hash from ${sql.table(FUNCTION_TABLE)}`.execute(trx);
    const applied = new Map(rows.map((r) => [r.name, r.hash]));
    const done: string[] = [];
    for (const file of files) {
      if (applied.get(file.name) === file.hash) continue;
      const { rows: overloads } = await sql<{ signature: string }>`
        select p.oid::regprocedure::text as signature
        from pg_proc p
        where p.proname = ${file.name}
          and p.pronamespace = current_schema()::regnamespace
          and p.prorettype <> 'trigger'::regtype`.execute(trx);
      for (const { signature } of overloads) {
        await sql`drop function ${sql.raw(signature)}`.execute(trx);
      }
      await sql.raw(file.sql).execute(trx);
      await sql`
        insert into ${sql.table(FUNCTION_TABLE)} (name, hash) values (${file.name}, ${file.hash})
        on conflict (name) do update set hash = excluded.hash, applied_at = now()`.execute(trx);
      done.push(file.name);
    }
    return done;
  });
}

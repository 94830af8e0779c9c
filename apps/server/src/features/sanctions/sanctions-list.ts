import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { IndexEntry } from './list-index';
import { type ListedEntry, readListsFromDir } from './ofac-files';

/** The fictional list sandbox mode loads (docs/sanctions.md, "The sandbox list"). */
export const SANDBOX_LIST_DIR = join(dirname(fileURLToPath(import.meta.url)), 'sandbox-list');

/**
 * A new list smaller than this share of the one loaded is refused without `force`: the Treasury
 * removes a few entries a week, never a tenth of the list, so a shrink like that is a truncated
 * download or a wrong file.
 */
export const SHRINK_LIMIT = 0.9;

/** What an entry is, as its hash sees it: a change of any of it re-opens a cleared match. */
function contentHashOf(entry: ListedEntry): string {
  const facts = {
    name: entry.name,
    type: entry.type,
    programs: entry.programs,
    aliases: entry.aliases,
    countries: entry.countries,
    birthDates: entry.birthDates,
  };
  return createHash('sha256').update(JSON.stringify(facts)).digest('hex').slice(0, 32);
}

/** The files of a folder, by upper-case name, with their SHA-256 (what the load records). */
async function hashFiles(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const name of (await readdir(dir)).sort()) {
    if (!/\.csv$/i.test(name)) continue;
    files[name.toUpperCase()] = createHash('sha256')
      .update(await readFile(join(dir, name)))
      .digest('hex');
  }
  return files;
}

export type LoadResult = {
  loadId: number;
  entries: number;
  names: number;
  added: number;
  changed: number;
  removed: number;
};

/**
 * Loads the Treasury's files in `dir` as the whole list, in one transaction: every entry replaced,
 * the load recorded with the files' hashes. Refuses (422) a folder with no list in it, a list
 * whose primary file held no entry, or, without `force`, one much smaller than the list loaded.
 * An entry that is new or changed gets the load's time as `listed_since`, so re-screening knows
 * what to screen customers against.
 */
export async function loadListFromDir(
  db: Database,
  dir: string,
  options: { origin: 'sandbox' | 'file'; force?: boolean; now: Date },
): Promise<LoadResult> {
  const entries = await readListsFromDir(dir);
  if (entries.length === 0) {
    throw new AppError(
      'sanctions_list_unreadable',
      422,
      `No list entries could be read from ${dir}: SDN.CSV or CONS_PRIM.CSV must be there, in the Treasury's format.`,
    );
  }
  const files = await hashFiles(dir);
  const names = entries.reduce((n, e) => n + 1 + e.aliases.length, 0);
  return db.transaction().execute(async (tx) => {
    // One load at a time: a second waits here and then compares with the first's list.
    await sql`lock table sanctions_entries in exclusive mode`.execute(tx);
    const before = await tx
      .selectFrom('sanctions_entries')
      .select(['source', 'entry_id', 'content_hash', 'listed_since'])
      .execute();
    for (const source of ['sdn', 'cons'] as const) {
      const had = before.filter((e) => e.source === source).length;
      const has = entries.filter((e) => e.source === source).length;
      if (!options.force && had > 0 && has < had * SHRINK_LIMIT) {
        throw new AppError(
          'sanctions_list_shrunk',
          422,
          `The ${source.toUpperCase()} list would go from ${had} to ${has} entries. A download that was cut short looks like this; load it with --force if the Treasury really removed that many.`,
          { source, before: had, after: has },
        );
      }
    }
    const load = await tx
      .insertInto('sanctions_list_loads')
      .values({
        origin: options.origin,
        files: JSON.stringify(files),
        entry_count: entries.length,
        name_count: names,
        forced: options.force ?? false,
        loaded_at: options.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const old = new Map(before.map((e) => [`${e.source}:${e.entry_id}`, e]));
    let added = 0;
    let changed = 0;
    const rows = entries.map((entry) => {
      const hash = contentHashOf(entry);
      const was = old.get(`${entry.source}:${entry.id}`);
      if (!was) added++;
      else if (was.content_hash !== hash) changed++;
      return {
        source: entry.source,
        entry_id: entry.id,
        name: entry.name,
        entry_type: entry.type,
        programs: entry.programs,
        aliases: JSON.stringify(entry.aliases),
        countries: entry.countries,
        birth_dates: JSON.stringify(entry.birthDates),
        places_of_birth: entry.placesOfBirth,
        remarks: entry.remarks,
        content_hash: hash,
        listed_since: was && was.content_hash === hash ? was.listed_since : options.now,
        load_id: load.id,
      };
    });
    await tx.deleteFrom('sanctions_entries').execute();
    for (let i = 0; i < rows.length; i += 1000) {
      await tx
        .insertInto('sanctions_entries')
        .values(rows.slice(i, i + 1000))
        .execute();
    }
    const kept = new Set(entries.map((e) => `${e.source}:${e.id}`));
    const removed = before.filter((e) => !kept.has(`${e.source}:${e.entry_id}`)).length;
    return { loadId: load.id, entries: entries.length, names, added, changed, removed };
  });
}

/** Sandbox mode: the fictional list, loaded when no list is. */
export async function loadSandboxListIfEmpty(db: Database, now: Date): Promise<boolean> {
  const any = await db.selectFrom('sanctions_list_loads').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  try {
    await loadListFromDir(db, SANDBOX_LIST_DIR, { origin: 'sandbox', now });
  } catch (error) {
    // Two processes starting at once: the second finds the first's list.
    const again = await db
      .selectFrom('sanctions_list_loads')
      .select('id')
      .limit(1)
      .executeTakeFirst();
    if (!again) throw error;
  }
  return true;
}

/** The list's latest load (null: none loaded). */
export async function currentLoad(db: Database) {
  return (
    (await db
      .selectFrom('sanctions_list_loads')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()) ?? null
  );
}

/** Every entry, as the index takes them. */
export async function readIndexEntries(
  db: Database,
): Promise<(IndexEntry & { listedSince: Date })[]> {
  const rows = await db
    .selectFrom('sanctions_entries')
    .select([
      'source',
      'entry_id',
      'name',
      'entry_type',
      'aliases',
      'countries',
      'birth_dates',
      'content_hash',
      'listed_since',
    ])
    .execute();
  return rows.map((r) => ({
    source: r.source,
    entryId: r.entry_id,
    name: r.name,
    type: r.entry_type,
    aliases: r.aliases,
    countries: r.countries,
    birthDates: r.birth_dates,
    contentHash: r.content_hash,
    listedSince: r.listed_since,
  }));
}

import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { SanctionsSubjectKind } from '../../db/schema';
import type { Ledger } from '../ledger/ledger.service';
import { buildIndex, type KnownFacts, type ListIndex } from './list-index';
import { normalise } from './name-match';
import { currentLoad, loadSandboxListIfEmpty, readIndexEntries } from './sanctions-list';

export type Subject = {
  kind: SanctionsSubjectKind;
  /** The user's id, or the recipient's (saved recipient id; a phone for a send to a phone). */
  id: string;
  /** Whose it is: the user, or the sender who saved the recipient. */
  userId: string;
  name: string;
  facts?: KnownFacts;
};

/**
 * Screening a subject's name against the list as last loaded (the in-memory index, rebuilt once
 * per load): the screening stored, a possible match opened as a hit (features/sanctions).
 */
export function createScreening({
  db,
  ledger,
  sandbox,
  log,
}: {
  db: Database;
  ledger: Ledger;
  /** Sandbox mode: the fictional list is loaded when none is. */
  sandbox: boolean;
  log?: Pick<FastifyBaseLogger, 'error'>;
}) {
  let cached: Promise<{ loadId: number | null; index: ListIndex }> | null = null;
  let cachedLoad: number | null | undefined;

  /** The index of the list as last loaded (rebuilt once per load; sandbox loads its list). */
  let warnedNoList = false;

  async function current(): Promise<{ loadId: number | null; index: ListIndex }> {
    let load = await currentLoad(db);
    if (!load && sandbox) {
      await loadSandboxListIfEmpty(db, ledger.clock());
      load = await currentLoad(db);
    }
    const loadId = load?.id ?? null;
    if (loadId === null && !warnedNoList) {
      // Live mode before the first `npm run sanctions:update`: nothing can match. Said loudly.
      warnedNoList = true;
      log?.error(
        'No sanctions list is loaded: screening finds nothing until `npm run sanctions:update` runs',
      );
    }
    if (!cached || cachedLoad !== loadId) {
      cachedLoad = loadId;
      cached = (async () => ({ loadId, index: buildIndex(await readIndexEntries(db)) }))();
      cached.catch(() => {
        cached = null;
      });
    }
    return cached;
  }

  async function isBlocked(tx: Database, kind: SanctionsSubjectKind, id: string) {
    const row = await tx
      .selectFrom('sanctions_blocks')
      .select('hit_id')
      .where('subject_kind', '=', kind)
      .where('subject_id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Screens a subject's name, in `tx`: the screening stored; matches at or above the threshold
   * that were not cleared for this subject, name and (unchanged) listed entry open a hit, or
   * refresh the open one. Returns the open hit's id (null: clear).
   */
  async function screen(
    tx: Database,
    subject: Subject,
    reason: string,
    using?: { loadId: number | null; index: ListIndex },
  ): Promise<string | null> {
    const { loadId, index } = using ?? (await current());
    const nameKey = normalise(subject.name);
    const found = index.search(subject.name, subject.facts ?? {});
    let open = found;
    if (found.length > 0) {
      const cleared = await tx
        .selectFrom('sanctions_clearances')
        .select(['source', 'entry_id', 'content_hash'])
        .where('subject_kind', '=', subject.kind)
        .where('subject_id', '=', subject.id)
        .where('name_key', '=', nameKey)
        .execute();
      const done = new Set(cleared.map((c) => `${c.source}:${c.entry_id}:${c.content_hash}`));
      open = found.filter((m) => !done.has(`${m.source}:${m.entryId}:${m.contentHash}`));
    }
    let hitId: string | null = null;
    if (open.length > 0) {
      const hit = await tx
        .insertInto('sanctions_hits')
        .values({
          subject_kind: subject.kind,
          subject_id: subject.id,
          user_id: subject.userId,
          name: subject.name,
          name_key: nameKey,
          matches: JSON.stringify(open),
          created_at: ledger.clock(),
        })
        .onConflict((oc) =>
          oc
            .columns(['subject_kind', 'subject_id', 'name_key'])
            .where('status', '=', 'open')
            .doUpdateSet({ matches: JSON.stringify(open) }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      hitId = hit.id;
    }
    // A re-screening stores what it found only (every customer, every list update).
    if (reason !== 'list_update' || hitId) {
      await tx
        .insertInto('sanctions_screenings')
        .values({
          subject_kind: subject.kind,
          subject_id: subject.id,
          user_id: subject.userId,
          name: subject.name,
          reason,
          load_id: loadId,
          result: hitId ? 'possible_match' : 'clear',
          matches: JSON.stringify(found),
          hit_id: hitId,
          created_at: ledger.clock(),
        })
        .execute();
    }
    return hitId;
  }

  /** A user as screening sees them: the legal name once verified (with its birth date), else the
   * name they gave. */
  async function userSubject(tx: Database, userId: string): Promise<Subject | null> {
    const user = await tx
      .selectFrom('users')
      .select(['id', 'name', 'legal_name', 'legal_birth_date'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) return null;
    return {
      kind: 'user',
      id: user.id,
      userId: user.id,
      name: user.legal_name ?? user.name,
      facts: { birthDate: user.legal_birth_date },
    };
  }

  /** Screens a user whose name was written since their last screening (a trigger marks them). */
  async function screenUserIfChanged(tx: Database, userId: string, reason: string) {
    const changed = await tx
      .updateTable('users')
      .set({ sanctions_name_changed_at: null })
      .where('id', '=', userId)
      .where('sanctions_name_changed_at', 'is not', null)
      .returning('id')
      .executeTakeFirst();
    if (!changed) return;
    const subject = await userSubject(tx, userId);
    if (subject) await screen(tx, subject, reason);
  }

  /** Screenings under way in this process, by user: concurrent sends wait for the one. */
  const screening = new Map<string, Promise<void>>();

  /**
   * Screens a marked user now, in a transaction of its own. Sends that arrive together for one
   * user share the screening instead of each waiting on the user's row with a connection held.
   */
  function screenNow(userId: string, reason: string): Promise<void> {
    let running = screening.get(userId);
    if (!running) {
      running = db
        .transaction()
        .execute((tx) => screenUserIfChanged(tx, userId, reason))
        .finally(() => screening.delete(userId));
      screening.set(userId, running);
    }
    return running;
  }

  async function openHitsOf(tx: Database, kind: SanctionsSubjectKind, id: string) {
    const rows = await tx
      .selectFrom('sanctions_hits')
      .select('id')
      .where('subject_kind', '=', kind)
      .where('subject_id', '=', id)
      .where('status', '=', 'open')
      .execute();
    return rows.map((r) => r.id);
  }

  return {
    current,
    isBlocked,
    screen,
    userSubject,
    screenUserIfChanged,
    screenNow,
    openHitsOf,
  };
}

export type Screening = ReturnType<typeof createScreening>;

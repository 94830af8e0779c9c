import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { Ledger } from '../ledger/ledger.service';
import { buildIndex } from './list-index';
import { readIndexEntries } from './sanctions-list';
import type { Screening, Subject } from './sanctions-screening';

/** Re-screening every user and saved recipient after a list load (features/sanctions). */
export function createRescreen({
  db,
  ledger,
  log,
  screening,
}: {
  db: Database;
  ledger: Ledger;
  log: Pick<FastifyBaseLogger, 'info'>;
  screening: Pick<Screening, 'current' | 'screen' | 'userSubject'>;
}) {
  const { current, screen, userSubject } = screening;

  /** Screens every user and recipient against the entries a list load added or changed. */
  async function rescreenAfterLoad(): Promise<number> {
    // Sandbox mode: the fictional list is loaded on the job's first run, at start.
    const latest = await current();
    const load = await db
      .selectFrom('sanctions_list_loads')
      .selectAll()
      .where('rescreened_at', 'is', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!load) return 0;
    const fresh = (await readIndexEntries(db)).filter((e) => e.listedSince >= load.loaded_at);
    const index = buildIndex(fresh);
    let opened = 0;
    if (fresh.length > 0) {
      let after = '00000000-0000-0000-0000-000000000000';
      for (;;) {
        const users = await db
          .selectFrom('users')
          .select('id')
          .where('id', '>', after)
          .orderBy('id')
          .limit(500)
          .execute();
        if (users.length === 0) break;
        after = users[users.length - 1]?.id ?? after;
        await db.transaction().execute(async (tx) => {
          for (const { id } of users) {
            const subject = await userSubject(tx, id);
            if (subject && (await screen(tx, subject, 'list_update', { ...latest, index })))
              opened++;
          }
        });
      }
      let afterRecipient = '00000000-0000-0000-0000-000000000000';
      for (;;) {
        const recipients = await db
          .selectFrom('remittance_recipients')
          .select(['id', 'user_id', 'full_name', 'country'])
          .where('id', '>', afterRecipient)
          .orderBy('id')
          .limit(500)
          .execute();
        if (recipients.length === 0) break;
        afterRecipient = recipients[recipients.length - 1]?.id ?? afterRecipient;
        await db.transaction().execute(async (tx) => {
          for (const r of recipients) {
            const subject: Subject = {
              kind: 'recipient',
              id: r.id,
              userId: r.user_id,
              name: r.full_name,
              facts: { country: r.country },
            };
            if (await screen(tx, subject, 'list_update', { ...latest, index })) opened++;
          }
        });
      }
    }
    await db
      .updateTable('sanctions_list_loads')
      .set({ rescreened_at: ledger.clock() })
      .where('id', '=', load.id)
      .execute();
    if (opened > 0) log.info({ loadId: load.id, opened }, 'sanctions re-screening opened hits');
    return opened + 1;
  }

  return rescreenAfterLoad;
}

import { SEND_CONTACTS_MAX, type SendContacts } from '@pago/shared/contracts/send';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** How far back each side of the history is read for recent people (the newest rows only). */
const RECENT_ROWS = 200;

/**
 * Recent people for the send flow: whom the user paid (P2P, a request they paid) and who paid
 * them, newest first, each once. Only people who can still be paid (a verified phone) and never
 * the user; both sides read the newest rows through the (user, created_at) indexes.
 */
export function createSendContacts({ db }: { db: Database }) {
  async function contacts(userId: string): Promise<SendContacts> {
    const { rows } = await sql<{ name: string; username: string }>`
      with recent as (
        (select counterparty_user_id as other, created_at from ledger_transfers
          where user_id = ${userId} and kind in ('p2p', 'request_payment')
            and counterparty_user_id is not null
          order by created_at desc limit ${RECENT_ROWS})
        union all
        (select user_id as other, created_at from ledger_transfers
          where counterparty_user_id = ${userId} and kind in ('p2p', 'request_payment')
            -- A payment held from its payee (features/sanctions) is not theirs to see yet.
            and not exists (select 1 from sanctions_holds h
              where h.transfer_id = ledger_transfers.id and h.status <> 'released')
          order by created_at desc limit ${RECENT_ROWS}))
      select u.name, u.username from recent r join users u on u.id = r.other
      where u.id <> ${userId} and u.phone_verified
      group by u.id, u.name, u.username
      order by max(r.created_at) desc, u.username
      limit ${SEND_CONTACTS_MAX}`.execute(db);
    return { people: rows.map(({ name, username }) => ({ name, username })) };
  }
  return { contacts };
}

export type SendContactsService = ReturnType<typeof createSendContacts>;

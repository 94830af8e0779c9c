// The transfers the restore drill counts: users with wallets funded by a deposit, then P2P
// transfers between them, every one through `ledger_post` (db/functions/ledger_post.sql), the
// function the server's money paths call, so the restored ledger is the real thing.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../apps/server/src/db/database';

export type Wallet = { id: string; phone: string };

const FUNDING_CENTS = 10_000_000;
const LIMITS = JSON.stringify({ perTransaction: 99_900, daily: 10_000_000, monthly: 100_000_000 });
/** Transfers written at once: a few clients, as a small API would. */
const CLIENTS = 4;

/**
 * The drill's users (username `backup_drill_<n>`), made once: inserted straight into `users`
 * (the sign-up path hashes a password each), each funded by a completed deposit through
 * `ledger_post` from the funding clearing account. Made again by a later run, they are reused.
 */
export async function seedWallets(db: Database, count: number): Promise<Wallet[]> {
  const existing = await sql<Wallet>`
    select id, phone from users where username like 'backup\\_drill\\_%' order by username`.execute(
    db,
  );
  if (existing.rows.length >= count) return existing.rows.slice(0, count);
  const wallets: Wallet[] = [];
  for (let i = existing.rows.length; i < count; i++) {
    const id = randomUUID();
    const phone = `+1646${String(3000000 + i).padStart(7, '0')}`;
    await sql`
      insert into users (id, name, username, email, phone, phone_verified, kyc_status, password_hash, zip_code)
      values (${id}, ${`Drill ${i}`}, ${`backup_drill_${i}`}, ${`backup-drill-${i}@example.com`},
        ${phone}, true, 'completed', 'x', '10001')`.execute(db);
    await sql`
      select id from ledger_post('deposit', 'completed', ${id}, null, ${FUNDING_CENTS}, 0, false,
        null, '{}'::jsonb, null, now(),
        ${JSON.stringify([
          { role: 'funding_clearing', amount: -FUNDING_CENTS },
          { user_id: id, amount: FUNDING_CENTS },
        ])}::jsonb, ${LIMITS}::jsonb)`.execute(db);
    wallets.push({ id, phone });
  }
  return [...existing.rows, ...wallets];
}

/** `count` P2P transfers of 1 to 99 cents between random pairs, CLIENTS at a time; all commit. */
export async function writeTransfers(db: Database, wallets: Wallet[], count: number) {
  let next = 0;
  const client = async () => {
    while (next < count) {
      next++;
      const from = wallets[Math.floor(Math.random() * wallets.length)] as Wallet;
      let to = from;
      while (to === from) to = wallets[Math.floor(Math.random() * wallets.length)] as Wallet;
      const amount = 1 + Math.floor(Math.random() * 99);
      await sql`
        select id from ledger_post('p2p', 'completed', ${from.id}, ${to.id}, ${amount}, 0, true,
          null, ${JSON.stringify({ recipientPhone: to.phone, recipientCountry: 'US' })}::jsonb,
          null, now(),
          ${JSON.stringify([
            { user_id: from.id, amount: -amount },
            { user_id: to.id, amount },
          ])}::jsonb, ${LIMITS}::jsonb)`.execute(db);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
}

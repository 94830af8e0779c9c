import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';

const { db } = await createTestDatabase();

/** The foreign keys of the migrated database: table.column → referenced table, delete action. */
async function foreignKeys() {
  const { rows } = await sql<{ column: string; target: string; action: string }>`
    select c.conrelid::regclass::text || '.' || a.attname as column,
      c.confrelid::regclass::text as target, c.confdeltype as action
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.connamespace = 'public'::regnamespace`.execute(db);
  return new Map(
    rows.map((r) => [r.column, `${r.target} ${r.action === 'r' ? 'restrict' : r.action}`]),
  );
}

async function newUser(): Promise<string> {
  const id = randomUUID();
  const n = id.slice(0, 8);
  await sql`
    insert into users (id, name, username, email, phone, phone_verified, kyc_status, password_hash, zip_code)
    values (${id}, ${`Integrity ${n}`}, ${`integrity_${n}`}, ${`integrity_${n}@example.com`},
      ${`+1212${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`}, true, 'completed', 'x', '10001')`.execute(
    db,
  );
  return id;
}

const LIMITS = JSON.stringify({ perTransaction: 99_900, daily: 250_000, monthly: 1_000_000 });

function post(
  kind: string,
  user: string,
  counterparty: string | null,
  legs: object[],
  counts: boolean,
) {
  return sql<{ id: string }>`
    select id from ledger_post(${kind}, 'completed', ${user}, ${counterparty}, 100, 0, ${counts}, null,
      '{}'::jsonb, null, now(), ${JSON.stringify(legs)}::jsonb, ${LIMITS}::jsonb)`.execute(db);
}

describe('money integrity on a migrated database', () => {
  it('keys every money row to its user, transfer and account, refusing deletion', async () => {
    const keys = await foreignKeys();
    expect(
      Object.fromEntries(
        [
          'ledger_transfers.user_id',
          'ledger_transfers.counterparty_user_id',
          'ledger_transfers.related_transfer_id',
          'idempotency_keys.user_id',
          'ledger_limit_usage.user_id',
          'ledger_limit_usage_pending.user_id',
          'ledger_accounts.user_id',
          'ledger_entries.transfer_id',
          'ledger_entries.account_id',
          'transfer_status_history.transfer_id',
          'unit_reconciliation_differences.user_id',
          'unit_reconciliation_differences.transfer_id',
        ].map((column) => [column, keys.get(column)]),
      ),
    ).toEqual({
      'ledger_transfers.user_id': 'users restrict',
      'ledger_transfers.counterparty_user_id': 'users restrict',
      'ledger_transfers.related_transfer_id': 'ledger_transfers restrict',
      'idempotency_keys.user_id': 'users restrict',
      'ledger_limit_usage.user_id': 'users restrict',
      'ledger_limit_usage_pending.user_id': 'users restrict',
      'ledger_accounts.user_id': 'users restrict',
      'ledger_entries.transfer_id': 'ledger_transfers restrict',
      'ledger_entries.account_id': 'ledger_accounts restrict',
      'transfer_status_history.transfer_id': 'ledger_transfers restrict',
      'unit_reconciliation_differences.user_id': 'users restrict',
      'unit_reconciliation_differences.transfer_id': 'ledger_transfers restrict',
    });
  });

  it('keys every user-named column of a money table to users, ON DELETE RESTRICT', async () => {
    const keys = await foreignKeys();
    const { rows } = await sql<{ column: string }>`
      select table_name || '.' || column_name as column from information_schema.columns
      where table_schema = 'public' and data_type = 'uuid'
        and column_name in ('user_id', 'counterparty_user_id', 'requester_id', 'payer_id')
        and (table_name like 'ledger%' or table_name in ('idempotency_keys', 'quotes',
          'money_requests', 'bank_accounts', 'unit_payments', 'partner_omnibus_movements',
          'funding_transfers', 'funding_counterparties', 'unit_reconciliation_differences',
          'cards', 'card_authorizations', 'remittance_payouts'))
      order by 1`.execute(db);
    expect(rows.length).toBeGreaterThan(15);
    const unkeyed = rows.map((r) => r.column).filter((c) => keys.get(c) !== 'users restrict');
    expect(unkeyed).toEqual([]);
  });

  it("has the ledger entries' indexes by account and time, and by transfer", async () => {
    const { rows } = await sql<{ name: string; definition: string }>`
      select indexname as name, indexdef as definition from pg_indexes
      where tablename = 'ledger_entries' order by 1`.execute(db);
    const byName = Object.fromEntries(
      rows.map((r) => [r.name, r.definition.replace(/^.* USING /, '')]),
    );
    expect(byName.ledger_entries_account).toBe('btree (account_id, created_at, id)');
    expect(byName.ledger_entries_transfer).toBe('btree (transfer_id)');
    // A per-account read uses it.
    await sql`set enable_seqscan = off`.execute(db);
    const plan = await sql<{ 'QUERY PLAN': string }>`
      explain select * from ledger_entries where account_id = 1 order by created_at desc, id desc limit 20`.execute(
      db,
    );
    await sql`reset enable_seqscan`.execute(db);
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(
      /(Index Scan Backward using|Bitmap Index Scan on) ledger_entries_account/,
    );
  });

  it('refuses to delete a user who holds money rows, and keeps the rows', async () => {
    const sender = await newUser();
    const recipient = await newUser();
    await post(
      'deposit',
      sender,
      null,
      [
        { role: 'funding_clearing', amount: -100 },
        { user_id: sender, amount: 100 },
      ],
      false,
    );
    const { rows } = await post(
      'p2p',
      sender,
      recipient,
      [
        { user_id: sender, amount: -100 },
        { user_id: recipient, amount: 100 },
      ],
      true,
    );
    await sql`
      insert into idempotency_keys (user_id, key, request_hash, status_code, response)
      values (${sender}, 'k1', '\\x00', 201, '{}')`.execute(db);

    for (const user of [sender, recipient]) {
      await expect(sql`delete from users where id = ${user}`.execute(db)).rejects.toMatchObject({
        code: '23001', // restrict_violation
      });
    }
    // Even with the wallet and its entries out of the way, the transfer still names the user.
    await expect(
      sql`delete from ledger_entries where transfer_id = ${rows[0]?.id}`.execute(db),
    ).resolves.toBeDefined();
    await expect(
      sql`delete from ledger_transfers where id = ${rows[0]?.id}`.execute(db),
    ).resolves.toBeDefined();
    await expect(sql`delete from users where id = ${recipient}`.execute(db)).rejects.toMatchObject({
      code: '23001',
    });
  });
});

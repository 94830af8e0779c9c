// Setup of `npm run bench:cards`, not measured: funded cardholders (a Pago card and its account at
// the Unit fake) and, for the P2P send measured beside them, funded senders with sessions and
// verified phones, written the way bench/ledger.ts writes its wallets.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';

export type BenchCard = {
  /** Unit's id of the card, as its authorization requests name it. */
  partnerCardId: string;
  pan: string;
  cvv: string;
  expMonth: number;
  expYear: number;
};
export type Wallet = { id: string; token: string; phone: string };

/** Each deposit of a bench wallet: far beyond what a run spends. */
const FUNDING_CENTS = 1_000_000;

/** A real double-entry deposit into every wallet of the users `like`, and the balances it makes. */
async function fund(client: pg.Client, like: string) {
  await client.query(
    `with w as (insert into ledger_accounts (user_id) select id from users where username like $1
                returning id, user_id),
     t as (insert into ledger_transfers (kind, status, user_id, amount_cents, counts_toward_limits)
           select 'deposit', 'completed', user_id, $2, false from w returning id, user_id),
     fc as (select id from ledger_accounts where system_role = 'funding_clearing')
     insert into ledger_entries (transfer_id, account_id, amount_cents, balance_after_cents)
     select t.id, w.id, $2, $2 from t join w using (user_id)
     union all select t.id, fc.id, -$2, 0 from t, fc`,
    [like, FUNDING_CENTS],
  );
  // Screened, as the sanctions job leaves a clean name (features/sanctions): written straight
  // into the table, the names stay marked to screen, and every send of theirs would screen both
  // parties against the list inline first (hundreds of ms each, not what a send costs).
  await client.query('update users set sanctions_name_changed_at = null where username like $1', [
    like,
  ]);
  await client.query(
    `update ledger_accounts a set balance_cents = coalesce(
       (select sum(amount_cents) from ledger_entries e where e.account_id = a.id), 0)
     where a.user_id in (select id from users where username like $1)
        or a.system_role = 'funding_clearing'`,
    [like],
  );
}

/** Which numbers a bench's cardholders take, so two benches' people never collide. */
export type CardSeries = {
  /** Their usernames are `<username>_<n>`, their e-mails `<username><n>@example.com`. */
  username: string;
  name: string;
  /** The phone's area code (+1 <area> …). */
  area: string;
  /** Added to the Unit fake's ids (customer 7…, account 8…, card 9… + n) and the PAN's 4…. */
  offset: number;
};

/**
 * `count` cardholders with an active card at the Unit fake and in Pago, written in one
 * statement (no wallet, no money: the caller funds them).
 */
export async function insertCards(
  client: pg.Client,
  count: number,
  series: CardSeries,
): Promise<BenchCard[]> {
  const expYear = new Date().getUTCFullYear() + 3;
  const { rows } = await client.query<{ pan: string; cvv: string; partner_card_id: string }>(
    `with people as (
       select gen_random_uuid() as user_id, g,
              (400000000000 + $3::bigint + g)::text || lpad((g % 10000)::text, 4, '0') as pan,
              lpad((100 + g % 900)::text, 3, '0') as cvv
       from generate_series(1, $1::int) g),
     u as (insert into users (id, name, username, email, phone, phone_verified, kyc_status, password_hash, zip_code)
           select user_id, $5::text || ' ' || g, $4::text || '_' || g, $4::text || g || '@example.com',
                  '+1' || $6::text || lpad(g::text, 7, '0'), true, 'completed', 'x', '10001' from people returning id),
     accounts as (insert into sandbox_unit_accounts (id, customer_id, account_number, routing_number)
           select (800000000000 + $3::bigint + g)::text, (700000000000 + $3::bigint + g)::text, $4::text || g,
                  '812345678' from people returning id),
     unit_cards as (insert into sandbox_unit_cards (id, customer_id, account_id, type, status, pan, cvv, expiration_date)
           select (900000000000 + $3::bigint + g)::text, (700000000000 + $3::bigint + g)::text,
                  (800000000000 + $3::bigint + g)::text, 'individualVirtualDebitCard', 'Active',
                  pan, cvv, $2::text || '-06' from people returning id),
     pago_cards as (insert into cards (user_id, partner_card_id, partner_account_id, type, status, last4, exp_month,
                  exp_year, daily_purchase_limit_cents, daily_withdrawal_limit_cents)
           select p.user_id, (900000000000 + $3::bigint + g)::text, (800000000000 + $3::bigint + g)::text, 'virtual',
                  'active', right(pan, 4), 6, $2::int, 250000, 50000 from people p join u on u.id = p.user_id returning id)
     select pan, cvv, (900000000000 + $3::bigint + g)::text as partner_card_id from people`,
    [count, expYear, series.offset, series.username, series.name, series.area],
  );
  return rows.map((r) => ({
    partnerCardId: r.partner_card_id,
    pan: r.pan,
    cvv: r.cvv,
    expMonth: 6,
    expYear,
  }));
}

/**
 * `count` people, each with a funded wallet, an account at the Unit fake and an active card
 * there and in Pago, written in a few statements.
 */
export async function createCards(client: pg.Client, count: number): Promise<BenchCard[]> {
  const cards = await insertCards(client, count, {
    username: 'cardbench',
    name: 'Card',
    area: '213',
    offset: 0,
  });
  await fund(client, 'cardbench\\_%');
  return cards;
}

/**
 * `count` senders as bench/ledger.ts makes them: users with a session (its token's hash stored),
 * a verified phone (so a send to it is P2P) and a funded wallet.
 */
export async function createWallets(client: pg.Client, count: number): Promise<Wallet[]> {
  const wallets: Wallet[] = [];
  const rows: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const token = randomBytes(32).toString('base64url');
    const phone = `+1212${String(2000000 + i).padStart(7, '0')}`;
    wallets.push({ id, token, phone });
    const hash = createHash('sha256').update(token).digest('hex');
    rows.push(
      `('${id}', 'Send ${i}', 'sendbench_${i}', 'sendbench${i}@example.com', '${phone}', '\\x${hash}')`,
    );
  }
  for (let i = 0; i < rows.length; i += 1000) {
    await client.query(`
      with input (id, name, username, email, phone, token_hash) as (values ${rows.slice(i, i + 1000).join(',')}),
      u as (insert into users (id, name, username, email, phone, phone_verified, kyc_status, password_hash, zip_code)
            select id::uuid, name, username, email, phone, true, 'completed', 'x', '10001' from input returning id)
      insert into sessions (token_hash, user_id, expires_at)
      select token_hash::bytea, id::uuid, now() + interval '12 hours' from input`);
  }
  await fund(client, 'sendbench\\_%');
  return wallets;
}

/**
 * The holders' e-mails of what the runs notify are turned off (the rows are still written and
 * the outbox still takes each, marking it skipped): the e-mail job works after the answer, for
 * sends and authorizations alike, and would otherwise bill one run's e-mails to the next.
 */
export async function benchEmailsOff(client: pg.Client) {
  await client.query(
    `insert into notification_settings (user_id, email_off)
     select id, array['money_received', 'card_purchase', 'card_declined'] from users
     where username like 'cardbench\\_%' or username like 'sendbench\\_%'
     on conflict (user_id) do update set email_off = excluded.email_off`,
  );
}

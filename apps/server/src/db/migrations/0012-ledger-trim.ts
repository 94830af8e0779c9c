import { type Kysely, sql } from 'kysely';

/**
 * Issue 12, the send trimmed to what the product reads. Same signatures, refusals and answers as
 * migrations 0010 and 0011; what a send writes and checks is cut:
 * - **Status history**: a transfer's first status is its own `status` and `created_at` until the
 *   status first changes; `ledger_post` writes no history row for it (unless it carries a note),
 *   and a status change writes the first row (from the transfer, still unchanged) before its own.
 *   The receipt reads the rows, or the transfer when there are none: it reads the same.
 * - **Idempotency-Key written once**, with its answer, at the end of `transfer_send` (it was a
 *   reservation inserted first and updated last): see the function's comment.
 * - **Foreign keys to users** that every send checked with a `FOR KEY SHARE` lock on the users'
 *   rows: `ledger_transfers.user_id` and `.counterparty_user_id`, `idempotency_keys.user_id`,
 *   `ledger_limit_usage.user_id`. No user is ever deleted (no code path deletes one), and every
 *   id written there comes from a signed-in session or a recipient found in `users` in the same
 *   statement, so the checks guarded nothing; the wallet's key (`ledger_accounts.user_id`), checked
 *   only when a wallet is opened, stays and ties every money row to a real user.
 * - **Indexes nothing reads**: `ledger_entries_transfer` and `ledger_entries_account`. No query
 *   looks entries up by transfer or account; the invariant check aggregates the whole table.
 * - **Limits**: one running total per sender and US Eastern day (one upsert per send, was two);
 *   the month is the sum of its days' totals, at most 31 rows read by the primary key, so it does
 *   not grow with history. Month totals are deleted; refunds give room back to the day only.
 * - **Fill factor 50** on `ledger_accounts` and `ledger_limit_usage`, whose rows every send
 *   updates: with room on the page the update is HOT (no index entry). New pages only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table ledger_transfers drop constraint ledger_transfers_user_id_fkey,
      drop constraint ledger_transfers_counterparty_user_id_fkey`.execute(db);
  await sql`alter table idempotency_keys drop constraint idempotency_keys_user_id_fkey`.execute(db);
  await sql`alter table ledger_limit_usage drop constraint ledger_limit_usage_user_id_fkey`.execute(
    db,
  );
  await sql`drop index ledger_entries_transfer, ledger_entries_account`.execute(db);

  // Limits: the day totals stay, the month totals go (the month is summed from its days).
  await sql`delete from ledger_limit_usage where period = 'month'`.execute(db);
  await sql`delete from ledger_limit_usage_pending where period = 'month'`.execute(db);
  await sql`alter table ledger_accounts set (fillfactor = 50)`.execute(db);
  await sql`alter table ledger_limit_usage set (fillfactor = 50)`.execute(db);
  await sql`
    create or replace function ledger_transfers_limit_usage() returns trigger language plpgsql as $fn$
    begin
      if old.counts_toward_limits and old.status not in ('failed', 'refunded') then
        insert into ledger_limit_usage_pending (user_id, period, starts_on, used_cents)
          values (old.user_id, 'day', (old.created_at at time zone 'America/New_York')::date, -old.amount_cents);
      end if;
      if new.counts_toward_limits and new.status not in ('failed', 'refunded') then
        insert into ledger_limit_usage_pending (user_id, period, starts_on, used_cents)
          values (new.user_id, 'day', (new.created_at at time zone 'America/New_York')::date, new.amount_cents);
      end if;
      return null;
    end
    $fn$`.execute(db);

  await sql`
    create or replace function ledger_post(
      p_kind text, p_status text, p_user_id uuid, p_counterparty uuid, p_amount bigint,
      p_fee bigint, p_counts boolean, p_related uuid, p_metadata jsonb, p_note text,
      p_now timestamptz, p_legs jsonb, p_limits jsonb
    ) returns setof ledger_transfers language plpgsql as $fn$
    declare
      v_n integer;
      v_leg jsonb;
      v_amount numeric;
      v_sum numeric := 0;
      v_fraction boolean := false;
      v_uid uuid;
      v_role text;
      v_matches integer;
      v_id bigint;
      v_role_id bigint;
      v_leg_accounts bigint[] := '{}';
      v_leg_amounts bigint[] := '{}';
      v_after bigint[] := '{}';
      v_ids bigint[] := '{}';
      v_balances bigint[] := '{}';
      v_deltas bigint[] := '{}';
      v_is_user boolean[] := '{}';
      v_currency text;
      v_account record;
      v_k integer;
      v_add bigint;
      v_starts_on date;
      v_month_start date;
      v_used bigint;
      v_transfer ledger_transfers;
    begin
      -- The function guards the ledger's invariants itself, whatever its caller (migration 0009):
      -- whole amounts summing to zero, each leg naming exactly one account, one currency.
      if jsonb_typeof(p_legs) is distinct from 'array' then
        raise exception 'unbalanced legs' using errcode = 'P2003',
          detail = json_build_object('reason', 'not_an_array', 'legs', p_legs)::text;
      end if;
      v_n := jsonb_array_length(p_legs);
      for i in 0 .. v_n - 1 loop
        if jsonb_typeof(p_legs -> i -> 'amount') is distinct from 'number' then
          v_n := 0;
          exit;
        end if;
      end loop;
      if v_n = 0 then
        raise exception 'unbalanced legs' using errcode = 'P2003',
          detail = json_build_object('reason', 'no_amount', 'legs', p_legs)::text;
      end if;
      for i in 0 .. v_n - 1 loop
        v_amount := (p_legs -> i ->> 'amount')::numeric;
        v_fraction := v_fraction or v_amount <> trunc(v_amount);
        v_sum := v_sum + v_amount;
      end loop;
      if v_fraction or v_sum <> 0 then
        raise exception 'unbalanced legs' using errcode = 'P2003',
          detail = json_build_object('reason', 'unbalanced', 'legs', p_legs)::text;
      end if;

      -- Each leg's account by its unique index; a person's wallet is opened on first use.
      for i in 0 .. v_n - 1 loop
        v_leg := p_legs -> i;
        v_uid := (v_leg ->> 'user_id')::uuid;
        v_role := v_leg ->> 'role';
        v_matches := 0;
        if v_uid is not null then
          select id into v_id from ledger_accounts where user_id = v_uid;
          if not found then
            insert into ledger_accounts (user_id) values (v_uid)
              on conflict (user_id) where user_id is not null do nothing
              returning id into v_id;
            if v_id is null then
              select id into v_id from ledger_accounts where user_id = v_uid;
            end if;
          end if;
          v_matches := 1;
        end if;
        if v_role is not null then
          select id into v_role_id from ledger_accounts where system_role = v_role;
          if found then
            v_matches := v_matches + 1;
            v_id := v_role_id;
          end if;
        end if;
        if v_matches <> 1 then
          raise exception 'unknown account' using errcode = 'P2003',
            detail = json_build_object('reason', 'unknown_account', 'legs', p_legs)::text;
        end if;
        v_leg_accounts := v_leg_accounts || v_id;
        v_leg_amounts := v_leg_amounts || (v_leg ->> 'amount')::bigint;
      end loop;

      -- Locked in id order by every transfer, so two transfers never wait on each other in a
      -- cycle. A row lock returns the row as its previous holder committed it: these balances
      -- are current, and the funds check needs no second read.
      for v_account in
        select id, balance_cents, user_id is not null as is_user, currency
        from ledger_accounts where id = any(v_leg_accounts) order by id for update
      loop
        if v_currency is distinct from v_account.currency and v_currency is not null then
          raise exception 'mixed currencies' using errcode = 'P2003',
            detail = json_build_object('reason', 'mixed_currencies', 'legs', p_legs)::text;
        end if;
        v_currency := v_account.currency;
        v_ids := v_ids || v_account.id;
        v_balances := v_balances || v_account.balance_cents;
        v_is_user := v_is_user || v_account.is_user;
        v_deltas := v_deltas || 0::bigint;
      end loop;

      -- Each leg's balance after it, in leg order (an account may appear in several legs).
      for j in 1 .. v_n loop
        v_k := array_position(v_ids, v_leg_accounts[j]);
        v_deltas[v_k] := v_deltas[v_k] + v_leg_amounts[j];
        v_after := v_after || (v_balances[v_k] + v_deltas[v_k]);
      end loop;
      for k in 1 .. array_length(v_ids, 1) loop
        if v_is_user[k] and v_balances[k] + v_deltas[k] < 0 then
          raise exception 'insufficient funds' using errcode = 'P2001',
            detail = json_build_object('balanceCents', v_balances[k])::text;
        end if;
      end loop;

      if p_counts then
        if p_amount > (p_limits->>'perTransaction')::bigint then
          raise exception 'limit' using errcode = 'P2002',
            detail = json_build_object('limit', 'per_transaction', 'used', 0)::text;
        end if;
        -- Room given back since the sender's last transfer joins the totals first. Any
        -- transfer of the sender's takes these rows' locks after the wallets' (see above).
        with moved as (
          delete from ledger_limit_usage_pending where user_id = p_user_id
          returning period, starts_on, used_cents
        )
        insert into ledger_limit_usage as u (user_id, period, starts_on, used_cents)
          select p_user_id, period, starts_on, sum(used_cents) from moved group by period, starts_on
          on conflict (user_id, period, starts_on)
          do update set used_cents = u.used_cents + excluded.used_cents;
        -- One running total per US Eastern day; the month is its days' totals (at most 31 rows
        -- by the primary key). Exact under concurrency: the day's upsert locks its total until
        -- this transaction ends, and a counted transfer debits its sender's wallet, locked above,
        -- so a transfer of the same sender on another day is not counting at the same time.
        v_add := case when p_status in ('failed', 'refunded') then 0 else p_amount end;
        v_starts_on := (p_now at time zone 'America/New_York')::date;
        v_month_start := date_trunc('month', p_now at time zone 'America/New_York')::date;
        insert into ledger_limit_usage as u (user_id, period, starts_on, used_cents)
          values (p_user_id, 'day', v_starts_on, v_add)
          on conflict (user_id, period, starts_on)
          do update set used_cents = u.used_cents + excluded.used_cents
          returning u.used_cents - v_add into v_used;
        if v_used + p_amount > (p_limits->>'daily')::bigint then
          raise exception 'limit' using errcode = 'P2002',
            detail = json_build_object('limit', 'daily', 'used', v_used)::text;
        end if;
        select v_used + coalesce(sum(u.used_cents), 0) into v_used from ledger_limit_usage u
          where u.user_id = p_user_id and u.period = 'day' and u.starts_on >= v_month_start
            and u.starts_on < (v_month_start + interval '1 month')::date and u.starts_on <> v_starts_on;
        if v_used + p_amount > (p_limits->>'monthly')::bigint then
          raise exception 'limit' using errcode = 'P2002',
            detail = json_build_object('limit', 'monthly', 'used', v_used)::text;
        end if;
      end if;

      insert into ledger_transfers (kind, status, user_id, counterparty_user_id, amount_cents, fee_cents,
          counts_toward_limits, related_transfer_id, metadata, created_at, updated_at)
        values (p_kind, p_status, p_user_id, p_counterparty, p_amount, p_fee, p_counts, p_related,
          p_metadata, p_now, p_now)
        returning * into v_transfer;
      insert into ledger_entries (transfer_id, account_id, amount_cents, balance_after_cents)
        select v_transfer.id, l.account_id, l.amount, l.after
        from unnest(v_leg_accounts, v_leg_amounts, v_after) with ordinality as l(account_id, amount, after, leg_no)
        order by l.leg_no;
      for k in 1 .. array_length(v_ids, 1) loop
        update ledger_accounts set balance_cents = balance_cents + v_deltas[k] where id = v_ids[k];
      end loop;
      -- The first status is the transfer's own (status, created_at) until it changes; a row is
      -- written only when it carries a note (see setTransferStatus and the receipt).
      if p_note is not null then
        insert into transfer_status_history (transfer_id, status, note, at)
          values (v_transfer.id, p_status, p_note, p_now);
      end if;
      return next v_transfer;
    end
    $fn$`.execute(db);

  await sql`
    create or replace function transfer_send(
      p_user uuid, p_key text, p_request_hash bytea, p_phone text, p_country text,
      p_amount bigint, p_speed text, p_quote uuid, p_metadata jsonb, p_now timestamptz,
      p_limits jsonb, p_status integer, p_answer text, p_slots text[]
    ) returns table (status_code integer, response text) language plpgsql as $fn$
    declare
      v_to record;
      v_owner_name text;
      v_transfer ledger_transfers;
      v_answer text;
      v_stored record;
    begin
      -- The name a person moves money under: the verified legal name, else the profile's name
      -- (the accounts feature's partyOf).
      select id, coalesce(legal_name, name) as name, username into v_to
        from users where phone = p_phone and phone_verified;
      if not found then
        return;
      end if;

      -- A replay, or the key used for another request. The key itself is written once, with its
      -- answer, at the end: a concurrent twin gets past this check, waits on the sender's wallet
      -- in ledger_post, then fails on the key's primary key (23505) and its whole statement rolls
      -- back, transfer included; the caller replays the answer stored first.
      select k.request_hash, k.status_code, k.response into v_stored from idempotency_keys k
        where k.user_id = p_user and k.key = p_key;
      if found then
        if v_stored.request_hash <> p_request_hash then
          raise exception 'idempotency key reused' using errcode = 'P2005';
        end if;
        return query select v_stored.status_code, v_stored.response;
        return;
      end if;

      if v_to.id = p_user then
        raise exception 'self transfer' using errcode = 'P2006';
      end if;
      if p_quote is not null then
        perform 1 from quote_take(p_user, p_quote, p_phone, p_country, 'p2p', p_amount, p_speed, p_now);
      end if;
      select coalesce(legal_name, name) into v_owner_name from users where id = p_user;
      select * into v_transfer from ledger_post('p2p', 'completed', p_user, v_to.id, p_amount, 0,
        true, null,
        p_metadata || jsonb_build_object('partyNames',
          jsonb_build_object('owner', v_owner_name, 'counterparty', v_to.name)),
        null, p_now,
        jsonb_build_array(jsonb_build_object('user_id', p_user, 'amount', -p_amount),
          jsonb_build_object('user_id', v_to.id, 'amount', p_amount)),
        p_limits);

      v_answer := replace(replace(replace(replace(p_answer,
        p_slots[1], to_json(v_transfer.id)::text),
        p_slots[2], to_json(v_to.id)::text),
        p_slots[3], to_json(v_to.name)::text),
        p_slots[4], to_json(v_to.username)::text);
      insert into idempotency_keys (user_id, key, request_hash, status_code, response)
        values (p_user, p_key, p_request_hash, p_status, v_answer);
      return query select p_status, v_answer;
    end
    $fn$`.execute(db);
}

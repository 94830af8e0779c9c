import { type Kysely, sql } from 'kysely';

/**
 * Issue 12, a transfer costs what a read costs. `ledger_post` keeps its signature, its guards
 * (P2003), its refusals (P2001 funds, P2002 limits, in the same order) and its writes, but:
 * - the legs are read once, leg by leg, and every account is found through its unique index (the
 *   old set-based statements joined `jsonb_array_elements`, which the planner guesses at 100 rows,
 *   to a sequential scan of every wallet);
 * - the balances are read by the statement that locks them, so funds need no second query;
 * - the limits come from running totals (`ledger_limit_usage`, cents used per sender per US
 *   Eastern day and month), upserted with the transfer, instead of summing the sender's month.
 *
 * A transfer that stops counting (status to failed or refunded) gives its room back through
 * `ledger_limit_usage_pending`: the trigger only inserts there, never updating a total, so a
 * refund never waits on a sender's locked totals (a refund runs inside the settlement transaction,
 * which locks clearing accounts before wallets; waiting there could deadlock with a send). The
 * sender's next transfer folds the pending rows into the totals under its own locks; readers add
 * both. Totals are backfilled from every existing transfer.
 *
 * The entries lose their two foreign keys: only `ledger_post` writes entries, for the transfer it
 * has just inserted and the accounts it holds locked, so each key check (two per leg) earned
 * nothing; the invariant check still finds any entry whose sums do not hold.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table ledger_entries drop constraint ledger_entries_transfer_id_fkey,
      drop constraint ledger_entries_account_id_fkey`.execute(db);

  await sql`
    create table ledger_limit_usage (
      user_id uuid not null references users (id),
      period text not null check (period in ('day', 'month')),
      starts_on date not null,
      used_cents bigint not null,
      primary key (user_id, period, starts_on)
    )`.execute(db);
  await sql`
    create table ledger_limit_usage_pending (
      id bigserial primary key,
      user_id uuid not null,
      period text not null check (period in ('day', 'month')),
      starts_on date not null,
      used_cents bigint not null
    )`.execute(db);
  await sql`create index ledger_limit_usage_pending_user on ledger_limit_usage_pending (user_id)`.execute(
    db,
  );

  // The US Eastern day and month a moment falls in: the windows of spec §9's limits.
  await sql`
    create function ledger_limit_periods(p_at timestamptz)
    returns table (period text, starts_on date) language sql immutable as $fn$
      select 'day', (p_at at time zone 'America/New_York')::date
      union all
      select 'month', date_trunc('month', p_at at time zone 'America/New_York')::date
    $fn$`.execute(db);

  await sql`
    insert into ledger_limit_usage (user_id, period, starts_on, used_cents)
    select t.user_id, p.period, p.starts_on, sum(t.amount_cents)
    from ledger_transfers t cross join lateral ledger_limit_periods(t.created_at) p
    where t.counts_toward_limits and t.status not in ('failed', 'refunded')
    group by 1, 2, 3`.execute(db);

  await sql`
    create function ledger_transfers_limit_usage() returns trigger language plpgsql as $fn$
    begin
      if old.counts_toward_limits and old.status not in ('failed', 'refunded') then
        insert into ledger_limit_usage_pending (user_id, period, starts_on, used_cents)
          select old.user_id, p.period, p.starts_on, -old.amount_cents from ledger_limit_periods(old.created_at) p;
      end if;
      if new.counts_toward_limits and new.status not in ('failed', 'refunded') then
        insert into ledger_limit_usage_pending (user_id, period, starts_on, used_cents)
          select new.user_id, p.period, p.starts_on, new.amount_cents from ledger_limit_periods(new.created_at) p;
      end if;
      return null;
    end
    $fn$`.execute(db);
  await sql`
    create trigger ledger_transfers_limit_usage
      after update of status, counts_toward_limits, amount_cents, user_id, created_at on ledger_transfers
      for each row execute function ledger_transfers_limit_usage()`.execute(db);

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
      v_period text;
      v_starts_on date;
      v_limit text;
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
        -- Exact under concurrency: the upsert locks the total until this transaction ends.
        v_add := case when p_status in ('failed', 'refunded') then 0 else p_amount end;
        for v_period, v_starts_on in
          select period, starts_on from ledger_limit_periods(p_now) order by period = 'month'
        loop
          insert into ledger_limit_usage as u (user_id, period, starts_on, used_cents)
            values (p_user_id, v_period, v_starts_on, v_add)
            on conflict (user_id, period, starts_on)
            do update set used_cents = u.used_cents + excluded.used_cents
            returning u.used_cents - v_add into v_used;
          v_limit := case v_period when 'day' then 'daily' else 'monthly' end;
          if v_used + p_amount > (p_limits->>v_limit)::bigint then
            raise exception 'limit' using errcode = 'P2002',
              detail = json_build_object('limit', v_limit, 'used', v_used)::text;
          end if;
        end loop;
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
      insert into transfer_status_history (transfer_id, status, note, at)
        values (v_transfer.id, p_status, p_note, p_now);
      return next v_transfer;
    end
    $fn$`.execute(db);
}

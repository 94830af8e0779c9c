-- A whole transfer in one call: open missing wallets, lock every account in id order, check
-- funds and limits, write the transfer, its entries, the balances and (with a note) the first
-- status. Plans are cached inside the function, so a transfer costs one round trip, not four.
--
-- Each statement here costs an executor start, and each write a parse of its table's checks and
-- triggers' conditions (PostgreSQL reads those per statement), so the function runs few: the
-- legs' accounts found in one read, locked in one, the day's limit total and the month's in one,
-- and the transfer, its entries and the balances written by one statement. Its plans are generic
-- (plan_cache_mode): a custom plan for the lock's id list was planned again at every call
-- (docs/benchmarks.md, "ledger_post's CPU, profiled").
--
-- The ledger guards itself: it refuses, with nothing written, legs that are not whole amounts
-- summing to zero (P2003), legs that name no account, and legs whose accounts' currencies differ.
-- Other refusals raise P2001 (insufficient funds) or P2002 (a limit), with JSON details.
--
-- The legs are read once, leg by leg, and every account is found through its unique index; the
-- balances are read by the statement that locks them, so funds need no second query.
--
-- What a send writes is trimmed to what the product reads: a transfer's first status is its own
-- `status` and `created_at` until it changes (no history row unless it carries a note); the
-- limits are one running total per sender and US Eastern day (the month is the sum of its days,
-- at most 31 rows read by primary key), kept by the ledger_transfers_limit_usage trigger.
--
-- A frozen account moves no money out (migration 0055; docs/ops-console.md): the customer's own
-- outgoing kinds are refused (P2010), and card spending only as a new authorization's hold
-- (processing): the network's clearing of an authorization approved before the freeze is money
-- already promised, and posts. Money in, returns, reversals and fees still post. The flag is read
-- from the sender's wallet row as this function locks it (ledger_accounts.frozen, kept by the
-- users_frozen_to_wallet trigger, migration 0057); ledger_post is the only writer of
-- ledger_transfers, so this is the one choke point.
--
-- enable_seqscan off: docs/architecture.md, "Money-path functions never scan a table".

create or replace function ledger_post(
  p_kind text, p_status text, p_user_id uuid, p_counterparty uuid, p_amount bigint,
  p_fee bigint, p_counts boolean, p_related uuid, p_metadata jsonb, p_note text,
  p_now timestamptz, p_legs jsonb, p_limits jsonb
) returns setof ledger_transfers language plpgsql
set plan_cache_mode = force_generic_plan
set enable_seqscan = off as $fn$
declare
  v_n integer;
  v_amount numeric;
  v_sum numeric := 0;
  v_fraction boolean := false;
  v_uid uuid;
  v_role text;
  v_matches integer;
  v_id bigint;
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
  v_guarded boolean := p_kind in ('p2p', 'request_payment', 'remittance', 'bill_payment',
      'bank_transfer', 'bank_withdrawal', 'rate_order_hold', 'colecta_contribution')
    or (p_kind in ('card_purchase', 'card_atm_withdrawal') and p_status = 'processing');
  v_frozen boolean;
  v_uids uuid[] := '{}';
  v_roles text[] := '{}';
  v_found_ids bigint[];
  v_found_users uuid[];
  v_found_roles text[];
  v_k_user integer;
  v_k_role integer;
  v_month_used bigint;
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

  -- The legs' accounts, found in one read by their unique indexes; a person's wallet is opened
  -- on first use (before any account is locked, as every transfer locks only existing rows).
  for i in 0 .. v_n - 1 loop
    v_uids := array_append(v_uids, (p_legs -> i ->> 'user_id')::uuid);
    v_roles := array_append(v_roles, p_legs -> i ->> 'role');
  end loop;
  select coalesce(array_agg(id), '{}'), coalesce(array_agg(user_id), '{}'),
      coalesce(array_agg(system_role), '{}')
    into v_found_ids, v_found_users, v_found_roles
    from ledger_accounts where user_id = any(v_uids) or system_role = any(v_roles);
  for i in 1 .. v_n loop
    v_uid := v_uids[i];
    v_role := v_roles[i];
    v_matches := 0;
    if v_uid is not null then
      v_k_user := array_position(v_found_users, v_uid);
      if v_k_user is not null then
        v_id := v_found_ids[v_k_user];
      else
        -- The freeze copied from its person, read under a share lock: a freeze under way
        -- commits first (and this reads it), or waits for this wallet to be committed.
        insert into ledger_accounts (user_id, frozen)
          values (v_uid, coalesce((select u.frozen_at is not null from users u where u.id = v_uid
            for share), false))
          on conflict (user_id) where user_id is not null do nothing
          returning id into v_id;
        if v_id is null then
          select id into v_id from ledger_accounts where user_id = v_uid;
        end if;
        v_found_ids := array_append(v_found_ids, v_id);
        v_found_users := array_append(v_found_users, v_uid);
        v_found_roles := array_append(v_found_roles, null::text);
      end if;
      v_matches := 1;
    end if;
    if v_role is not null then
      v_k_role := array_position(v_found_roles, v_role);
      if v_k_role is not null then
        v_matches := v_matches + 1;
        v_id := v_found_ids[v_k_role];
      end if;
    end if;
    if v_matches <> 1 then
      raise exception 'unknown account' using errcode = 'P2003',
        detail = json_build_object('reason', 'unknown_account', 'legs', p_legs)::text;
    end if;
    v_leg_accounts := v_leg_accounts || v_id;
    v_leg_amounts := v_leg_amounts || ((p_legs -> (i - 1)) ->> 'amount')::bigint;
  end loop;

  -- Locked in id order by every transfer, so two transfers never wait on each other in a
  -- cycle. A row lock returns the row as its previous holder committed it: these balances
  -- are current, and the funds check needs no second read.
  for v_account in
    select id, balance_cents, user_id is not null as is_user, currency,
      user_id is not distinct from p_user_id as is_sender, frozen
    from ledger_accounts where id = any(v_leg_accounts) order by id for update
  loop
    if v_currency is distinct from v_account.currency and v_currency is not null then
      raise exception 'mixed currencies' using errcode = 'P2003',
        detail = json_build_object('reason', 'mixed_currencies', 'legs', p_legs)::text;
    end if;
    v_currency := v_account.currency;
    if v_account.is_sender then
      v_frozen := v_account.frozen;
    end if;
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
    -- The day's total and the month's other days, in one statement.
    with day as (
      insert into ledger_limit_usage as u (user_id, period, starts_on, used_cents)
        values (p_user_id, 'day', v_starts_on, v_add)
        on conflict (user_id, period, starts_on)
        do update set used_cents = u.used_cents + excluded.used_cents
        returning u.used_cents - v_add as used
    )
    select day.used, coalesce((select sum(u.used_cents) from ledger_limit_usage u
        where u.user_id = p_user_id and u.period = 'day' and u.starts_on >= v_month_start
          and u.starts_on < (v_month_start + interval '1 month')::date
          and u.starts_on <> v_starts_on), 0)
      into v_used, v_month_used from day;
    if v_used + p_amount > (p_limits->>'daily')::bigint then
      raise exception 'limit' using errcode = 'P2002',
        detail = json_build_object('limit', 'daily', 'used', v_used)::text;
    end if;
    v_used := v_used + v_month_used;
    if v_used + p_amount > (p_limits->>'monthly')::bigint then
      raise exception 'limit' using errcode = 'P2002',
        detail = json_build_object('limit', 'monthly', 'used', v_used)::text;
    end if;
  end if;

  if v_guarded and p_user_id is not null then
    -- A guarded kind that does not touch the sender's wallet (none does today) reads the person.
    if v_frozen is null then
      v_frozen := exists (select 1 from users where id = p_user_id and frozen_at is not null);
    end if;
    if v_frozen then
      raise exception 'account % is frozen', p_user_id using errcode = 'P2010';
    end if;
  end if;

  -- The transfer, its entries (in leg order) and the balances, one statement: the entries' key
  -- to the transfer is checked at its end, when the transfer's row is there.
  with transfer as (
    insert into ledger_transfers (kind, status, user_id, counterparty_user_id, amount_cents,
        fee_cents, counts_toward_limits, related_transfer_id, metadata, created_at, updated_at)
      values (p_kind, p_status, p_user_id, p_counterparty, p_amount, p_fee, p_counts, p_related,
        p_metadata, p_now, p_now)
      returning *
  ), entries as (
    insert into ledger_entries (transfer_id, account_id, amount_cents, balance_after_cents)
      select transfer.id, l.account_id, l.amount, l.after
      from transfer, unnest(v_leg_accounts, v_leg_amounts, v_after)
        with ordinality as l(account_id, amount, after, leg_no)
      order by l.leg_no
  ), balances as (
    update ledger_accounts a set balance_cents = a.balance_cents + d.delta
      from unnest(v_ids, v_deltas) as d(id, delta) where a.id = d.id
  )
  select * into v_transfer from transfer;
  -- The first status is the transfer's own (status, created_at) until it changes; a row is
  -- written only when it carries a note (see setTransferStatus and the receipt).
  if p_note is not null then
    insert into transfer_status_history (transfer_id, status, note, at)
      values (v_transfer.id, p_status, p_note, p_now);
  end if;
  return next v_transfer;
end
$fn$;

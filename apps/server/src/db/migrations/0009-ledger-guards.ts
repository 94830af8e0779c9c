import { type Kysely, sql } from 'kysely';

/**
 * Issue 11, the ledger guards itself. `ledger_post` trusted its caller for the shape of the legs:
 * only TypeScript checked that they sum to zero, nothing checked that the accounts hold one
 * currency, and a leg naming no account was silently dropped. It now refuses, with SQLSTATE P2003
 * and nothing written, legs that are not whole amounts summing to zero, legs that name no account,
 * and legs whose accounts' currencies differ. Same signature; the funds and limit logic is
 * migration 0005's, unchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function ledger_post(
      p_kind text, p_status text, p_user_id uuid, p_counterparty uuid, p_amount bigint,
      p_fee bigint, p_counts boolean, p_related uuid, p_metadata jsonb, p_note text,
      p_now timestamptz, p_legs jsonb, p_limits jsonb
    ) returns setof ledger_transfers language plpgsql as $fn$
    declare
      v_transfer ledger_transfers;
      v_ids bigint[];
      v_short bigint;
      v_day_start timestamptz;
      v_month_start timestamptz;
      v_day_end timestamptz;
      v_month_end timestamptz;
      v_day bigint;
      v_month bigint;
      v_unmatched bigint;
      v_currencies bigint;
    begin
      -- Issue 11: the function guards the ledger's invariants itself, whatever its caller. Legs
      -- must be whole amounts summing to zero, each must name exactly one account, and all the
      -- accounts must hold one currency. P2003 is never a person's fault: only our code sends it.
      -- Separate statements, in this order: SQL does not promise to evaluate OR left to right.
      if jsonb_typeof(p_legs) is distinct from 'array' then
        raise exception 'unbalanced legs' using errcode = 'P2003',
          detail = json_build_object('reason', 'not_an_array', 'legs', p_legs)::text;
      end if;
      if jsonb_array_length(p_legs) = 0
         or exists (select 1 from jsonb_array_elements(p_legs) leg
                    where jsonb_typeof(leg->'amount') is distinct from 'number') then
        raise exception 'unbalanced legs' using errcode = 'P2003',
          detail = json_build_object('reason', 'no_amount', 'legs', p_legs)::text;
      end if;
      if exists (select 1 from jsonb_array_elements(p_legs) leg
                 where (leg->>'amount')::numeric <> trunc((leg->>'amount')::numeric))
         or (select sum((leg->>'amount')::numeric) from jsonb_array_elements(p_legs) leg) <> 0 then
        raise exception 'unbalanced legs' using errcode = 'P2003',
          detail = json_build_object('reason', 'unbalanced', 'legs', p_legs)::text;
      end if;

      insert into ledger_accounts (user_id)
        select distinct (leg->>'user_id')::uuid from jsonb_array_elements(p_legs) leg
        where leg->>'user_id' is not null
        on conflict (user_id) where user_id is not null do nothing;

      select count(*) into v_unmatched
        from jsonb_array_elements(p_legs) leg
        where (select count(*) from ledger_accounts a
               where a.user_id = (leg->>'user_id')::uuid or a.system_role = leg->>'role') <> 1;
      if v_unmatched > 0 then
        raise exception 'unknown account' using errcode = 'P2003',
          detail = json_build_object('reason', 'unknown_account', 'legs', p_legs)::text;
      end if;
      select count(distinct a.currency) into v_currencies
        from jsonb_array_elements(p_legs) leg
        join ledger_accounts a on a.user_id = (leg->>'user_id')::uuid or a.system_role = leg->>'role';
      if v_currencies <> 1 then
        raise exception 'mixed currencies' using errcode = 'P2003',
          detail = json_build_object('reason', 'mixed_currencies', 'legs', p_legs)::text;
      end if;

      select array_agg(distinct a.id order by a.id) into v_ids
        from jsonb_array_elements(p_legs) leg
        join ledger_accounts a on a.user_id = (leg->>'user_id')::uuid or a.system_role = leg->>'role';
      -- Locked in id order by every transfer, so two transfers never wait on each other in a cycle.
      perform 1 from ledger_accounts where id = any(v_ids) order by id for update;

      -- Read after the lock: this statement's snapshot sees the previous holder's committed balance.
      select a.balance_cents into v_short
        from ledger_accounts a
        join (
          select a2.id, sum((leg->>'amount')::bigint) as delta
          from jsonb_array_elements(p_legs) leg
          join ledger_accounts a2 on a2.user_id = (leg->>'user_id')::uuid or a2.system_role = leg->>'role'
          group by a2.id
        ) d on d.id = a.id
        where a.user_id is not null and a.balance_cents + d.delta < 0
        limit 1;
      if found then
        raise exception 'insufficient funds' using errcode = 'P2001',
          detail = json_build_object('balanceCents', v_short)::text;
      end if;

      if p_counts then
        if p_amount > (p_limits->>'perTransaction')::bigint then
          raise exception 'limit' using errcode = 'P2002',
            detail = json_build_object('limit', 'per_transaction', 'used', 0)::text;
        end if;
        v_day_start := date_trunc('day', p_now at time zone 'America/New_York') at time zone 'America/New_York';
        v_month_start := date_trunc('month', p_now at time zone 'America/New_York') at time zone 'America/New_York';
        v_day_end := (date_trunc('day', p_now at time zone 'America/New_York') + interval '1 day')
          at time zone 'America/New_York';
        v_month_end := (date_trunc('month', p_now at time zone 'America/New_York') + interval '1 month')
          at time zone 'America/New_York';
        -- Every committed transfer of the window counts, whatever its created_at order: a send
        -- that started later (a later p_now) may have committed first. The window is the calendar
        -- day and month of p_now, not "up to p_now".
        select coalesce(sum(amount_cents) filter (where created_at >= v_day_start and created_at < v_day_end), 0),
               coalesce(sum(amount_cents), 0)
          into v_day, v_month
          from ledger_transfers
          where user_id = p_user_id and counts_toward_limits and status not in ('failed', 'refunded')
            and created_at >= v_month_start and created_at < v_month_end;
        if v_day + p_amount > (p_limits->>'daily')::bigint then
          raise exception 'limit' using errcode = 'P2002',
            detail = json_build_object('limit', 'daily', 'used', v_day)::text;
        end if;
        if v_month + p_amount > (p_limits->>'monthly')::bigint then
          raise exception 'limit' using errcode = 'P2002',
            detail = json_build_object('limit', 'monthly', 'used', v_month)::text;
        end if;
      end if;

      insert into ledger_transfers (kind, status, user_id, counterparty_user_id, amount_cents, fee_cents,
          counts_toward_limits, related_transfer_id, metadata, created_at, updated_at)
        values (p_kind, p_status, p_user_id, p_counterparty, p_amount, p_fee, p_counts, p_related,
          p_metadata, p_now, p_now)
        returning * into v_transfer;

      insert into ledger_entries (transfer_id, account_id, amount_cents, balance_after_cents)
        select v_transfer.id, a.id, (l.leg->>'amount')::bigint,
          a.balance_cents + sum((l.leg->>'amount')::bigint) over (partition by a.id order by l.leg_no)
        from jsonb_array_elements(p_legs) with ordinality as l(leg, leg_no)
        join ledger_accounts a on a.user_id = (l.leg->>'user_id')::uuid or a.system_role = l.leg->>'role'
        order by l.leg_no;

      update ledger_accounts a set balance_cents = a.balance_cents + d.delta
        from (
          select a2.id, sum((leg->>'amount')::bigint) as delta
          from jsonb_array_elements(p_legs) leg
          join ledger_accounts a2 on a2.user_id = (leg->>'user_id')::uuid or a2.system_role = leg->>'role'
          group by a2.id
        ) d
        where a.id = d.id;
      insert into transfer_status_history (transfer_id, status, note, at)
        values (v_transfer.id, p_status, p_note, p_now);
      return next v_transfer;
    end
    $fn$`.execute(db);
}

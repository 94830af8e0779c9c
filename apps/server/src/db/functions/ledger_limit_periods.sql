-- The US Eastern day and month a moment falls in: the windows of spec §9's limits.

create or replace function ledger_limit_periods(p_at timestamptz)
returns table (period text, starts_on date) language sql immutable as $fn$
  select 'day', (p_at at time zone 'America/New_York')::date
  union all
  select 'month', date_trunc('month', p_at at time zone 'America/New_York')::date
$fn$;

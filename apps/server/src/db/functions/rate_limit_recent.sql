-- The hits after `since`, oldest first: a rate limit's window over the timestamps a
-- `rate_limits` row keeps.

create or replace function rate_limit_recent(hits timestamptz[], since timestamptz)
returns timestamptz[] language sql immutable parallel safe as $$
  select coalesce(array_agg(h order by h), '{}') from unnest(hits) h where h > since
$$;

-- A transfer that stops counting toward limits (status to failed or refunded) gives its room back
-- to its sender's US Eastern day (the month is summed from its days), and one that starts counting
-- takes it. The trigger only inserts into ledger_limit_usage_pending, never updating a total, so a
-- refund never waits on a sender's locked totals (a refund runs inside the settlement transaction,
-- which locks clearing accounts before wallets; waiting there could deadlock with a send). The
-- sender's next transfer (ledger_post) folds the pending rows into the totals under its own locks;
-- readers add both.

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
$fn$;

create or replace trigger ledger_transfers_limit_usage
  after update of status, counts_toward_limits, amount_cents, user_id, created_at on ledger_transfers
  for each row execute function ledger_transfers_limit_usage();

-- Every process holding notification streams listens on this channel; the payload names the user
-- and the row.
--
-- Only rows a statement writes itself (a service's `notify`, at trigger depth 0) are announced
-- here, at their transaction's commit. Rows the ledger's own trigger writes
-- (notifications_from_transfer, depth 1) are not: a transaction that has notified commits under
-- a cluster-wide lock held through its WAL flush, so money transactions that notified could not
-- share a flush and committed one at a time (docs/benchmarks.md). Those rows are announced after
-- their commit instead, by an empty NOTIFY from the process that sent the money (the
-- notification hub's `announce`), and every hub reads its streams' new rows itself
-- (features/notifications/notification-hub.ts).

create or replace function notifications_announce() returns trigger language plpgsql as $$
begin
  perform pg_notify('pago_notifications', NEW.user_id::text || ':' || NEW.id::text);
  return null;
end $$;

create or replace trigger notifications_announce after insert on notifications
  for each row when (pg_trigger_depth() = 0) execute function notifications_announce();

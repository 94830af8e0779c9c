-- What staff did with an operations-queue item (migration 0054; docs/ops-queues.md) is never
-- rewritten: every UPDATE and DELETE is refused, row by row, and TRUNCATE too.

create or replace function ops_queue_actions_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'ops_queue_actions is append-only (% refused)', tg_op
    using errcode = 'insufficient_privilege';
end $$;

create or replace trigger ops_queue_actions_append_only
  before update or delete on ops_queue_actions
  for each row execute function ops_queue_actions_append_only();

create or replace trigger ops_queue_actions_no_truncate
  before truncate on ops_queue_actions
  for each statement execute function ops_queue_actions_append_only();

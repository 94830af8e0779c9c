-- A notification of a user with a push subscription goes into the push outbox in the
-- transaction that writes it (a service's `notify`, or the ledger's own trigger), so it is pushed
-- only if that commits, and once (the `notification-pushes` job takes it under a row lock). Users
-- without a subscription cost one indexed look-up and write nothing. Whether the type's push is on
-- is read when it is sent (the settings of that moment).

create or replace function notifications_push_outbox() returns trigger language plpgsql as $$
begin
  if exists (select 1 from push_subscriptions where user_id = NEW.user_id) then
    insert into push_outbox (notification_id) values (NEW.id);
  end if;
  return null;
end $$;

create or replace trigger notifications_push_outbox after insert on notifications
  for each row execute function notifications_push_outbox();

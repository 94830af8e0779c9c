-- Every process holding notification streams listens on this channel; the payload names the user
-- and the row.

create or replace function notifications_announce() returns trigger language plpgsql as $$
begin
  perform pg_notify('pago_notifications', NEW.user_id::text || ':' || NEW.id::text);
  return null;
end $$;

create or replace trigger notifications_announce after insert on notifications
  for each row execute function notifications_announce();

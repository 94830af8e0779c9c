-- Every change of a user's phone, e-mail or password, recorded for transaction monitoring
-- (docs/monitoring.md: a rapid change followed by a large send). A trigger rather than calls in
-- each service: the profile, the phone check, the password change, the reset and the two-step
-- recovery all write `users`, and a path added later is recorded without anyone remembering to.
-- `users.updated_at` says only that something changed. A first phone (none before) is part of
-- signing up, not a change.

create or replace function monitoring_account_change() returns trigger language plpgsql as $$
begin
  if old.phone is not null and new.phone is distinct from old.phone then
    insert into monitoring_account_changes (user_id, field) values (new.id, 'phone');
  end if;
  if new.email is distinct from old.email then
    insert into monitoring_account_changes (user_id, field) values (new.id, 'email');
  end if;
  if new.password_hash is distinct from old.password_hash then
    insert into monitoring_account_changes (user_id, field) values (new.id, 'password');
  end if;
  return null;
end $$;

create or replace trigger users_monitoring_account_change
  after update of phone, email, password_hash on users
  for each row execute function monitoring_account_change();

-- Sanctions screening: a user whose name or legal name is written (a sign-up by any path, a
-- verification that sets the legal name, a profile change) is marked to be screened; the
-- screening job, and any send of theirs before it, screens them and clears the mark
-- (features/sanctions, migration 0051).

create or replace function sanctions_name_changed() returns trigger language plpgsql as $$
begin
  new.sanctions_name_changed_at := now();
  return new;
end $$;

create or replace trigger users_sanctions_name_changed
  before insert or update of name, legal_name on users
  for each row execute function sanctions_name_changed();

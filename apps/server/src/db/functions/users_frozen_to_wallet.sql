-- A frozen account moves no money out (users.frozen_at, migration 0055; docs/ops-console.md).
-- ledger_post refuses it from the sender's wallet row, which it locks `for update` anyway
-- (ledger_accounts.frozen, migration 0057), so a transfer reads no `users` row for it. This
-- trigger keeps that copy: whoever freezes or unfreezes (staff, a sanctions block), the
-- person's wallet follows in the same transaction. The update waits for a transfer that holds
-- the wallet's lock, and every transfer after the freeze commits reads the frozen row.
-- A wallet opened later copies the flag when ledger_post opens it.

create or replace function users_frozen_to_wallet() returns trigger language plpgsql as $$
begin
  update ledger_accounts set frozen = (new.frozen_at is not null) where user_id = new.id;
  return null;
end $$;

create or replace trigger users_frozen_to_wallet
  after update of frozen_at on users
  for each row when ((old.frozen_at is null) is distinct from (new.frozen_at is null))
  execute function users_frozen_to_wallet();

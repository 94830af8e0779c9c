-- A frozen account moves no money out (users.frozen_at, migration 0055; docs/ops-console.md).
-- The one choke point: every transfer, whoever posts it (ledger_post from the services,
-- transfer_send in one call, the batch), is inserted into ledger_transfers. The customer's own
-- outgoing kinds are refused (SQLSTATE P2010); card spending only as a new authorization's hold
-- (processing): the network's clearing of an authorization approved before the freeze is money
-- already promised, and posts. Money in, returns, reversals and fees still post.

create or replace function ledger_transfers_frozen_guard() returns trigger language plpgsql as $$
begin
  if (new.kind in ('p2p', 'request_payment', 'remittance', 'bill_payment', 'bank_transfer',
                   'bank_withdrawal')
      or (new.kind in ('card_purchase', 'card_atm_withdrawal') and new.status = 'processing'))
     and exists (select 1 from users where id = new.user_id and frozen_at is not null) then
    raise exception 'account % is frozen', new.user_id using errcode = 'P2010';
  end if;
  return new;
end $$;

create or replace trigger ledger_transfers_frozen_guard
  before insert on ledger_transfers
  for each row execute function ledger_transfers_frozen_guard();

-- Money leaving a wallet must leave its held and owed amounts in it (deposits on hold, debts
-- from returned deposits). Money coming in, and the collection of a debt (the transaction-local
-- flag pago.collecting_debt), pass.

create or replace function funding_guard_wallet() returns trigger language plpgsql as $$
declare
  v_on_hold bigint;
  v_until timestamptz;
begin
  -- The trigger's WHEN found the wallet short (its condition is checked in C, at no call).
  if coalesce(current_setting('pago.collecting_debt', true), '') = 'on' then
    return new;
  end if;
  select coalesce(sum(on_hold_cents), 0), min(available_at) into v_on_hold, v_until
    from funding_transfers
    where user_id = new.user_id and status = 'settled' and on_hold_cents > 0;
  -- Without the holds the money would be there: the hold is what refuses.
  if v_on_hold > 0 and new.balance_cents >= new.held_cents - v_on_hold + new.owed_cents then
    raise exception 'funds on hold' using errcode = 'P2001',
      detail = json_build_object('balanceCents',
        greatest(0, old.balance_cents - old.held_cents - old.owed_cents),
        'onHoldCents', v_on_hold, 'availableAt', v_until)::text;
  end if;
  raise exception 'insufficient funds' using errcode = 'P2001',
    detail = json_build_object('balanceCents',
      greatest(0, old.balance_cents - old.held_cents - old.owed_cents))::text;
end $$;

create or replace trigger ledger_accounts_funding_guard
  before update of balance_cents on ledger_accounts
  for each row
  when (new.user_id is not null and new.balance_cents < old.balance_cents
    and new.balance_cents < new.held_cents + new.owed_cents)
  execute function funding_guard_wallet();

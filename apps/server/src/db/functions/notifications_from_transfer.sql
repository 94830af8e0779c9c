-- Money events, from the ledger itself: whoever posts the transfer (ledger_post, the batched
-- transfer_send_batch) or moves its status writes its notification in the same transaction.
-- (A deposit return is told by the funding service, which knows whether it was asked for.)

create or replace function notifications_from_transfer() returns trigger language plpgsql as $$
begin
  -- A new transfer's news, decided here rather than in the trigger's WHEN: PostgreSQL parses a
  -- WHEN condition again at every statement that writes the table, a compiled function once.
  if TG_OP = 'INSERT' and not (
      (NEW.kind in ('p2p', 'request_payment')
        and NEW.counterparty_user_id is not null and NEW.counterparty_user_id <> NEW.user_id
        -- a payment held for a sanctions review is news to the payee only once released
        -- (features/sanctions tells them then)
        and NEW.status = 'completed')
      -- a refund the sender asked for by cancelling is no news to them
      or (NEW.kind = 'remittance_refund' and NEW.metadata ->> 'cause' is distinct from 'cancelled')) then
    return null;
  end if;
  if TG_OP = 'UPDATE' and NEW.kind = 'bank_transfer' then
    -- a bank transfer reaches its receiver when the partner has made it (not when reserved)
    insert into notifications (user_id, type, actor_id, data, created_at)
    values (NEW.counterparty_user_id, 'money_received', NEW.user_id,
      jsonb_build_object('amountCents', NEW.amount_cents, 'transferId', NEW.id),
      NEW.updated_at);
  elsif TG_OP = 'UPDATE' then
    -- a remittance the payout partner delivered: deposited, or ready to pick up in cash
    insert into notifications (user_id, type, data, created_at)
    values (NEW.user_id, case when NEW.metadata ->> 'payoutMethod' = 'cash_pickup'
        then 'remittance_pickup_ready' else 'remittance_delivered' end, jsonb_build_object(
      'amountCents', NEW.amount_cents, 'transferId', NEW.id,
      'phone', NEW.metadata ->> 'recipientPhone', 'country', NEW.metadata ->> 'recipientCountry',
      'recipientName', NEW.metadata ->> 'recipientName'),
      NEW.updated_at);
  elsif NEW.kind = 'p2p' then
    -- the sender's note, when there is one, is part of the news
    insert into notifications (user_id, type, actor_id, data, created_at)
    values (NEW.counterparty_user_id, 'money_received', NEW.user_id,
      jsonb_build_object('amountCents', NEW.amount_cents, 'transferId', NEW.id)
        || case when NEW.metadata ? 'note'
          then jsonb_build_object('note', NEW.metadata ->> 'note') else '{}'::jsonb end,
      NEW.created_at);
  elsif NEW.kind = 'request_payment' then
    insert into notifications (user_id, type, actor_id, data, created_at)
    values (NEW.counterparty_user_id, 'request_paid', NEW.user_id, jsonb_build_object(
      'amountCents', NEW.amount_cents, 'transferId', NEW.id,
      'requestId', NEW.metadata ->> 'requestId', 'note', NEW.metadata ->> 'note'),
      NEW.created_at);
  elsif NEW.kind = 'remittance_refund' then
    insert into notifications (user_id, type, data, created_at)
    values (NEW.user_id, 'remittance_refunded', jsonb_build_object(
      'amountCents', NEW.amount_cents, 'transferId', NEW.metadata ->> 'refundOf',
      'phone', NEW.metadata ->> 'recipientPhone',
      -- the refunded remittance's recipient, by name (the refund itself carries only the phone)
      'recipientName', (select r.metadata ->> 'recipientName' from ledger_transfers r
        where r.id = (NEW.metadata ->> 'refundOf')::uuid)), NEW.created_at);
  end if;
  return null;
end $$;

-- Only what may be news reaches the function (a payment has a counterparty); it decides.
create or replace trigger notifications_from_transfer after insert on ledger_transfers
  for each row
  when (NEW.counterparty_user_id is not null or NEW.kind = 'remittance_refund')
  execute function notifications_from_transfer();

create or replace trigger notifications_from_transfer_status after update of status on ledger_transfers
  for each row
  when ((NEW.kind = 'remittance' and NEW.status = 'delivered' and OLD.status <> 'delivered')
    or (NEW.kind = 'bank_transfer' and NEW.status = 'completed' and OLD.status <> 'completed'
      and NEW.counterparty_user_id is not null))
  execute function notifications_from_transfer();

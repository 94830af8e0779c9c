-- The holder's news of a card authorization, written by the database with the authorization's
-- row (as notifications_from_transfer does for money): an approved purchase or ATM withdrawal
-- (with its hold's transfer and Pago's fee), or a decline (with its reason). Written at trigger
-- depth 1, so notifications_announce does not NOTIFY inside the authorization's transaction (a
-- notifying commit takes a cluster-wide lock through its WAL flush, and authorizations would
-- commit one at a time); the service announces after the commit instead (hub.announce).

create or replace function card_authorizations_notify() returns trigger language plpgsql as $$
begin
  insert into notifications (user_id, type, data, created_at)
  values (NEW.user_id,
    case when NEW.status = 'declined' then 'card_declined'
         when NEW.kind = 'atm' then 'card_atm_withdrawal' else 'card_purchase' end,
    case when NEW.status = 'declined' then jsonb_build_object('amountCents', NEW.amount_cents,
           'merchant', coalesce(NEW.merchant_name, ''), 'declineReason', NEW.decline_reason)
         else jsonb_build_object('amountCents', NEW.amount_cents,
           'merchant', coalesce(NEW.merchant_name, ''), 'transferId', NEW.transfer_id)
           || case when NEW.fee_cents > 0 then jsonb_build_object('feeCents', NEW.fee_cents)
              else '{}'::jsonb end end,
    NEW.created_at);
  return null;
end $$;

create or replace trigger card_authorizations_notify after insert on card_authorizations
  for each row when (NEW.status in ('declined', 'pending'))
  execute function card_authorizations_notify();

-- A card authorization decided in one statement (its own transaction): Unit asks, Pago answers
-- within the network's budget (docs/cards-performance.md). Before, the service made eleven round
-- trips for it; this is one, like a P2P send (transfer_send).
--
-- In order: the same partner authorization id again answers what was decided (posting nothing);
-- the card is locked (one card's authorizations are decided one at a time) and the id read again
-- (a retry that raced the first waited on that lock); the card's status, the wallet locked (it
-- orders the user's cards) and the account's freeze read from it (ledger_accounts.frozen, which
-- the users_frozen_to_wallet trigger keeps; no users row is read), the card's daily limit for
-- the kind (approved and not given back, at the cleared amount once cleared, in the US Eastern
-- day, read by the card's index over the day's range), the ATM fee (the month's free in-network
-- withdrawals counted under the wallet's lock), the funds (balance less held and owed). A decline
-- is recorded with its reason; an approval is one ledger_post of the hold (wallet -> the card's
-- clearing shard p_clearing, `card_clearing:<n>` from features/cards/card-clearing.ts; the fee ->
-- fee_revenue; processing) and its record. The holder's notification is the
-- card_authorizations_notify trigger's.
--
-- p_metadata is the hold's transfer metadata without the card (cardId and last4 are added here);
-- p_fees is ATM_FEES (packages/shared/fees.ts); p_status_declines maps a card status to its
-- decline. Returns the authorization's status, decline reason and amount; no row for a card
-- Pago does not know (the caller answers DoNotHonor).
-- requires: ledger_post, card_authorizations_notify
--
-- enable_seqscan off: docs/architecture.md, "Money-path functions never scan a table".

create or replace function card_authorize(
  p_authorization text, p_partner_card text, p_kind text, p_amount bigint, p_merchant_type integer,
  p_merchant_name text, p_network text, p_metadata jsonb, p_fees jsonb, p_status_declines jsonb,
  p_now timestamptz, p_limits jsonb, p_clearing text
) returns table (status text, decline_reason text, amount_cents bigint) language plpgsql
set enable_seqscan = off as $fn$
declare
  v_card cards;
  v_known record;
  v_decline text;
  v_available bigint;
  v_frozen boolean;
  v_day timestamp;
  v_month timestamp;
  v_spent bigint;
  v_limit bigint;
  v_used integer;
  v_fee bigint := 0;
  v_transfer ledger_transfers;
  v_legs jsonb;
begin
  select a.status, a.decline_reason, a.amount_cents into v_known from card_authorizations a
    where a.partner_authorization_id = p_authorization;
  if found then
    return query select v_known.status, v_known.decline_reason, v_known.amount_cents;
    return;
  end if;
  select * into v_card from cards c where c.partner_card_id = p_partner_card for update;
  if not found then
    return;
  end if;
  select a.status, a.decline_reason, a.amount_cents into v_known from card_authorizations a
    where a.partner_authorization_id = p_authorization;
  if found then
    return query select v_known.status, v_known.decline_reason, v_known.amount_cents;
    return;
  end if;

  v_decline := p_status_declines ->> v_card.status;
  if v_decline is null then
    select l.balance_cents - l.held_cents - l.owed_cents, l.frozen into v_available, v_frozen
      from ledger_accounts l where l.user_id = v_card.user_id for update;
    -- Without a wallet yet, the account's own flag (ledger_post reads it the same way).
    if not found then
      v_frozen := exists (select 1 from users u where u.id = v_card.user_id
                            and u.frozen_at is not null);
    end if;
    if v_frozen then
      v_decline := 'card_frozen';
    end if;
  end if;
  if v_decline is null then
    v_day := date_trunc('day', p_now at time zone 'America/New_York');
    v_limit := case when p_kind = 'atm' then v_card.daily_withdrawal_limit_cents
                    else v_card.daily_purchase_limit_cents end;
    select coalesce(sum(coalesce(a.cleared_cents, a.amount_cents)), 0) into v_spent
      from card_authorizations a
      where a.card_id = v_card.id and a.kind = p_kind and a.status in ('pending', 'cleared')
        and a.created_at >= v_day at time zone 'America/New_York'
        and a.created_at < (v_day + interval '1 day') at time zone 'America/New_York';
    if v_spent + p_amount > v_limit then
      v_decline := 'card_limit_exceeded';
    end if;
  end if;
  if v_decline is null and p_kind = 'atm' then
    if p_network = 'out' then
      v_fee := (p_fees ->> 'outOfNetwork')::bigint;
    elsif p_network = 'international' then
      v_fee := (p_fees ->> 'international')::bigint;
    else
      v_month := date_trunc('month', p_now at time zone 'America/New_York');
      select count(*) into v_used from card_authorizations a
        where a.user_id = v_card.user_id and a.kind = 'atm' and a.atm_network = 'in'
          and a.status in ('pending', 'cleared')
          and a.created_at >= v_month at time zone 'America/New_York'
          and a.created_at < (v_month + interval '1 month') at time zone 'America/New_York';
      if v_used >= (p_fees ->> 'inNetworkFreePerMonth')::integer then
        v_fee := (p_fees ->> 'inNetworkAfterFree')::bigint;
      end if;
    end if;
  end if;
  if v_decline is null and p_amount + v_fee > coalesce(v_available, 0) then
    v_decline := 'insufficient_funds';
  end if;

  if v_decline is not null then
    insert into card_authorizations (partner_authorization_id, created_at, card_id, user_id, kind,
        amount_cents, merchant_type, merchant_name, atm_network, status, decline_reason)
      values (p_authorization, p_now, v_card.id, v_card.user_id, p_kind, p_amount,
        p_merchant_type, p_merchant_name, p_network, 'declined', v_decline);
    return query select 'declined'::text, v_decline, p_amount;
    return;
  end if;

  v_legs := jsonb_build_array(
    jsonb_build_object('user_id', v_card.user_id, 'amount', -(p_amount + v_fee)),
    jsonb_build_object('role', p_clearing, 'amount', p_amount));
  if v_fee > 0 then
    v_legs := v_legs || jsonb_build_array(jsonb_build_object('role', 'fee_revenue', 'amount', v_fee));
  end if;
  select * into v_transfer from ledger_post(
    case when p_kind = 'atm' then 'card_atm_withdrawal' else 'card_purchase' end, 'processing',
    v_card.user_id, null, p_amount, v_fee, false, null,
    p_metadata || jsonb_build_object('cardId', v_card.id, 'last4', v_card.last4),
    null, p_now, v_legs, p_limits);
  insert into card_authorizations (partner_authorization_id, created_at, card_id, user_id, kind,
      amount_cents, fee_cents, merchant_type, merchant_name, atm_network, status, transfer_id)
    values (p_authorization, p_now, v_card.id, v_card.user_id, p_kind, p_amount, v_fee,
      p_merchant_type, p_merchant_name, p_network, 'pending', v_transfer.id);
  return query select 'pending'::text, null::text, p_amount;
end
$fn$;

-- The one check of a quote against what is sent, for every path that takes a quote. Refuses with
-- P2004 (detail: used, expired, recipient or amount) a quote that is not the sender's or is spent,
-- has expired, or was made for another recipient, kind, amount or speed; marks it used otherwise.
--
-- enable_seqscan off: docs/architecture.md, "Money-path functions never scan a table".

create or replace function quote_take(
  p_user uuid, p_quote uuid, p_phone text, p_country text, p_kind text, p_amount bigint,
  p_speed text, p_now timestamptz
) returns setof quotes language plpgsql
set enable_seqscan = off as $fn$
declare
  v_quote quotes;
begin
  -- Locked, so that one transfer only uses it.
  select * into v_quote from quotes where id = p_quote and user_id = p_user for update;
  if not found or v_quote.used_at is not null then
    raise exception 'quote' using errcode = 'P2004', detail = 'used';
  end if;
  if v_quote.expires_at <= p_now then
    raise exception 'quote' using errcode = 'P2004', detail = 'expired';
  end if;
  if v_quote.recipient_phone is distinct from p_phone or v_quote.recipient_country <> p_country
      or v_quote.transfer_kind is distinct from p_kind then
    raise exception 'quote' using errcode = 'P2004', detail = 'recipient';
  end if;
  if v_quote.amount_cents <> p_amount or v_quote.speed <> coalesce(p_speed, v_quote.speed) then
    raise exception 'quote' using errcode = 'P2004', detail = 'amount';
  end if;
  update quotes set used_at = p_now where id = p_quote;
  v_quote.used_at := p_now;
  return next v_quote;
end
$fn$;

-- A P2P send in one statement (its own transaction): the recipient by verified phone, the
-- Idempotency-Key (a replay returns the stored answer), the quote when one is given (quote_take),
-- both names for the receipt, ledger_post, and the stored answer.
--
-- The answer's shape stays in TypeScript (activity.service): the caller renders it before the call
-- with slots -- JSON strings holding a NUL, which no stored text can -- for what only this function
-- learns (the transfer's id, the recipient's id, name and username), and the function swaps each
-- slot for its value as JSON (to_json). The Idempotency-Key is written once, with its answer, at
-- the end.
--
-- Refusals raise, so nothing of the request stays: P2001 funds, P2002 limits (from ledger_post),
-- P2004 a quote that cannot pay this send (detail: the reason), P2005 the key already used for
-- another request, P2006 sending to oneself, P2011 a party sanctions screening must look at
-- first. A phone that is no Pago user's returns no row and changes nothing: the caller takes the
-- remittance path.
-- requires: ledger_post, quote_take, sanctions_p2p_parties
--
-- enable_seqscan off: docs/architecture.md, "Money-path functions never scan a table".

create or replace function transfer_send(
  p_user uuid, p_key text, p_request_hash bytea, p_phone text, p_country text,
  p_amount bigint, p_speed text, p_quote uuid, p_metadata jsonb, p_now timestamptz,
  p_limits jsonb, p_status integer, p_answer text, p_slots text[]
) returns table (status_code integer, response text) language plpgsql
set enable_seqscan = off as $fn$
declare
  v_to record;
  v_owner_name text;
  v_transfer ledger_transfers;
  v_answer text;
  v_stored record;
begin
  -- The name a person moves money under: the verified legal name, else the profile's name
  -- (the accounts feature's partyOf).
  select id, coalesce(legal_name, name) as name, username into v_to
    from users where phone = p_phone and phone_verified;
  if not found then
    return;
  end if;

  -- A replay, or the key used for another request. The key itself is written once, with its
  -- answer, at the end: a concurrent twin gets past this check, waits on the sender's wallet
  -- in ledger_post, then fails on the key's primary key (23505) and its whole statement rolls
  -- back, transfer included; the caller replays the answer stored first.
  select k.request_hash, k.status_code, k.response into v_stored from idempotency_keys k
    where k.user_id = p_user and k.key = p_key;
  if found then
    if v_stored.request_hash <> p_request_hash then
      raise exception 'idempotency key reused' using errcode = 'P2005';
    end if;
    return query select v_stored.status_code, v_stored.response;
    return;
  end if;

  if v_to.id = p_user then
    raise exception 'self transfer' using errcode = 'P2006';
  end if;

  -- Sanctions (docs/sanctions.md): a party whose name awaits screening, with an open hit, or
  -- blocked is not this statement's to send yet. P2011, nothing done: the caller screens the
  -- names first, then sends it here again or (an open hit, a block) by its handler.
  if exists (select 1 from sanctions_p2p_parties(p_user, p_phone) p
      where p.unscreened or p.flagged) then
    raise exception 'sanctions screening first' using errcode = 'P2011';
  end if;

  if p_quote is not null then
    perform 1 from quote_take(p_user, p_quote, p_phone, p_country, 'p2p', p_amount, p_speed, p_now);
  end if;
  select coalesce(legal_name, name) into v_owner_name from users where id = p_user;
  select * into v_transfer from ledger_post('p2p', 'completed', p_user, v_to.id, p_amount, 0,
    true, null,
    p_metadata || jsonb_build_object('partyNames',
      jsonb_build_object('owner', v_owner_name, 'counterparty', v_to.name)),
    null, p_now,
    jsonb_build_array(jsonb_build_object('user_id', p_user, 'amount', -p_amount),
      jsonb_build_object('user_id', v_to.id, 'amount', p_amount)),
    p_limits);

  v_answer := replace(replace(replace(replace(p_answer,
    p_slots[1], to_json(v_transfer.id)::text),
    p_slots[2], to_json(v_to.id)::text),
    p_slots[3], to_json(v_to.name)::text),
    p_slots[4], to_json(v_to.username)::text);
  insert into idempotency_keys (user_id, key, request_hash, status_code, response)
    values (p_user, p_key, p_request_hash, p_status, v_answer);
  return query select p_status, v_answer;
end
$fn$;

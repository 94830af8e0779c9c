-- Many P2P sends (each exactly transfer_send) in one statement, hence one transaction and one
-- commit, so what a transaction costs (its start, the commit record and the WAL flush the client
-- waits for, the round trip, the backend's wake-up) is paid once per batch, not once per send.
--
-- - Each send on its own: every send runs in a block with an exception handler (a
--   subtransaction), so a refused send rolls back only its own writes and comes back as that
--   item's SQLSTATE, message, detail and constraint, exactly what it would have raised alone.
-- - No deadlocks between batches: every wallet the batch will touch is locked first, in id order,
--   the order ledger_post locks in; later locks belong to a sender whose wallet is already held.
--   (A recipient without a wallet gets one inside ledger_post, the one lock taken out of order; a
--   deadlock, a cancel or a lost connection aborts the whole batch, and the caller sends alone.)
-- - Twins (one Idempotency-Key twice) serialize on the sender's wallet: in one batch the second
--   finds the first's stored answer; across batches it waits for the first's commit.
-- - The session check too: a send may name its sender by the session's token hash; the batch runs
--   session_touch for it (each token once, in token order, before any wallet is locked) and sends
--   only for a live session whose identity is verified by the statuses the caller passes. A
--   refused session comes back as r_session_refused with nothing done.
-- - The payee look-up budget: each send's network address (p_ips) and the budget's rules
--   (p_lookup). A send whose sender or network has spent the budget comes back as "no Pago user's
--   phone" with nothing done, so the caller's other path answers 429; the check only reads
--   rate_limits (by key, no lock).
-- - Items are kept under 64 by the caller: each writing subtransaction takes a subtransaction id,
--   and past 64 a backend's snapshot entry overflows, which slows every other backend.
-- requires: rate_limit_recent, session_touch, transfer_send
--
-- enable_seqscan off: docs/architecture.md, "Money-path functions never scan a table".

create or replace function transfer_send_batch(
  p_users uuid[], p_tokens bytea[], p_idle_minutes integer, p_verified jsonb,
  p_keys text[], p_hashes bytea[], p_phones text[], p_countries text[],
  p_amounts bigint[], p_speeds text[], p_quotes uuid[], p_metadata jsonb[],
  p_now timestamptz[], p_limits jsonb, p_status integer, p_answers text[], p_slots text[],
  p_ips text[], p_lookup jsonb
) returns table (
  r_item integer, r_user uuid, r_session_refused boolean, r_status integer, r_response text,
  r_sqlstate text, r_message text, r_detail text, r_constraint text
) language plpgsql
set enable_seqscan = off as $fn$
declare
  v_n integer := coalesce(array_length(p_keys, 1), 0);
  v_users uuid[] := p_users;
  v_tokens bytea[] := '{}';
  v_token_users uuid[] := '{}';
  v_token bytea;
  v_session record;
  v_k integer;
  v_sent record;
  v_kyc_ok text[] := array(select jsonb_array_elements_text(p_verified -> 'kyc_status'));
  v_persona_ok text[] := array(select jsonb_array_elements_text(p_verified -> 'persona_status'));
  v_plaid_ok text[] :=
    array(select jsonb_array_elements_text(p_verified -> 'plaid_identity_status'));
begin
  -- Sessions: each token once, in token order, before any wallet is locked.
  for v_token in select distinct t from unnest(p_tokens) t where t is not null order by t loop
    select * into v_session from session_touch(v_token, p_idle_minutes);
    v_tokens := v_tokens || v_token;
    v_token_users := v_token_users || case
      when found and (v_session.kyc_status = any(v_kyc_ok)
        or v_session.persona_status = any(v_persona_ok)
        or v_session.plaid_identity_status = any(v_plaid_ok))
      then v_session.user_id end;
  end loop;
  for i in 1 .. v_n loop
    if v_users[i] is null and p_tokens[i] is not null then
      v_k := array_position(v_tokens, p_tokens[i]);
      v_users[i] := v_token_users[v_k];
    end if;
  end loop;

  perform 1 from ledger_accounts a
    where a.user_id = any(v_users || array(
      select u.id from users u where u.phone = any(p_phones) and u.phone_verified))
    order by a.id for update;
  for i in 1 .. v_n loop
    r_item := i;
    r_user := v_users[i];
    r_session_refused := v_users[i] is null;
    r_status := null;
    r_response := null;
    r_sqlstate := null;
    r_message := null;
    r_detail := null;
    r_constraint := null;
    -- The look-up budget of the sender or of their network is spent: no row, as for a phone
    -- no Pago user has, and the caller's other way answers 429. A replay still replays.
    if not r_session_refused and exists (
      select 1 from jsonb_array_elements(p_lookup) l
      join rate_limits r on r.key = (l ->> 'prefix')
        || case l ->> 'scope' when 'network' then p_ips[i] else v_users[i]::text end
      where cardinality(rate_limit_recent(r.hits, statement_timestamp()
        - make_interval(secs => (l ->> 'windowSeconds')::integer))) >= (l ->> 'limit')::integer
    ) and not exists (
      select 1 from idempotency_keys k where k.user_id = v_users[i] and k.key = p_keys[i]
    ) then
      return next;
      continue;
    end if;
    if not r_session_refused then
      begin
        select s.status_code, s.response into v_sent from transfer_send(v_users[i], p_keys[i],
          p_hashes[i], p_phones[i], p_countries[i], p_amounts[i], p_speeds[i], p_quotes[i],
          p_metadata[i], p_now[i], p_limits, p_status, p_answers[i], p_slots) s;
        -- No row: the phone is no Pago user's (the caller sends it another way).
        if found then
          r_status := v_sent.status_code;
          r_response := v_sent.response;
        end if;
      exception when others then
        get stacked diagnostics r_sqlstate = returned_sqlstate, r_message = message_text,
          r_detail = pg_exception_detail, r_constraint = constraint_name;
        -- Deadlocks, serialization failures, lock timeouts and cancels end the whole batch.
        if r_sqlstate like '40%' or r_sqlstate in ('55P03', '57014') then
          raise;
        end if;
      end;
    end if;
    return next;
  end loop;
end
$fn$;

import { type Kysely, sql } from 'kysely';

/**
 * Issue 12, one round trip per send. `transfer_send` does in one statement (its own transaction)
 * what a P2P `POST /api/transactions/send` did in about ten: the recipient by verified phone, the
 * Idempotency-Key (replay, or reserved for this request), the quote when one is given, both
 * names for the receipt, `ledger_post`, and the stored answer.
 *
 * The answer's shape stays in TypeScript (`activity.service`): the caller renders it before the
 * call with slots — JSON strings holding a NUL, which no stored text can — for what only this
 * function learns (the transfer's id, the recipient's id, name and username), and the function
 * swaps each slot for its value as JSON (`to_json`). The answer is stored with the transfer.
 *
 * Refusals raise, so nothing of the request stays (the reservation included): P2001 funds, P2002
 * limits (from `ledger_post`), P2004 a quote that cannot pay this send (detail: the reason), P2005
 * the key already used for another request, P2006 sending to oneself. A phone that is no Pago
 * user's returns no row and changes nothing: the caller takes the remittance path.
 *
 * `quote_take` is the one check of a quote against what is sent, for both paths.
 *
 * `session_touch` is the session check every signed-in request makes (the statement of
 * `sessions.repository`, unchanged), as a function so that its plan is cached per connection:
 * sent as a statement of its own it was planned at every request, which cost more than running it
 * (0.2–0.3 ms against 0.04–0.1 ms).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function session_touch(p_token_hash bytea, p_idle_minutes integer)
    returns table (user_id uuid, kyc_status text, persona_status text, plaid_identity_status text)
    language plpgsql as $fn$
    #variable_conflict use_column
    begin
      return query
        with live as (
          select s.user_id, s.last_used_at < now() - interval '1 minute' as stale,
                 u.kyc_status, u.persona_status, u.plaid_identity_status
          from sessions s join users u on u.id = s.user_id
          where s.token_hash = p_token_hash and s.revoked_at is null and s.expires_at > now()
            and s.last_used_at > now() - make_interval(mins => p_idle_minutes)
        ),
        touched as (
          update sessions set last_used_at = now()
          where token_hash = p_token_hash and exists (select 1 from live where stale)
        )
        select live.user_id, live.kyc_status, live.persona_status, live.plaid_identity_status
        from live;
    end
    $fn$`.execute(db);

  await sql`
    create function quote_take(
      p_user uuid, p_quote uuid, p_phone text, p_country text, p_kind text, p_amount bigint,
      p_speed text, p_now timestamptz
    ) returns setof quotes language plpgsql as $fn$
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
    $fn$`.execute(db);

  await sql`
    create function transfer_send(
      p_user uuid, p_key text, p_request_hash bytea, p_phone text, p_country text,
      p_amount bigint, p_speed text, p_quote uuid, p_metadata jsonb, p_now timestamptz,
      p_limits jsonb, p_status integer, p_answer text, p_slots text[]
    ) returns table (status_code integer, response text) language plpgsql as $fn$
    declare
      v_to record;
      v_owner_name text;
      v_transfer ledger_transfers;
      v_answer text;
    begin
      -- The name a person moves money under: the verified legal name, else the profile's name
      -- (the accounts feature's partyOf).
      select id, coalesce(legal_name, name) as name, username into v_to
        from users where phone = p_phone and phone_verified;
      if not found then
        return;
      end if;

      -- A concurrent request with the same key waits here until this one ends, then replays.
      insert into idempotency_keys (user_id, key, request_hash, status_code, response)
        values (p_user, p_key, p_request_hash, 0, '')
        on conflict do nothing;
      if not found then
        return query
          select k.status_code, k.response from idempotency_keys k
          where k.user_id = p_user and k.key = p_key and k.request_hash = p_request_hash;
        if not found then
          raise exception 'idempotency key reused' using errcode = 'P2005';
        end if;
        return;
      end if;

      if v_to.id = p_user then
        raise exception 'self transfer' using errcode = 'P2006';
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
      update idempotency_keys k set status_code = p_status, response = v_answer
        where k.user_id = p_user and k.key = p_key;
      return query select p_status, v_answer;
    end
    $fn$`.execute(db);
}

-- The session check every signed-in request makes, as a function so that its plan is cached per
-- connection: sent as a statement of its own it was planned at every request, which cost more than
-- running it (0.2-0.3 ms against 0.04-0.1 ms).
--
-- enable_seqscan off: docs/architecture.md, "Money-path functions never scan a table".

create or replace function session_touch(p_token_hash bytea, p_idle_minutes integer)
returns table (user_id uuid, kyc_status text, persona_status text, plaid_identity_status text)
language plpgsql
set enable_seqscan = off as $fn$
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
$fn$;

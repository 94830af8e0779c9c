-- The two parties of a P2P payment as the sanctions check before a send reads them (features/
-- sanctions, p2pMayHold): the sender, by id or by the session's token hash (one of the two, the
-- other null), and the payee, by verified phone; for each, whether the name awaits screening and
-- whether an open hit or a block is on it. No sender (an unknown session), no rows.
--
-- A function so that its plan is made once per connection: sent as a statement of its own, the
-- query was parsed and planned again at every send, which cost more than running it (0.35 ms
-- against 0.08 ms; docs/benchmarks.md, "Plans made on empty tables").
--
-- enable_seqscan off: docs/architecture.md, "Money-path functions never scan a table".

create or replace function sanctions_p2p_parties(
  p_sender uuid, p_token_hash bytea, p_payee_phone text
) returns table (id uuid, sender boolean, unscreened boolean, flagged boolean)
language plpgsql stable
set enable_seqscan = off as $fn$
declare
  v_sender uuid := p_sender;
begin
  if v_sender is null then
    select s.user_id into v_sender from sessions s where s.token_hash = p_token_hash;
    if v_sender is null then
      return;
    end if;
  end if;
  return query
    select u.id, u.id = v_sender,
      u.sanctions_name_changed_at is not null,
      exists (select 1 from sanctions_hits h where h.subject_kind = 'user'
          and h.subject_id = u.id::text and h.status = 'open')
        or exists (select 1 from sanctions_blocks b where b.subject_kind = 'user'
          and b.subject_id = u.id::text)
    from users u
    where u.id = v_sender or (u.phone = p_payee_phone and u.phone_verified);
end
$fn$;

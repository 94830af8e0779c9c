-- The two parties of a P2P payment as sanctions screening sees them: the sender by id and the
-- payee by verified phone; for each, whether the name awaits screening and whether an open hit or
-- a block is on it. The one-statement send (transfer_send) refuses with P2011 on any of these;
-- the server's own send (features/sanctions, p2pMayHold) screens the names, then decides.
--
-- A function so that its plan is made once per connection: sent as a statement of its own, the
-- query was parsed and planned again at every send, which cost more than running it (0.35 ms
-- against 0.08 ms; docs/benchmarks.md, "Plans made on empty tables").
--
-- enable_seqscan off: docs/architecture.md, "Money-path functions never scan a table".

create or replace function sanctions_p2p_parties(p_sender uuid, p_payee_phone text)
returns table (id uuid, sender boolean, unscreened boolean, flagged boolean)
language plpgsql stable
set enable_seqscan = off as $fn$
begin
  return query
    select u.id, u.id = p_sender,
      u.sanctions_name_changed_at is not null,
      exists (select 1 from sanctions_hits h where h.subject_kind = 'user'
          and h.subject_id = u.id::text and h.status = 'open')
        or exists (select 1 from sanctions_blocks b where b.subject_kind = 'user'
          and b.subject_id = u.id::text)
    from users u
    where u.id = p_sender or (u.phone = p_payee_phone and u.phone_verified);
end
$fn$;

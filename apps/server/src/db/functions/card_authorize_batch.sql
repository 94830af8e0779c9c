-- Card authorizations that arrived together, decided in one statement and one commit, each with
-- its own answer (features/cards/authorization-batcher.ts; docs/cards-performance.md). The batcher
-- gives a batch the cards of one clearing shard (each item's `clearing`): every approval
-- credits that account, whose row ledger_post locks until the commit, so the lock and the
-- commit's WAL flush are paid once per batch (as P2P sends are, transfer_send_batch), while the
-- batches of other shards commit beside it.
--
-- The batch's cards are locked first, then their wallets, then their clearing shards, each in id
-- order, so two batches (of two processes) never wait on each other in a cycle over them; each item is then
-- card_authorize, unchanged. An item that raises fails the whole batch (nothing of it is kept):
-- the caller then decides each of its items alone.
-- requires: card_authorize
--
-- enable_seqscan off: docs/architecture.md, "Money-path functions never scan a table".

create or replace function card_authorize_batch(
  p_items jsonb, p_fees jsonb, p_status_declines jsonb, p_now timestamptz, p_limits jsonb
) returns table (item integer, status text, decline_reason text, amount_cents bigint)
language plpgsql
set enable_seqscan = off as $fn$
declare
  v_item jsonb;
  v_i integer := 0;
  v_answer record;
begin
  perform 1 from cards c
    where c.partner_card_id in (select x ->> 'card' from jsonb_array_elements(p_items) x)
    order by c.id for update;
  perform 1 from ledger_accounts l
    where l.user_id in (select c.user_id from cards c where c.partner_card_id in
      (select x ->> 'card' from jsonb_array_elements(p_items) x))
    order by l.id for update;
  -- Then the batch's clearing shards, in id order: batches of another process that credit some
  -- of the same shards wait here, not in a cycle between two holds.
  perform 1 from ledger_accounts l
    where l.system_role in (select distinct x ->> 'clearing' from jsonb_array_elements(p_items) x)
    order by l.id for update;
  for v_item in select x from jsonb_array_elements(p_items) x loop
    v_i := v_i + 1;
    for v_answer in select * from card_authorize(v_item ->> 'id', v_item ->> 'card',
        v_item ->> 'kind', (v_item ->> 'amount')::bigint, (v_item ->> 'merchantType')::integer,
        v_item ->> 'merchantName', v_item ->> 'network', v_item -> 'metadata', p_fees,
        p_status_declines, p_now, p_limits, v_item ->> 'clearing') loop
      return query select v_i, v_answer.status, v_answer.decline_reason, v_answer.amount_cents;
    end loop;
  end loop;
end
$fn$;

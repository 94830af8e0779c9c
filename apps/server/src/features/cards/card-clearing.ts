/**
 * Card spending waits in `card_clearing` until the partner settles it with the network. One
 * account would be one row every authorization locks until its commit (ledger_post locks each
 * account of a transfer), so every card in the country would queue on it: the account is split
 * into CARD_CLEARING_SHARDS accounts (`card_clearing:0` …, migration 0065), a card's holds, clearings,
 * releases and refunds all on its own shard (so each shard's balance is its cards' pending
 * spending), and authorizations of cards on different shards commit side by side
 * (authorization-batcher.ts; docs/cards-performance.md). Card clearing as a whole is the sum of
 * the shards (`system_role like 'card_clearing:%'`).
 */
export const CARD_CLEARING_SHARDS = 8;

/** The shard of a card, from Unit's id of it (what an authorization request names). */
export function cardClearingShard(partnerCardId: string): number {
  let hash = 0;
  for (let i = 0; i < partnerCardId.length; i++) {
    hash = (Math.imul(hash, 31) + partnerCardId.charCodeAt(i)) >>> 0;
  }
  return hash % CARD_CLEARING_SHARDS;
}

/** The clearing account's role for a card's money: `card_clearing:<shard>`. */
export function cardClearingRole(partnerCardId: string): `card_clearing:${number}` {
  return `card_clearing:${cardClearingShard(partnerCardId)}`;
}

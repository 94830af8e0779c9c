import type { Speed, TransferKind } from './transfers';

/**
 * What a transfer keeps in `ledger_transfers.metadata`, by kind. The owner sees it as the
 * transfer's `details` (spec §7); receipts read the names from `partyNames`.
 */

/** The names of both people as they were when the money moved (`ledger.post` writes it). */
export type PartyNamesSnapshot = { owner: string; counterparty: string };

/** What sent a remittance on the sender's behalf (issue 29's family features), and its id. */
export type RemittanceOrigin = {
  kind: 'schedule' | 'rate_order' | 'payday' | 'pideme' | 'colecta';
  id: string;
};

export type TransferMetadataByKind = {
  deposit: { source: 'sandbox_test_money' };
  p2p: {
    recipientPhone: string;
    recipientCountry: string;
    note?: string;
    /** Held for a sanctions review until compliance decides (features/sanctions). */
    underReview?: boolean;
    /** Sent by a recurring schedule (features/schedules). */
    scheduleId?: string;
  };
  remittance: {
    recipientPhone: string;
    recipientCountry: string;
    /** Sent home to a saved recipient: their name and how they are paid. */
    recipientId?: string;
    recipientName?: string;
    payoutMethod?: 'bank_deposit' | 'cash_pickup' | 'mobile_wallet';
    speed: Speed;
    quoteId: string;
    payoutCurrency: string;
    /** Exact decimal strings, as quoted. */
    payoutAmount: string;
    fxRate: string;
    marketRate: string;
    spreadBps: number;
    /** Who pays the recipient for the payout partner (remittances since the partner's payers). */
    payerName?: string;
    /** Held for a sanctions review until compliance decides (features/sanctions). */
    underReview?: boolean;
    /** Cash pickup: the recipient collected it (until then a delivered one is ready for pickup). */
    pickedUp?: boolean;
    /** Sent again at no cost to remedy an error in this earlier remittance (§ 1005.33(c)). */
    resendOf?: string;
    /** Sent without the sender at the keyboard: what started it (a schedule, a rate order…). */
    origin?: RemittanceOrigin;
    /** Remittances before the payout partner: the stand-in's reference and due time. */
    payoutReference?: string;
    payoutDueAt?: string;
  };
  remittance_refund: {
    refundOf: string;
    reason: string;
    recipientPhone: string;
    /**
     * Why the money came back: the sender cancelled, the payout failed (older rows: failed), the
     * payer reversed a payout it had made, or an error the sender reported was remedied.
     */
    cause?: 'cancelled' | 'failed' | 'reversed' | 'error_resolution';
  };
  bill_payment: {
    billerId: string;
    billerName: string;
    paymentType: string;
    /** Only the last four characters: "••••1234". */
    accountAtBiller: string;
    memo: string;
    /** How the biller is paid (absent on payments made before the partner paid bills). */
    method?: 'ach' | 'check';
    /** Held for a sanctions review of the payee until compliance decides (features/sanctions). */
    underReview?: boolean;
  };
  bank_transfer: { description: string; receiver: string };
  /** Gives back a bank transfer the banking partner rejected or returned. */
  bank_transfer_reversal: { reversalOf: string; reason: string };
  /** Money pulled from a linked bank by ACH; pending (held) until the partner settles it. */
  bank_deposit: { plaidAccountId: string; institution: string; mask: string };
  /** A deposit the bank returned; `owedCents` is what the wallet could not cover. */
  bank_deposit_return: { returnOf: string; reason: string; owedCents: number };
  /** Money sent to a linked bank by ACH (instant or standard). */
  bank_withdrawal: {
    plaidAccountId: string;
    institution: string;
    mask: string;
    speed: 'standard' | 'instant';
  };
  /** A withdrawal the bank or the partner failed: amount and fee back. */
  bank_withdrawal_return: { returnOf: string; reason: string };
  /** `underReview`: held for a sanctions review until compliance decides (features/sanctions). */
  request_payment: { requestId: string; note: string; underReview?: boolean };
  /**
   * An ACH credit someone sent to the user's account and routing numbers (a direct deposit, or
   * any incoming ACH): held until the partner completes it, unless advanced (early pay).
   */
  ach_received: {
    receivedPaymentId: string;
    companyName: string;
    description: string;
    secCode: string;
    /** The partner advanced it: available before its completion date. */
    advanced?: boolean;
  };
  /** A received ACH credit the sender's bank took back; `owedCents` is what the wallet could not cover. */
  ach_received_return: { returnOf: string; reason: string; owedCents: number };
  /** A check deposited with the phone's camera; held until the partner sends the money. */
  check_deposit: { checkDepositId: string; description: string };
  /** A deposited check that was returned unpaid. */
  check_deposit_return: { returnOf: string; reason: string; owedCents: number };
  /** Cash paid in at a store with the user's barcode; the fee is the transfer's fee. */
  cash_deposit: { cashDepositId: string; storeName: string };
  /** Money added with a debit or credit card through the card acquirer; the fee is the transfer's fee. */
  card_funding: {
    paymentIntentId: string;
    brand: string;
    funding: string;
    last4: string;
    /** A chargeback Pago won: the top-up given back to the wallet (the reversal's id). */
    reinstates?: string;
  };
  /** A card funding charged back (disputed) by the card's holder. */
  card_funding_reversal: { reversalOf: string; reason: string; owedCents: number };
  /** A bill payment the biller or the bank returned: the money back. */
  bill_payment_return: { returnOf: string; reason: string };
  /** Provisional (or final) credit for a disputed card transaction. */
  card_dispute_credit: { disputeId: string; disputedTransferId: string; provisional: boolean };
  /** A provisional credit taken back when the dispute was decided against the user. */
  card_dispute_reversal: { disputeId: string; reversalOf: string; owedCents: number };
  /** What a wallet owed that Pago wrote off as its loss (`owedCents`: what is still owed after). */
  debt_write_off: { reason: 'debt_written_off'; owedCents: number; staffId: string };
  /** Pago's staff refunded a transfer of the user's (docs/ops-console.md); at most once per transfer. */
  staff_refund: { refundOf: string; approvalId: string | null };
  /** A held P2P payment's money leaving the sanctions hold: to the payee, or back to the sender. */
  sanctions_release: { releaseOf: string; outcome: 'cleared' | 'blocked' };
  /** Send at my rate (docs/rates.md): the amount and highest fee reserved while the order waits. */
  rate_order_hold: { rateOrderId: string; currency: string; targetRate: string };
  /** The reserve given back: to be sent (in the same transaction as the send) or on a cancel. */
  rate_order_release: {
    rateOrderId: string;
    releaseOf: string;
    reason: 'sent' | 'cancelled' | 'expired' | 'failed';
  };
  /** Money put into a colecta, held by Pago until it is sent or given back (docs/colectas.md). */
  colecta_contribution: { colectaId: string; title: string };
  /** A colecta's contribution given back to its contributor (the colecta was cancelled). */
  colecta_release: { colectaId: string; title: string; releaseOf: string };
  /** A colecta's held contributions, to the organiser's wallet for the one remittance home. */
  colecta_collected: { colectaId: string; title: string; contributions: number };
  /**
   * A purchase with the Pago card: `processing` while the authorization holds the
   * amount, `completed` once cleared (`clearedCents` when the merchant cleared another amount,
   * e.g. a tip), `failed` when reversed or expired.
   */
  card_purchase: {
    cardId: string;
    last4: string;
    /** The network's authorization id; network retries carry the same one. */
    authorizationId: string;
    merchantName: string;
    merchantCity: string;
    merchantCategory?: string;
    authorizedCents: number;
    clearedCents?: number;
  };
  /** Cash from an ATM; its fee (by network, per the fee schedule) is the transfer's fee. */
  card_atm_withdrawal: {
    cardId: string;
    last4: string;
    authorizationId: string;
    atmName: string;
    atmCity: string;
    network: 'in' | 'out' | 'international';
    authorizedCents: number;
  };
  /** A merchant's refund to the card. */
  card_refund: {
    cardId: string;
    last4: string;
    /** The network's id of the refund message (posted once). */
    networkTransactionId: string;
    merchantName: string;
    merchantCity: string;
    refundOf?: string;
  };
  /** A card fee from the fee schedule: a replacement, expedited delivery. */
  card_fee: { cardId: string; last4: string; fee: 'replacement' | 'expedited_delivery' };
  /**
   * A card hold given back (and its ATM fee): the authorization was reversed or expired, or the
   * merchant cleared another amount (then charged as its own completed transfer).
   */
  card_release: {
    cardId: string;
    last4: string;
    releaseOf: string;
    authorizationId: string;
    reason: 'reversed' | 'expired' | 'cleared_at_other_amount';
  };
};

/** The metadata of a transfer of kind K, as stored: what its poster wrote, plus the names. */
export type TransferMetadataOf<K extends TransferKind> = TransferMetadataByKind[K] & {
  /** Absent on transfers without a counterparty and on transfers made before names were kept. */
  partyNames?: PartyNamesSnapshot;
};

/** The metadata of any transfer. */
export type TransferMetadata = { [K in TransferKind]: TransferMetadataOf<K> }[TransferKind];

import { randomUUID } from 'node:crypto';
import { usdToCents } from '@pago/shared/contracts/amounts';
import type { SendMoneyBody, Transfer } from '@pago/shared/contracts/transfers';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { unavailableInLiveMode } from '../../lib/live-mode';
import { walletToWallet } from '../ledger/ledger.service';
import { createActivity } from './activity.service';
import { createPayoutSettlement } from './payouts.service';
import { createQuotes, type QuotesDeps } from './quotes.service';

/** What quotes need, and how long the sandbox payout partner takes to pay out. */
type Deps = QuotesDeps & { payoutDelayMs: number };

/**
 * Sending money, and the transfers feature as the routes and other features reach it: quotes
 * (`quotes.service`), the payout settlement worker (`payouts.service`) and what users see of their
 * transfers (`activity.service`) are each their own service, composed here.
 */
export function createTransfers({ db, ledger, accounts, rates, payouts, payoutDelayMs }: Deps) {
  const quotes = createQuotes({ db, ledger, accounts, rates, payouts });
  const activity = createActivity({ db, accounts });
  const settlement = createPayoutSettlement({ db, ledger, payouts });

  async function send(tx: Database, userId: string, body: SendMoneyBody): Promise<Transfer> {
    const amountCents = usdToCents(body.amountUsd);
    const to = await quotes.destination(userId, body.recipientName, body.recipientCountry, tx);
    if (to.kind === 'p2p') {
      if (body.quoteId) await quotes.take(tx, userId, body.quoteId, body, 'p2p');
      // Pago to Pago: instant and free.
      const row = await ledger.post(tx, {
        kind: 'p2p',
        status: 'completed',
        userId,
        counterpartyUserId: to.party.userId,
        amountCents,
        countsTowardLimits: true,
        metadata: { recipientPhone: body.recipientName, recipientCountry: body.recipientCountry },
        legs: walletToWallet(userId, to.party.userId, amountCents),
      });
      return (await activity.view([row], userId, tx))[0] as Transfer;
    }

    if (!payouts.available) throw unavailableInLiveMode('remittances');
    if (!body.quoteId) {
      throw new AppError(
        'quote_required',
        400,
        'Get a quote first: the fee and the rate are shown before you send.',
      );
    }
    const q = await quotes.take(tx, userId, body.quoteId, body, 'remittance');
    const { speed, now } = q;
    const delay = speed === 'express' ? payoutDelayMs : payoutDelayMs * 2;
    const row = await ledger.post(tx, {
      kind: 'remittance',
      status: 'processing',
      userId,
      amountCents,
      feeCents: q.fee_cents,
      countsTowardLimits: true,
      metadata: {
        recipientPhone: body.recipientName,
        recipientCountry: q.recipient_country,
        speed,
        quoteId: q.id,
        payoutCurrency: q.payout_currency,
        payoutAmount: q.payout_amount,
        fxRate: q.fx_rate,
        marketRate: q.market_rate,
        spreadBps: q.spread_bps,
        payoutReference: randomUUID(),
        payoutDueAt: new Date(now.getTime() + delay).toISOString(),
      },
      legs: [
        { account: { userId }, amountCents: -(amountCents + q.fee_cents) },
        { account: { role: `payout_clearing:${q.recipient_country}` }, amountCents },
        ...(q.fee_cents > 0
          ? [{ account: { role: 'fee_revenue' as const }, amountCents: q.fee_cents }]
          : []),
      ],
    });
    return (await activity.view([row], userId, tx))[0] as Transfer;
  }

  return {
    ...activity,
    quote: quotes.quote,
    send,
    settleDuePayouts: settlement.settleDuePayouts,
  };
}

export type Transfers = ReturnType<typeof createTransfers>;

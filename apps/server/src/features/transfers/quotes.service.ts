import { usdToCents } from '@pago/shared/contracts/amounts';
import type { Quote, quoteBody, SendTo, Transfer } from '@pago/shared/contracts/transfers';
import { type CorridorCountry, getCorridor } from '@pago/shared/fees';
import { addCents, type Cents, cents, centsToDecimalString } from '@pago/shared/money';
import { isPhoneOfCountry, phoneCountryOf } from '@pago/shared/phone-countries';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { unavailableInLiveMode } from '../../lib/live-mode';
import type { Accounts, Party } from '../accounts/accounts.service';
import type { Ledger } from '../ledger/ledger.service';
import type { RemittancePrice } from '../remittances/remittance-pricing';
import { insertQuote, takeQuote } from './quotes.repository';

export const QUOTE_TTL_MINUTES = 10;

/**
 * Pricing a send abroad, which the remittances feature owns (its payers and the payout partner):
 * reached through this, so the transfers feature never imports it.
 */
export type AbroadPricing = {
  /** false: no payout partner (live mode without its settings): remittances are refused. */
  readonly available: boolean;
  /**
   * The recipient (a saved one by id, else the user's saved recipient with this phone, else none:
   * an estimate on the country's payer for the speed), its payer, and the partner's price.
   */
  price(
    userId: string,
    input: {
      country: CorridorCountry;
      amountCents: Cents;
      speed: 'standard' | 'express';
      recipientId: string | undefined;
      recipientPhone: string | undefined;
      now: Date;
    },
  ): Promise<{
    recipientId: string | null;
    recipientPhone: string | null;
    payer: { id: string; name: string };
    price: RemittancePrice;
  }>;
  /** A saved recipient's phone (404 when not the user's), for the quote to be bound to it. */
  recipientPhone(userId: string, recipientId: string): Promise<string>;
  /**
   * The spec's send to a phone abroad (`POST /api/transactions/send`), in `tx`: paid to the
   * user's saved recipient with that phone, through the payout partner.
   */
  send(tx: Database, userId: string, body: SendTo): Promise<Transfer>;
};

export type QuotesDeps = {
  db: Database;
  ledger: Ledger;
  accounts: Accounts;
  /** Read when a remittance is quoted (the remittances feature is built after this one). */
  abroad: () => AbroadPricing;
};

/**
 * Prices a send before any money moves (fee, rate with spread, what arrives, delivery), and hands
 * the send its quote once, checked against what is being sent.
 */
export function createQuotes({ db, ledger, accounts, abroad }: QuotesDeps) {
  /**
   * Whom a phone reaches: a Pago user's phone is an instant, free P2P transfer; any other is a
   * remittance, whose phone must belong to the destination country. A U.S. phone that is not a
   * Pago user's is neither (there is no U.S. payout): the person can be invited instead.
   */
  async function destination(
    userId: string,
    phone: string,
    country: string,
    executor: Database,
  ): Promise<{ kind: 'p2p'; party: Party } | { kind: 'remittance' }> {
    const recipient = await accounts.findRecipient({ phone }, executor);
    if (recipient?.userId === userId) throw selfTransfer();
    if (recipient) return { kind: 'p2p', party: recipient };
    const phoneCountry = phoneCountryOf(phone) ?? null;
    if (phoneCountry === 'US') {
      throw new AppError(
        'recipient_not_on_pago',
        422,
        'This U.S. phone is not on Pago. Money within the United States goes to Pago users only: invite them to Pago.',
        { phoneCountry },
      );
    }
    if (!isPhoneOfCountry(phone, country)) {
      throw new AppError(
        'recipient_country_mismatch',
        422,
        'The recipient’s phone is not from the destination country. Check the phone or the country.',
        { recipientCountry: country, phoneCountry },
      );
    }
    return { kind: 'remittance' };
  }

  /**
   * `body` as its route's contract parsed it (defaults applied); `ip` the client's address. A
   * quote for a phone tells whether the phone is a Pago user's: it takes from the look-up budget.
   * `ip` null: a quote Pago makes for the user's own saved recipient (a schedule, a rate order…),
   * which looks no one up on a person's behalf, so it takes nothing from the budget.
   */
  async function quote(
    userId: string,
    body: z.output<typeof quoteBody>,
    ip: string | null,
  ): Promise<Quote> {
    const corridor = getCorridor(body.recipientCountry);
    const amountCents = usdToCents(body.amountUsd);
    // A saved recipient is quoted for their phone: the quote is bound to it as for a phone.
    const phone =
      body.recipientPhone ??
      (body.recipientId ? await abroad().recipientPhone(userId, body.recipientId) : undefined);
    if (phone && ip !== null) await accounts.takePayeeLookup(userId, ip);
    // Without a phone a quote is an estimate: it is bound to no recipient, so it cannot be sent.
    const kind = phone
      ? (await destination(userId, phone, corridor.country, db)).kind
      : 'remittance';
    const pricing = abroad();
    if (kind === 'remittance' && !pricing.available) throw unavailableInLiveMode('remittances');
    await ledger.assertRoom(db, userId, amountCents);
    const now = ledger.clock();
    const expiresAt = new Date(now.getTime() + QUOTE_TTL_MINUTES * 60_000);
    const recipientPhone = phone ?? null;
    if (kind === 'p2p') {
      // Pago to Pago: what the sender pays and what arrives are the same dollars, at once.
      const payout = centsToDecimalString(amountCents);
      const row = await insertQuote(db, {
        userId,
        country: corridor.country,
        speed: body.speed,
        amountCents,
        feeCents: cents(0),
        currency: 'USD',
        marketRate: '1',
        fxRate: '1',
        spreadBps: 0,
        payoutAmount: payout,
        recipientPhone,
        transferKind: 'p2p',
        expiresAt,
      });
      return {
        quoteId: row.id,
        transferKind: 'p2p',
        recipientCountry: corridor.country,
        speed: body.speed,
        amountCents,
        feeCents: cents(0),
        totalCents: amountCents,
        payoutCurrency: 'USD',
        fxRate: '1.000000',
        marketRate: '1',
        spreadBps: 0,
        payoutAmount: payout,
        deliveryEstimate: 'instant',
        deliveryMinutes: null,
        payerName: null,
        disclosure: null,
        expiresAt: expiresAt.toISOString(),
      };
    }
    const priced = await pricing.price(userId, {
      country: corridor.country,
      amountCents,
      speed: body.speed,
      recipientId: body.recipientId,
      recipientPhone: phone,
      now,
    });
    const { price } = priced;
    const row = await insertQuote(db, {
      userId,
      country: corridor.country,
      speed: body.speed,
      amountCents,
      feeCents: price.feeCents,
      currency: price.payoutCurrency,
      marketRate: price.marketRate,
      fxRate: price.fxRate,
      spreadBps: price.spreadBps,
      payoutAmount: price.payoutAmount,
      recipientPhone: priced.recipientPhone,
      transferKind: 'remittance',
      expiresAt: price.expiresAt,
      partner: {
        recipientId: priced.recipientId,
        payerId: priced.payer.id,
        payerName: priced.payer.name,
        partnerQuotationId: price.partnerQuotationId,
        partnerSourceAmount: price.partnerSourceAmount,
        deliveryMinutes: price.deliveryMinutes,
        disclosure: price.disclosure,
      },
    });
    return {
      quoteId: row.id,
      transferKind: 'remittance',
      recipientCountry: corridor.country,
      speed: body.speed,
      amountCents,
      feeCents: price.feeCents,
      totalCents: addCents(amountCents, price.feeCents),
      payoutCurrency: price.payoutCurrency,
      fxRate: price.fxRate,
      marketRate: price.marketRate,
      spreadBps: price.spreadBps,
      payoutAmount: price.payoutAmount,
      deliveryEstimate: body.speed === 'express' ? 'under_30_minutes' : 'one_to_three_days',
      deliveryMinutes: price.deliveryMinutes,
      payerName: priced.payer.name,
      disclosure: price.disclosure,
      expiresAt: price.expiresAt.toISOString(),
    };
  }

  /**
   * The quote a send carries, locked and marked used: still valid, made for this recipient
   * (phone, country, and kind — a free P2P price cannot pay a remittance) and this amount.
   */
  async function take(
    tx: Database,
    userId: string,
    quoteId: string,
    body: SendTo,
    kind: 'p2p' | 'remittance',
  ) {
    const now = ledger.clock();
    try {
      const q = await takeQuote(tx, {
        userId,
        quoteId,
        phone: body.recipientName,
        country: body.recipientCountry,
        kind,
        amountCents: usdToCents(body.amountUsd),
        speed: body.speed ?? null,
        now,
      });
      return { ...q, now };
    } catch (error) {
      throw quoteRefusal(error) ?? error;
    }
  }

  return { destination, quote, take };
}

export type Quotes = ReturnType<typeof createQuotes>;

export function selfTransfer(): AppError {
  return new AppError('self_transfer', 422, 'You cannot send money to yourself.');
}

/** Why `quote_take` refused a quote (SQLSTATE P2004, the reason as detail), as the API's error. */
export function quoteRefusal(error: unknown): AppError | null {
  const e = error as { code?: string; detail?: string };
  if (e.code !== 'P2004') return null;
  switch (e.detail) {
    case 'expired':
      return new AppError('quote_expired', 409, 'This quote has expired. Get a new quote.');
    case 'recipient':
      return new AppError(
        'quote_recipient_mismatch',
        409,
        'This quote was made for another recipient. Get a new quote for this one.',
      );
    case 'amount':
      return new AppError(
        'quote_mismatch',
        409,
        'The amount, country or speed differ from the quote. Get a new quote.',
      );
    default:
      return new AppError('quote_expired', 409, 'This quote is no longer valid. Get a new quote.');
  }
}

import { RATE_CURRENCIES, RATE_HISTORY_DAYS, type RateHistory } from '@pago/shared/contracts/rates';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { RateAlerts } from './rate-alerts';
import type { RateOrders } from './rate-orders';
import { plainDecimal, type RateSource, senderRate } from './rate-source';
import { dailyPoints, insertSample, latestSamples, watchedCurrencies } from './rates.repository';

type Deps = {
  db: Database;
  source: RateSource;
  alerts: RateAlerts;
  orders: RateOrders;
  clock: () => Date;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Every currency is sampled this often (default hourly)… */
  sampleEverySeconds?: number;
  /** …and one an alert or a rate order watches, this often (default 5 minutes). */
  watchEverySeconds?: number;
};

/**
 * The rate history of each corridor currency, sampled from the payout partner (in sandbox mode its
 * fake, whose rates `POST /sandbox/fx/rates` moves), and the work each sample starts: the alerts
 * it reached fire, the rate orders it reached are sent.
 */
export function createRates({
  db,
  source,
  alerts,
  orders,
  clock,
  log,
  sampleEverySeconds = 60 * 60,
  watchEverySeconds = 5 * 60,
}: Deps) {
  /** Samples `currency` now: the partner's rate and the sender's, stored. Null when it failed. */
  async function sample(currency: string) {
    try {
      const marketRate = await source.marketRate(currency);
      const rate = senderRate(currency, marketRate);
      await insertSample(db, { currency, marketRate, customerRate: rate, at: clock() });
      return { currency, marketRate, rate };
    } catch (error) {
      log.warn({ err: error, currency }, 'exchange rate sample failed');
      return null;
    }
  }

  /** The currencies whose last sample is older than their period (or that have none). */
  async function stale(): Promise<string[]> {
    const watched = new Set(await watchedCurrencies(db));
    const latest = await latestSamples(db, RATE_CURRENCIES);
    const now = clock().getTime();
    return RATE_CURRENCIES.filter((currency) => {
      const at = latest.get(currency)?.sampledAt.getTime();
      const every = watched.has(currency) ? watchEverySeconds : sampleEverySeconds;
      return at === undefined || now - at >= every * 1000;
    });
  }

  return {
    available: source.available,
    sample,

    async history(currency: string): Promise<RateHistory> {
      const now = clock();
      const [points, latest] = await Promise.all([
        dailyPoints(db, currency, now, RATE_HISTORY_DAYS),
        latestSamples(db, [currency]),
      ]);
      const current = latest.get(currency);
      return {
        currency,
        current: current
          ? {
              rate: plainDecimal(current.rate),
              marketRate: plainDecimal(current.marketRate),
              sampledAt: current.sampledAt.toISOString(),
            }
          : null,
        points: points.map((p) => ({
          date: p.date,
          rate: plainDecimal(p.rate),
          marketRate: plainDecimal(p.market_rate),
          low: plainDecimal(p.low),
          high: plainDecimal(p.high),
        })),
        days: RATE_HISTORY_DAYS,
      };
    },

    /**
     * The job's run: samples what is due (`all`: every currency now), fires the alerts the latest
     * rates reached and settles the rate orders they reached (or whose last day came).
     */
    async run(options: { all?: boolean } = {}) {
      if (!source.available) return 0;
      const due = options.all ? [...RATE_CURRENCIES] : await stale();
      for (const currency of due) await sample(currency);
      const watched = await watchedCurrencies(db);
      const latest = await latestSamples(db, watched);
      let work = 0;
      // Only a fresh rate fires an alert (a currency whose sampling fails keeps its old sample).
      const freshSince = clock().getTime() - 2 * watchEverySeconds * 1000;
      for (const [currency, { rate, sampledAt }] of latest) {
        if (sampledAt.getTime() >= freshSince) work += await alerts.fire(currency, rate);
      }
      return work + (await orders.settleDue());
    },
  };
}

export type Rates = ReturnType<typeof createRates>;

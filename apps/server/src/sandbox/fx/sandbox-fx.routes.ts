import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { moveSandboxRate, SANDBOX_RATE_PATTERN, sandboxRates } from './sandbox-fx';
import { SANDBOX_REFERENCE_RATES } from './sandbox-rates';

const moveBody = z.strictObject({
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .refine((c) => Object.hasOwn(SANDBOX_REFERENCE_RATES, c) && c !== 'USD', 'a corridor currency'),
  /** Units of `currency` per dollar, as a decimal string; null puts the reference rate back. */
  rate: z.string().regex(SANDBOX_RATE_PATTERN).nullable(),
});

/**
 * The sandbox FX move (sandbox mode only: registered by app-sandbox.ts): `GET /sandbox/fx/rates`
 * lists the Thunes fake's rates now; `POST /sandbox/fx/rates` `{ currency, rate }` moves one (rate
 * null: back to the reference), so the next quotations, rate samples, alerts and rate orders see it.
 */
export async function sandboxFxRoutes(app: AppInstance): Promise<void> {
  const db = app.deps.sandboxDb ?? app.deps.db;

  app.get('/sandbox/fx/rates', async () => ({ rates: await sandboxRates(db) }));

  app.post('/sandbox/fx/rates', async (request, reply) => {
    const parsed = moveBody.safeParse(request.body);
    if (!parsed.success) {
      return reply.code(400).send({
        error: {
          code: 'validation_error',
          message: 'Give a corridor currency and a positive rate.',
        },
      });
    }
    await moveSandboxRate(db, parsed.data.currency, parsed.data.rate);
    const rates = await sandboxRates(db);
    return reply.send(rates.find((r) => r.currency === parsed.data.currency));
  });
}

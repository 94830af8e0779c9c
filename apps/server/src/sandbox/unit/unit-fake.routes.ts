import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-instance';
import { unitAccountCloseFakeRoute } from './unit-account-close-fake';
import { unitAccountsFakeRoutes } from './unit-accounts-fake.routes';
import { unitCashFakeRoutes } from './unit-cash-fake';
import { unitCheckDepositsFakeRoutes } from './unit-check-deposits-fake';
import { acceptCheckImages } from './unit-check-images';
import { unitCheckPaymentsFakeRoutes } from './unit-check-payments-fake';
import { unitCustomersFakeRoutes } from './unit-customers-fake.routes';
import { unitDisputesFakeRoutes } from './unit-disputes-fake';
import { orgTokenOk, type UnitFake } from './unit-fake-api';
import { unitPaymentsFakeRoutes } from './unit-payments-fake.routes';
import { unitReceivedPaymentsFakeRoutes } from './unit-received-payments-fake';

/**
 * A fake of Unit's API under /sandbox/unit (sandbox mode only): applications → customers,
 * deposit accounts, book and ACH payments, Plaid-token counterparties, customer tokens,
 * account transactions, received payments (incoming ACH) and check deposits, in Unit's JSON:API shapes and error document, with its org token checked.
 * ACH payments move on a clock (`advanceUnitPayments` in unit-fake-payments.ts, run by the sandbox
 * tick) and every change is a signed webhook through the sandbox outbox.
 */
export async function unitFakeRoutes(app: AppInstance): Promise<void> {
  // Its own pool: the requests that call the fake hold connections of the app's.
  const db = app.deps.sandboxDb ?? app.deps.db;
  const settings = app.deps.config.unit;
  if (!settings) return;
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // The SDK posts actions without a body (advance, confirm) but with Unit's content type.
  app.addContentTypeParser(
    'application/vnd.api+json',
    { parseAs: 'string' },
    (request, body, done) =>
      body === '' ? done(null, undefined) : parseJson(request, String(body), done),
  );
  acceptCheckImages(app);

  const fake: UnitFake = {
    app,
    db,
    base: '/sandbox/unit',
    authorized: (request: FastifyRequest, reply: FastifyReply) =>
      orgTokenOk(settings.token, request, reply),
  };
  // By resource, as the client in providers/unit/ is split; cards are unit-cards-fake.routes.ts.
  unitCustomersFakeRoutes(fake);
  unitAccountsFakeRoutes(fake);
  unitAccountCloseFakeRoute(fake);
  unitPaymentsFakeRoutes(fake);
  unitReceivedPaymentsFakeRoutes(fake);
  unitCheckDepositsFakeRoutes(fake);
  unitCashFakeRoutes(fake);
  unitDisputesFakeRoutes(fake);
  unitCheckPaymentsFakeRoutes(fake);
}

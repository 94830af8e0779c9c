import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { sendAsset } from '../shared/assets';
import { createCardActivity } from '../unit/unit-card-activity';
import { unitCardActivityRoutes } from '../unit/unit-card-activity.routes';
import {
  atmBody,
  authorizationAnswer,
  clearBody,
  createCardNetwork,
  purchaseBody,
  refundBody,
  reverseBody,
} from './card-network';

const ASSETS = fileURLToPath(new URL('./assets/', import.meta.url));

/** Where the Unit fake asks Pago to authorize (programmatic authorization), on this server. */
export const CARD_AUTHORIZATION_PATH = '/api/unit/card-authorizations';

/** The card activity of the Unit fake on this app: it asks this server's authorization endpoint. */
export function appCardActivity(app: AppInstance) {
  const db = app.deps.sandboxDb ?? app.deps.db;
  return createCardActivity(db, {
    baseUrl: () => app.deps.selfUrl?.() ?? '',
    path: CARD_AUTHORIZATION_PATH,
    webhookSecret: app.deps.config.unit?.webhookSecret ?? '',
    timeoutMs: app.deps.config.cardAuthorizationTimeoutMs,
  });
}

/**
 * The sandbox card network's JSON API (`/sandbox/cards/network/*`) and its page
 * (`GET /sandbox/cards`, Spanish by default, `?lang=en`).
 */
export async function cardNetworkRoutes(app: AppInstance): Promise<void> {
  if (!app.deps.config.unit) return;
  const db = app.deps.sandboxDb ?? app.deps.db;
  app.addContentTypeParser(
    'application/vnd.api+json',
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
  const activity = appCardActivity(app);
  unitCardActivityRoutes(app, db, activity);
  const network = createCardNetwork(db, activity);
  const routes = app;
  const base = '/sandbox/cards/network';
  routes.post(
    `${base}/purchase`,
    { schema: { body: purchaseBody, response: { 200: authorizationAnswer } } },
    async (request) => network.purchase(request.body),
  );
  routes.post(
    `${base}/atm`,
    { schema: { body: atmBody, response: { 200: authorizationAnswer } } },
    async (request) => network.atm(request.body),
  );
  routes.post(
    `${base}/clear`,
    {
      schema: {
        body: clearBody,
        response: { 200: z.object({ authorizationId: z.string(), clearedCents: z.number() }) },
      },
    },
    async (request) => network.clear(request.body),
  );
  routes.post(
    `${base}/reverse`,
    {
      schema: {
        body: reverseBody,
        response: { 200: z.object({ authorizationId: z.string(), reversed: z.literal(true) }) },
      },
    },
    async (request) => network.reverse(request.body),
  );
  routes.post(
    `${base}/refund`,
    {
      schema: {
        body: refundBody,
        response: { 200: z.object({ authorizationId: z.string(), refundedCents: z.number() }) },
      },
    },
    async (request) => network.refund(request.body),
  );
  app.get('/sandbox/cards', (_request, reply) => sendAsset(reply, ASSETS, 'network.html'));
  app.get('/sandbox/cards/assets/:file', (request, reply) =>
    sendAsset(reply, ASSETS, (request.params as { file: string }).file),
  );
}

import underPressure from '@fastify/under-pressure';
import type { AppInstance } from '../app-instance';
import { poolWaiting } from '../db/database';
import { errorBody } from './app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this route is never shed (liveness must answer however busy the process is). */
    shed?: boolean;
  }
}

/** Seconds a shed request is told to wait before trying again. */
export const SHED_RETRY_AFTER_SECONDS = 5;

/**
 * Load shedding (@fastify/under-pressure): while the event loop lags or too many queries wait for
 * a database connection, new requests answer 503 `service_unavailable` with Retry-After at once,
 * instead of queueing for a minute. Routes with `config: { shed: false }` (liveness) always run.
 */
export async function installLoadShedding(app: AppInstance): Promise<void> {
  const { maxEventLoopDelayMs, maxPoolWaiting } = app.deps.config.shedding;
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    sampleInterval: 500,
    // 0 turns the pool check off, as 0 turns off under-pressure's event-loop check.
    healthCheck: async () => maxPoolWaiting === 0 || poolWaiting(app.deps.db) <= maxPoolWaiting,
    healthCheckInterval: 250,
    pressureHandler: (request, reply, type) => {
      if (request.routeOptions.config.shed === false) return;
      request.log.warn({ pressure: type }, 'under pressure: request shed');
      // Once an answer is sent, Fastify runs no further hook and no handler for the request.
      void reply
        .code(503)
        .header('retry-after', String(SHED_RETRY_AFTER_SECONDS))
        .send(
          errorBody('service_unavailable', 'Pago is busy right now. Try again in a few seconds.'),
        );
    },
  });
}

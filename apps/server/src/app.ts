import { randomUUID } from 'node:crypto';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import { healthRoutes } from './features/health/health.routes';
import { installErrorHandler } from './lib/error-handler';
import { createLogger } from './lib/logger';
import { registerWebApp } from './web/web-app.routes';

export type AppDeps = { config: Config; db: Database };
export type AppInstance = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    /** What the app was built with; routes reach services through it. */
    deps: AppDeps;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Builds the whole HTTP app from its dependencies; tests call this and use `inject`. */
export async function buildApp(
  deps: AppDeps,
  options: { logger?: FastifyBaseLogger } = {},
): Promise<AppInstance> {
  const { config } = deps;
  const app = Fastify({
    loggerInstance: options.logger ?? createLogger(config.logLevel),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // A caller's id is kept when it is well formed, so one request can be followed across services.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  app.decorate('deps', deps);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'"],
        // MUI (emotion) injects <style> elements at run time; scripts stay strictly 'self'.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'"],
        // Over plain http (local, sandbox) this would blank the page; on TLS it is wanted.
        'upgrade-insecure-requests': config.https ? [] : null,
      },
    },
    strictTransportSecurity: config.https,
    crossOriginEmbedderPolicy: false,
  });

  installErrorHandler(app);
  await app.register(healthRoutes);
  await registerWebApp(app);
  return app;
}

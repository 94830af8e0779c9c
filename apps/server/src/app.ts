import { randomUUID } from 'node:crypto';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { AppDeps, AppInstance } from './app-instance';
import { registerRoutes } from './app-routes';
import { registerSandboxRoutes } from './app-sandbox';
import { buildServices, type Services } from './app-services';
import { installObservability } from './features/observability/install';
import { setAnswerHeaders } from './lib/answer-headers';
import { clientErrorHandler, frameworkErrors, installErrorHandler } from './lib/error-handler';
import { installInputGuard } from './lib/input-guard';
import { installLoadShedding } from './lib/load-shedding';
import { createLogger } from './lib/logger';
import { finishOpenApiDocument, openApiDocument } from './lib/openapi';
import { registerWebApp } from './web/web-app.routes';

// The app is built in parts: the vendors' clients (app-vendors.ts), the services (app-services.ts),
// the API's routes (app-routes.ts) and, in sandbox mode, the vendors' fakes (app-sandbox.ts).
// This file makes the Fastify instance around them: headers, parsers, errors, OpenAPI.

export type { AppDeps, AppInstance, Services };

/** The headers @fastify/helmet sets with these options, read from a throwaway instance. */
async function helmetHeaders(options: FastifyHelmetOptions) {
  const probe = Fastify();
  await probe.register(helmet, options);
  let headers: [string, string | number | readonly string[]][] = [];
  // A route's own onRequest runs after helmet's: the raw response then holds only its headers.
  probe.get('/', {
    onRequest: (_request, reply, done) => {
      headers = reply.raw.getHeaderNames().map((name) => [name, reply.raw.getHeader(name) ?? '']);
      done();
    },
    handler: async () => '',
  });
  await probe.inject('/');
  await probe.close();
  return headers;
}

/** Each app's services, for what runs around it (jobs, the CLI, tests); routes get theirs as options. */
const servicesByApp = new WeakMap<AppInstance, Services>();

/** The services an app was built with (by buildApp). */
export function servicesOf(app: AppInstance): Services {
  const services = servicesByApp.get(app);
  if (!services) throw new Error('This app was not built by buildApp');
  return services;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Believe the nearest `hops` hops of X-Forwarded-For (what Fastify does for a number). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Builds the whole HTTP app from its dependencies; tests call this and use `inject`. */
export async function buildApp(
  deps: AppDeps,
  options: {
    logger?: FastifyBaseLogger;
    /** Called for every route as it is registered (the fuzz test sends hostile input to each). */
    onRoute?: (route: RouteOptions) => void;
  } = {},
): Promise<AppInstance> {
  const { config } = deps;
  const app: AppInstance = Fastify({
    loggerInstance: options.logger ?? createLogger(config.logLevel),
    bodyLimit: config.bodyLimitBytes,
    // A number of proxies: believe that many hops of X-Forwarded-For, nearest first.
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Fastify's own refusals (bad URL, over-long parameter, malformed HTTP) in our error shape.
    frameworkErrors,
    clientErrorHandler,
    // A caller's id is kept when it is well formed, so one request can be followed across services.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  const withSelf = { ...deps, selfUrl: deps.selfUrl ?? (() => ownUrl(app)) };
  app.decorate('deps', withSelf);
  installObservability(app);
  const services = buildServices(withSelf, app.log);
  servicesByApp.set(app, services);
  app.addHook('onClose', () => services.reads.close());
  app.decorateRequest('auth', null);

  app.addHook('onSend', async (request, reply) => setAnswerHeaders(request, reply));

  const vendorOrigins = [
    config.plaid?.linkScriptUrl ?? '',
    config.persona?.clientScriptUrl ?? '',
    // Unit's secure card data: VGS Show / Collect load and frame from their script's origin.
    config.unit?.secureData?.showScriptUrl ?? '',
    config.unit?.secureData?.collectScriptUrl ?? '',
  ]
    .filter((url) => /^https?:\/\//.test(url))
    .map((url) => new URL(url).origin);
  // Stripe.js (card funding) in live mode: its script and frames, and the API it calls. The
  // sandbox's fake of it is served from here ('self').
  if (config.mode !== 'sandbox' && config.stripe) {
    vendorOrigins.push(
      'https://js.stripe.com',
      'https://api.stripe.com',
      'https://hooks.stripe.com',
    );
  }
  // helmet builds its middleware and parses the CSP again at every request (~2% of a busy
  // server's CPU); with no per-route options or nonces its headers are the same for every answer,
  // so they are taken once from helmet itself and set as they are on every answer.
  const securityHeaders = await helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        // MUI (emotion) injects <style> elements at run time; scripts stay strictly 'self'.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'", ...vendorOrigins],
        // The identity vendors' scripts open their flows in frames of their own origin.
        'script-src': ["'self'", ...vendorOrigins],
        'frame-src': ["'self'", ...vendorOrigins],
        // Over plain http (local, sandbox) this would blank the page; on TLS it is wanted.
        'upgrade-insecure-requests': config.https ? [] : null,
      },
    },
    strictTransportSecurity: config.https,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
    done();
  });

  // The spec's clients POST some calls (logout) with a JSON content type and no body at all.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else parseJson(request, body as string, done);
  });

  installErrorHandler(app);
  installInputGuard(app);
  await installLoadShedding(app);
  // Every route's `schema` is zod: requests are validated and answers serialized with it.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Registered before the routes, so it sees each one as it is added (OpenAPI 3.1 from the zod).
  await app.register(swagger, {
    openapi: openApiDocument(config),
    // Only our API: the sandbox fakes imitate the vendors' APIs, and the web app is pages.
    // Nor the staff console's /api/ops routes: nothing public reveals them (docs/ops-console.md).
    transform: (route) =>
      route.url.startsWith('/api/') && !route.url.startsWith('/api/ops/')
        ? jsonSchemaTransform(route)
        : { schema: { hide: true }, url: route.url },
    // Schemas with a `.meta({ id })` become components, referenced by `$ref`.
    transformObject: (input) => finishOpenApiDocument(jsonSchemaTransformObject(input)),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Its page loads its scripts from here, so it works under `script-src 'self'` and offline.
    staticCSP: false,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await registerRoutes(app, services);
  if (config.mode === 'sandbox') await registerSandboxRoutes(app, services.banking.reconcile);
  await registerWebApp(app);
  return app;
}

/** The address this server listens on, as a URL it can call itself at (loopback for wildcards). */
function ownUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') {
    throw new Error('The server is not listening yet, so its sandbox vendors cannot be reached');
  }
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}

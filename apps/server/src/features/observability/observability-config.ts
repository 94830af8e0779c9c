import { z } from 'zod';
import { ConfigError, isLoopbackHost } from '../../config';
import { optionalString } from '../../config-vendors';

// The settings of /metrics and of tracing (docs/observability.md), read apart from config.ts
// (which only the API's own settings fill), from the same environment and .env.

const schema = z.object({
  /** The port of the metrics listener; unset: no /metrics. */
  METRICS_PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65_535)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Where it listens: loopback by default (a Prometheus on the same machine or a sidecar). */
  METRICS_HOST: optionalString.pipe(z.string().default('127.0.0.1')),
  /** A bearer token /metrics asks for (needed when METRICS_HOST is not loopback). */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16).optional()),
  /** An OTLP/HTTP collector's base URL (spans go to its /v1/traces); unset: no tracing. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString.pipe(z.url().optional()),
  OTEL_SERVICE_NAME: optionalString.pipe(z.string().default('pago')),
});

export type ObservabilityConfig = {
  metrics: { port: number; host: string; token: string | undefined } | null;
  tracing: { endpoint: string; serviceName: string } | null;
};

export function loadObservabilityConfig(env: NodeJS.ProcessEnv = process.env): ObservabilityConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  if (e.METRICS_PORT && !isLoopbackHost(e.METRICS_HOST) && !e.METRICS_TOKEN) {
    throw new ConfigError(
      `Invalid configuration: METRICS_HOST ${e.METRICS_HOST} is reachable from other machines, so /metrics needs METRICS_TOKEN (16 characters or more)`,
    );
  }
  return {
    metrics: e.METRICS_PORT
      ? { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN }
      : null,
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME }
      : null,
  };
}

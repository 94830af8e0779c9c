import type { AppInstance } from '../../app-instance';
import { installMetrics } from './metrics';
import { configurePartnerUrls, watchPartnerCalls } from './partner-calls';
import { installRequestTracing } from './request-tracing';

/**
 * An app's metrics and tracing (docs/observability.md): first among its hooks, so the request's
 * span covers the others (load shedding, authentication) and every answer is counted.
 */
export function installObservability(app: AppInstance): void {
  configurePartnerUrls(app.deps.config);
  watchPartnerCalls();
  installRequestTracing(app);
  installMetrics(app);
}

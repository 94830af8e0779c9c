import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Mailer } from './providers/email/mailer';

// The app's types, apart from the wiring (app.ts) that imports every route: routes import these,
// so no route imports the file that imports it.

export type AppDeps = {
  config: Config;
  db: Database;
  /**
   * The sandbox fakes' own small pool on the same database, so a fake never waits behind the
   * requests that are calling it (they hold `db`'s connections). Defaults to `db`.
   */
  sandboxDb?: Database;
  mailer?: Mailer;
  /** The time the ledger reads; tests move it to check day and month limits. */
  clock?: () => Date;
  /**
   * This server's own base URL as seen from itself, where the sandbox fakes of the vendors live
   * (known once it listens; buildApp fills it in).
   */
  selfUrl?: () => string;
};
/** Routes declare zod schemas; Fastify validates and serializes with them and types the handlers. */
export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    /** What the app was built with. */
    deps: AppDeps;
  }
}

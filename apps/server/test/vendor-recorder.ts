import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { z } from 'zod';
import { type AppInstance, buildApp } from '../src/app';
import type { Config } from '../src/config';
import type { Database } from '../src/db/database';
import { sandboxPool, testConfig } from './test-app';
import { createTestDatabase } from './test-database';

/** One answer a sandbox fake gave, as it left the server. */
export type FakeAnswer = {
  method: string;
  /** The path under the fake's prefix, without the query. */
  path: string;
  status: number;
  contentType: string;
  body: string;
};

/**
 * A test file's app, listening on loopback, that records every answer the fakes under `prefix`
 * give (whoever asked: Pago's vendor clients over HTTP or a test), so each can be checked against
 * the vendor's published description. Read `app`, `db` and `answers()` in tests.
 */
export function recordingTestApp(prefix: string, overrides: Partial<Config> = {}) {
  const recorded: FakeAnswer[] = [];
  const context = {} as { app: AppInstance; db: Database };
  const record = async (
    request: { method: string; url: string },
    reply: { statusCode: number; getHeader: (name: string) => unknown },
    payload: unknown,
  ) => {
    recorded.push({
      method: request.method,
      path: (request.url.split('?')[0] ?? '').slice(prefix.length),
      status: reply.statusCode,
      contentType: String(reply.getHeader('content-type') ?? ''),
      body: Buffer.isBuffer(payload) ? '' : String(payload ?? ''),
    });
    return payload;
  };
  const onRoute = (route: RouteOptions) => {
    if (!route.url.startsWith(prefix)) return;
    const hooks = route.onSend ? [route.onSend].flat() : [];
    route.onSend = [...hooks, record] as RouteOptions['onSend'];
  };
  beforeAll(async () => {
    const { db, url } = await createTestDatabase();
    const app = await buildApp(
      { config: testConfig(overrides), db, sandboxDb: sandboxPool(url) },
      { onRoute },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    Object.assign(context, { app, db });
  });
  afterAll(() => context.app?.close());
  return Object.assign(context, { answers: () => [...recorded] });
}

/**
 * What of `answers` breaks the vendor's description: each answer's schema is `schemaOf(answer)`
 * (undefined: no schema covers it, itself a failure; null: not JSON, nothing to parse).
 */
export function nonConforming(
  answers: FakeAnswer[],
  schemaOf: (answer: FakeAnswer) => z.ZodType | null | undefined,
) {
  const failures: { answer: string; problem: string }[] = [];
  for (const answer of answers) {
    const name = `${answer.method} ${answer.path} → ${answer.status}`;
    const schema = schemaOf(answer);
    if (schema === undefined) {
      failures.push({ answer: name, problem: 'no schema from the vendor covers this answer' });
      continue;
    }
    if (schema === null) continue;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      failures.push({ answer: name, problem: 'not JSON' });
      continue;
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      failures.push({ answer: name, problem: `${issue?.path.join('.')}: ${issue?.message}` });
    }
  }
  return failures;
}

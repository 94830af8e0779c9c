import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp, uniqueName } from '../../../test/accounts-helpers';
import { buildTestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import type { Database } from '../../db/database';
import { insertSandboxMail } from './mailbox.repository';

let app: AppInstance;
let db: Database;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  app = await buildTestApp(db);
});
afterAll(() => app.close());

const sendCode = (email: string, name: string) =>
  app.inject({
    method: 'POST',
    url: '/api/email/send-verification',
    payload: { email, name },
    remoteAddress: nextIp(),
  });

describe('the sandbox mailbox', () => {
  it('lists messages newest first, filtered by recipient, with their codes', async () => {
    const [first, second] = [`${uniqueName('a')}@example.com`, `${uniqueName('b')}@example.com`];
    await sendCode(first, 'Ana');
    await sendCode(second, 'Beto');
    const all = (await app.inject({ method: 'GET', url: '/sandbox/mailbox/messages' })).json();
    expect(all.map((m: { to: string }) => m.to).slice(0, 2)).toEqual([second, first]);
    const one = (
      await app.inject({
        method: 'GET',
        url: `/sandbox/mailbox/messages?to=${first.toUpperCase()}`,
      })
    ).json();
    expect(one).toHaveLength(1);
    expect(Object.keys(one[0]).sort()).toEqual([
      'code',
      'headers',
      'html',
      'sentAt',
      'subject',
      'text',
      'to',
    ]);
    expect(one[0].text).toContain(one[0].code);
    // The headers Pago set, as sent; the sandbox's own code header is not one of them.
    expect(one[0].headers).toEqual({ 'content-language': 'es' });
  });

  it('shows a page a person can read', async () => {
    const email = `${uniqueName('page')}@example.com`;
    await sendCode(email, 'Ana');
    // Names with markup are refused now; the page must still escape whatever a message holds.
    await insertSandboxMail(db, {
      to_address: email,
      subject: 'Hola',
      text_body: 'Hola, <b>Ana</b>:',
      html_body: '',
      code: null,
    });
    const page = await app.inject({
      method: 'GET',
      url: `/sandbox/mailbox?to=${email}`,
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<h1>Sandbox mailbox</h1>');
    expect(page.body).toContain('es tu código de verificación de Pago');
    expect(page.body).toContain('Hola, &#60;b&#62;Ana&#60;/b&#62;:');
  });

  it('does not exist in live mode', async () => {
    const live = await buildTestApp(db, { mode: 'live', smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      const response = await live.inject({ method: 'GET', url: '/sandbox/mailbox/messages' });
      expect(response.statusCode).toBe(404);
    } finally {
      await live.close();
    }
  });
});

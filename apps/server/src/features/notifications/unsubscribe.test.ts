import { describe, expect, it } from 'vitest';
import { bearer, latestMail, listMail, type TestUser } from '../../../test/accounts-helpers';
import { type MoneyUser, moneyPost, moneyTestApp, verifiedUser } from '../../../test/money-helpers';
import { servicesOf } from '../../app';

const t = moneyTestApp(new Date('2026-11-23T15:00:00Z'));

const send = (from: TestUser, to: { phone: string }, amountUsd: number) =>
  moneyPost(t.app, from, '/api/transactions/send', {
    recipientName: to.phone,
    recipientCountry: 'MX',
    amountUsd,
  });

async function emailSettings(user: TestUser): Promise<Record<string, boolean>> {
  const answer = await t.app.inject({
    method: 'GET',
    url: '/api/notifications/settings',
    headers: bearer(user.token),
  });
  expect(answer.statusCode).toBe(200);
  return answer.json().email;
}

/** Beto gets a money_received e-mail; returns it as the sandbox mailbox stored it. */
async function moneyReceivedMail(ana: TestUser, beto: MoneyUser, amountUsd: number) {
  expect((await send(ana, beto, amountUsd)).statusCode).toBe(201);
  await servicesOf(t.app).notifications.deliverEmails(1000);
  const mail = (await listMail(t.app, beto.email)).find((m) => /te envió|sent you/.test(m.subject));
  expect(mail).toBeDefined();
  return mail as NonNullable<typeof mail>;
}

/** The one-click POST a mailbox provider makes (RFC 8058), to the link's path and query. */
const oneClick = (url: string, payload = 'List-Unsubscribe=One-Click') => {
  const { pathname, search } = new URL(url);
  return t.app.inject({
    method: 'POST',
    url: `${pathname}${search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });
};

const linkOf = (header: string | undefined) =>
  /^<(https?:\/\/[^>]+)>$/.exec(header ?? '')?.[1] ?? '';

describe('notification e-mails: language and unsubscribe', () => {
  it('carry Content-Language and a signed one-click List-Unsubscribe at PUBLIC_URL', async () => {
    const ana = await verifiedUser(t.app, t.db, 5_000);
    const beto = await verifiedUser(t.app, t.db);
    const mail = await moneyReceivedMail(ana, beto, 5);
    expect(mail.headers['content-language']).toBe('es');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const link = linkOf(mail.headers['list-unsubscribe']);
    expect(link.startsWith(`${t.app.deps.config.publicUrl}/unsubscribe?token=`)).toBe(true);
    expect(link).toContain(beto.id);
    expect(link).toContain('.money_received.');
    // The same link in the message, for readers whose mail app shows no unsubscribe button.
    expect(mail.text).toContain(`Para dejar de recibir este tipo de correo: ${link}`);

    // In English for an English-speaking user.
    await t.db.updateTable('users').set({ language: 'en' }).where('id', '=', beto.id).execute();
    await send(ana, beto, 6);
    await servicesOf(t.app).notifications.deliverEmails(1000);
    const english = (await listMail(t.app, beto.email)).find((m) => /sent you/.test(m.subject));
    expect(english?.headers['content-language']).toBe('en');
  });

  it('one click turns that kind of e-mail off, and only that kind, once however often', async () => {
    const ana = await verifiedUser(t.app, t.db, 5_000);
    const beto = await verifiedUser(t.app, t.db);
    const link = linkOf((await moneyReceivedMail(ana, beto, 5)).headers['list-unsubscribe']);

    // A GET (a person, or a mail scanner following links) only asks.
    const { pathname, search } = new URL(link);
    const page = await t.app.inject({ method: 'GET', url: `${pathname}${search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain('¿Dejar de recibir correos de «Dinero recibido»?');
    expect(page.body).toContain('name="List-Unsubscribe" value="One-Click"');
    expect((await emailSettings(beto)).money_received).toBe(true);

    const [first, second] = await Promise.all([oneClick(link), oneClick(link)]);
    for (const answer of [first, second]) {
      expect(answer?.statusCode, answer?.body).toBe(200);
      expect(answer?.body).toContain('ya no te enviaremos correos de «Dinero recibido»');
    }
    const settings = await emailSettings(beto);
    expect(settings.money_received).toBe(false);
    expect(Object.entries(settings).filter(([, on]) => !on)).toEqual([['money_received', false]]);
    const off = await t.db
      .selectFrom('notification_settings')
      .select('email_off')
      .where('user_id', '=', beto.id)
      .executeTakeFirstOrThrow();
    expect(off.email_off).toEqual(['money_received']);

    // No more of those e-mails.
    await send(ana, beto, 7);
    await servicesOf(t.app).notifications.deliverEmails(1000);
    expect(
      (await listMail(t.app, beto.email)).filter((m) => /te envió/.test(m.subject)),
    ).toHaveLength(1);

    // The multipart form RFC 8058 also allows works the same.
    const card = link.replace('.money_received.', '.card_purchase.');
    const multipart = await t.app.inject({
      method: 'POST',
      url: new URL(card).pathname + new URL(card).search,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload:
        '--xyz\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--xyz--\r\n',
    });
    // That token was not signed for card purchases: nothing changes.
    expect(multipart.statusCode).toBe(404);
    expect((await emailSettings(beto)).card_purchase).toBe(true);
  });

  it('a forged, altered or malformed token changes nothing', async () => {
    const ana = await verifiedUser(t.app, t.db, 5_000);
    const beto = await verifiedUser(t.app, t.db);
    const link = linkOf((await moneyReceivedMail(ana, beto, 5)).headers['list-unsubscribe']);
    const token = new URL(link).searchParams.get('token') ?? '';
    const [, , mac = ''] = token.split('.');
    const base = `${t.app.deps.config.publicUrl}/unsubscribe?token=`;
    const forged = [
      // Ana's id under Beto's signature; another type; a flipped signature; no signature.
      `${ana.id}.money_received.${mac}`,
      `${beto.id}.new_sign_in.${mac}`,
      `${beto.id}.money_received.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      `${beto.id}.money_received.`,
      // A type that is always e-mailed cannot be turned off, even if signed.
      `${beto.id}.password_changed.${mac}`,
    ];
    for (const bad of forged) {
      const answer = await oneClick(`${base}${bad}`);
      expect(answer.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, bad).toBeLessThan(500);
      expect(answer.json().error.code).toMatch(/not_found|validation_failed|bad_request/);
      const page = await t.app.inject({ method: 'GET', url: `/unsubscribe?token=${bad}` });
      expect(page.statusCode, bad).toBe(404);
      // A browser is told so on a page, in both languages; nothing is asked or turned off.
      const shown = await t.app.inject({
        method: 'GET',
        url: `/unsubscribe?token=${bad}`,
        headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      });
      expect(shown.statusCode, bad).toBe(404);
      expect(shown.headers['content-type']).toMatch(/^text\/html/);
      expect(shown.body).toContain('Este enlace para dejar de recibir correos no es válido.');
      expect(shown.body).toContain('This unsubscribe link is not valid.');
      expect(shown.body).not.toContain('<form');
    }
    // Anything but the one-click body, or extra query keys, is refused before any work.
    for (const [payload, query] of [
      ['List-Unsubscribe=Yes', ''],
      ['List-Unsubscribe=One-Click&x=1', ''],
      ['List-Unsubscribe=One-Click', '&x=1'],
    ] as const) {
      expect((await oneClick(`${link}${query}`, payload)).statusCode).toBe(400);
    }
    expect(await emailSettings(beto)).toMatchObject({ money_received: true, new_sign_in: true });
    expect(await emailSettings(ana)).toMatchObject({ money_received: true });
    // The real link still works afterwards.
    expect((await oneClick(link)).statusCode).toBe(200);
    expect((await emailSettings(beto)).money_received).toBe(false);
  });

  it('security notices and codes carry Content-Language but no unsubscribe', async () => {
    const ana = await verifiedUser(t.app, t.db);
    await servicesOf(t.app).notifications.notify(t.db, {
      userId: ana.id,
      type: 'password_changed',
    });
    await servicesOf(t.app).notifications.deliverEmails(1000);
    const notice = await latestMail(t.app, ana.email, { subject: /contraseña cambió/ });
    expect(notice.headers['content-language']).toBe('es');
    expect(notice.headers).not.toHaveProperty('list-unsubscribe');
    expect(notice.headers).not.toHaveProperty('list-unsubscribe-post');

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      payload: { email: ana.email },
    });
    expect(reset.statusCode).toBeLessThan(300);
    const code = await latestMail(t.app, ana.email, { subject: /código|code/i });
    expect(code.headers['content-language']).toBe('es');
    expect(code.headers).not.toHaveProperty('list-unsubscribe');
    expect(code.headers).not.toHaveProperty('x-pago-sandbox-code');
  });
});

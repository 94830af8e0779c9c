import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { cardholder, network, purchase } from '../../../test/card-helpers';
import { listeningTestApp } from '../../../test/test-app';
import { createCardActivity } from '../unit/unit-card-activity';

const t = listeningTestApp();

describe('the sandbox card network', () => {
  it('serves its page in Spanish (English in the script), under the CSP, scripts from files', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/sandbox/cards' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain('Red de tarjetas');
    expect(page.body).not.toMatch(/<script>(?!<\/script>)/);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const script = await t.app.inject({ method: 'GET', url: '/sandbox/cards/assets/network.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('Card network · Sandbox');
    const missing = await t.app.inject({ method: 'GET', url: '/sandbox/cards/assets/nope.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('strict schemas: unknown keys, bad numbers and amounts are 400s, never 5xx', async () => {
    const { card } = await cardholder(t.app, t.db, 1_000);
    const base = {
      pan: card.pan,
      expMonth: card.expMonth,
      expYear: card.expYear,
      cvv: card.cvv,
      amountCents: 100,
      merchant: { name: 'Tienda', city: 'Austin, TX', category: 'retail' },
    };
    for (const body of [
      { ...base, extra: 1 },
      { ...base, amountCents: 0 },
      { ...base, amountCents: 1.5 },
      { ...base, pan: '12ab' },
      { ...base, merchant: { ...base.merchant, category: 'casino' } },
    ]) {
      expect((await network(t.app, 'purchase', body)).statusCode).toBe(400);
    }
    expect((await network(t.app, 'atm', { ...base, network: 'mars' })).statusCode).toBe(400);
    const unknown = await network(t.app, 'clear', { authorizationId: '999999999', amountCents: 1 });
    expect(unknown.statusCode).toBe(404);
    expect((await network(t.app, 'reverse', { authorizationId: 'x' })).statusCode).toBe(400);
  });

  it('an expired card is an invalid_card decline', async () => {
    const { card } = await cardholder(t.app, t.db, 1_000);
    await t.db
      .updateTable('sandbox_unit_cards')
      .set({ expiration_date: '2020-01' })
      .where('id', '=', card.partnerCardId)
      .execute();
    const answer = await purchase(t.app, { ...card, expMonth: 1, expYear: 2020 }, 100);
    expect(answer.json()).toEqual({
      authorizationId: null,
      approved: false,
      declineReason: 'invalid_card',
    });
  });

  it('a refund id reused for another refund is refused (409), the first one stands', async () => {
    const { card } = await cardholder(t.app, t.db, 5_000);
    const id = (await purchase(t.app, card, 1_000)).json().authorizationId;
    await network(t.app, 'clear', { authorizationId: id, amountCents: 1_000 });
    const first = await network(t.app, 'refund', {
      authorizationId: id,
      amountCents: 100,
      refundId: 'same',
    });
    expect(first.statusCode).toBe(200);
    const other = await network(t.app, 'refund', {
      authorizationId: id,
      amountCents: 200,
      refundId: 'same',
    });
    expect(other.statusCode).toBe(409);
  });
});

describe('Unit’s wait for the answer', () => {
  it('declines (DoNotHonor) when the client does not answer in time, and holds nothing', async () => {
    const { card, account } = await cardholder(t.app, t.db, 5_000);
    // A client that never answers.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const activity = createCardActivity(t.db, {
        baseUrl: () => `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        path: '/authorize',
        webhookSecret: 'secret',
        timeoutMs: 200,
      });
      const started = Date.now();
      const row = await activity.authorize({
        cardId: card.partnerCardId,
        amount: 1_000,
        merchant: { name: 'Tienda', type: 5999, category: 'retail', location: 'Austin, TX' },
      });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(row).toMatchObject({ status: 'Declined', decline_reason: 'DoNotHonor' });
      const atPartner = await t.db
        .selectFrom('sandbox_unit_accounts')
        .select('hold')
        .where('id', '=', account.accountId)
        .executeTakeFirstOrThrow();
      expect(Number(atPartner.hold)).toBe(0);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

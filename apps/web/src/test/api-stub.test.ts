import { describe, expect, it } from 'vitest';
import { contractMismatch, requestMismatch, routeOf } from './api-contracts';
import { apiError, ok, stubApi, stubRoutes } from './api-stub';
import { makeProfile } from './profiles';

const BALANCE = { balanceCents: 4200, availableBalanceCents: 4200, currency: 'USD' };

describe('the stubbed server', () => {
  it('passes an answer its route’s contract accepts', async () => {
    stubRoutes({
      'GET /api/user/profile': ok(makeProfile()),
      'GET /api/wallet/balance': ok(BALANCE),
    });
    expect((await fetch('/api/user/profile')).status).toBe(200);
    expect((await fetch('/api/wallet/balance')).status).toBe(200);
  });

  it('refuses a body the route’s contract does not accept, and any error not in the API’s shape', () => {
    expect(contractMismatch('GET', '/api/user/profile', 200, makeProfile())).toBeNull();
    expect(contractMismatch('GET', '/api/user/profile', 200, { name: 'Ana' })).toMatch(
      /^GET \/api\/user\/profile answered 200 with a body its contract refuses/,
    );
    expect(contractMismatch('GET', '/api/transactions?limit=20', 200, { items: 3 })).not.toBeNull();
    expect(
      contractMismatch('POST', '/api/auth/login', 422, apiError(422, 'validation_failed').body),
    ).toBeNull();
    expect(contractMismatch('POST', '/api/auth/login', 422, { error: 'nope' })).not.toBeNull();
    // A POST, PUT or DELETE is checked too, and answers the status its route declares.
    expect(contractMismatch('DELETE', '/api/recipients/r1', 200, { removed: true })).toBeNull();
    expect(contractMismatch('DELETE', '/api/recipients/r1', 200, { success: true })).toMatch(
      /^DELETE \/api\/recipients\/:id answered 200 with a body its contract refuses: removed/,
    );
    expect(contractMismatch('POST', '/api/cards', 200, {})).toMatch(
      /^POST \/api\/cards answered 200; the server answers 201\nPOST \/api\/cards answered 200 with a body its contract refuses/,
    );
  });

  it('refuses a request body the route’s contract does not accept, and a route it does not list', () => {
    expect(requestMismatch('POST', '/api/auth/login', { username: 'ana_g', password: 'x' })).toBe(
      null,
    );
    expect(requestMismatch('POST', '/api/auth/login', { username: 'ana_g' })).toMatch(
      /^POST \/api\/auth\/login was sent a body its contract refuses: password/,
    );
    expect(requestMismatch('POST', '/api/cards/c1/freeze', undefined)).toBeNull();
    expect(requestMismatch('POST', '/api/anything', {})).toBe(
      'POST /api/anything is not a route of api-contracts.ts: add it with its contract',
    );
    expect(contractMismatch('GET', '/api/anything?x=1', 200, {})).toBe(
      'GET /api/anything is not a route of api-contracts.ts: add it with its contract',
    );
  });

  it('finds a route by its pattern, a literal segment before a parameter', () => {
    expect(routeOf('GET', '/api/remittances/payers?country=GT')).toBe(
      'GET /api/remittances/payers',
    );
    expect(routeOf('GET', '/api/remittances/tr_1')).toBe('GET /api/remittances/:id');
    expect(routeOf('POST', '/api/notifications/n1/read')).toBe('POST /api/notifications/:id/read');
    expect(routeOf('POST', '/api/notifications/read-all')).toBe('POST /api/notifications/read-all');
    expect(routeOf('GET', '/api/recipients/r1/extra')).toBeNull();
  });

  // Expected to fail: the stub answers the page, then fails the test that gave the wrong body.
  it.fails('fails the test whose stub answers a body the contract refuses', async () => {
    stubRoutes({ 'GET /api/wallet/balance': ok({ ...BALANCE, balanceCents: 'lots' }) });
    const response = await fetch('/api/wallet/balance');
    expect(response.status).toBe(200);
  });

  it.fails('fails the test whose page calls a route api-contracts.ts does not list', async () => {
    stubApi(() => ok({}));
    expect((await fetch('/api/not-a-route')).status).toBe(200);
  });

  it.fails('fails the test whose page sends a body the route’s contract refuses', async () => {
    stubApi(() => ok(makeProfile()));
    const response = await fetch('/api/user/profile', {
      method: 'PUT',
      body: JSON.stringify({ nickname: 42 }),
    });
    expect(response.status).toBe(200);
  });
});

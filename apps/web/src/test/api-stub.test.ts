import { describe, expect, it } from 'vitest';
import { contractMismatch } from './api-contracts';
import { apiError, ok, stubRoutes } from './api-stub';
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
      contractMismatch('POST', '/api/anything', 422, apiError(422, 'validation_failed').body),
    ).toBeNull();
    expect(contractMismatch('POST', '/api/anything', 422, { error: 'nope' })).not.toBeNull();
  });

  // Expected to fail: the stub answers the page, then fails the test that gave the wrong body.
  it.fails('fails the test whose stub answers a body the contract refuses', async () => {
    stubRoutes({ 'GET /api/wallet/balance': ok({ ...BALANCE, balanceCents: 'lots' }) });
    const response = await fetch('/api/wallet/balance');
    expect(response.status).toBe(200);
  });
});

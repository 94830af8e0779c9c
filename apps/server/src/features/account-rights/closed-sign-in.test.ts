import { randomUUID } from 'node:crypto';
import { TERMS_VERSION } from '@pago/shared/contracts/terms';
import { describe, expect, it } from 'vitest';
import { externalSignInRedirect, postCallback } from '../../../test/oidc-helpers';
import { listeningTestApp } from '../../../test/test-app';
import { servicesOf } from '../../app';

const ctx = listeningTestApp();

describe('a closed account and external sign-in', () => {
  it('gets no session from the provider: 403 account_closed', async () => {
    const email = `closed.${randomUUID().slice(0, 8)}@example.com`;
    const first = await postCallback(
      ctx.app,
      (await externalSignInRedirect(ctx.app, email, { name: 'Rosa Díaz' })).query,
    );
    const details = first.json();
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/external/complete',
      payload: {
        ticket: details.ticket,
        username: details.suggestedUsername,
        zipCode: '33101',
        termsVersion: TERMS_VERSION,
      },
    });
    expect(made.statusCode).toBe(201);
    const { user } = made.json();
    const back = await postCallback(ctx.app, (await externalSignInRedirect(ctx.app, email)).query);
    expect(back.json()).toMatchObject({ status: 'signed_in' });

    await servicesOf(ctx.app).accountRights.closeAccount(user._id, { by: 'customer' });
    const refused = await postCallback(
      ctx.app,
      (await externalSignInRedirect(ctx.app, email)).query,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('account_closed');
  });
});

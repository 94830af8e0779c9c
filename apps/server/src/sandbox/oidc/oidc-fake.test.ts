import { describe, expect, it } from 'vitest';
import { signInAtSandboxProvider } from '../../../test/oidc-helpers';
import { listeningTestApp } from '../../../test/test-app';
import { loadConfig } from '../../config';

// Behind TLS (HTTPS=true) with the public address taken from the configuration, as `npm start` does.
const ctx = listeningTestApp({ https: true, publicUrl: loadConfig({ HTTPS: 'true' }).publicUrl });

describe('the sandbox OpenID provider behind TLS', () => {
  it('sets every cookie Secure (and httpOnly), its own and Pago’s sign-in cookie', async () => {
    const start = await ctx.app.inject({ url: '/api/auth/external/start' });
    const cookies: string[] = [String(start.headers['set-cookie'])];
    await signInAtSandboxProvider(ctx.app, String(start.headers.location), {
      email: 'secure.cookies@example.com',
      seen: (response) => {
        const set = response.headers['set-cookie'] ?? [];
        cookies.push(...(Array.isArray(set) ? set : [set]));
      },
    });
    const names = cookies.map((line) => line.split('=')[0]);
    // The provider's interaction and session cookies were all set on the way.
    expect(names).toEqual(
      expect.arrayContaining(['pago_external_signin', '_interaction', '_session']),
    );
    for (const line of cookies) {
      expect(line.toLowerCase(), line).toContain('; secure');
      expect(line.toLowerCase(), line).toContain('; httponly');
    }
  });
});

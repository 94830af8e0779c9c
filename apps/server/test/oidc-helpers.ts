import type { LightMyRequestResponse } from 'fastify';
import type { AppInstance } from '../src/app';

/** A browser's cookies for the sandbox provider (one origin; names are distinct per path). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: LightMyRequestResponse) {
    for (const cookie of response.cookies as Array<{
      name: string;
      value: string;
      expires?: Date;
    }>) {
      if (cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now())) {
        this.cookies.delete(cookie.name);
      } else {
        this.cookies.set(cookie.name, cookie.value);
      }
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** The path and query of a URL on this server (the browser's origin is PUBLIC_URL). */
const local = (location: string) => {
  const url = new URL(location, 'http://pago.invalid');
  return `${url.pathname}${url.search}`;
};

/**
 * What a browser does at the sandbox provider from its authorize URL: signs in with the e-mail and
 * password on its hosted page, allows access, and ends at Pago's /callback, whose query it returns.
 */
export async function signInAtSandboxProvider(
  app: AppInstance,
  authorizeUrl: string,
  {
    email,
    password = 'sandbox',
    name,
    seen,
  }: {
    email: string;
    password?: string;
    name?: string;
    /** Sees each of the provider's answers (its cookies, for one). */
    seen?: (response: LightMyRequestResponse) => void;
  },
): Promise<URLSearchParams> {
  const jar = new CookieJar();
  let location = authorizeUrl;
  for (let step = 0; step < 12; step++) {
    const path = local(location);
    if (path.startsWith('/callback')) return new URL(location, 'http://pago.invalid').searchParams;
    const page = await app.inject({ method: 'GET', url: path, headers: { cookie: jar.header() } });
    jar.take(page);
    seen?.(page);
    if (page.statusCode === 302 || page.statusCode === 303) {
      location = String(page.headers.location);
      continue;
    }
    if (page.statusCode !== 200 || !path.includes('/interaction/')) {
      throw new Error(
        `sandbox provider: ${page.statusCode} at ${path}: ${page.body.slice(0, 300)}`,
      );
    }
    const login = page.body.includes('name="password"');
    const form = login
      ? new URLSearchParams({ email, password, ...(name ? { name } : {}) })
      : new URLSearchParams();
    const posted = await app.inject({
      method: 'POST',
      url: `${path.split('?')[0]}/${login ? 'login' : 'confirm'}`,
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    jar.take(posted);
    seen?.(posted);
    if (posted.statusCode !== 303 && posted.statusCode !== 302) {
      throw new Error(
        `sandbox provider refused: ${posted.statusCode} ${posted.body.slice(0, 300)}`,
      );
    }
    location = String(posted.headers.location);
  }
  throw new Error('sandbox provider: too many steps');
}

/** The sign-in cookie (`name=value`) of the browser that started each redirect's sign-in. */
const startedIn = new WeakMap<URLSearchParams, string>();

/** The sign-in cookie a start response set, as a browser would send it back. */
export function signinCookieOf(start: LightMyRequestResponse): string {
  const cookie = (start.cookies as Array<{ name: string; value: string }>).find(
    (c) => c.name === 'pago_external_signin',
  );
  if (!cookie) throw new Error('start set no sign-in cookie');
  return `${cookie.name}=${cookie.value}`;
}

/**
 * Pago's start → the provider → /callback, as the browser goes: the query /callback gets, and
 * the sign-in cookie of this browser (`browser`, also remembered for `postCallback`).
 */
export async function externalSignInRedirect(
  app: AppInstance,
  email: string,
  options: { name?: string; password?: string; lang?: 'es' | 'en'; browser?: string } = {},
) {
  const start = await app.inject({
    method: 'GET',
    url: `/api/auth/external/start?lang=${options.lang ?? 'es'}`,
    ...(options.browser ? { headers: { cookie: options.browser } } : {}),
  });
  if (start.statusCode !== 302) throw new Error(`start: ${start.statusCode} ${start.body}`);
  const browser = signinCookieOf(start);
  const authorizeUrl = String(start.headers.location);
  const query = await signInAtSandboxProvider(app, authorizeUrl, { email, ...options });
  startedIn.set(query, browser);
  return { authorizeUrl, query, browser };
}

/**
 * /callback's post of the query, from the browser that started it unless `browser` says another
 * (a cookie header, or '' for none).
 */
export function postCallback(app: AppInstance, query: URLSearchParams, browser?: string) {
  const cookie = browser ?? startedIn.get(query) ?? '';
  return app.inject({
    method: 'POST',
    url: '/api/auth/external/callback',
    ...(cookie ? { headers: { cookie } } : {}),
    payload: {
      code: query.get('code') ?? '',
      state: query.get('state') ?? '',
      ...(query.get('iss') ? { iss: query.get('iss') } : {}),
    },
  });
}

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, stubApi } from '@/test/api-stub';
import { makeProfile } from '@/test/profiles';
import { renderApp } from '@/test/render';

const me = makeProfile({
  _id: 'u_me',
  name: 'Ana López',
  username: 'ana.lopez',
  email: 'ana@example.com',
  kyc_status: 'completed',
});

const people: Record<string, { _id: string; name: string; username: string }> = {
  u_bob: { _id: 'u_bob', name: 'bob Díaz', username: 'bob_d' },
  u_eva: { _id: 'u_eva', name: 'Eva Ruiz', username: 'eva.r' },
  u_zoe: { _id: 'u_zoe', name: 'Zoe Paz', username: 'zoe' },
};

/** The server, played by a stub: the signed-in profile and the public cards above. */
function serve(options: { failWith?: number } = {}) {
  return stubApi((call) => {
    if (call.path === '/api/user/profile') return { body: me };
    const match = /^\/api\/users\/([^/]+)\/public$/.exec(call.path);
    if (match && options.failWith) return apiError(options.failWith, 'internal_error');
    const person = match ? people[decodeURIComponent(match[1] ?? '')] : undefined;
    return person ? { body: person } : undefined;
  });
}

function signIn() {
  localStorage.setItem('token', 'test-token');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/find-user', () => {
  it('asks a signed-out visitor to log in, and the login page will bring them back', async () => {
    const calls = serve();
    const { location } = await renderApp('/find-user?id=u_bob', 'es');

    const main = screen.getByRole('main');
    expect(
      await within(main).findByRole('heading', { level: 1, name: 'Inicia sesión para continuar' }),
    ).toBeVisible();
    expect(within(main).queryByText('bob Díaz')).toBeNull();
    expect(calls).toEqual([]);

    await userEvent.click(within(main).getByRole('link', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(location().state).toMatchObject({
      from: { pathname: '/find-user', search: '?id=u_bob' },
    });
  });

  it("shows the person's public card with send and request buttons", async () => {
    signIn();
    const calls = serve();
    await renderApp('/find-user?id=u_bob', 'es');

    expect(await screen.findByRole('heading', { level: 1, name: 'bob Díaz' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Buscar usuario · Pago'));
    expect(screen.getByText('@bob_d')).toBeVisible();
    expect(screen.getByText('B')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Enviar dinero' })).toHaveAttribute(
      'href',
      '/pay?to=bob_d',
    );
    expect(screen.getByRole('link', { name: 'Solicitar dinero' })).toHaveAttribute(
      'href',
      '/moneymover?tab=request&to=bob_d',
    );
    expect(calls.map((call) => call.path)).toContain('/api/users/u_bob/public');
  });

  it('opens the money mover with the person filled in', async () => {
    signIn();
    serve();
    const { location } = await renderApp('/find-user?id=u_eva', 'en');

    await userEvent.click(await screen.findByRole('link', { name: 'Request money' }));
    await waitFor(() => expect(location().pathname).toBe('/moneymover'));
    expect(location().search).toBe('?tab=request&to=eva.r');
  });

  it('says so when no user has that id', async () => {
    signIn();
    serve();
    await renderApp('/find-user?id=u_nobody', 'en');

    expect(await screen.findByRole('heading', { level: 1, name: 'User not found' })).toBeVisible();
    expect(screen.getByText(/No Pago user matches this code/)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Send money' })).toBeNull();
  });

  it('says so when the link has no id, without asking the server', async () => {
    signIn();
    const calls = serve();
    await renderApp('/find-user', 'es');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Usuario no encontrado' }),
    ).toBeVisible();
    expect(screen.getByText(/Este enlace no indica qué usuario mostrar/)).toBeVisible();
    expect(calls.filter((call) => call.path.startsWith('/api/users/'))).toEqual([]);
  });

  it('tells you when you scanned your own code', async () => {
    signIn();
    const calls = serve();
    await renderApp('/find-user?id=u_me', 'es');

    expect(await screen.findByRole('heading', { level: 1, name: 'Ana López' })).toBeVisible();
    expect(screen.getByText(/Este es tu propio código/)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Enviar dinero' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ir a tu panel' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(calls.filter((call) => call.path.startsWith('/api/users/'))).toEqual([]);
  });

  it('offers to try again when the server fails', async () => {
    signIn();
    const server = { failWith: 500 as number | undefined };
    serve(server);
    // A fresh id: the query cache lives for the whole visit, as in the app (each test starts
    // with an empty one).
    await renderApp('/find-user?id=u_zoe', 'en');

    // Server errors are retried twice (about 3 s) before the page gives up.
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load this user. Try again.");

    server.failWith = undefined;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Zoe Paz' })).toBeVisible();
  });
});

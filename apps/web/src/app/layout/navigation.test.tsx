import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetQueryClient } from '@/lib/query-boundary';
import { type ApiCall, stubApi } from '@/test/api-stub';
import { makeProfile } from '@/test/profiles';
import { renderApp } from '@/test/render';
import { stubWideScreen } from '@/test/wide-screen';

afterEach(() => {
  vi.unstubAllGlobals();
  resetQueryClient();
  localStorage.clear();
});

/** Signed in as Ana: her profile, no notifications, and signing out answered. */
function signedIn(): ApiCall[] {
  localStorage.setItem('token', 'test-token');
  return stubApi((call) => {
    if (call.path === '/api/user/profile') return { body: makeProfile() };
    if (call.path.startsWith('/api/notifications?')) {
      return { body: { items: [], nextCursor: null, unreadCount: 0 } };
    }
    if (call.path === '/api/auth/logout') return { body: { success: true } };
    return undefined;
  });
}

const names = (elements: HTMLElement[]) => elements.map((element) => element.textContent);
const hrefs = (elements: HTMLElement[]) =>
  Object.fromEntries(elements.map((link) => [link.textContent, link.getAttribute('href')]));

async function openPhoneMenu() {
  await userEvent.click(await screen.findByLabelText('Abrir menú'));
  return screen.findByRole('navigation', { name: 'Menú principal' });
}

/** The wide screens' bar, read whatever jsdom's styles say (they lay pages out 1024 px wide). */
async function desktopBar() {
  return waitFor(() => {
    const found = document.querySelector<HTMLElement>('nav[aria-label="Navegación"]');
    if (!found) throw new Error('no navigation bar yet');
    return found;
  });
}
const all = { hidden: true };

describe('the phone menu', () => {
  it('signed out, offers signing in and creating an account first, and one "Inicio"', async () => {
    await renderApp('/no-such-page');
    const menu = await openPhoneMenu();
    expect(names(within(menu).getAllByRole('button'))).toEqual(['', 'Crear cuenta']);
    const links = within(menu).getAllByRole('link');
    expect(names(links)).toEqual(['Iniciar sesión', 'Inicio', 'Enviar', 'Pagar facturas']);
    expect(hrefs(links)).toMatchObject({ Inicio: '/', Enviar: '/send' });
    expect(within(menu).queryByText('Panel')).toBeNull();

    await userEvent.click(within(menu).getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByRole('dialog', { name: 'Crea tu cuenta' })).toBeVisible();
  });

  it('signed in, reaches the money pages, Notificaciones, Perfil and Seguridad, then signs out', async () => {
    const calls = signedIn();
    const { location } = await renderApp('/no-such-page');
    const menu = await openPhoneMenu();
    const links = within(menu).getAllByRole('link');
    expect(names(links)).toEqual([
      'Inicio',
      'Enviar',
      'Solicitar',
      'Pagar facturas',
      'Tarjeta',
      'Actividad',
      'Perfil',
      'Seguridad',
      'Notificaciones',
    ]);
    expect(hrefs(links)).toEqual({
      Inicio: '/dashboard',
      Enviar: '/send',
      Solicitar: '/moneymover?tab=request',
      'Pagar facturas': '/billpay',
      Tarjeta: '/card',
      Actividad: '/activity',
      Perfil: '/profile',
      Seguridad: '/security',
      Notificaciones: '/notifications',
    });
    // One way to send: no separate "Pagar a alguien" or "Enviar/Solicitar".
    expect(within(menu).queryByText(/Pagar a alguien|Enviar\/Solicitar|Panel/)).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'Iniciar sesión' })).toBeNull();

    await userEvent.click(within(menu).getByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('POST /api/auth/logout');
  });

  it('says the same in English: Sign in and Sign up', async () => {
    await renderApp('/no-such-page', 'en');
    await userEvent.click(await screen.findByLabelText('Open menu'));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(within(menu).getByRole('button', { name: 'Sign up' })).toBeVisible();
    expect(names(within(menu).getAllByRole('link'))).toEqual([
      'Sign in',
      'Home',
      'Send',
      'Pay bills',
    ]);
  });
});

describe('the desktop navigation', () => {
  it('signed in, groups where money moves in the bar and the account under the profile menu', async () => {
    stubWideScreen();
    const calls = signedIn();
    const { location } = await renderApp('/no-such-page');
    const bar = await desktopBar();
    expect(names(within(bar).getAllByRole('link', all))).toEqual([
      'Inicio',
      'Enviar',
      'Solicitar',
      'Pagar facturas',
      'Tarjeta',
      'Actividad',
    ]);
    // Signing out is not in the bar: it is under the profile, with the account's pages.
    expect(within(bar).queryByText('Cerrar sesión')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Notificaciones', ...all })).toHaveAttribute(
      'href',
      '/notifications',
    );
    const profile = await screen.findByRole('button', { name: 'Tu cuenta', ...all });
    expect(profile).toHaveAttribute('aria-haspopup', 'menu');
    expect(profile).toHaveTextContent('A');
    await userEvent.click(profile);
    const menu = await screen.findByRole('menu');
    expect(names(within(menu).getAllByRole('menuitem'))).toEqual([
      'Perfil',
      'Seguridad',
      'Notificaciones',
      'Cerrar sesión',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Seguridad' })).toHaveAttribute(
      'href',
      '/security',
    );
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('POST /api/auth/logout');
  });

  it('signed out, has the public pages, then Sign in and Sign up', async () => {
    stubWideScreen();
    await renderApp('/no-such-page', 'en');
    const bar = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('nav[aria-label="Navigation"]');
      if (!found) throw new Error('no navigation bar yet');
      return found;
    });
    expect(names(within(bar).getAllByRole('link', all))).toEqual(['Home', 'Send', 'Pay bills']);
    expect(await screen.findByRole('link', { name: 'Sign in', ...all })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(screen.getByRole('button', { name: 'Sign up', ...all })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Your account', ...all })).toBeNull();
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { OPEN_SIGNUP_MODAL } from '@/lib/events';
import { apiError, stubApi } from '@/test/api-stub';
import { renderApp } from '@/test/render';
import { stubWideScreen } from '@/test/wide-screen';

describe('the app shell', () => {
  it('switches language, persists it and sets <html lang>', async () => {
    await renderApp('/no-such-page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' }),
    ).toBeVisible();
    expect(document.documentElement.lang).toBe('es');

    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the footer links and the current year', async () => {
    await renderApp('/no-such-page');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Términos y condiciones' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(within(footer).getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(within(footer).getByRole('link', { name: 'Comisiones' })).toHaveAttribute(
      'href',
      '/fees',
    );
    expect(
      within(footer).getByText(
        `© ${new Date().getFullYear()} Pago. Todos los derechos reservados.`,
      ),
    ).toBeVisible();
  });

  it('has a navigation bar on wide screens with the links, then sign in / sign up', async () => {
    stubWideScreen();
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    const { location } = await renderApp('/no-such-page');
    // The bar is drawn on a wide screen only; jsdom's styles still lay pages out 1024 px wide,
    // where its CSS hides it, so it is read here regardless of the styles.
    const all = { hidden: true };
    const bar = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('nav[aria-label="Navegación"]');
      if (!found) throw new Error('no navigation bar yet');
      return found;
    });
    expect(
      within(bar)
        .getAllByRole('link', all)
        .map((link) => link.textContent),
    ).toEqual(['Inicio', 'Enviar', 'Pagar facturas']);
    await userEvent.click(within(bar).getByRole('link', { name: 'Pagar facturas', ...all }));
    expect(location().pathname).toBe('/billpay');
    await waitFor(() =>
      expect(within(bar).getByRole('link', { name: 'Pagar facturas', ...all })).toHaveAttribute(
        'aria-current',
        'page',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta', ...all }));
    expect(await screen.findByRole('dialog')).toBeVisible();
  });

  it('lists the menu links and closes the menu on Escape and on choosing a link', async () => {
    const { location } = await renderApp('/no-such-page');
    // jsdom applies the wide screens' styles, which hide the menu button of phones.
    const openMenu = () => screen.getByLabelText('Abrir menú');
    await userEvent.click(openMenu());
    const menu = await screen.findByRole('navigation', { name: 'Menú principal' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Iniciar sesión', 'Inicio', 'Enviar', 'Pagar facturas']);
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Menú principal' })).toBeNull(),
    );

    await userEvent.click(openMenu());
    await userEvent.click(
      within(await screen.findByRole('navigation', { name: 'Menú principal' })).getByRole('link', {
        name: 'Pagar facturas',
      }),
    );
    expect(location().pathname).toBe('/billpay');
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Menú principal' })).toBeNull(),
    );
  });

  it('opens the signup dialog on the page-wide event and requires the terms checkbox', async () => {
    await renderApp('/no-such-page');
    act(() => {
      window.dispatchEvent(new Event(OPEN_SIGNUP_MODAL));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Crea tu cuenta' });
    // The form's own checks come first (spec §5), the terms box after them.
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Regístrate' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'El nombre, el correo electrónico, el nombre de usuario, la contraseña y el código postal son obligatorios',
    );
    for (const [label, value] of [
      ['Nombre completo', 'Ana López'],
      ['Correo electrónico', 'ana@example.com'],
      ['Nombre de usuario', 'ana'],
      ['Contraseña', 'correct horse'],
      ['Confirma tu contraseña', 'correct horse'],
      ['Código postal (ZIP)', '10001'],
    ] as const) {
      await userEvent.type(within(dialog).getByLabelText(label), value);
    }
    await userEvent.click(within(dialog).getByRole('button', { name: 'Regístrate' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Acepta los Términos y condiciones para continuar',
    );
    await userEvent.click(within(dialog).getByRole('checkbox'));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends a signed-out visitor from a protected page to /login, remembering where they were going', async () => {
    const { location } = await renderApp('/dashboard');
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(location().state).toMatchObject({ from: { pathname: '/dashboard' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola de nuevo' })).toBeVisible();
  });

  it('forgets a stored token that the server does not accept', async () => {
    localStorage.setItem('token', 'stale-token');
    const calls = stubApi(() => apiError(401, 'unauthorized', 'Not authenticated'));
    const { location } = await renderApp('/dashboard');
    await waitFor(() => expect(location().pathname).toBe('/login'));
    // (The login page also asks which sign-in methods the server has: /api/features.)
    expect(
      calls
        .filter((call) => call.path !== '/api/features')
        .map((call) => `${call.method} ${call.path} ${call.headers.authorization}`),
    ).toEqual(['GET /api/user/profile Bearer stale-token']);
    expect(localStorage.getItem('token')).toBeNull();
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { openSignupModal } from '@/lib/events';
import { ok, stubRoutes } from '@/test/api-stub';
import { renderApp } from '@/test/render';

async function openModal(language: 'es' | 'en' = 'es') {
  const view = await renderApp('/no-such-page', language);
  act(() => openSignupModal());
  const dialog = await screen.findByRole('dialog', {
    name: language === 'es' ? 'Crea tu cuenta' : 'Create Your Account',
  });
  // The form's texts arrive with their namespace.
  await within(dialog).findByLabelText(language === 'es' ? 'Nombre completo' : 'Full name');
  return { ...view, dialog };
}

async function fillValid(user: UserEvent, dialog: HTMLElement) {
  const fields: [string, string][] = [
    ['Full name', 'Ana López'],
    ['Email', 'ana@example.com'],
    ['Username', 'ana.lopez'],
    ['Password', 'correct horse'],
    ['Confirm password', 'correct horse'],
    ['ZIP/postal code', '1425'],
  ];
  for (const [label, value] of fields) await user.type(within(dialog).getByLabelText(label), value);
}

describe('the signup modal', () => {
  it('runs the form checks first, then asks for the terms; ticking the box clears that message', async () => {
    stubRoutes({});
    const user = userEvent.setup();
    const { dialog } = await openModal('en');
    const signUp = within(dialog).getByRole('button', { name: 'Sign up' });

    await user.click(signUp);
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Name, email, username, password, and ZIP/postal code are required',
    );

    await fillValid(user, dialog);
    await user.click(signUp);
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Please accept the Terms & Conditions to continue',
    );
    await user.click(within(dialog).getByRole('checkbox'));
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('links the terms and the privacy policy in a new tab, and Sign in to /login (closing)', async () => {
    stubRoutes({});
    const user = userEvent.setup();
    const { dialog, location } = await openModal();
    for (const name of ['Términos y condiciones', 'Política de privacidad']) {
      const link = within(dialog).getByRole('link', { name });
      expect(link).toHaveAttribute('target', '_blank');
    }
    expect(within(dialog).getByRole('link', { name: 'Términos y condiciones' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(within(dialog).queryByText(/todavía no está disponible/i)).toBeNull();

    await user.click(within(dialog).getByRole('link', { name: 'Inicia sesión' }));
    expect(location().pathname).toBe('/login');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends the code, closes and continues on /verify', async () => {
    const calls = stubRoutes({ 'POST /api/email/send-verification': ok() });
    const user = userEvent.setup();
    const { dialog, location } = await openModal('en');
    await fillValid(user, dialog);
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));

    await waitFor(() => expect(location().pathname).toBe('/verify'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.map((call) => call.body)).toEqual([
      { email: 'ana@example.com', name: 'Ana López', language: 'en' },
    ]);
    expect(await screen.findByText('a***a@example.com')).toBeVisible();
  });

  it('closes on Escape', async () => {
    stubRoutes({});
    const user = userEvent.setup();
    await openModal();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

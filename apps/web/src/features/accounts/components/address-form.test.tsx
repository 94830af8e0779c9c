import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ApiCall, apiError, stubApi } from '@/test/api-stub';
import { BRICKELL, makeProfile } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import { AddressForm } from './address-form';
import { EditProfileForm } from './edit-profile-form';

const renderAccounts = featureRenderer('accounts');
const HOME = BRICKELL;

const writes = (calls: ApiCall[]) => calls.filter((call) => call.method !== 'GET');

describe('AddressForm', () => {
  it('labels every field, names the states in Spanish in alphabetical order, and saves', async () => {
    const calls = stubApi((call) =>
      call.path === '/api/user/address' ? { body: makeProfile({ homeAddress: HOME }) } : undefined,
    );
    const onSaved = vi.fn();
    await renderAccounts(<AddressForm address={null} onSaved={onSaved} />, { language: 'es' });

    const group = screen.getByRole('group', { name: 'Dirección de tu casa en EE. UU.' });
    const state = within(group).getByRole('combobox', { name: /Estado/ });
    const names = within(state)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names[0]).toBe('Elige un estado');
    expect(names).toHaveLength(57);
    expect(names).toContain('Nueva York');
    expect(names).toContain('Islas Vírgenes de EE. UU.');
    // Alphabetical in Spanish: "Carolina del Norte" before "Colorado", accents aside.
    expect(names.indexOf('Carolina del Norte')).toBeLessThan(names.indexOf('Colorado'));
    expect(names.indexOf('Misuri')).toBeLessThan(names.indexOf('Montana'));

    const user = userEvent.setup();
    await user.type(within(group).getByRole('textbox', { name: /Calle y número/ }), HOME.street);
    await user.type(within(group).getByRole('textbox', { name: /Apto\./ }), 'Apt 4B');
    await user.type(within(group).getByRole('textbox', { name: /Ciudad/ }), HOME.city);
    await user.selectOptions(state, 'Florida');
    await user.type(within(group).getByRole('textbox', { name: /Código postal/ }), ' 33131 ');
    await user.click(screen.getByRole('button', { name: 'Guardar dirección' }));

    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(writes(calls)).toMatchObject([{ method: 'PUT', path: '/api/user/address', body: HOME }]);
  });

  it('names the states in English for an English reader', async () => {
    stubApi(() => undefined);
    await renderAccounts(<AddressForm address={HOME} onSaved={vi.fn()} />, { language: 'en' });
    const state = screen.getByRole('combobox', { name: /State/ });
    expect(state).toHaveValue('FL');
    expect(within(state).getByRole('option', { name: 'U.S. Virgin Islands' })).toBeTruthy();
    expect(within(state).getByRole('option', { name: 'District of Columbia' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Apt, unit or suite/ })).toHaveValue('Apt 4B');
  });

  it('says what is wrong with each field and sends nothing', async () => {
    const calls = stubApi(() => undefined);
    await renderAccounts(<AddressForm address={null} onSaved={vi.fn()} />, { language: 'en' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Street address/ }), 'P.O. Box 9');
    await user.type(screen.getByRole('textbox', { name: /City/ }), 'c'.repeat(61));
    await user.type(screen.getByRole('textbox', { name: /ZIP code/ }), '33131-12');
    await user.click(screen.getByRole('button', { name: 'Save address' }));

    expect(
      await screen.findByText('Enter the address where you live: PO boxes are not accepted.'),
    ).toBeVisible();
    expect(screen.getByText('Enter the city (up to 60 characters).')).toBeVisible();
    expect(screen.getByText('Choose a state.')).toBeVisible();
    expect(screen.getByText('Enter a 5-digit ZIP code (or ZIP+4: 12345-6789).')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Street address/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(writes(calls)).toEqual([]);
  });

  it('shows a refusal of the server in the reader’s language', async () => {
    stubApi((call) => (call.method === 'PUT' ? apiError(400, 'validation_failed') : undefined));
    const onSaved = vi.fn();
    await renderAccounts(<AddressForm address={HOME} onSaved={onSaved} />, { language: 'es' });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar dirección' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Algunos datos no son válidos. Revísalos e inténtalo de nuevo.',
    );
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('the address in the Edit Profile form', () => {
  const renderEditor = (user = makeProfile({ address: null, homeAddress: null })) =>
    renderAccounts(
      <EditProfileForm user={user} titleId="t" onSaved={vi.fn()} onCancel={vi.fn()} />,
      { language: 'es' },
    );

  it('sends no address when it is left untouched; nothing is marked required', async () => {
    const calls = stubApi((call) => (call.method === 'PUT' ? { body: makeProfile() } : undefined));
    await renderEditor();
    const user = userEvent.setup();
    // Optional in the profile: nothing is marked required.
    expect(screen.getByRole('textbox', { name: 'Calle y número' })).not.toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await screen.findByText('¡Perfil actualizado correctamente!');
    expect(writes(calls)[0]?.body).not.toHaveProperty('homeAddress');
  });

  it('sends the parts as homeAddress once they are filled in', async () => {
    const calls = stubApi((call) => (call.method === 'PUT' ? { body: makeProfile() } : undefined));
    await renderEditor();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Calle y número' }), HOME.street);
    await user.type(screen.getByRole('textbox', { name: 'Ciudad' }), HOME.city);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'FL');
    await user.type(screen.getByRole('textbox', { name: 'Código postal (ZIP)' }), '33131');
    const profileZip = screen.getByRole('textbox', { name: 'Código postal (opcional)' });
    await user.clear(profileZip);
    await user.type(profileZip, '33131');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await vi.waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]?.body).toMatchObject({
      homeAddress: { ...HOME, street2: null },
      zipCode: '33131',
    });
  });

  it('lets an untouched US ZIP code follow a new address, refuses a typed one that disagrees', async () => {
    const calls = stubApi((call) => (call.method === 'PUT' ? { body: makeProfile() } : undefined));
    await renderEditor(makeProfile({ zipCode: '10001' }));
    const user = userEvent.setup();
    // Ana's address is in 33101; the ZIP code field still says 10001 from sign-up.
    await user.type(screen.getByRole('textbox', { name: 'Apto., unidad o suite (opcional)' }), '2');
    const profileZip = screen.getByRole('textbox', { name: 'Código postal (opcional)' });
    await user.clear(profileZip);
    await user.type(profileZip, '10002');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Debe ser el código postal de tu dirección.')).toBeVisible();
    expect(writes(calls)).toEqual([]);

    await user.clear(screen.getByRole('textbox', { name: 'Ciudad' }));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Escribe la ciudad (hasta 60 caracteres).')).toBeVisible();
    expect(writes(calls)).toEqual([]);

    // Back to the ZIP code it had: it follows the address.
    await user.type(screen.getByRole('textbox', { name: 'Ciudad' }), 'Miami');
    await user.clear(profileZip);
    await user.type(profileZip, '10001');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await screen.findByText('¡Perfil actualizado correctamente!');
    expect(writes(calls)[0]?.body).toMatchObject({
      homeAddress: { street: '100 Main St', street2: '2', postalCode: '33101' },
      zipCode: '33101',
    });
  });
});

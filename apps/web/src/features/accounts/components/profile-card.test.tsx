import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeProfile } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import { ProfileCard } from './profile-card';

const renderDashboard = featureRenderer('accounts');

const noop = () => {};

/** The value shown under a label of the card's description list. */
function detailValue(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`No value for ${label}`);
  return value;
}

function card() {
  return screen.getByRole('region', { name: /My Profile|Mi perfil/ });
}

describe('ProfileCard', () => {
  it('shows the whole profile', async () => {
    await renderDashboard(<ProfileCard user={makeProfile()} onEdit={noop} />, { language: 'en' });

    expect(within(card()).getByRole('heading', { level: 2, name: 'My Profile' })).toBeVisible();
    expect(screen.getByText('A')).toBeVisible();
    expect(screen.getByText('Ana López')).toBeVisible();
    expect(screen.getByText('@ana.lopez')).toBeVisible();
    expect(detailValue('Phone')).toHaveTextContent('+1 (305) 555-0123Verified');
    expect(detailValue('Email')).toHaveTextContent('ana@example.com');
    expect(detailValue('Address')).toHaveTextContent('100 Main St, Miami, FL');
    expect(detailValue('ZIP/postal code')).toHaveTextContent('33101');
    expect(detailValue('Identity verification')).toHaveTextContent('US ID');
  });

  it('uses the defaults while there is no user data: U, User, not provided, unknown badge', async () => {
    await renderDashboard(<ProfileCard user={null} onEdit={noop} />, { language: 'en' });

    expect(screen.getByText('U')).toBeVisible();
    expect(screen.getByText('User')).toBeVisible();
    expect(screen.queryByText(/^@/)).toBeNull();
    expect(detailValue('Phone')).toHaveTextContent('Not providedUnknown');
    expect(detailValue('Email')).toHaveTextContent('Not provided');
    expect(detailValue('Address')).toHaveTextContent('Not provided');
    expect(screen.queryByText('ZIP/postal code')).toBeNull();
    expect(screen.queryByText('Identity verification')).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeDisabled();
  });

  it('shows U and User for a blank name, and "Not verified" with a Verify action for an unverified phone', async () => {
    const onVerifyPhone = vi.fn();
    await renderDashboard(
      <ProfileCard
        user={makeProfile({ name: '  ', phone_verified: false })}
        onEdit={noop}
        onVerifyPhone={onVerifyPhone}
      />,
      { language: 'en' },
    );
    expect(screen.getByText('U')).toBeVisible();
    expect(screen.getByText('User')).toBeVisible();
    expect(detailValue('Phone')).toHaveTextContent(/^\+1 \(305\) 555-0123Not verifiedVerify$/);
    expect(screen.queryByText('Verified')).toBeNull();
    expect(screen.queryByText('Unknown')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(onVerifyPhone).toHaveBeenCalledOnce();
  });

  it('says "not provided" for a missing phone, e-mail and address, and hides a missing ZIP code', async () => {
    await renderDashboard(
      <ProfileCard
        user={makeProfile({
          phone: null,
          phone_verified: false,
          email: '',
          address: null,
          zipCode: null,
        })}
        onEdit={noop}
      />,
      { language: 'es' },
    );
    expect(detailValue('Teléfono')).toHaveTextContent(/^Sin proporcionar$/);
    expect(detailValue('Correo electrónico')).toHaveTextContent('Sin proporcionar');
    expect(detailValue('Dirección')).toHaveTextContent('Sin proporcionar');
    expect(screen.queryByText('Código postal')).toBeNull();
  });

  it('shows the verification service only when set: plaid in primary, any other in secondary', async () => {
    const { unmount } = await renderDashboard(
      <ProfileCard user={makeProfile({ verificationService: 'plaid' })} onEdit={noop} />,
      { language: 'en' },
    );
    const plaid = within(detailValue('Identity verification')).getByText('US ID');
    expect(getComputedStyle(plaid.parentElement as HTMLElement).backgroundColor).toBe(
      'rgb(58, 74, 223)',
    );
    unmount();

    const second = await renderDashboard(
      <ProfileCard user={makeProfile({ verificationService: 'persona' })} onEdit={noop} />,
      { language: 'en' },
    );
    const persona = within(detailValue('Identity verification')).getByText(
      'ID document or passport',
    );
    expect(getComputedStyle(persona.parentElement as HTMLElement).backgroundColor).toBe(
      'rgb(15, 123, 92)',
    );
    second.unmount();

    await renderDashboard(
      <ProfileCard user={makeProfile({ verificationService: null })} onEdit={noop} />,
      { language: 'en' },
    );
    expect(screen.queryByText('Identity verification')).toBeNull();
  });

  it('opens the editor from the Edit Profile button', async () => {
    const onEdit = vi.fn();
    await renderDashboard(<ProfileCard user={makeProfile()} onEdit={onEdit} />, { language: 'es' });
    await userEvent.click(screen.getByRole('button', { name: 'Editar perfil' }));
    expect(onEdit).toHaveBeenCalledOnce();
  });
});

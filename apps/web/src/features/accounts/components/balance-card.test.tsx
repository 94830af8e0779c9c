import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProfile } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import { BalanceCard } from './balance-card';

const renderDashboard = featureRenderer('accounts');

function detailValue(label: string): HTMLElement {
  const value = screen.getByText(label, { selector: 'dt' }).nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`No value for ${label}`);
  return value;
}

/** The chip's background, as drawn: the colour is what tells the status apart at a glance. */
function chipColour(scope: HTMLElement): string {
  const chip = scope.querySelector('.MuiChip-root');
  if (!(chip instanceof HTMLElement)) throw new Error('No chip');
  return getComputedStyle(chip).backgroundColor;
}

describe('BalanceCard', () => {
  it('formats the balance from cents in English and in Spanish', async () => {
    const { unmount } = await renderDashboard(
      <BalanceCard user={makeProfile({ balanceCents: 123456 })} locale="en" />,
      { language: 'en' },
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Account Balance' })).toBeVisible();
    expect(detailValue('Balance')).toHaveTextContent('$1,234.56');
    unmount();

    await renderDashboard(
      <BalanceCard user={makeProfile({ balanceCents: 100000005 })} locale="es" />,
      { language: 'es' },
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Saldo de la cuenta' })).toBeVisible();
    expect(detailValue('Saldo')).toHaveTextContent('$1,000,000.05');
  });

  it('shows $0.00, an unknown KYC status and an unknown date without user data', async () => {
    await renderDashboard(<BalanceCard user={null} locale="en" />, { language: 'en' });
    expect(detailValue('Balance')).toHaveTextContent('$0.00');
    expect(detailValue('Identity check')).toHaveTextContent('Unknown');
    expect(chipColour(detailValue('Identity check'))).not.toMatch(
      /^rgb\((46, 125, 50|211, 47, 47|178, 94, 9)\)$/,
    );
    expect(detailValue('Account created')).toHaveTextContent('Unknown');
  });

  it.each([
    ['completed', 'Completed', 'rgb(46, 125, 50)'],
    ['failed', 'Failed', 'rgb(211, 47, 47)'],
    ['pending', 'Pending', 'rgb(178, 94, 9)'],
    ['pending_review', 'Pending', 'rgb(178, 94, 9)'],
  ])('shows KYC status %s as %s in its colour', async (status, label, colour) => {
    await renderDashboard(<BalanceCard user={makeProfile({ kyc_status: status })} locale="en" />, {
      language: 'en',
    });
    expect(detailValue('Identity check')).toHaveTextContent(label);
    expect(chipColour(detailValue('Identity check'))).toBe(colour);
  });

  it('shows a missing KYC status as unknown, in Spanish', async () => {
    await renderDashboard(<BalanceCard user={makeProfile({ kyc_status: null })} locale="es" />);
    expect(detailValue('Verificación de tu identidad')).toHaveTextContent('Desconocido');
  });

  it('shows the account-created date as a local date in the active language', async () => {
    const { unmount } = await renderDashboard(
      <BalanceCard user={makeProfile({ createdAt: '2025-03-15T12:00:00.000Z' })} locale="es" />,
    );
    expect(detailValue('Cuenta creada')).toHaveTextContent('15 de marzo de 2025');
    unmount();
    await renderDashboard(
      <BalanceCard user={makeProfile({ createdAt: '2025-03-15T12:00:00.000Z' })} locale="en" />,
      { language: 'en' },
    );
    expect(detailValue('Account created')).toHaveTextContent('March 15, 2025');
  });

  it('says the date is unknown when the profile has none', async () => {
    await renderDashboard(<BalanceCard user={makeProfile({ createdAt: '' })} locale="es" />, {
      language: 'es',
    });
    expect(detailValue('Cuenta creada')).toHaveTextContent('Desconocida');
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, ok, stubRoutes } from '@/test/api-stub';
import { captureDownloads } from '@/test/downloads';
import { makeProfile } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import { YourDataCard } from './your-data-card';

const renderCard = featureRenderer('accountRights', { user: makeProfile() });

const effects = { openRequests: 1, billSchedules: 0, cards: 1, linkedBanks: 1 };

describe('Tus datos', () => {
  it('downloads the data after the password, as a ZIP', async () => {
    const downloads = captureDownloads();
    const calls = stubRoutes({
      'POST /api/account/data-export': ok(
        {
          downloadUrl: '/api/account/data-export/abcdefghijklmnopqrstuvwxyz012345',
          expiresAt: '2026-11-27T18:00:00.000Z',
        },
        201,
      ),
      'GET /api/account/data-export/abcdefghijklmnopqrstuvwxyz012345': ok('PK'),
    });
    await renderCard(<YourDataCard />);
    expect(screen.getByRole('heading', { name: 'Tus datos' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Descargar mis datos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Descargar mis datos' });
    expect(within(dialog).getByText(/no incluimos las imágenes de tu documento/i)).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText('Tu contraseña'), 'Correct-Horse-42');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Descargar' }));
    expect(await within(dialog).findByText('Listo. Tu archivo se descargó.')).toBeVisible();
    expect(calls[0]).toMatchObject({ body: { password: 'Correct-Horse-42' } });
    expect(downloads).toEqual([expect.stringMatching(/^pago-mis-datos-\d{4}-\d{2}-\d{2}\.zip$/)]);
  });

  it('asks for a code when two-step codes are on, and says a wrong password', async () => {
    let tries = 0;
    stubRoutes({
      'POST /api/account/data-export': () => {
        tries += 1;
        return tries === 1
          ? apiError(403, 'two_step_required')
          : apiError(400, 'invalid_credentials');
      },
    });
    await renderCard(<YourDataCard />);
    await userEvent.click(screen.getByRole('button', { name: 'Descargar mis datos' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Tu contraseña'), 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Descargar' }));
    const code = await within(dialog).findByLabelText('Código de tu app de autenticación');
    await userEvent.type(code, '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Descargar' }));
    expect(await within(dialog).findByText('La contraseña no es correcta.')).toBeVisible();
  });

  it('shows what stops the closing, with where to settle it, and no way to confirm', async () => {
    stubRoutes({
      'GET /api/account/close': ok({
        closable: false,
        blockers: [
          { code: 'balance', amountCents: 2_500 },
          { code: 'pending_money', count: 2 },
        ],
        effects,
        twoStepRequired: false,
      }),
    });
    await renderCard(<YourDataCard />);
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar mi cuenta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar mi cuenta' });
    expect(await within(dialog).findByText('Todavía no puedes cerrar tu cuenta:')).toBeVisible();
    expect(within(dialog).getByText(/Tienes \$25\.00 de saldo/)).toBeVisible();
    expect(within(dialog).getByText(/Tienes 2 movimientos en proceso/)).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'Retirar a mi banco' })).toHaveAttribute(
      'href',
      '/dashboard?agregar',
    );
    expect(within(dialog).queryByLabelText('Tu contraseña')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Cerrar mi cuenta' })).toBeNull();
  });

  it('closes with the password and shows the confirmation and how long records are kept', async () => {
    const calls = stubRoutes({
      'GET /api/account/close': ok({
        closable: true,
        blockers: [],
        effects,
        twoStepRequired: true,
      }),
      'POST /api/account/close': ok({
        closedAt: '2026-11-27T17:00:00.000Z',
        recordsKeptUntil: '2031-11-27T17:00:00.000Z',
      }),
    });
    await renderCard(<YourDataCard />);
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar mi cuenta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar mi cuenta' });
    expect(await within(dialog).findByText('Al cerrar tu cuenta:')).toBeVisible();
    expect(within(dialog).getByText('Se cancela tu solicitud de dinero abierta.')).toBeVisible();
    expect(within(dialog).getByText(/seguirá viendo esos movimientos con tu nombre/)).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText('¿Por qué te vas? (opcional)'), 'Me mudo');
    await userEvent.type(within(dialog).getByLabelText('Tu contraseña'), 'Correct-Horse-42');
    const submit = within(dialog).getByRole('button', { name: 'Cerrar mi cuenta' });
    expect(submit).toBeDisabled();
    await userEvent.type(
      within(dialog).getByLabelText('Código de tu app de autenticación'),
      '123456',
    );
    await userEvent.click(submit);
    const done = await screen.findByRole('dialog', { name: 'Tu cuenta está cerrada' });
    expect(within(done).getByText(/27 de noviembre de 2031/)).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      password: 'Correct-Horse-42',
      twoStepCode: '123456',
      reason: 'Me mudo',
    });
  });
});

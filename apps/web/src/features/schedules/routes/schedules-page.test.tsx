import type { Recipient } from '@pago/shared/contracts/remittances';
import type { CreateScheduleBody, Schedule } from '@pago/shared/contracts/schedules';
import { cents, dollarsToCents } from '@pago/shared/money';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiCall, apiError, stubApi } from '@/test/api-stub';
import { ANA } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import SchedulesPage from './schedules-page';

const renderPage = featureRenderer(['schedules'], { user: ANA, path: '/schedules' });

const MARIA: Recipient = {
  id: '11111111-1111-4111-8111-111111111111',
  fullName: 'María López',
  firstName: 'María',
  lastName: 'López',
  country: 'MX',
  phone: '+525512345678',
  payout: {
    method: 'bank_deposit',
    payerId: 'payer-mx-bank',
    payerName: 'Banco Azteca',
    accountMask: '••••9411',
    walletPhone: null,
    fields: { clabe: '••••9411' },
  },
  needsUpdate: false,
  createdAt: '2026-11-20T15:00:00.000Z',
};

/** The schedule the server makes of a body, as it answers it. */
function scheduleOf(body: CreateScheduleBody): Schedule {
  const p2p = body.payeeUsername !== undefined;
  return {
    id: '33333333-3333-4333-8333-333333333333',
    kind: p2p ? 'p2p' : 'remittance',
    recipientId: body.recipientId ?? null,
    payeeUsername: body.payeeUsername ?? null,
    recipientName: p2p ? 'Beto Ruiz' : MARIA.fullName,
    recipientCountry: p2p ? 'US' : 'MX',
    amountCents: dollarsToCents(body.amountUsd) ?? cents(0),
    speed: body.speed ?? 'standard',
    frequency: body.frequency,
    startDate: body.startDate ?? null,
    dayOfMonth: body.dayOfMonth ?? null,
    secondDay: body.secondDay ?? null,
    status: 'active',
    nextRunDate: body.startDate ?? '2026-12-01',
    nextRunAt: '2026-12-04T14:00:00.000Z',
    timeZone: 'America/New_York',
    createdAt: '2026-11-28T15:00:00.000Z',
    runs: [],
  };
}

/**
 * The server: the saved recipients given, an empty list until a schedule is made; POST
 * /api/schedules answers `refuse` when given, else makes the schedule.
 */
function server(recipients: Recipient[], refuse?: ReturnType<typeof apiError>): ApiCall[] {
  let items: Schedule[] = [];
  return stubApi((call) => {
    if (call.method === 'GET' && call.path === '/api/recipients')
      return { body: { items: recipients } };
    if (call.method === 'GET' && call.path === '/api/schedules') return { body: { items } };
    if (call.method === 'POST' && call.path === '/api/schedules') {
      if (refuse) return refuse;
      items = [scheduleOf(call.body as CreateScheduleBody)];
      return { status: 201, body: items[0] };
    }
    return undefined;
  });
}

const posts = (calls: ApiCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/api/schedules');

async function openForm() {
  await userEvent.click(await screen.findByRole('button', { name: 'Programar un envío' }));
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('a new scheduled transfer to a Pago user', () => {
  it('sends their @username (without the @), the amount and the rule, and no speed; the list shows it', async () => {
    const calls = server([MARIA]);
    await renderPage(<SchedulesPage />);
    await openForm();
    const whom = screen.getByRole('radiogroup', { name: '¿A quién le envías?' });
    expect(within(whom).getByRole('radio', { name: 'A alguien en otro país' })).toBeChecked();
    await userEvent.click(within(whom).getByRole('radio', { name: 'A un usuario de Pago' }));
    expect(screen.queryByRole('combobox', { name: 'Destinatario' })).toBeNull();

    const username = screen.getByRole('textbox', { name: 'Usuario de Pago' });
    await userEvent.type(username, ' @beto_ruiz ');
    // The field shows the @ before it: the one typed is not kept twice.
    expect(username).toHaveValue('beto_ruiz ');
    await userEvent.type(screen.getByLabelText(/Monto a enviar/), '50');
    await choose('Frecuencia', 'Cada semana');
    fireEvent.change(screen.getByLabelText(/Primer envío/), { target: { value: '2026-12-04' } });
    await userEvent.click(screen.getByRole('button', { name: 'Programar envío' }));

    expect(await screen.findByText('Listo: programamos tu envío.')).toBeVisible();
    const [post] = posts(calls);
    expect(post?.body).toEqual({
      payeeUsername: 'beto_ruiz',
      amountUsd: 50,
      frequency: 'weekly',
      startDate: '2026-12-04',
    });
    expect(post?.headers['idempotency-key']).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Beto Ruiz' });
    expect(within(card).getByText('$50.00 · Beto Ruiz')).toBeVisible();
    expect(within(card).getByText('@beto_ruiz · usuario de Pago')).toBeVisible();
    expect(within(card).getByText('Cada semana, los viernes')).toBeVisible();
  });

  it('names an unknown @username in words, and asks nothing for a malformed one or for oneself', async () => {
    const calls = server(
      [MARIA],
      apiError(404, 'not_found', 'No Pago user with that username', { field: 'payeeUsername' }),
    );
    await renderPage(<SchedulesPage />);
    await openForm();
    await userEvent.click(screen.getByRole('radio', { name: 'A un usuario de Pago' }));
    const username = screen.getByRole('textbox', { name: 'Usuario de Pago' });
    await userEvent.type(screen.getByLabelText(/Monto a enviar/), '25');

    await userEvent.type(username, 'be to');
    await userEvent.click(screen.getByRole('button', { name: 'Programar envío' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Escribe su @usuario: de 3 a 30 letras, números, _ o punto.',
    );
    expect(username).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(username);
    await userEvent.type(username, `@${ANA.username.toUpperCase()}`);
    await userEvent.click(screen.getByRole('button', { name: 'Programar envío' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ese es tu usuario.');
    expect(posts(calls)).toHaveLength(0);

    await userEvent.clear(username);
    await userEvent.type(username, 'nadie.aqui');
    await userEvent.click(screen.getByRole('button', { name: 'Programar envío' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Ningún usuario de Pago tiene el usuario @nadie.aqui.',
      ),
    );
    expect(posts(calls)).toHaveLength(1);
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Listo: programamos tu envío.')).toBeNull();

    // Correcting the username takes the refusal away.
    await userEvent.type(username, 'x');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(username).toHaveAttribute('aria-invalid', 'false');
  });

  it('is offered without saved recipients: only the choice abroad needs one', async () => {
    const calls = server([]);
    await renderPage(<SchedulesPage />);
    await openForm();
    expect(await screen.findByText(/primero guárdalo como destinatario/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ir a Enviar' })).toHaveAttribute('href', '/send');
    expect(screen.queryByRole('button', { name: 'Programar envío' })).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: 'A un usuario de Pago' }));
    expect(screen.queryByText(/primero guárdalo como destinatario/)).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'Usuario de Pago' }), 'beto_ruiz');
    await userEvent.type(screen.getByLabelText(/Monto a enviar/), '40');
    await userEvent.click(screen.getByRole('button', { name: 'Programar envío' }));
    expect(await screen.findByText('Listo: programamos tu envío.')).toBeVisible();
    // Twice a month, on the 1st and the 15th, is the form's default rule.
    expect(posts(calls)[0]?.body).toEqual({
      payeeUsername: 'beto_ruiz',
      amountUsd: 40,
      frequency: 'twice_monthly',
      dayOfMonth: 1,
      secondDay: 15,
    });
  });

  it('reads in English as fully', async () => {
    const calls = server([MARIA]);
    await renderPage(<SchedulesPage />, { language: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Schedule a transfer' }));
    const whom = screen.getByRole('radiogroup', { name: 'Who are you sending to?' });
    await userEvent.click(within(whom).getByRole('radio', { name: 'To a Pago user' }));
    expect(screen.getByText('Their Pago @username, for example @maria.lopez')).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: 'Pago username' }), '@beto_ruiz');
    await userEvent.type(screen.getByLabelText(/Amount to send/), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Schedule transfer' }));
    expect(await screen.findByText('Done: your transfer is scheduled.')).toBeVisible();
    expect(posts(calls)[0]?.body).toMatchObject({ payeeUsername: 'beto_ruiz', amountUsd: 30 });
    const card = await screen.findByRole('article', { name: 'Beto Ruiz' });
    expect(within(card).getByText('@beto_ruiz · Pago user')).toBeVisible();
  });
});

describe('a new scheduled transfer to someone in another country', () => {
  it('sends the saved recipient’s id and no username', async () => {
    const calls = server([MARIA]);
    await renderPage(<SchedulesPage />);
    await openForm();
    await userEvent.type(screen.getByLabelText(/Monto a enviar/), '200');
    await userEvent.click(screen.getByRole('button', { name: 'Programar envío' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Elige a quién le envías.');
    expect(posts(calls)).toHaveLength(0);

    await choose('Destinatario', 'María López (MX)');
    await userEvent.click(screen.getByRole('button', { name: 'Programar envío' }));
    expect(await screen.findByText('Listo: programamos tu envío.')).toBeVisible();
    expect(posts(calls)[0]?.body).toEqual({
      recipientId: MARIA.id,
      amountUsd: 200,
      frequency: 'twice_monthly',
      dayOfMonth: 1,
      secondDay: 15,
    });
    const card = await screen.findByRole('article', { name: 'María López' });
    expect(within(card).getByText('Envío a México')).toBeVisible();
  });
});

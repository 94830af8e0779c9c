import type { PublicTransfer } from '@pago/shared/contracts/recipient-tracking';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/api-stub';
import { featureRenderer } from '@/test/render-feature';
import RecipientPage from './recipient-page';

const TOKEN = 'foDpYBuucLTtkeEnRSMbOA';
const renderPage = featureRenderer('recipient', { user: null, path: `/t/${TOKEN}` });
const page = (options: { language?: 'es' | 'en' } = {}) =>
  renderPage(
    <Routes>
      <Route path="/t/:token" element={<RecipientPage />} />
    </Routes>,
    options,
  );

const READY: PublicTransfer = {
  senderFirstName: 'Ana',
  recipientFirstName: 'María',
  country: 'GT',
  amount: '750.00',
  currency: 'GTQ',
  method: 'cash_pickup',
  payerName: 'Red de Pagos Ejemplo Guatemala',
  status: 'ready_for_pickup',
  steps: [
    { step: 'sent', at: '2026-11-20T15:00:00.000Z' },
    { step: 'on_the_way', at: '2026-11-20T15:00:01.000Z' },
    { step: 'ready_for_pickup', at: '2026-11-20T15:05:00.000Z' },
  ],
  expectedBy: '2026-11-20T15:20:00.000Z',
  codeSentTo: '•••• 5678',
};

function serve(answer: { status?: number; body: unknown }) {
  return stubApi((call) =>
    call.method === 'GET' && call.path === `/api/public/transfers/${TOKEN}` ? answer : undefined,
  );
}

describe('the recipient’s page', () => {
  it('shows, in Spanish and without signing in, what they receive, where, and that the code went by SMS', async () => {
    const api = serve({ body: READY });
    await page();
    expect(
      await screen.findByRole('heading', { name: /^Ana te envió GTQ\s750\.00$/ }),
    ).toBeVisible();
    expect(screen.getByText('Hola, María')).toBeVisible();
    expect(
      screen.getByText('Cobra en efectivo en cualquier agente de Red de Pagos Ejemplo Guatemala.'),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Te enviamos el código para cobrar por SMS al •••• 5678. Llévalo con tu identificación oficial.',
      ),
    ).toBeVisible();
    const steps = screen.getByRole('list', { name: 'Estado del envío' });
    expect(
      [...steps.querySelectorAll('li')].map((li) => li.querySelector('p')?.textContent),
    ).toEqual(['Ana envió el dinero', 'En camino', 'Listo para cobrar']);
    expect(screen.queryByText(/Entregad/)).toBeNull();
    // No session is sent: the page is public.
    expect(api[0]?.headers.authorization).toBeUndefined();
  });

  it('asks the recipient to get the code from the sender when no SMS went, and reads in English too', async () => {
    serve({ body: { ...READY, codeSentTo: null } });
    await page({ language: 'en' });
    expect(
      await screen.findByRole('heading', { name: /^Ana sent you GTQ\s750\.00$/ }),
    ).toBeVisible();
    expect(
      screen.getByText('Ask Ana for the pickup code. Bring it with your official ID.'),
    ).toBeVisible();
  });

  it('says so when the link is unknown', async () => {
    serve({
      status: 404,
      body: { error: { code: 'not_found', message: 'Transfer not found' }, message: 'x' },
    });
    await page();
    expect(
      await screen.findByText('No encontramos este envío. Revisa el enlace que te enviaron.'),
    ).toBeVisible();
  });
});

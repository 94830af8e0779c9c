import type { PidemeRequest, PublicPideme } from '@pago/shared/contracts/pideme';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetQueryClient } from '@/lib/query-boundary';
import { apiError, stubApi } from '@/test/api-stub';
import { makeProfile } from '@/test/profiles';
import { makeRemittanceQuote } from '@/test/quotes';
import { renderApp } from '@/test/render';
import { featureRenderer } from '@/test/render-feature';
import PublicPidemePage from './public-pideme-page';

afterEach(() => {
  vi.unstubAllGlobals();
  resetQueryClient();
  localStorage.clear();
});

const TOKEN = 'foDpYBuucLTtkeEnRSMbOA';
const renderPublic = featureRenderer('pideme', { user: null, path: `/p/${TOKEN}` });
const publicPage = (options: { language?: 'es' | 'en' } = {}) =>
  renderPublic(
    <Routes>
      <Route path="/p/:token" element={<PublicPidemePage />} />
    </Routes>,
    options,
  );

const EMPTY: PublicPideme = {
  senderFirstName: 'Rosa',
  recipientFirstName: 'María',
  currency: 'MXN',
  requests: [],
};

describe('the relative’s page (/p/:token)', () => {
  it('asks in Spanish, with no session, for an amount in their currency and what it is for', async () => {
    let page = EMPTY;
    const calls = stubApi((call) => {
      if (call.method === 'GET' && call.path === `/api/public/pideme/${TOKEN}`)
        return { body: page };
      if (call.method === 'POST' && call.path === `/api/public/pideme/${TOKEN}/requests`) {
        const created = {
          id: 'a5c1f1a2-6a1e-4c2b-9d55-1f0c1e4b6a77',
          amount: '3000.00',
          currency: 'MXN',
          reason: 'para la farmacia',
          hasPhoto: false,
          status: 'pending' as const,
          trackingUrl: null,
          createdAt: '2026-11-27T18:00:00.000Z',
        };
        page = { ...EMPTY, requests: [created] };
        return { status: 201, body: created };
      }
      return undefined;
    });
    await publicPage();
    expect(await screen.findByRole('heading', { name: 'Pídele dinero a Rosa' })).toBeVisible();
    expect(screen.getByText('Hola, María')).toBeVisible();
    const send = screen.getByRole('button', { name: 'Enviar solicitud' });
    await userEvent.click(send);
    expect(
      screen.getByText('Escribe un monto mayor que cero, con hasta dos decimales.'),
    ).toBeVisible();
    expect(screen.getByText('Escribe para qué es.')).toBeVisible();
    await userEvent.type(screen.getByLabelText(/Monto en MXN/), '3,000');
    await userEvent.type(screen.getByLabelText(/¿Para qué es\?/), 'para la farmacia');
    await userEvent.click(send);
    expect(await screen.findByText('Listo. Rosa recibió tu solicitud.')).toBeVisible();
    const posted = calls.find((c) => c.method === 'POST');
    expect(posted?.body).toEqual({ amount: '3000', reason: 'para la farmacia' });
    expect(await screen.findByText('Esperando respuesta')).toBeVisible();
    for (const call of calls) expect(call.headers.authorization).toBeUndefined();
  });

  it('says only that the link does not work when it is unknown, revoked or expired', async () => {
    stubApi(() => apiError(404, 'not_found', 'Not found'));
    await publicPage();
    expect(
      await screen.findByText(
        'Este enlace no existe o ya no funciona. Pídele a quien te lo envió uno nuevo.',
      ),
    ).toBeVisible();
  });
});

const REQUEST: PidemeRequest = {
  id: 'a5c1f1a2-6a1e-4c2b-9d55-1f0c1e4b6a77',
  recipientId: 'b1c2d3e4-0000-4000-8000-000000000001',
  recipientFirstName: 'María',
  amount: '1712.00',
  currency: 'MXN',
  reason: 'para la farmacia',
  hasPhoto: false,
  status: 'pending',
  transferId: null,
  createdAt: '2026-11-27T18:00:00.000Z',
  decidedAt: null,
};

describe('the sender’s request page (/pideme/requests/:id)', () => {
  it('shows what María receives first, then the dollars, and pays with one tap at the total shown', async () => {
    localStorage.setItem('token', 'test-token');
    const quote = makeRemittanceQuote();
    const calls = stubApi((call) => {
      if (call.path === '/api/user/profile') return { body: makeProfile() };
      if (call.path.startsWith('/api/notifications?')) {
        return { body: { items: [], nextCursor: null, unreadCount: 0 } };
      }
      if (call.method === 'GET' && call.path === `/api/pideme-requests/${REQUEST.id}`) {
        return { body: { request: REQUEST, quote, quoteError: null } };
      }
      if (call.method === 'POST' && call.path === `/api/pideme-requests/${REQUEST.id}/pay`) {
        return {
          body: { ...REQUEST, status: 'paid', transferId: 'c0ffee00-0000-4000-8000-000000000002' },
        };
      }
      return undefined;
    });
    await renderApp(`/pideme/requests/${REQUEST.id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: /^María te pide MXN\s1,712\.00$/ }),
    ).toBeVisible();
    const receives = screen.getByText('María recibe');
    const total = screen.getByText('Total a pagar');
    // What arrives is read before what it costs.
    expect(receives.compareDocumentPosition(total) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('$4.49')).toBeVisible();
    expect(screen.getByText('1 USD = 17.1234 MXN')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Pagar $104.49' }));
    expect(await screen.findByText(/Pagada\. El dinero va en camino a María\./)).toBeVisible();
    const pay = calls.find((c) => c.method === 'POST');
    expect(pay?.body).toEqual({ totalCents: 10449 });
    expect(pay?.headers['idempotency-key']).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Pagar/ })).toBeNull());
  });
});

import type { LinkedBankAccount } from '@pago/shared/contracts/plaid';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlaidLinkOptions } from '@/lib/plaid-link';
import { type Answer, type ApiCall, apiError, stubApi } from '@/test/api-stub';
import { ANA } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import { ExternalBankAccounts } from './external-bank-accounts';

const renderAccounts = featureRenderer('plaid', { user: ANA, path: '/dashboard' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const CHECKING: LinkedBankAccount = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  itemId: 'bbbbbbbb-0000-4000-8000-000000000001',
  institution: 'First Platypus Bank',
  institutionId: 'ins_109508',
  name: 'Plaid Checking',
  officialName: null,
  mask: '0000',
  type: 'depository',
  subtype: 'checking',
  status: 'good',
  linkedAt: '2026-11-23T12:00:00.000Z',
};
const SAVINGS: LinkedBankAccount = {
  ...CHECKING,
  id: 'aaaaaaaa-0000-4000-8000-000000000002',
  name: 'Plaid Saving',
  mask: '1111',
  subtype: 'savings',
};

function serve(
  accounts: LinkedBankAccount[] = [CHECKING, SAVINGS],
  extra: (call: ApiCall) => Answer | undefined = () => undefined,
) {
  return stubApi((call) => {
    if (call.method === 'GET' && call.path === '/api/plaid/accounts') return { body: { accounts } };
    return extra(call);
  });
}

/** Plaid Link as the page sees it: open() hands over a public token, or exits with an error. */
function stubLink(outcome: 'success' | 'error') {
  const created: PlaidLinkOptions[] = [];
  vi.stubGlobal('Plaid', {
    create(options: PlaidLinkOptions) {
      created.push(options);
      return {
        open: () =>
          outcome === 'success'
            ? options.onSuccess('public-sandbox-1', {
                institution: { name: 'First Platypus Bank', institution_id: 'ins_109508' },
              })
            : options.onExit?.({ error_code: 'INTERNAL_SERVER_ERROR' }, {}),
        exit: () => {},
        destroy: () => {},
      };
    },
  });
  return created;
}

describe('External Bank Accounts', () => {
  it('lists the linked accounts with institution, mask and type, and reads a balance', async () => {
    const calls = serve(undefined, (call) =>
      call.path === `/api/plaid/accounts/${CHECKING.id}/balance`
        ? {
            body: {
              accountId: CHECKING.id,
              balance: { availableCents: 10000, currentCents: 11000, currency: 'USD' },
            },
          }
        : undefined,
    );
    await renderAccounts(<ExternalBankAccounts />, { language: 'en' });
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('First Platypus Bank');
    expect(rows[0]).toHaveTextContent('Plaid Checking •••• 0000 · Checking');
    expect(rows[1]).toHaveTextContent('Plaid Saving •••• 1111 · Savings');

    await userEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Balance' }));
    expect(
      await within(rows[0] as HTMLElement).findByText('Available: $100.00 · Current: $110.00'),
    ).toBeVisible();
    expect(calls.map((c) => c.path)).toContain(`/api/plaid/accounts/${CHECKING.id}/balance`);
  });

  it('says so when a balance cannot be read, or the accounts cannot be loaded', async () => {
    serve(undefined, (call) =>
      call.path.endsWith('/balance') ? apiError(500, 'internal_error') : undefined,
    );
    await renderAccounts(<ExternalBankAccounts />, { language: 'en' });
    const [row] = await screen.findAllByRole('listitem');
    await userEvent.click(within(row as HTMLElement).getByRole('button', { name: 'Balance' }));
    expect(await screen.findByText('Failed to retrieve balance')).toBeVisible();

    stubApi(() => apiError(500, 'internal_error'));
    await renderAccounts(<ExternalBankAccounts />, { language: 'es' });
    expect(await screen.findByText('No se pudieron cargar las cuentas')).toBeVisible();
  });

  it('connects a bank through Plaid Link and exchanges its public token', async () => {
    const link = stubLink('success');
    const calls = serve([], (call) => {
      if (call.path === '/api/plaid/link-token') {
        return { body: { link_token: 'link-sandbox-1', scriptUrl: '/link.js' } };
      }
      if (call.path === '/api/plaid/exchange-token') {
        return { body: { itemId: CHECKING.itemId, accounts: [CHECKING] } };
      }
      return undefined;
    });
    await renderAccounts(<ExternalBankAccounts />, { language: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Bank Account' }));
    expect(await screen.findByText('Bank account connected successfully!')).toBeVisible();
    expect(link[0]?.token).toBe('link-sandbox-1');
    expect(calls.find((c) => c.path === '/api/plaid/link-token')?.body).toEqual({
      language: 'en',
    });
    expect(calls.find((c) => c.path === '/api/plaid/exchange-token')?.body).toEqual({
      public_token: 'public-sandbox-1',
      institution_name: 'First Platypus Bank',
    });
  });

  it('says so when the exchange or Link fails', async () => {
    stubLink('success');
    serve([], (call) => {
      if (call.path === '/api/plaid/link-token') {
        return { body: { link_token: 'link-sandbox-1', scriptUrl: '/link.js' } };
      }
      if (call.path === '/api/plaid/exchange-token') return apiError(500, 'internal_error');
      return undefined;
    });
    await renderAccounts(<ExternalBankAccounts />, { language: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Bank Account' }));
    expect(await screen.findByText('Failed to connect bank account')).toBeVisible();

    stubLink('error');
    await userEvent.click(screen.getByRole('button', { name: 'Connect Bank Account' }));
    expect(await screen.findByText('Failed to connect to your bank')).toBeVisible();
  });

  it('signs in to a bank that needs it again, through Link’s update mode', async () => {
    const link = stubLink('success');
    const calls = serve([{ ...CHECKING, status: 'login_required' }], (call) => {
      if (call.path === '/api/plaid/link-token') {
        return { body: { link_token: 'link-sandbox-update', scriptUrl: '/link.js' } };
      }
      if (call.path === `/api/plaid/items/${CHECKING.itemId}/repair`) {
        return { body: { accounts: [CHECKING] } };
      }
      return undefined;
    });
    await renderAccounts(<ExternalBankAccounts />, { language: 'en' });
    expect(await screen.findByText('Your bank needs you to sign in again')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(await screen.findByText('Done, your bank is connected again.')).toBeVisible();
    expect(link[0]?.token).toBe('link-sandbox-update');
    expect(calls.find((c) => c.path === '/api/plaid/link-token')?.body).toEqual({
      language: 'en',
      itemId: CHECKING.itemId,
    });
    expect(calls.some((c) => c.path === '/api/plaid/exchange-token')).toBe(false);
  });

  it('unlinks a bank after a confirmation', async () => {
    const calls = serve([CHECKING], (call) =>
      call.method === 'DELETE' ? { body: { removed: true } } : undefined,
    );
    await renderAccounts(<ExternalBankAccounts />, { language: 'es' });
    await userEvent.click(await screen.findByRole('button', { name: 'Desvincular' }));
    const dialog = await screen.findByRole('dialog', {
      name: '¿Desvincular First Platypus Bank?',
    });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Desvincular' }));
    expect(await screen.findByText('Desvinculaste First Platypus Bank.')).toBeVisible();
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
        `/api/plaid/items/${CHECKING.itemId}`,
      ]),
    );
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/api-stub';
import { makeTransfer } from '@/test/transfers';
import { useMoneyMutation, walletKeys } from './wallet';

function setup() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  client.setQueryData(walletKeys.balance, { balanceCents: 0 });
  client.setQueryData(walletKeys.incoming, { pages: [] });
  client.setQueryData(walletKeys.bankAccount, null);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    () =>
      useMoneyMutation<number, { id: string }>({
        request: (amount) => ({ path: '/api/wallet/test-deposit', body: { amount } }),
      }),
    { wrapper },
  );
  return { client, hook };
}

describe('useMoneyMutation', () => {
  it('posts under one Idempotency-Key across a network retry, then refreshes every money view', async () => {
    let offline = true;
    const calls = stubApi(() =>
      offline ? 'network_error' : { status: 201, body: makeTransfer() },
    );
    const { client, hook } = setup();

    await act(() => hook.result.current.mutateAsync(500).catch(() => undefined));
    offline = false;
    await act(() => hook.result.current.mutateAsync(500));

    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', '/api/wallet/test-deposit', { amount: 500 }],
      ['POST', '/api/wallet/test-deposit', { amount: 500 }],
    ]);
    const [first, second] = calls.map((call) => call.headers['idempotency-key']);
    expect(first).toBeTruthy();
    expect(second).toBe(first);
    await waitFor(() => {
      expect(client.getQueryState(walletKeys.balance)?.isInvalidated).toBe(true);
      expect(client.getQueryState(walletKeys.incoming)?.isInvalidated).toBe(true);
    });
    // Not money: the bank account stays as it was.
    expect(client.getQueryState(walletKeys.bankAccount)?.isInvalidated).toBe(false);

    // The same deposit again, once answered, is a new operation with a new key.
    await act(() => hook.result.current.mutateAsync(500));
    expect(calls[2]?.headers['idempotency-key']).not.toBe(first);
  });
});

import type { Transfer } from '@pago/shared/contracts/transfers';
import { useMoneyMutation } from '@/lib/wallet';

/** Sandbox money, through the ledger like any deposit. The live server has no such route (404). */
export function useTestDeposit() {
  return useMoneyMutation<number, Transfer>({
    request: (amount) => ({ path: '/api/wallet/test-deposit', body: { amount } }),
  });
}

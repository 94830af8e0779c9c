import type {
  Atm,
  CashBarcode,
  CashDepositList,
  CashStore,
} from '@pago/shared/contracts/cash-deposits';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

const ZIP = /^\d{5}$/;

/** Stores near a ZIP code that take cash with the barcode; off until the ZIP has 5 digits. */
export function useCashStores(postalCode: string) {
  return useQuery({
    queryKey: ['cash-deposits', 'stores', postalCode],
    enabled: ZIP.test(postalCode),
    queryFn: ({ signal }) =>
      apiFetch<{ items: CashStore[] }>(
        `/api/cash-deposits/stores?${new URLSearchParams({ postalCode })}`,
        { signal },
      ).then((r) => r.items),
  });
}

/** The barcode for one store (a fresh one from the server once the last expired). */
export function useCashBarcode(storeId: string | null) {
  return useQuery({
    queryKey: ['cash-deposits', 'barcode', storeId],
    enabled: storeId !== null,
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      apiFetch<CashBarcode>(
        `/api/cash-deposits/barcode?${new URLSearchParams({ storeId: storeId ?? '' })}`,
        { signal },
      ),
  });
}

/**
 * The user's cash deposits, this month's free cash left and the rules. Cash arrives away from the
 * app (at the store's register), so it is asked for again every few seconds.
 */
export function useCashDeposits() {
  return useQuery({
    queryKey: ['cash-deposits', 'list'],
    refetchInterval: 5_000,
    queryFn: ({ signal }) => apiFetch<CashDepositList>('/api/cash-deposits', { signal }),
  });
}

/** In-network ATMs near a ZIP code (no ATM owner surcharge). */
export function useInNetworkAtms(postalCode: string) {
  return useQuery({
    queryKey: ['cards', 'atms', postalCode],
    enabled: ZIP.test(postalCode),
    queryFn: ({ signal }) =>
      apiFetch<{ items: Atm[] }>(`/api/cards/atms?${new URLSearchParams({ postalCode })}`, {
        signal,
      }).then((r) => r.items),
  });
}

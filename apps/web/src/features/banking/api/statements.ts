import type { BankStatements } from '@pago/shared/contracts/banking';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { downloadWithSession } from '@/lib/download';

const statementKeys = { months: ['wallet', 'statements'] as const };

/** The months of the wallet's statements, newest first (the month under way is a statement to date). */
export function useStatements() {
  return useQuery({
    queryKey: statementKeys.months,
    queryFn: ({ signal }) => apiFetch<BankStatements>('/api/unit/statements', { signal }),
    staleTime: 60 * 1000,
  });
}

/** Downloads one month's statement as a PDF in that language. */
export function downloadStatement(month: string, language: 'es' | 'en', filename: string) {
  return downloadWithSession(
    `/api/unit/statements/${encodeURIComponent(month)}/pdf?language=${language}`,
    filename,
  );
}

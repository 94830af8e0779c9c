import type { transferSchema } from '@pago/shared/contracts/transfers';
import type { z } from 'zod';

/** A transfer as JSON carries it (cents as plain numbers). */
type TransferJson = z.input<typeof transferSchema>;

/** A transfer as the server answers a money POST: $50.00 out, processing, no counterparty. */
export function makeTransfer(overrides: Partial<TransferJson> = {}): TransferJson {
  return {
    id: 'tttttttt-0000-4000-8000-000000000001',
    reference: 'TTTT000001',
    kind: 'deposit',
    status: 'completed',
    direction: 'in',
    amountCents: 5000,
    feeCents: 0,
    totalCents: 5000,
    counterparty: null,
    createdAt: '2026-11-21T15:00:00.000Z',
    details: {},
    ...overrides,
  };
}

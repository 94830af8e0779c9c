import type { Transfer } from '@pago/shared/contracts/transfers';
import { type ComponentType, createContext, useContext } from 'react';

/** Where a transfer's actions show: under its row in the list, or in its receipt's actions. */
export type TransferActionsPlace = 'list' | 'receipt';

/**
 * What other features add to a transfer in the activity (the remittances feature's "Track" and
 * "Send again"). Web features do not import each other, so the app shell fills this slot
 * (app/feature-slots.tsx); left empty, the activity shows no such actions.
 */
export type TransferActions = ComponentType<{
  transfer: Pick<Transfer, 'id' | 'kind' | 'direction' | 'amountCents' | 'details'>;
  place: TransferActionsPlace;
}>;

const NoActions: TransferActions = () => null;
const TransferActionsContext = createContext<TransferActions>(NoActions);

export const TransferActionsProvider = TransferActionsContext.Provider;

export function useTransferActions(): TransferActions {
  return useContext(TransferActionsContext);
}

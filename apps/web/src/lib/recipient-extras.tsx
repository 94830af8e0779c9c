import type { Recipient } from '@pago/shared/contracts/remittances';
import { type ComponentType, createContext, useContext } from 'react';

/**
 * What other features show on a saved recipient (under "Enviar dinero" to them): the "Pídeme"
 * link (features/pideme). Web features do not import each other, so the app shell fills this
 * slot (app/feature-slots.tsx); unfilled, nothing is shown.
 */
export type RecipientExtrasSlot = ComponentType<{ recipient: Recipient }>;

const Nothing: RecipientExtrasSlot = () => null;
const RecipientExtrasContext = createContext<RecipientExtrasSlot>(Nothing);

export const RecipientExtrasProvider = RecipientExtrasContext.Provider;

export function useRecipientExtras(): RecipientExtrasSlot {
  return useContext(RecipientExtrasContext);
}

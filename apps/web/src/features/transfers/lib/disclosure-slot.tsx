import type { RemittanceDisclosure } from '@pago/shared/contracts/disclosures';
import { type ComponentType, createContext, useContext } from 'react';

/**
 * The Remittance Transfer Rule's disclosure of a quote (its figures and statements), shown by the
 * review before paying exactly as the send-home flow shows it: the remittances feature's
 * `Disclosure`. Web features do not import each other, so the app shell fills this slot
 * (app/feature-slots.tsx). It may suspend while its code and words load.
 */
export type RemittanceDisclosureSlot = ComponentType<{ disclosure: RemittanceDisclosure }>;

// A remittance is never confirmed without its disclosure: a missing slot fails loudly.
const Unfilled: RemittanceDisclosureSlot = () => {
  throw new Error(
    'A remittance’s review needs the app shell’s disclosure (app/feature-slots.tsx).',
  );
};
const RemittanceDisclosureContext = createContext<RemittanceDisclosureSlot>(Unfilled);

export const RemittanceDisclosureProvider = RemittanceDisclosureContext.Provider;

export function useRemittanceDisclosure(): RemittanceDisclosureSlot {
  return useContext(RemittanceDisclosureContext);
}

import { type ComponentType, createContext, useContext } from 'react';
import { ApiError } from '@/lib/api-client';

/** What a money movement may still need from the person, asked inside the flow that needs it. */
export type MissingDetail = 'address' | 'phone';

/**
 * The detail a refusal asks for: the home address (`address_required`) or a phone
 * (`phone_required`); null for any other failure.
 */
export function missingDetailOf(failure: unknown): MissingDetail | null {
  if (!(failure instanceof ApiError)) return null;
  if (failure.code === 'address_required') return 'address';
  if (failure.code === 'phone_required') return 'phone';
  return null;
}

/** Why a flow asks ("para agregar dinero desde tu banco"): onboarding:needs.purposes.<key>. */
export type MissingDetailPurpose =
  | 'addMoney'
  | 'withdraw'
  | 'accountNumbers'
  | 'card'
  | 'sendHome'
  | 'onboarding'
  | 'billPay'
  | 'cashDeposit';

export type MissingDetailStepProps = {
  need: MissingDetail;
  purpose: MissingDetailPurpose;
  /** Called once the detail is on the profile: the flow goes on with what it was doing. */
  onDone(): void;
  onCancel(): void;
  /** The leave button's words: "Cancelar" by default, "Ahora no" in onboarding. */
  cancelLabel?: string;
};

/**
 * The step a flow shows in place when the server answers that it needs the home address or a
 * phone: the form prefilled from what Pago knows, saved through the profile API. The address form
 * and the phone check belong to other features, so the app shell fills this slot
 * (app/feature-slots.tsx) and every flow asks the same way.
 */
export type MissingDetailSlot = ComponentType<MissingDetailStepProps>;

const Unfilled: MissingDetailSlot = () => {
  throw new Error(
    'Asking for a missing detail needs the app shell’s step (app/feature-slots.tsx).',
  );
};
const MissingDetailContext = createContext<MissingDetailSlot>(Unfilled);

export const MissingDetailProvider = MissingDetailContext.Provider;

/** The step to render for a missing detail (see MissingDetailSlot). */
export function useMissingDetailStep(): MissingDetailSlot {
  return useContext(MissingDetailContext);
}

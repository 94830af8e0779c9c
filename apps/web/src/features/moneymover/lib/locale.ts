import { type Cents, centsToDecimalString, type Locale } from '@pago/shared/money';
import { useTranslation } from 'react-i18next';

/** The app language as a money locale ('es' unless English is chosen). */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'es';
}

/** The API's `amountUsd` (a number with two decimals) for whole cents, without float arithmetic. */
export function centsToAmountUsd(amount: Cents): number {
  return Number(centsToDecimalString(amount));
}

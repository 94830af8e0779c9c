import Typography from '@mui/material/Typography';
import { CARD_DAILY_LIMITS } from '@pago/shared/contracts/cards';
import { type Cents, formatUsd, parseAmount } from '@pago/shared/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UsdAmountField } from '@/components/ui/usd-amount-field';
import { useLocale } from '@/lib/format';
import { moneyErrorFeedback } from '@/lib/money-errors';
import { useCardAction } from '../api/cards';
import { type DialogProps, FormDialog } from './form-dialog';

/** The card's daily purchase and ATM limits, within Pago's. */
export function LimitsDialog({ card, onClose, onDone }: DialogProps) {
  const { t } = useTranslation('cards');
  const locale = useLocale();
  const action = useCardAction(card.id);
  const decimal = (value: number) => (value / 100).toFixed(2);
  const [purchase, setPurchase] = useState(decimal(card.limits.dailyPurchaseCents));
  const [withdrawal, setWithdrawal] = useState(decimal(card.limits.dailyWithdrawalCents));
  const [error, setError] = useState<string | null>(null);
  const maxPurchase = formatUsd(CARD_DAILY_LIMITS.purchaseCents as Cents, locale);
  const maxWithdrawal = formatUsd(CARD_DAILY_LIMITS.withdrawalCents as Cents, locale);
  const read = (value: string, max: number) => {
    const amount = parseAmount(value, locale);
    return amount !== null && amount >= 100 && amount <= max ? amount : null;
  };
  const submit = () => {
    const dailyPurchaseCents = read(purchase, CARD_DAILY_LIMITS.purchaseCents);
    const dailyWithdrawalCents = read(withdrawal, CARD_DAILY_LIMITS.withdrawalCents);
    if (dailyPurchaseCents === null) {
      return setError(t('limits.invalid', { max: maxPurchase, what: t('limits.purchase') }));
    }
    if (dailyWithdrawalCents === null) {
      return setError(t('limits.invalid', { max: maxWithdrawal, what: t('limits.withdrawal') }));
    }
    setError(null);
    action.mutate(
      { action: 'limits', limits: { dailyPurchaseCents, dailyWithdrawalCents } },
      {
        onSuccess: () => onDone(t('limits.done')),
        onError: (failure) =>
          setError(moneyErrorFeedback(t, failure, 'limits.failed', locale).text),
      },
    );
  };
  return (
    <FormDialog
      title={t('limits.title')}
      error={error}
      submitLabel={t('limits.submit')}
      pending={action.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <Typography>{t('limits.intro')}</Typography>
      <UsdAmountField
        label={t('limits.purchase')}
        helperText={t('limits.max', { max: maxPurchase })}
        value={purchase}
        onChange={(event) => setPurchase(event.target.value)}
      />
      <UsdAmountField
        label={t('limits.withdrawal')}
        helperText={t('limits.max', { max: maxWithdrawal })}
        value={withdrawal}
        onChange={(event) => setWithdrawal(event.target.value)}
      />
    </FormDialog>
  );
}

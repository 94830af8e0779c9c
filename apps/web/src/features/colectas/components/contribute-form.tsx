import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Colecta } from '@pago/shared/contracts/colectas';
import { cents, formatUsd, parseAmount } from '@pago/shared/money';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackMessage, useFeedback } from '@/components/ui/feedback';
import { MoneySubmitButton } from '@/components/ui/money-submit-button';
import { UsdAmountField } from '@/components/ui/usd-amount-field';
import { useLocale } from '@/lib/format';
import { moneyErrorFeedback } from '@/lib/money-errors';
import { useColectaMoney } from '../api/colectas';

/** "Aportar": an amount up to what is left, held by Pago from the wallet. */
export function ContributeForm({ colecta }: { colecta: Colecta }) {
  const { t } = useTranslation(['colectas', 'errors', 'common']);
  const locale = useLocale();
  const money = useColectaMoney(colecta.id);
  const [feedback, setFeedback] = useFeedback();
  const [amount, setAmount] = useState('');
  const remaining = cents(Math.max(0, colecta.targetCents - colecta.collectedCents));
  const parsed = parseAmount(amount, locale);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFeedback(null);
    if (!parsed || parsed > remaining) {
      setFeedback({
        severity: 'error',
        text: t('contribute.invalid', { amount: formatUsd(remaining, locale) }),
      });
      return;
    }
    try {
      await money.mutateAsync({ action: 'contributions', amountCents: parsed });
      setAmount('');
      setFeedback({
        severity: 'success',
        text: t('contribute.done', { amount: formatUsd(parsed, locale) }),
      });
    } catch (failure) {
      setFeedback(moneyErrorFeedback(t, failure, 'common:status.genericError', locale));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="h6" component="h2">
        {t('contribute.title')}
      </Typography>
      <UsdAmountField
        label={t('contribute.amount')}
        helperText={t('contribute.remaining', { amount: formatUsd(remaining, locale) })}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      <Typography variant="body2" color="text.secondary">
        {t('detail.noWithdraw')}
      </Typography>
      <FeedbackMessage feedback={feedback} />
      <MoneySubmitButton
        label={
          parsed
            ? t('contribute.submit', { amount: formatUsd(parsed, locale) })
            : t('contribute.submitEmpty')
        }
        pending={money.isPending}
      />
    </Box>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { CHECK_DEPOSIT_LIMITS, type CheckDeposit } from '@pago/shared/contracts/check-deposits';
import { type Cents, cents, formatUsd, parseAmount } from '@pago/shared/money';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailRows } from '@/components/ui/detail-rows';
import { FeedbackMessage, useFeedback } from '@/components/ui/feedback';
import { MoneySubmitButton } from '@/components/ui/money-submit-button';
import { UsdAmountField } from '@/components/ui/usd-amount-field';
import { ApiError } from '@/lib/api-client';
import { formatDay, useLocale } from '@/lib/format';
import { moneyErrorFeedback } from '@/lib/money-errors';
import { useVerifiedAction } from '@/lib/use-verified-action';
import {
  useCheckDepositLimits,
  useConfirmCheckDeposit,
  useCreateCheckDeposit,
  useUploadCheckPhoto,
} from '../api/check-deposits';
import { CheckPhotoStep } from './check-photo-step';

type Step = 'amount' | 'front' | 'back' | 'review';

/**
 * A check deposit from start to confirmation: the amount, the front, the back (each photo with a
 * preview), then a review with the limits left and when the money is available, and Confirmar.
 */
export function CheckDepositFlow({ onConfirmed }: { onConfirmed(deposit: CheckDeposit): void }) {
  const { t } = useTranslation('checks');
  const locale = useLocale();
  const usd = (amount: Cents) => formatUsd(amount, locale);
  const limits = useCheckDepositLimits();
  const create = useCreateCheckDeposit();
  const upload = useUploadCheckPhoto();
  const confirm = useConfirmCheckDeposit();
  const verified = useVerifiedAction();
  const [step, setStep] = useState<Step>('amount');
  const [amount, setAmount] = useState('');
  const [deposit, setDeposit] = useState<CheckDeposit | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [feedback, setFeedback] = useFeedback();
  const amountId = useId();

  const refusal = (failure: unknown) => {
    if (failure instanceof ApiError && failure.code === 'bank_account_required') {
      return setFeedback({
        severity: 'error',
        text: t('errors.bankAccount'),
        link: { to: '/direct-deposit', label: t('errors.openBankAccount') },
      });
    }
    if (failure instanceof ApiError && failure.code === 'limit_exceeded') {
      const remaining = cents(Number(failure.details?.remainingCents ?? 0));
      return setFeedback({
        severity: 'error',
        text: t('amount.overLimit', { remaining: usd(remaining) }),
      });
    }
    setFeedback(moneyErrorFeedback(t, failure, 'checks:errors.generic', locale));
  };

  const start = async (event: FormEvent) => {
    event.preventDefault();
    const value = parseAmount(amount, locale);
    if (!amount.trim()) return setFeedback({ severity: 'error', text: t('amount.required') });
    if (value === null || value <= 0)
      return setFeedback({ severity: 'error', text: t('amount.invalid') });
    if (value > CHECK_DEPOSIT_LIMITS.perCheck) {
      return setFeedback({
        severity: 'error',
        text: t('amount.tooMuch', { max: usd(CHECK_DEPOSIT_LIMITS.perCheck) }),
      });
    }
    setFeedback(null);
    const result = await verified.run(async () => {
      try {
        setDeposit(await create.mutateAsync({ amountCents: value }));
        setStep('front');
      } catch (failure) {
        refusal(failure);
      }
    });
    if (result === 'error')
      setFeedback({ severity: 'error', text: t('common:identityCheck.checkFailed') });
  };

  const send = async (side: 'front' | 'back', photo: File) => {
    if (!deposit) return;
    setPhotoError(null);
    try {
      setDeposit(await upload.mutateAsync({ id: deposit.id, side, photo }));
      setStep(side === 'front' ? 'back' : 'review');
    } catch (failure) {
      const code = failure instanceof ApiError ? failure.code : null;
      setPhotoError(
        code === 'image_too_large'
          ? t('photo.tooLarge', { max: 10 })
          : code === 'invalid_image'
            ? t('photo.wrongType')
            : t('photo.failed'),
      );
    }
  };

  const finish = async () => {
    if (!deposit) return;
    try {
      onConfirmed(await confirm.mutateAsync({ id: deposit.id }));
    } catch (failure) {
      refusal(failure);
    }
  };

  const restart = () => {
    setStep('amount');
    setDeposit(null);
    setAmount('');
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <FeedbackMessage feedback={feedback} />
      {step === 'amount' && (
        <Box component="form" onSubmit={start} noValidate sx={{ display: 'grid', gap: 2 }}>
          <UsdAmountField
            id={amountId}
            label={t('amount.label')}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            helperText={
              limits.data
                ? t('amount.limits', {
                    day: usd(limits.data.day.remainingCents),
                    month: usd(limits.data.month.remainingCents),
                  })
                : undefined
            }
          />
          <MoneySubmitButton
            label={t('amount.continue')}
            pending={create.isPending}
            checking={verified.checking}
            checkingLabel={t('common:status.processing')}
          />
        </Box>
      )}
      {(step === 'front' || step === 'back') && (
        <CheckPhotoStep
          key={step}
          side={step}
          sending={upload.isPending}
          error={photoError}
          onUse={(photo) => void send(step, photo)}
        />
      )}
      {step === 'review' && deposit && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {t('review.title')}
          </Typography>
          <DetailRows
            rows={[
              { label: t('review.amount'), value: usd(deposit.amountCents), strong: true },
              { label: t('review.fee'), value: t('review.free') },
              ...(limits.data
                ? [
                    { label: t('review.leftToday'), value: usd(limits.data.day.remainingCents) },
                    { label: t('review.leftMonth'), value: usd(limits.data.month.remainingCents) },
                    {
                      label: t('review.available'),
                      value: formatDay(limits.data.availableBy, locale),
                    },
                  ]
                : []),
            ]}
          />
          <Typography variant="body2" color="text.secondary">
            {t('review.note')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              size="large"
              disabled={confirm.isPending || !limits.isSuccess}
              onClick={() => void finish()}
            >
              {confirm.isPending ? t('common:status.processing') : t('review.confirm')}
            </Button>
            <Button size="large" disabled={confirm.isPending} onClick={restart}>
              {t('review.cancel')}
            </Button>
          </Box>
        </Box>
      )}
    </Box>
  );
}

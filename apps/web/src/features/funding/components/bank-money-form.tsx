import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { inSameDayWindow } from '@pago/shared/business-days';
import { MAX_WITHDRAWAL_CENTS } from '@pago/shared/contracts/funding';
import type { LinkedBankAccount } from '@pago/shared/contracts/plaid';
import {
  BANK_FUNDING_LIMITS,
  DELIVERY_TIMES,
  FUNDS_AVAILABILITY,
  INSTANT_WITHDRAWAL_FEE,
  SAME_DAY_HOURS,
} from '@pago/shared/fees';
import { type Cents, cents, formatUsd, parseAmount } from '@pago/shared/money';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailRows } from '@/components/ui/detail-rows';
import { FeedbackMessage, useFeedback } from '@/components/ui/feedback';
import { MoneySubmitButton } from '@/components/ui/money-submit-button';
import { UsdAmountField } from '@/components/ui/usd-amount-field';
import { ApiError } from '@/lib/api-client';
import { formatDay, useLocale } from '@/lib/format';
import { type MissingDetail, missingDetailOf, useMissingDetailStep } from '@/lib/missing-details';
import { moneyErrorFeedback } from '@/lib/money-errors';
import { useVerifiedAction } from '@/lib/use-verified-action';
import { useBalance } from '@/lib/wallet';
import { useBankMove, useDepositAvailability, useFundingLimits } from '../api/funding';

type Direction = 'deposit' | 'withdrawal';
type Speed = 'standard' | 'instant';
type Review = { bank: LinkedBankAccount; amount: Cents; speed: Speed };

const bankLabel = (bank: LinkedBankAccount) =>
  `${bank.institution} ${bank.name}${bank.mask ? ` ••${bank.mask}` : ''}`;

/**
 * Adding money from a linked bank, or withdrawing to one: bank, amount (and speed), then a review
 * with the fee, the total, when it arrives and the limits left, then the confirmation.
 */
export function BankMoneyForm({
  direction,
  banks,
}: {
  direction: Direction;
  banks: LinkedBankAccount[];
}) {
  const { t } = useTranslation('funding');
  const locale = useLocale();
  const usd = (amount: Cents) => formatUsd(amount, locale);
  const move = useBankMove(direction);
  const verified = useVerifiedAction();
  const limits = useFundingLimits();
  const balance = useBalance();
  const [bankId, setBankId] = useState(banks[0]?.id ?? '');
  const [amount, setAmount] = useState('');
  const [speed, setSpeed] = useState<Speed>('standard');
  const [review, setReview] = useState<Review | null>(null);
  // The home address or phone the bank asked for on "Confirmar": asked here, then confirmed again.
  const [need, setNeed] = useState<MissingDetail | null>(null);
  const MissingDetailStep = useMissingDetailStep();
  const [feedback, setFeedback] = useFeedback();
  // Funds availability for the deposit under review: shown before it can be confirmed.
  const availability = useDepositAvailability(
    review?.bank.id ?? '',
    direction === 'deposit' && review ? review.amount : null,
  );
  const ids = { amount: useId(), bank: useId(), speed: useId() };
  const prefix = direction === 'deposit' ? 'add' : 'withdraw';
  const max = direction === 'deposit' ? BANK_FUNDING_LIMITS.perDeposit : MAX_WITHDRAWAL_CENTS;
  const fee = (s: Speed) =>
    direction === 'withdrawal' && s === 'instant' ? INSTANT_WITHDRAWAL_FEE : cents(0);

  /**
   * What one withdrawal can really take: the whole available balance (the omnibus covers money
   * that never went through the partner), less the instant fee, at most the per-withdrawal cap.
   */
  const withdrawable = (available: Cents, speedFee: Cents) =>
    cents(Math.max(0, Math.min(available - speedFee, MAX_WITHDRAWAL_CENTS)));

  const toReview = (event: FormEvent) => {
    event.preventDefault();
    const bank = banks.find((b) => b.id === bankId);
    const cents = parseAmount(amount, 'en');
    if (!bank || !amount.trim())
      return setFeedback({ severity: 'error', text: t('errors.required') });
    if (cents === null || cents <= 0)
      return setFeedback({ severity: 'error', text: t('errors.invalid') });
    if (cents > max)
      return setFeedback({ severity: 'error', text: t('errors.tooMuch', { max: usd(max) }) });
    setFeedback(null);
    setReview({ bank, amount: cents, speed });
  };

  const confirm = async (chosen: Review) => {
    const result = await verified.run(async () => {
      try {
        await move.mutateAsync({
          plaidAccountId: chosen.bank.id,
          amountCents: chosen.amount,
          ...(direction === 'withdrawal' ? { speed: chosen.speed } : {}),
        });
        setReview(null);
        setAmount('');
        setFeedback({
          severity: 'success',
          text: t(`${prefix}.success`, {
            amount: usd(chosen.amount),
            bank: bankLabel(chosen.bank),
            date: availability.data ? formatDay(availability.data.availableBy, locale) : '',
          }),
        });
      } catch (failure) {
        const missing = missingDetailOf(failure);
        if (missing) {
          setNeed(missing);
          return;
        }
        const details = failure instanceof ApiError ? (failure.details ?? {}) : {};
        const bankLimit =
          failure instanceof ApiError &&
          failure.code === 'limit_exceeded' &&
          String(details.limit).startsWith('bank_funding');
        setFeedback(
          bankLimit
            ? {
                severity: 'error',
                text: t('errors.bankFundingLimit', {
                  remaining: usd(cents(Number(details.remainingCents ?? 0))),
                }),
              }
            : moneyErrorFeedback(t, failure, 'common:status.genericError', locale),
        );
        setReview(null);
      }
    });
    if (result === 'error')
      setFeedback({ severity: 'error', text: t('common:identityCheck.checkFailed') });
  };

  if (review && need) {
    return (
      <MissingDetailStep
        need={need}
        purpose={direction === 'deposit' ? 'addMoney' : 'withdraw'}
        onDone={() => {
          setNeed(null);
          void confirm(review);
        }}
        onCancel={() => setNeed(null)}
      />
    );
  }

  if (review) {
    const reviewFee = fee(review.speed);
    const arrives =
      review.speed === 'instant'
        ? inSameDayWindow(new Date(), SAME_DAY_HOURS)
          ? t('review.arrivesInstant')
          : t('review.arrivesNextBusinessDay')
        : t('review.arrivesStandard', {
            min: DELIVERY_TIMES.standardMinDays,
            max: DELIVERY_TIMES.standardMaxDays,
          });
    const deposit = direction === 'deposit';
    const canConfirm = !deposit || availability.isSuccess;
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700 }}>
          {t('review.title')}
        </Typography>
        <DetailRows
          rows={[
            {
              label: t(direction === 'deposit' ? 'review.from' : 'review.to'),
              value: bankLabel(review.bank),
            },
            { label: t('review.amount'), value: usd(review.amount) },
            ...(direction === 'withdrawal'
              ? [
                  {
                    label: t('review.fee'),
                    value: reviewFee > 0 ? usd(reviewFee) : t('review.free'),
                  },
                ]
              : []),
            {
              label: t('review.total'),
              value: usd(cents(review.amount + reviewFee)),
              strong: true,
            },
            ...(deposit ? [] : [{ label: t('review.arrives'), value: arrives }]),
            ...(direction === 'deposit' && limits.data
              ? [
                  { label: t('review.leftToday'), value: usd(limits.data.day.remainingCents) },
                  { label: t('review.leftMonth'), value: usd(limits.data.month.remainingCents) },
                ]
              : []),
          ]}
        />
        {deposit && <DepositAvailabilityNote availability={availability} />}
        {deposit && (
          <Typography variant="body2" color="text.secondary">
            {t('review.pendingNote')}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            size="large"
            onClick={() => void confirm(review)}
            disabled={move.isPending || verified.checking || !canConfirm}
          >
            {move.isPending || verified.checking
              ? t('common:status.processing')
              : t('review.confirm')}
          </Button>
          <Button onClick={() => setReview(null)} disabled={move.isPending}>
            {t('review.back')}
          </Button>
        </Box>
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={toReview} sx={{ display: 'grid', gap: 2 }}>
      <FeedbackMessage feedback={feedback} />
      <FormControl>
        <FormLabel id={ids.bank}>
          {t(direction === 'deposit' ? 'fields.from' : 'fields.to')}
        </FormLabel>
        <RadioGroup
          aria-labelledby={ids.bank}
          value={bankId}
          onChange={(e) => setBankId(e.target.value)}
        >
          {banks.map((bank) => (
            <FormControlLabel
              key={bank.id}
              value={bank.id}
              control={<Radio />}
              label={bankLabel(bank)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <UsdAmountField
        id={ids.amount}
        // Its own words in each form: the add-money dialog holds both, and each field is named apart.
        label={t(direction === 'deposit' ? 'fields.amountAdd' : 'fields.amountWithdraw')}
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        helperText={
          direction === 'deposit' && limits.data
            ? t('add.limits', {
                day: usd(limits.data.day.remainingCents),
                month: usd(limits.data.month.remainingCents),
              })
            : direction === 'withdrawal' && balance.data
              ? t('withdraw.available', {
                  amount: usd(withdrawable(balance.data.availableBalanceCents, fee(speed))),
                })
              : undefined
        }
      />
      {direction === 'withdrawal' && (
        <FormControl>
          <FormLabel id={ids.speed}>{t('fields.speed')}</FormLabel>
          <RadioGroup
            aria-labelledby={ids.speed}
            value={speed}
            onChange={(e) => setSpeed(e.target.value === 'instant' ? 'instant' : 'standard')}
          >
            <FormControlLabel
              value="standard"
              control={<Radio />}
              label={t('speed.standard', {
                min: DELIVERY_TIMES.standardMinDays,
                max: DELIVERY_TIMES.standardMaxDays,
              })}
            />
            <FormControlLabel
              value="instant"
              control={<Radio />}
              label={t('speed.instant', { fee: usd(INSTANT_WITHDRAWAL_FEE) })}
            />
          </RadioGroup>
        </FormControl>
      )}
      <MoneySubmitButton label={t('review.continue')} pending={false} />
    </Box>
  );
}

/**
 * When the deposit under review can be used (docs/funds-availability.md): what is available when
 * the bank settles it, what stays on hold and until when, and why.
 */
function DepositAvailabilityNote({
  availability,
}: {
  availability: ReturnType<typeof useDepositAvailability>;
}) {
  const { t } = useTranslation('funding');
  const locale = useLocale();
  const headingId = useId();
  if (availability.isPending) {
    return (
      <Typography variant="body2" role="status">
        {t('availability.loading')}
      </Typography>
    );
  }
  if (availability.isError) {
    return (
      <Box role="alert" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2">{t('availability.failed')}</Typography>
        <Button size="small" onClick={() => void availability.refetch()}>
          {t('availability.retry')}
        </Button>
      </Box>
    );
  }
  const plan = availability.data;
  const settlesBy = formatDay(plan.settlesBy, locale);
  const rule = plan.newLink ? FUNDS_AVAILABILITY.newLink : FUNDS_AVAILABILITY.establishedLink;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 0.5 }}>
      <Typography id={headingId} variant="subtitle2" component="h5" sx={{ fontWeight: 700 }}>
        {t('availability.title')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {plan.atSettlementCents > 0 && (
          <li>
            <Typography variant="body2">
              {t('availability.atSettlement', {
                amount: formatUsd(plan.atSettlementCents, locale),
                date: settlesBy,
              })}
            </Typography>
          </li>
        )}
        {plan.onHoldCents > 0 && (
          <li>
            <Typography variant="body2">
              {t('availability.afterHold', {
                amount: formatUsd(plan.onHoldCents, locale),
                date: formatDay(plan.availableBy, locale),
              })}
            </Typography>
          </li>
        )}
      </Box>
      {plan.onHoldCents > 0 && (
        <Typography variant="body2" color="text.secondary">
          {plan.newLink
            ? t('availability.newLink', { days: plan.holdBusinessDays })
            : t('availability.large', {
                limit: formatUsd(rule.atSettlement, locale),
                days: plan.holdBusinessDays,
              })}
        </Typography>
      )}
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Quote, Speed } from '@pago/shared/contracts/transfers';
import { CORRIDORS, type CorridorCountry, getCorridor, TRANSFER_LIMITS } from '@pago/shared/fees';
import { type Cents, formatUsd, cents as toCents } from '@pago/shared/money';
import { getPhoneCountry } from '@pago/shared/phone-countries';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalculatorRates } from '@/components/calculator-rates';
import { UsdAmountField } from '@/components/ui/usd-amount-field';
import { centsToAmountUsd, readAmount } from '@/lib/amount';
import { apiFetch } from '@/lib/api-client';
import { useDeliveryTime } from '@/lib/delivery-time';
import { errorText } from '@/lib/error-text';
import { formatCurrency, formatRate, useLocale } from '@/lib/format';

/** What the calculator hands on: where, how much (as typed) and at which speed. */
export type SendPlan = { country: CorridorCountry; amount: string; speed: Speed };

/** How long typing must pause before the figures are asked for again. */
const SETTLE_MS = 400;

const SPEEDS: readonly Speed[] = ['standard', 'express'];

/** The text after the person stops typing for SETTLE_MS. */
function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/** The quote API's estimate for no recipient yet (`POST /api/transactions/quote`). */
function useEstimate(country: CorridorCountry, cents: Cents | null, speed: Speed) {
  return useQuery({
    queryKey: ['send-calculator', country, cents, speed],
    queryFn: () =>
      apiFetch<Quote>('/api/transactions/quote', {
        method: 'POST',
        body: {
          recipientCountry: country,
          amountUsd: centsToAmountUsd(cents ?? toCents(0)),
          speed,
        },
      }),
    enabled: cents !== null,
    retry: false,
    // A quote holds its rate for minutes; the same figures are not asked for again meanwhile.
    staleTime: 60_000,
  });
}

/**
 * Sending home opens with its price, before anyone is saved (as Remitly and Wise open): the
 * country and the amount, then for each speed the fee, the total, the rate, what arrives and when.
 * Choosing a speed goes on to the recipient.
 */
export function SendCalculator({
  initial,
  onChoose,
}: {
  initial?: Partial<SendPlan>;
  onChoose(plan: SendPlan): void;
}) {
  const { t } = useTranslation('send');
  const locale = useLocale();
  const [country, setCountry] = useState<CorridorCountry>(initial?.country ?? 'MX');
  const [amount, setAmount] = useState(initial?.amount ?? '');
  const settled = useSettled(amount);
  const read = settled.trim() ? readAmount(settled, locale) : null;
  const cents = read && !read.problem ? read.cents : null;

  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Typography variant="h6" component="h2">
        {t('calculator.title')}
      </Typography>
      <TextField
        select
        label={t('calculator.country')}
        value={country}
        onChange={(event) => setCountry(event.target.value as CorridorCountry)}
        slotProps={{ select: { native: true } }}
      >
        {CORRIDORS.map((corridor) => (
          <option key={corridor.country} value={corridor.country}>
            {`${getPhoneCountry(corridor.country).name[locale]} (${corridor.currency})`}
          </option>
        ))}
      </TextField>
      <CalculatorRates currency={getCorridor(country).currency} />
      <UsdAmountField
        autoFocus
        label={t('calculator.amount')}
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={Boolean(read?.problem)}
        helperText={
          read?.problem
            ? t(read.problem, { limit: formatUsd(TRANSFER_LIMITS.perTransaction, locale) })
            : t('calculator.hint')
        }
      />
      {cents === null ? null : (
        <Box
          component="section"
          aria-label={t('calculator.options')}
          sx={{ display: 'grid', gap: 1.5 }}
        >
          {SPEEDS.map((speed) => (
            <SpeedOption
              key={speed}
              country={country}
              cents={cents}
              speed={speed}
              onChoose={() => onChoose({ country, amount: settled.trim(), speed })}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** One speed's figures and its "Continuar"; express only where a payer pays in minutes. */
function SpeedOption({
  country,
  cents,
  speed,
  onChoose,
}: {
  country: CorridorCountry;
  cents: Cents;
  speed: Speed;
  onChoose(): void;
}) {
  const { t } = useTranslation('send');
  const locale = useLocale();
  const delivery = useDeliveryTime();
  const estimate = useEstimate(country, cents, speed);
  const title = delivery.option(country, speed);

  if (estimate.isPending) {
    return (
      <Paper variant="outlined" sx={{ p: 2 }} role="status" aria-label={t('calculator.pricing')}>
        <Skeleton width="50%" />
        <Skeleton width="80%" />
      </Paper>
    );
  }
  if (estimate.isError) {
    // Express where no payer pays in minutes is simply not offered; the standard price's
    // failure is said (an identity to verify first, a limit, the partner unreachable).
    if (speed === 'express') return null;
    return (
      <Alert severity="warning" role="alert">
        {errorText(t, estimate.error) ?? t('transfers:send.errors.quoteFailed')}
      </Alert>
    );
  }
  const quote = estimate.data;
  const rows: [string, string][] = [
    [t('calculator.fee'), formatUsd(quote.feeCents, locale)],
    [t('calculator.total'), formatUsd(quote.totalCents, locale)],
    [
      t('calculator.rate'),
      t('calculator.rateValue', {
        rate: formatRate(quote.fxRate, locale),
        currency: quote.payoutCurrency,
      }),
    ],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }} data-speed={speed}>
      <Typography sx={{ fontWeight: 700 }}>{title}</Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
        {t('calculator.receives', {
          amount: formatCurrency(quote.payoutAmount, quote.payoutCurrency, locale),
        })}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 0.5 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, textAlign: 'right' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Button
        variant={speed === 'standard' ? 'contained' : 'outlined'}
        onClick={onChoose}
        sx={{ justifySelf: { sm: 'start' } }}
      >
        {t(`calculator.choose.${speed}`)}
      </Button>
    </Paper>
  );
}

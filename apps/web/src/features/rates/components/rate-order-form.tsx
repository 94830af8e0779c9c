import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { getCorridor, TRANSFER_LIMITS } from '@pago/shared/fees';
import { formatUsd } from '@pago/shared/money';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneySubmitButton } from '@/components/ui/money-submit-button';
import { UsdAmountField } from '@/components/ui/usd-amount-field';
import { centsToAmountUsd, readAmount } from '@/lib/amount';
import { errorText } from '@/lib/error-text';
import { useLocale } from '@/lib/format';
import { useCreateRateOrder, useSavedRecipients } from '../api/rates';
import { rateInput } from './rate-alerts-section';

/** YYYY-MM-DD of today plus `days`, in the person's own calendar. */
function dayFromToday(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
}

/**
 * Send at my rate: a saved recipient, an amount, the target rate and a last date, and what to do
 * then (send at that day's rate, or cancel). The amount and the highest fee are reserved at once.
 */
export function RateOrderForm() {
  const { t } = useTranslation(['rates', 'errors', 'common']);
  const locale = useLocale();
  const recipients = useSavedRecipients();
  const create = useCreateRateOrder();
  const payable = (recipients.data ?? []).filter(
    (r) => !r.needsUpdate && getCorridor(r.country as never).currency !== 'USD',
  );
  const [recipientId, setRecipientId] = useState('');
  const [amount, setAmount] = useState('');
  const [target, setTarget] = useState('');
  const [lastDate, setLastDate] = useState(dayFromToday(14));
  const [atLastDate, setAtLastDate] = useState<'send' | 'cancel'>('send');
  const [shown, setShown] = useState(false);
  const chosen = recipientId || payable[0]?.id || '';
  const recipient = payable.find((r) => r.id === chosen);
  const currency = recipient ? getCorridor(recipient.country as never).currency : '';
  const read = amount.trim() ? readAmount(amount, locale) : null;
  const targetRate = rateInput(target);

  function submit(event: FormEvent) {
    event.preventDefault();
    setShown(true);
    if (!recipient || !read || read.problem || targetRate === null) return;
    create.mutate({
      recipientId: recipient.id,
      amountUsd: centsToAmountUsd(read.cents),
      speed: 'standard',
      targetRate,
      lastDate,
      atLastDate,
    });
  }

  if (recipients.isSuccess && payable.length === 0) {
    return <Typography color="text.secondary">{t('orders.noRecipients')}</Typography>;
  }
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
      <TextField
        select
        label={t('orders.recipient')}
        value={chosen}
        onChange={(event) => setRecipientId(event.target.value)}
        slotProps={{ select: { native: true } }}
      >
        {payable.map((r) => (
          <option key={r.id} value={r.id}>
            {r.fullName}
          </option>
        ))}
      </TextField>
      <UsdAmountField
        label={t('orders.amount')}
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={shown && (!read || Boolean(read.problem))}
        helperText={
          read?.problem
            ? t(read.problem, { limit: formatUsd(TRANSFER_LIMITS.perTransaction, locale) })
            : t('orders.amountHint')
        }
      />
      <TextField
        label={t('orders.target', { currency })}
        value={target}
        onChange={(event) => setTarget(event.target.value)}
        error={shown && targetRate === null}
        helperText={
          shown && targetRate === null ? t('alerts.invalid') : t('alerts.hint', { currency })
        }
        slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
      />
      <TextField
        type="date"
        label={t('orders.lastDate')}
        value={lastDate}
        onChange={(event) => setLastDate(event.target.value)}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { min: dayFromToday(0), max: dayFromToday(90) },
        }}
      />
      <FormControl>
        <FormLabel id="at-last-date">{t('orders.atLastDate')}</FormLabel>
        <RadioGroup
          aria-labelledby="at-last-date"
          value={atLastDate}
          onChange={(event) => setAtLastDate(event.target.value as 'send' | 'cancel')}
        >
          <FormControlLabel value="send" control={<Radio />} label={t('orders.thenSend')} />
          <FormControlLabel value="cancel" control={<Radio />} label={t('orders.thenCancel')} />
        </RadioGroup>
      </FormControl>
      <Typography variant="body2" color="text.secondary">
        {t('orders.reserveNote')}
      </Typography>
      {create.isError && (
        <Alert severity="error" role="alert">
          {errorText(t, create.error) ?? t('orders.failed')}
        </Alert>
      )}
      {create.isSuccess && (
        <Alert severity="success" role="status">
          {t('orders.created', { amount: formatUsd(create.data.heldCents, locale) })}
        </Alert>
      )}
      <MoneySubmitButton label={t('orders.create')} pending={create.isPending} />
    </Box>
  );
}

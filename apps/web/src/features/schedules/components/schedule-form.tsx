import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  type CreateScheduleBody,
  SCHEDULE_FREQUENCIES,
  type Schedule,
  type ScheduleFrequency,
} from '@pago/shared/contracts/schedules';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UsdAmountField } from '@/components/ui/usd-amount-field';
import { parseAmount } from './schedule-rule';

const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

export type ScheduleFormValues = Omit<CreateScheduleBody, 'recipientId' | 'payeeUsername'>;

/** The rule and amount of a schedule: new (with its recipient chosen above it) or edited. */
export function ScheduleForm({
  initial,
  submitLabel,
  busy,
  error,
  onSubmit,
  children,
}: {
  initial?: Schedule;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit(values: ScheduleFormValues): void;
  /** What comes first in the form (the recipient's choice, for a new schedule). */
  children?: React.ReactNode;
}) {
  const { t } = useTranslation('schedules');
  const [amount, setAmount] = useState(initial ? String(initial.amountCents / 100) : '');
  const [frequency, setFrequency] = useState<ScheduleFrequency>(
    initial?.frequency ?? 'twice_monthly',
  );
  const [startDate, setStartDate] = useState(initial?.startDate ?? '');
  const [day, setDay] = useState(initial?.dayOfMonth ?? 1);
  const [secondDay, setSecondDay] = useState(initial?.secondDay ?? 15);
  const [problem, setProblem] = useState<string | null>(null);
  const datedRule = frequency === 'once' || frequency === 'weekly' || frequency === 'biweekly';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amountUsd = parseAmount(amount);
    if (amountUsd === null) return setProblem(t('form.amountInvalid'));
    if (datedRule && !startDate) return setProblem(t('form.dateRequired'));
    if (frequency === 'twice_monthly' && day === secondDay) return setProblem(t('form.sameDays'));
    setProblem(null);
    onSubmit({
      amountUsd,
      frequency,
      ...(datedRule ? { startDate } : { dayOfMonth: day }),
      ...(frequency === 'twice_monthly' ? { secondDay } : {}),
    });
  };

  const dayField = (label: string, value: number, set: (d: number) => void) => (
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => set(Number(e.target.value))}
      helperText={value > 28 ? t('form.monthEnd') : undefined}
    >
      {DAYS.map((d) => (
        <MenuItem key={d} value={d}>
          {d}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      {children}
      <UsdAmountField
        label={t('form.amount')}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        required
      />
      <TextField
        select
        label={t('form.frequency')}
        value={frequency}
        onChange={(e) => setFrequency(e.target.value as ScheduleFrequency)}
      >
        {SCHEDULE_FREQUENCIES.map((f) => (
          <MenuItem key={f} value={f}>
            {t(`frequency.${f}`)}
          </MenuItem>
        ))}
      </TextField>
      {datedRule ? (
        <TextField
          type="date"
          label={t(frequency === 'once' ? 'form.date' : 'form.firstDate')}
          value={startDate}
          onChange={(e) => setStartDate(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          required
        />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
          {dayField(t(frequency === 'monthly' ? 'form.day' : 'form.firstDay'), day, setDay)}
          {frequency === 'twice_monthly' && dayField(t('form.secondDay'), secondDay, setSecondDay)}
        </Box>
      )}
      {(problem ?? error) && (
        <Alert severity="error" role="alert">
          {problem ?? error}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {submitLabel}
      </Button>
    </Box>
  );
}

import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/format';
import { moneyErrorFeedback } from '@/lib/money-errors';
import { useCardAction } from '../api/cards';
import { type DialogProps, FormDialog } from './form-dialog';

/** Sets the card's four-digit PIN, typed twice. */
export function PinDialog({ card, onClose, onDone }: DialogProps) {
  const { t } = useTranslation('cards');
  const locale = useLocale();
  const action = useCardAction(card.id);
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const digits = (value: string) => value.replace(/\D/g, '').slice(0, 4);
  const submit = () => {
    if (!/^\d{4}$/.test(pin)) return setError(t('pin.invalid'));
    if (pin !== again) return setError(t('pin.mismatch'));
    setError(null);
    action.mutate(
      { action: 'pin', pin },
      {
        onSuccess: () => onDone(t('pin.done')),
        onError: (failure) => setError(moneyErrorFeedback(t, failure, 'pin.failed', locale).text),
      },
    );
  };
  const field = { inputMode: 'numeric', autoComplete: 'off', maxLength: 4 };
  return (
    <FormDialog
      title={t('pin.title')}
      error={error}
      submitLabel={t('pin.submit')}
      pending={action.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <Typography>{t('pin.intro')}</Typography>
      <TextField
        label={t('pin.pin')}
        type="password"
        value={pin}
        onChange={(event) => setPin(digits(event.target.value))}
        slotProps={{ htmlInput: field }}
        required
      />
      <TextField
        label={t('pin.again')}
        type="password"
        value={again}
        onChange={(event) => setAgain(digits(event.target.value))}
        slotProps={{ htmlInput: field }}
        required
      />
    </FormDialog>
  );
}

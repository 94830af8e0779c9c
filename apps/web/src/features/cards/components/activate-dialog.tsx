import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/format';
import { moneyErrorFeedback } from '@/lib/money-errors';
import { useCardAction } from '../api/cards';
import { type DialogProps, FormDialog } from './form-dialog';

/** "04/29" or "04/2029" → month and full year; null when it is not an expiry. */
export function parseExpiry(value: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const expMonth = Number(match[1]);
  const year = Number(match[2]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: year < 100 ? 2000 + year : year };
}

/** Activates a physical card that arrived: the last four digits and the expiry printed on it. */
export function ActivateDialog({ card, onClose, onDone }: DialogProps) {
  const { t } = useTranslation('cards');
  const locale = useLocale();
  const action = useCardAction(card.id);
  const [last4, setLast4] = useState('');
  const [expiry, setExpiry] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = parseExpiry(expiry);
    if (!/^\d{4}$/.test(last4)) return setError(t('activate.last4Invalid'));
    if (!parsed) return setError(t('activate.expiryInvalid'));
    setError(null);
    action.mutate(
      { action: 'activate', last4, ...parsed },
      {
        onSuccess: () => onDone(t('activate.done')),
        onError: (failure) =>
          setError(moneyErrorFeedback(t, failure, 'activate.failed', locale).text),
      },
    );
  };
  return (
    <FormDialog
      title={t('activate.title')}
      error={error}
      submitLabel={t('activate.submit')}
      pending={action.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <Typography>{t('activate.intro')}</Typography>
      <TextField
        label={t('activate.last4')}
        value={last4}
        onChange={(event) => setLast4(event.target.value.replace(/\D/g, '').slice(0, 4))}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        required
      />
      <TextField
        label={t('activate.expiry')}
        helperText={t('activate.expiryHint')}
        value={expiry}
        onChange={(event) => setExpiry(event.target.value.slice(0, 7))}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        required
      />
    </FormDialog>
  );
}

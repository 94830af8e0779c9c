import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { TEST_DEPOSIT_MAX_CENTS } from '@pago/shared/contracts/wallet';
import { formatUsd, parseAmount } from '@pago/shared/money';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UsdAmountField } from '@/components/ui/usd-amount-field';
import { ApiError } from '@/lib/api-client';
import { useLocale } from '@/lib/format';
import { useClearSuccess } from '@/lib/use-clear-success';
import { useTestDeposit } from '../api/wallet';

// Set once the server says it has no test deposits (live mode): the button stays hidden for the
// rest of the visit.
let testMoneyUnavailable = false;

type Message = { severity: 'success' | 'error' | 'info'; text: string };

/**
 * Sandbox only: pretend money to try Pago with (the live server has no such route, and answers
 * 404: then the form hides itself for the rest of the visit). Shown in "Agregar dinero".
 */
export function TestMoney() {
  const { t } = useTranslation('wallet');
  const locale = useLocale();
  const deposit = useTestDeposit();
  const [adding, setAdding] = useState(false);
  const [amount, setAmount] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [hidden, setHidden] = useState(testMoneyUnavailable);
  const fieldId = useId();
  const max = formatUsd(TEST_DEPOSIT_MAX_CENTS, locale);

  useClearSuccess(message, () => setMessage(null));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cents = parseAmount(amount, locale);
    if (!amount.trim()) return setInvalid(t('testMoney.errors.required'));
    if (cents === null || cents <= 0) return setInvalid(t('testMoney.errors.invalid'));
    if (cents > TEST_DEPOSIT_MAX_CENTS) return setInvalid(t('testMoney.errors.tooMuch', { max }));
    setInvalid(null);
    setMessage(null);
    try {
      await deposit.mutateAsync(cents);
      setAdding(false);
      setAmount('');
      setMessage({
        severity: 'success',
        text: t('testMoney.success', { amount: formatUsd(cents, locale) }),
      });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 404) {
        testMoneyUnavailable = true;
        setHidden(true);
        setAdding(false);
        setMessage({ severity: 'info', text: t('testMoney.unavailable') });
        return;
      }
      setMessage({
        severity: 'error',
        text:
          failure instanceof ApiError && failure.code === 'identity_not_verified'
            ? t('testMoney.errors.identity')
            : t('testMoney.errors.failed'),
      });
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {message && (
        <Alert severity={message.severity} role={message.severity === 'error' ? 'alert' : 'status'}>
          {message.text}
        </Alert>
      )}
      {!hidden &&
        (adding ? (
          <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 1.5 }}>
            <UsdAmountField
              id={fieldId}
              label={t('testMoney.amount')}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              error={invalid !== null}
              helperText={invalid ?? t('testMoney.hint', { max })}
              autoFocus
              disabled={deposit.isPending}
            />
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button type="submit" variant="contained" disabled={deposit.isPending}>
                {deposit.isPending ? t('common:status.processing') : t('testMoney.add')}
              </Button>
              <Button onClick={() => setAdding(false)} disabled={deposit.isPending}>
                {t('testMoney.cancel')}
              </Button>
            </Box>
          </Box>
        ) : (
          <Box>
            <Button variant="outlined" onClick={() => setAdding(true)}>
              {t('testMoney.button')}
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('testMoney.explain')}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}

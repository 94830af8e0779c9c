import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CardSecureToken } from '@pago/shared/contracts/cards';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { requestSecureToken } from '../api/cards';
import { pinForm } from '../lib/secure-frames';
import { type DialogProps, FormDialog } from './form-dialog';

/**
 * Sets the card's four-digit PIN: the password first, then the PIN typed into the partner's
 * secure field (VGS Collect; the fake's in sandbox mode), which sends it to the partner's vault.
 * Pago never sees it.
 */
export function PinDialog({ card, onClose, onDone }: DialogProps) {
  const { t } = useTranslation('cards');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState<string | null>(null);
  const [secure, setSecure] = useState<CardSecureToken | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const fieldId = `card-pin-${useId().replace(/[^a-zA-Z0-9-]/g, '')}`;
  const form = useRef<Awaited<ReturnType<typeof pinForm>> | null>(null);

  useEffect(() => {
    if (!secure) return;
    pinForm(secure, fieldId, t('pin.pin'))
      .then((ready) => {
        form.current = ready;
      })
      .catch(() => setError(t('pin.failed')));
  }, [secure, fieldId, t]);

  const askToken = async () => {
    if (!password) return setError(t('reveal.passwordRequired'));
    setPending(true);
    setError(null);
    try {
      setSecure(await requestSecureToken(card.id, 'pin', password, code?.trim() || undefined));
    } catch (failure) {
      const failed = failure instanceof ApiError ? failure.code : null;
      if (failed === 'two_step_required') {
        setCode((current) => current ?? '');
        setError(code === null ? null : t('reveal.codeRequired'));
      } else if (failed === 'invalid_two_step_code') setError(t('reveal.wrongCode'));
      else if (failed === 'invalid_credentials') setError(t('reveal.wrongPassword'));
      else setError(errorText(t, failure) ?? t('pin.failed'));
    } finally {
      setPending(false);
    }
  };

  const sendPin = async () => {
    const ready = form.current;
    if (!ready) return;
    if (!ready.valid()) return setError(t('pin.invalid'));
    setPending(true);
    setError(null);
    const status = await ready.submit();
    setPending(false);
    if (status >= 200 && status < 300) onDone(t('pin.done'));
    else setError(t('pin.failed'));
  };

  return (
    <FormDialog
      title={t('pin.title')}
      error={error}
      submitLabel={secure ? t('pin.submit') : t('pin.continue')}
      pending={pending}
      onClose={onClose}
      onSubmit={() => void (secure ? sendPin() : askToken())}
    >
      <Typography>{t('pin.intro')}</Typography>
      {secure ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography component="label" htmlFor={fieldId} variant="body2" color="text.secondary">
            {t('pin.pin')}
          </Typography>
          <Box id={fieldId} data-testid="card-pin-field" sx={{ minHeight: 48 }} />
          <Typography variant="body2" color="text.secondary">
            {t('pin.secureNote')}
          </Typography>
        </Box>
      ) : (
        <>
          <TextField
            label={t('reveal.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoFocus
            required
          />
          {code !== null && (
            <TextField
              label={t('reveal.code')}
              helperText={t('reveal.codeHelp')}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="one-time-code"
            />
          )}
        </>
      )}
    </FormDialog>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';

/**
 * The second step of a sign-in with two-step codes on: the authenticator app's 6 digits or a
 * recovery code. `onExpired` goes back to the password when the challenge has run out.
 */
export function TwoStepLoginForm({
  onSubmit,
  onBack,
}: {
  onSubmit(code: string): Promise<void>;
  onBack(): void;
}) {
  const { t } = useTranslation(['security', 'errors']);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    setBusy(true);
    setMessage(null);
    try {
      await onSubmit(code);
    } catch (failure) {
      setCode('');
      setMessage(
        failure instanceof ApiError && failure.status === 401
          ? t('login.expired')
          : (errorText(t, failure) ?? t('failed')),
      );
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h2">
        {t('login.title')}
      </Typography>
      <Typography color="text.secondary">{t('login.intro')}</Typography>
      {message && (
        <Alert severity="error" role="alert">
          {message}
        </Alert>
      )}
      <TextField
        label={t('login.codeLabel')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        autoFocus
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: 20, autoCapitalize: 'none', spellCheck: false } }}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
        {busy ? t('login.submitting') : t('login.submit')}
      </Button>
      <Button onClick={onBack} disabled={busy}>
        {t('login.back')}
      </Button>
    </Box>
  );
}

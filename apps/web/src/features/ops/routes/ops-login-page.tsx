import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StaffSession } from '@pago/shared/contracts/ops';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { opsFetch } from '@/lib/ops-api';
import { useOpsSession } from '@/lib/ops-session';
import { usePageTitle } from '@/lib/page-title';

function failureKey(failure: unknown, step: 'password' | 'code'): string {
  if (!(failure instanceof ApiError)) return 'login.errors.failed';
  if (failure.status === 429) return 'login.errors.rateLimited';
  if (step === 'password' && failure.status === 401) return 'login.errors.invalidCredentials';
  if (step === 'code' && failure.status === 401) return 'login.errors.expired';
  if (step === 'code' && failure.code === 'invalid_two_step_code')
    return 'login.errors.invalidCode';
  if (failure.code === 'validation_failed') {
    return step === 'code' ? 'login.errors.invalidCode' : 'login.errors.required';
  }
  return 'login.errors.failed';
}

/**
 * The console's own sign-in (not the customer's): e-mail and password, then always the code of
 * the staff member's authenticator app.
 */
export default function OpsLoginPage() {
  const { t } = useTranslation('ops');
  usePageTitle(t('login.title'));
  const { signedIn } = useOpsSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [challenge, setChallenge] = useState<string | null>(null);
  const [messageKey, setMessageKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setMessageKey('login.errors.required');
      return;
    }
    setBusy(true);
    setMessageKey(null);
    try {
      const answer = await opsFetch<{ challenge: string }>('/api/ops/auth/login', {
        method: 'POST',
        body: { email: email.trim(), password },
      });
      setChallenge(answer.challenge);
      setPassword('');
    } catch (failure) {
      setMessageKey(failureKey(failure, 'password'));
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!challenge) return;
    setBusy(true);
    setMessageKey(null);
    try {
      const session = await opsFetch<StaffSession>('/api/ops/auth/two-step', {
        method: 'POST',
        body: { challenge, code: code.trim() },
      });
      signedIn(session.token, session.staff);
      navigate('/ops', { replace: true });
    } catch (failure) {
      const key = failureKey(failure, 'code');
      if (key === 'login.errors.expired') setChallenge(null);
      setCode('');
      setMessageKey(key);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'grey.100' }}
    >
      <Paper sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 420 }} elevation={2}>
        <Typography variant="overline" color="text.secondary">
          {t('title')}
        </Typography>
        <Typography variant="h1" sx={{ fontSize: '1.6rem', fontWeight: 700, mb: 1 }}>
          {t('login.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {challenge ? t('login.codeIntro') : t('login.intro')}
        </Typography>
        {messageKey && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {t(messageKey)}
          </Alert>
        )}
        {challenge ? (
          <form onSubmit={submitCode} noValidate>
            <TextField
              label={t('login.code')}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
              fullWidth
              required
              autoFocus
              margin="normal"
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
            />
            <Button
              type="submit"
              variant="contained"
              fullWidth
              size="large"
              disabled={busy || code.length !== 6}
              sx={{ mt: 2 }}
            >
              {t('login.submit')}
            </Button>
            <Button
              fullWidth
              sx={{ mt: 1 }}
              onClick={() => {
                setChallenge(null);
                setCode('');
                setMessageKey(null);
              }}
            >
              {t('login.back')}
            </Button>
          </form>
        ) : (
          <form onSubmit={submitPassword} noValidate>
            <TextField
              label={t('login.email')}
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              fullWidth
              required
              autoFocus
              margin="normal"
              autoComplete="username"
            />
            <TextField
              label={t('login.password')}
              type="password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              fullWidth
              required
              margin="normal"
              autoComplete="current-password"
            />
            <Button
              type="submit"
              variant="contained"
              fullWidth
              size="large"
              disabled={busy}
              sx={{ mt: 2 }}
            >
              {t('login.next')}
            </Button>
          </form>
        )}
      </Paper>
    </Box>
  );
}

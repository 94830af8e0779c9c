import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { AuthResponse } from '@pago/shared/contracts/accounts';
import type { TwoStepChallenge } from '@pago/shared/contracts/security';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { ApiError, apiFetch } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { usePageTitle } from '@/lib/page-title';
import { useSession } from '@/lib/session';
import { AuthCard } from '../components/auth-card';
import { TwoStepLoginForm } from '../components/two-step-login-form';

/** The token of the e-mailed link: in the fragment, which no server and no Referer sees. */
function tokenOf(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token');
}

/**
 * /sign-in-link: where the one-time sign-in link e-mailed to an account leads. The
 * link is spent only when the person presses the button (a mail scanner that opens the page
 * spends nothing); then they are signed in, or with two-step codes on, asked for a code.
 */
export default function SignInLinkPage() {
  const { t } = useTranslation('accounts');
  usePageTitle(t('signInLink.title'));
  const navigate = useNavigate();
  const { adoptSession, loginWithCode } = useSession();
  const location = useLocation();
  const [token] = useState(() => tokenOf(location.hash));
  const [challenge, setChallenge] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const signIn = async () => {
    if (!token) return;
    setBusy(true);
    setMessage(null);
    try {
      const answer = await apiFetch<AuthResponse | TwoStepChallenge>(
        '/api/auth/sign-in-link/redeem',
        { method: 'POST', body: { token } },
      );
      if ('twoStepRequired' in answer) {
        setChallenge(answer.challenge);
        return;
      }
      adoptSession(answer);
      navigate('/dashboard', { replace: true });
    } catch (failure) {
      if (!(failure instanceof ApiError)) console.error('Sign-in link failed', failure);
      setMessage(errorText(t, failure) ?? t('signInLink.failed'));
    } finally {
      setBusy(false);
    }
  };

  if (challenge) {
    return (
      <AuthCard title={t('signInLink.title')}>
        <TwoStepLoginForm
          onSubmit={async (code) => {
            await loginWithCode(challenge, code);
            navigate('/dashboard', { replace: true });
          }}
          onBack={() => navigate('/login', { replace: true })}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('signInLink.title')}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {message && (
          <Alert severity="error" role="alert">
            {message}
          </Alert>
        )}
        {token ? (
          <>
            <Typography>{t('signInLink.intro')}</Typography>
            <Button variant="contained" size="large" onClick={signIn} disabled={busy}>
              {busy ? t('signInLink.working') : t('signInLink.submit')}
            </Button>
          </>
        ) : (
          <Alert severity="error" role="alert">
            {t('signInLink.missing')}
          </Alert>
        )}
        <Button component={RouterLink} to="/login">
          {t('external.backToLogin')}
        </Button>
      </Box>
    </AuthCard>
  );
}

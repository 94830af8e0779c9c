import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Location, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { ApiError, apiFetch } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { usePageTitle } from '@/lib/page-title';
import { useSession } from '@/lib/session';
import { AuthCard, AuthLink } from '../components/auth-card';
import { ExternalSignInButton } from '../components/external-signin-button';
import { TwoStepLoginForm } from '../components/two-step-login-form';

type LoginInput = { username: string; password: string };

const resolver: Resolver<LoginInput> = async (values) =>
  values.username.trim() && values.password
    ? { values, errors: {} }
    : {
        values: {},
        errors: {
          [values.username.trim() ? 'password' : 'username']: {
            type: 'required',
            message: 'login.errors.required',
          },
        },
      };

/** Where to go after signing in: the page the guard sent the person away from, else /dashboard. */
function destination(state: unknown): string | Partial<Location> {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname === '/login') return '/dashboard';
  return { pathname: from.pathname, search: from.search ?? '', hash: from.hash ?? '' };
}

function loginFailureKey(failure: unknown): string {
  if (failure instanceof ApiError && failure.code === 'account_closed')
    return 'login.errors.accountClosed';
  if (failure instanceof ApiError && failure.status === 401)
    return 'login.errors.invalidCredentials';
  if (failure instanceof ApiError && failure.status === 429) {
    return failure.details?.scope === 'account'
      ? 'login.errors.accountLocked'
      : 'login.errors.rateLimited';
  }
  return 'login.errors.failed';
}

/** Welcome Back (spec §2): username or e-mail and password; back to where the person was going. */
export default function LoginPage() {
  const { t, i18n } = useTranslation('accounts');
  usePageTitle(t('login.title'));
  const { login, loginWithCode, error: sessionError } = useSession();
  /** Set once the password was right on an account with two-step codes: the code step. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  /** The message above the form (a translation key): a missing field or a refused log-in. */
  const [messageKey, setMessageKey] = useState<string | null>(null);
  /**
   * After a refusal for too many wrong passwords, the name typed: the offer of a one-time
   * sign-in link to the account's e-mail, which passes the lock (docs/security.md).
   */
  const [lockedName, setLockedName] = useState<string | null>(null);
  const [linkNote, setLinkNote] = useState<{ sent: boolean; text: string } | null>(null);
  const [sendingLink, setSendingLink] = useState(false);

  const sendLink = async () => {
    if (!lockedName) return;
    setSendingLink(true);
    try {
      await apiFetch('/api/auth/sign-in-link', {
        method: 'POST',
        body: { username: lockedName, language: i18n.language === 'en' ? 'en' : 'es' },
      });
      setLinkNote({ sent: true, text: t('login.link.sent') });
    } catch (failure) {
      if (!(failure instanceof ApiError)) console.error('Sign-in link failed', failure);
      const recent = failure instanceof ApiError && failure.code === 'rate_limited';
      setLinkNote({
        sent: recent,
        text: recent ? t('login.link.recent') : (errorText(t, failure) ?? t('login.link.failed')),
      });
    } finally {
      setSendingLink(false);
    }
  };
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    defaultValues: { username: '', password: '' },
    resolver,
    reValidateMode: 'onSubmit',
  });

  const submit = handleSubmit(
    async ({ username, password }) => {
      setMessageKey(null);
      setLockedName(null);
      setLinkNote(null);
      try {
        const next = await login(username, password);
        if (next) {
          setChallenge(next.challenge);
          return;
        }
        navigate(destination(location.state), { replace: true });
      } catch (failure) {
        if (!(failure instanceof ApiError)) console.error('Login failed', failure);
        setMessageKey(loginFailureKey(failure));
        if (failure instanceof ApiError && failure.status === 429) setLockedName(username.trim());
      }
    },
    (found) => setMessageKey(found.username?.message ?? found.password?.message ?? null),
  );

  const field = (name: keyof LoginInput) => {
    // Only a field that has an error clears it (clearErrors renders the whole page again).
    const { ref, ...rest } = register(name, {
      onChange: () => {
        if (errors[name]) clearErrors(name);
      },
    });
    return { ...rest, inputRef: ref, error: Boolean(errors[name]), disabled: isSubmitting };
  };

  if (challenge) {
    return (
      <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
        <TwoStepLoginForm
          onSubmit={async (code) => {
            await loginWithCode(challenge, code);
            navigate(destination(location.state), { replace: true });
          }}
          onBack={() => setChallenge(null)}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      {sessionError && (
        <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
          {sessionError}
        </Alert>
      )}
      <ExternalSignInButton />
      <Box component="form" noValidate onSubmit={submit}>
        {messageKey && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {t(messageKey)}
          </Alert>
        )}
        {lockedName && (
          <Box sx={{ mb: 2, display: 'grid', gap: 1 }}>
            {linkNote ? (
              <Alert severity={linkNote.sent ? 'success' : 'error'} role="status">
                {linkNote.text}
              </Alert>
            ) : (
              <>
                <Typography variant="body2">{t('login.link.offer')}</Typography>
                <Button variant="outlined" onClick={sendLink} disabled={sendingLink}>
                  {t('login.link.send')}
                </Button>
              </>
            )}
          </Box>
        )}
        <Box sx={{ display: 'grid', gap: 2 }}>
          <TextField
            label={t('login.username')}
            autoComplete="username"
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
            {...field('username')}
          />
          <TextField
            label={t('login.password')}
            type="password"
            autoComplete="current-password"
            {...field('password')}
          />
          <Box sx={{ textAlign: 'right' }}>
            <Link component={RouterLink} to="/forgot-password">
              {t('login.forgotPassword')}
            </Link>
          </Box>
          <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting}>
            {isSubmitting ? t('login.submitting') : t('login.submit')}
          </Button>
        </Box>
      </Box>
      <AuthLink before={t('login.noAccount')} to="/signup" label={t('login.signUp')} />
    </AuthCard>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AuthResponse } from '@pago/shared/contracts/accounts';
import {
  EXTERNAL_SIGNIN_FAILURES,
  type ExternalCallbackResponse,
  type ExternalSigninFailure,
} from '@pago/shared/contracts/external-signin';
import type { TwoStepChallenge } from '@pago/shared/contracts/security';
import { TERMS_VERSION } from '@pago/shared/contracts/terms';
import { DEFAULT_PHONE_COUNTRY, type PhoneCountryCode } from '@pago/shared/phone-countries';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { PhoneField } from '@/components/ui/phone-field';
import { ApiError, apiFetch } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { usePageTitle } from '@/lib/page-title';
import { useSession } from '@/lib/session';
import { AuthCard } from '../components/auth-card';
import { TermsCheckbox } from '../components/terms-checkbox';
import { TwoStepLoginForm } from '../components/two-step-login-form';

type Details = Extract<ExternalCallbackResponse, { status: 'details_required' }>;
type Link = Extract<ExternalCallbackResponse, { status: 'link_required' }>;
type Step =
  | { kind: 'working' }
  | { kind: 'failed'; message: string }
  | (Details & { kind: 'details_required' })
  | (Link & { kind: 'link_required' })
  /** The account has two-step codes on: the code step of a password sign-in. */
  | { kind: 'two_step_required'; challenge: string };

/**
 * A failed sign-in in words: the server's reason (the provider unreachable, a refused code, an
 * answer that failed the checks, no verified e-mail...) when it gave one, else the error's own.
 */
function failureText(t: TFunction, failure: unknown): string {
  const reason = failure instanceof ApiError ? failure.details?.reason : undefined;
  if (EXTERNAL_SIGNIN_FAILURES.includes(reason as ExternalSigninFailure)) {
    return String(t(`external.reasons.${reason as ExternalSigninFailure}`));
  }
  return errorText(t, failure) ?? t('external.failed');
}

/**
 * /callback: where the provider sends the browser back. The code and state go to the
 * server, which exchanges them; then the person is signed in, or gives what a new account lacks,
 * or proves the Pago password of the account that already has the e-mail (never linked silently).
 */
export default function CallbackPage() {
  const { t } = useTranslation('accounts');
  usePageTitle(t('callback.title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { adoptSession, loginWithCode } = useSession();
  const [step, setStep] = useState<Step>({ kind: 'working' });
  const sent = useRef(false);

  const failedWith = (failure: unknown) => {
    if (!(failure instanceof ApiError)) console.error('External sign-in failed', failure);
    setStep({ kind: 'failed', message: failureText(t, failure) });
  };

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const code = params.get('code');
    const state = params.get('state');
    const iss = params.get('iss');
    if (params.get('error') || !code || !state) {
      setStep({
        kind: 'failed',
        message:
          params.get('error') === 'access_denied' ? t('external.cancelled') : t('external.failed'),
      });
      return;
    }
    // The code is good once: the address bar forgets it.
    window.history.replaceState(null, '', '/callback');
    apiFetch<ExternalCallbackResponse>('/api/auth/external/callback', {
      method: 'POST',
      body: { code, state, ...(iss ? { iss } : {}) },
    }).then((answer) => {
      if (answer.status === 'signed_in') {
        adoptSession(answer);
        navigate('/dashboard', { replace: true });
      } else if (answer.status === 'details_required') {
        setStep({ ...answer, kind: 'details_required' });
      } else if (answer.status === 'two_step_required') {
        setStep({ kind: 'two_step_required', challenge: answer.challenge });
      } else {
        setStep({ ...answer, kind: 'link_required' });
      }
    }, failedWith);
  });

  const signedIn = (response: AuthResponse, next: string) => {
    adoptSession(response);
    navigate(next, { replace: true });
  };

  return (
    <AuthCard
      title={
        step.kind === 'details_required'
          ? t('external.detailsTitle')
          : step.kind === 'link_required'
            ? t('external.linkTitle')
            : t('callback.title')
      }
    >
      {step.kind === 'working' && (
        <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden="true" />
          <Typography>{t('external.working')}</Typography>
        </Box>
      )}
      {step.kind === 'failed' && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Alert severity="error" role="alert">
            {step.message}
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained">
            {t('external.backToLogin')}
          </Button>
        </Box>
      )}
      {step.kind === 'details_required' && (
        <DetailsForm step={step} onDone={(r) => signedIn(r, '/onboarding/verify')} />
      )}
      {step.kind === 'link_required' && (
        <LinkForm
          step={step}
          onDone={(r) => signedIn(r, '/dashboard')}
          onTwoStep={(challenge) => setStep({ kind: 'two_step_required', challenge })}
        />
      )}
      {step.kind === 'two_step_required' && (
        <TwoStepLoginForm
          onSubmit={async (code) => {
            await loginWithCode(step.challenge, code);
            navigate('/dashboard', { replace: true });
          }}
          onBack={() => navigate('/login', { replace: true })}
        />
      )}
    </AuthCard>
  );
}

function DetailsForm({
  step,
  onDone,
}: {
  step: Extract<Step, { kind: 'details_required' }>;
  onDone: (response: AuthResponse) => void;
}) {
  const { t, i18n } = useTranslation('accounts');
  // A provider that gives no name (many do not by default): the person types it, as on their ID.
  const asksName = step.name.trim() === '';
  const [name, setName] = useState('');
  const [username, setUsername] = useState(step.suggestedUsername);
  const [zipCode, setZipCode] = useState('');
  const [phone, setPhone] = useState('');
  const [country, setCountry] = useState<PhoneCountryCode>(DEFAULT_PHONE_COUNTRY);
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !zipCode.trim() || (asksName && !name.trim())) {
      setMessage(t(asksName ? 'external.detailsRequiredName' : 'external.detailsRequired'));
      return;
    }
    // The same terms box as /signup: the account is made only once they are accepted.
    if (!acceptTerms) {
      setMessage(t('common:signupModal.termsRequired'));
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      onDone(
        await apiFetch<AuthResponse>('/api/auth/external/complete', {
          method: 'POST',
          body: {
            ticket: step.ticket,
            ...(asksName ? { name: name.trim() } : {}),
            username: username.trim(),
            zipCode: zipCode.trim(),
            ...(phone ? { phone } : {}),
            language: i18n.language === 'en' ? 'en' : 'es',
            termsVersion: TERMS_VERSION,
          },
        }),
      );
    } catch (failure) {
      setMessage(errorText(t, failure) ?? t('external.failed'));
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      <Typography>{t('external.detailsIntro', { email: step.email })}</Typography>
      {message && (
        <Alert severity="error" role="alert">
          {message}
        </Alert>
      )}
      {asksName && (
        <TextField
          label={t('signup.fields.name')}
          helperText={t('external.nameHint')}
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          disabled={busy}
        />
      )}
      <TextField
        label={t('signup.fields.username')}
        helperText={t('signup.usernameHint')}
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        disabled={busy}
        slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
      />
      <TextField
        label={t('signup.fields.zipCode')}
        autoComplete="postal-code"
        value={zipCode}
        onChange={(e) => setZipCode(e.target.value)}
        disabled={busy}
      />
      <PhoneField
        value={phone}
        country={country}
        onChange={({ value, country: next }) => {
          setPhone(value);
          setCountry(next);
        }}
        countryLabel={t('signup.fields.phoneCountry')}
        label={t('signup.fields.phone')}
        disabled={busy}
      />
      <TermsCheckbox
        checked={acceptTerms}
        onChange={(checked) => {
          setAcceptTerms(checked);
          if (checked) setMessage(null);
        }}
        disabled={busy}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {t('external.detailsSubmit')}
      </Button>
    </Box>
  );
}

function LinkForm({
  step,
  onDone,
  onTwoStep,
}: {
  step: Extract<Step, { kind: 'link_required' }>;
  onDone: (response: AuthResponse) => void;
  onTwoStep: (challenge: string) => void;
}) {
  const { t } = useTranslation('accounts');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setMessage(t('external.passwordRequired'));
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const answer = await apiFetch<AuthResponse | TwoStepChallenge>('/api/auth/external/link', {
        method: 'POST',
        body: { ticket: step.ticket, password },
      });
      if ('twoStepRequired' in answer) onTwoStep(answer.challenge);
      else onDone(answer);
    } catch (failure) {
      setMessage(
        failure instanceof ApiError && failure.code === 'invalid_credentials'
          ? t('external.wrongPassword')
          : (errorText(t, failure) ?? t('external.failed')),
      );
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      <Typography>{t('external.linkIntro', { email: step.email })}</Typography>
      {message && (
        <Alert severity="error" role="alert">
          {message}
        </Alert>
      )}
      <TextField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        disabled={busy}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {t('external.linkSubmit')}
      </Button>
      <Button component={RouterLink} to="/login" variant="text">
        {t('external.backToLogin')}
      </Button>
    </Box>
  );
}

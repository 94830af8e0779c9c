import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { emailSchema, passwordSchema } from '@pago/shared/contracts/accounts';
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CodeField } from '@/components/ui/code-field';
import { ApiError } from '@/lib/api-client';
import { usePageTitle } from '@/lib/page-title';
import { useClearSuccess } from '@/lib/use-clear-success';
import { useConfirmPasswordReset, useRequestPasswordReset } from '../api/password-reset';
import { AuthCard, AuthLink } from '../components/auth-card';
import { NewPasswordFields } from '../components/new-password-fields';
import { apiErrorMessage } from '../lib/api-error-message';
import { maskEmail } from '../lib/mask-email';
import { checkPassword } from '../lib/password-check';

type Step = 'request' | 'confirm' | 'done';
type Message = { severity: 'error' | 'success'; text: string };

/**
 * Password reset: an e-mailed 6-digit code, then the new password. The request step always
 * succeeds (the server does not say whether the address has an account).
 */
export default function ForgotPasswordPage() {
  const { t, i18n } = useTranslation('accounts');
  usePageTitle(t('forgotPassword.title'));
  const requestReset = useRequestPasswordReset();
  const confirmReset = useConfirmPasswordReset();
  const [step, setStep] = useState<Step>('request');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const busy = requestReset.isPending || confirmReset.isPending;

  useClearSuccess(message, () => setMessage(null));

  const fail = (text: string) => setMessage({ severity: 'error', text });
  const logUnexpected = (failure: unknown) => {
    if (!(failure instanceof ApiError)) console.error('Password reset failed', failure);
  };

  const sendCode = async (again: boolean) => {
    setMessage(null);
    try {
      await requestReset.mutateAsync({
        email: email.trim(),
        language: i18n.language === 'en' ? 'en' : 'es',
      });
      setStep('confirm');
      if (again) setMessage({ severity: 'success', text: t('forgotPassword.codeResent') });
    } catch (failure) {
      logUnexpected(failure);
      fail(
        apiErrorMessage(t, failure, 'forgotPassword.errors.requestFailed', {
          rate_limited: 'forgotPassword.errors.rateLimited',
        }),
      );
    }
  };

  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return fail(t('forgotPassword.errors.emailRequired'));
    if (!emailSchema.safeParse(email).success) return fail(t('signup.errors.invalidEmail'));
    void sendCode(false);
  };

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    if (!code) return fail(t('verify.errors.codeRequired'));
    if (!/^\d{6}$/.test(code)) return fail(t('verify.errors.codeLength'));
    if (!password) return fail(t('forgotPassword.errors.passwordRequired'));
    if (!passwordSchema.safeParse(password).success) {
      return fail(t('signup.errors.invalidPassword'));
    }
    if (password !== confirmPassword) return fail(t('signup.errors.passwordMismatch'));
    if ((await checkPassword(password)) === 'common')
      return fail(t('signup.errors.commonPassword'));
    setMessage(null);
    try {
      await confirmReset.mutateAsync({ email: email.trim(), code, password });
      setStep('done');
    } catch (failure) {
      logUnexpected(failure);
      fail(
        apiErrorMessage(t, failure, 'forgotPassword.errors.confirmFailed', {
          invalid_verification_code: 'forgotPassword.errors.invalidCode',
          rate_limited: 'forgotPassword.errors.rateLimited',
        }),
      );
    }
  };

  const messageArea = message && (
    <Alert
      severity={message.severity}
      role={message.severity === 'error' ? 'alert' : 'status'}
      sx={{ mb: 2 }}
    >
      {message.text}
    </Alert>
  );

  if (step === 'done') {
    return (
      <AuthCard title={t('forgotPassword.title')}>
        <Alert severity="success" role="status" sx={{ mb: 3 }}>
          {t('forgotPassword.done')}
        </Alert>
        <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth>
          {t('forgotPassword.logIn')}
        </Button>
      </AuthCard>
    );
  }

  if (step === 'request') {
    return (
      <AuthCard title={t('forgotPassword.title')} subtitle={t('forgotPassword.intro')}>
        <Box component="form" noValidate onSubmit={submitEmail}>
          {messageArea}
          <Box sx={{ display: 'grid', gap: 2 }}>
            <TextField
              label={t('signup.fields.email')}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={message?.severity === 'error'}
              disabled={busy}
            />
            <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
              {busy ? t('forgotPassword.sending') : t('forgotPassword.sendCode')}
            </Button>
          </Box>
        </Box>
        <AuthLink to="/login" label={t('forgotPassword.backToLogin')} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('forgotPassword.title')}
      subtitle={
        <Trans
          t={t}
          i18nKey="forgotPassword.codeSent"
          values={{ email: maskEmail(email) }}
          components={{ strong: <strong /> }}
        />
      }
    >
      <Box component="form" noValidate onSubmit={submitPassword}>
        {messageArea}
        <Box sx={{ display: 'grid', gap: 2 }}>
          <CodeField label={t('verify.code')} value={code} onChange={setCode} disabled={busy} />
          <NewPasswordFields
            label={t('forgotPassword.newPassword')}
            password={password}
            confirmPassword={confirmPassword}
            onPassword={setPassword}
            onConfirmPassword={setConfirmPassword}
            disabled={busy}
          />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
            {confirmReset.isPending ? t('forgotPassword.saving') : t('forgotPassword.save')}
          </Button>
        </Box>
      </Box>
      <Box
        sx={{
          mt: 2,
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'center',
          columnGap: 2,
        }}
      >
        <Button variant="text" onClick={() => void sendCode(true)} disabled={busy}>
          {t('forgotPassword.sendNewCode')}
        </Button>
        <Button
          variant="text"
          onClick={() => {
            setStep('request');
            setMessage(null);
            setCode('');
          }}
          disabled={busy}
        >
          {t('forgotPassword.changeEmail')}
        </Button>
      </Box>
    </AuthCard>
  );
}

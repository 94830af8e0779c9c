import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { usernameSchema } from '@pago/shared/contracts/accounts';
import { type FormEvent, useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { CODE_LENGTH, CodeField } from '@/components/ui/code-field';
import { ApiError } from '@/lib/api-client';
import { usePageTitle } from '@/lib/page-title';
import { useSession } from '@/lib/session';
import { SessionFlowError } from '@/lib/session-registration';
import { useClearSuccess } from '@/lib/use-clear-success';
import { AuthCard, AuthLink } from '../components/auth-card';
import { NewPasswordFields } from '../components/new-password-fields';
import { apiErrorMessage } from '../lib/api-error-message';
import { maskEmail } from '../lib/mask-email';
import { checkPassword, loadCommonPasswords } from '../lib/password-check';

/** `hint` is a second sentence, kept apart so the spec's sentence stands alone. */
type Message = { severity: 'error' | 'success'; text: string; hint?: string };

const FLOW_MESSAGES = {
  emailNotFound: 'verify.errors.emailNotFound',
  invalidCode: 'verify.errors.invalidCode',
  userDataNotFound: 'verify.errors.userDataNotFound',
  passwordNeeded: 'verify.errors.passwordNeeded',
} as const;

/** E-mail code verification (spec §2, §4, §5); a valid code creates the account. */
export default function VerifyPage() {
  const { t } = useTranslation('accounts');
  usePageTitle(t('verify.title'));
  const { emailForVerification, passwordNeeded, verifyEmail, resendVerification } = useSession();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  /** Set when the account could not be created because the username was taken meanwhile. */
  const [newUsername, setNewUsername] = useState<string | null>(null);
  const [emailTaken, setEmailTaken] = useState(false);
  // After a reload the sign-up is resumed from this tab's storage, but not its password.
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');

  useEffect(() => {
    if (passwordNeeded) loadCommonPasswords().catch(() => {});
  }, [passwordNeeded]);

  useClearSuccess(message, () => setMessage(null));

  const fail = (key: string) => setMessage({ severity: 'error', text: t(key) });

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    setEmailTaken(false);
    if (!code) return fail('verify.errors.codeRequired');
    if (!new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code)) return fail('verify.errors.codeLength');
    if (newUsername !== null && !usernameSchema.safeParse(newUsername).success) {
      return fail('signup.errors.invalidUsername');
    }
    if (passwordNeeded) {
      if (!password) return fail('verify.errors.passwordNeeded');
      if (password !== confirmPassword) return fail('signup.errors.passwordMismatch');
      const weakness = await checkPassword(password);
      if (weakness === 'length') return fail('signup.errors.invalidPassword');
      if (weakness === 'common') return fail('signup.errors.commonPassword');
    }
    setBusy('verify');
    setMessage(null);
    try {
      const { next } = await verifyEmail(code, {
        ...(newUsername === null ? {} : { username: newUsername }),
        ...(passwordNeeded ? { password } : {}),
      });
      navigate(next, { replace: true });
    } catch (failure) {
      if (failure instanceof SessionFlowError) return fail(FLOW_MESSAGES[failure.reason]);
      if (!(failure instanceof ApiError)) console.error('Verification failed', failure);
      if (failure instanceof ApiError && failure.code === 'username_taken') setNewUsername('');
      if (failure instanceof ApiError && failure.code === 'email_taken') setEmailTaken(true);
      setMessage({
        severity: 'error',
        text: apiErrorMessage(t, failure, 'verify.errors.registrationFailed', {
          invalid_verification_code: 'verify.errors.invalidCode',
          username_taken: 'verify.errors.usernameTaken',
        }),
      });
    } finally {
      setBusy(null);
    }
  };

  const resend = async () => {
    setBusy('resend');
    setMessage(null);
    try {
      await resendVerification();
      setMessage({ severity: 'success', text: t('verify.resent') });
    } catch (failure) {
      if (!(failure instanceof ApiError || failure instanceof SessionFlowError)) {
        console.error('Resend failed', failure);
      }
      const wait = failure instanceof ApiError && failure.code === 'rate_limited';
      setMessage({
        severity: 'error',
        text: t('verify.errors.resendFailed'),
        ...(wait ? { hint: t('verify.errors.resendWait') } : {}),
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <AuthCard
      title={t('verify.title')}
      subtitle={
        emailForVerification ? (
          <Trans
            t={t}
            i18nKey="verify.sentTo"
            values={{ email: maskEmail(emailForVerification) }}
            components={{ strong: <strong /> }}
          />
        ) : (
          t('verify.enterCode')
        )
      }
    >
      <Box component="form" noValidate onSubmit={verify}>
        {message && (
          <Alert
            severity={message.severity}
            role={message.severity === 'error' ? 'alert' : 'status'}
            sx={{ mb: 2 }}
            action={
              emailTaken ? (
                <Button color="inherit" size="small" component={RouterLink} to="/login">
                  {t('signup.logIn')}
                </Button>
              ) : undefined
            }
          >
            <span>{message.text}</span>
            {message.hint && <span> {message.hint}</span>}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 2 }}>
          <CodeField
            label={t('verify.code')}
            value={code}
            onChange={setCode}
            error={message?.severity === 'error' && newUsername === null}
            large
          />
          {passwordNeeded && (
            <>
              <Typography variant="body2">{t('verify.passwordAgain')}</Typography>
              <NewPasswordFields
                label={t('signup.fields.password')}
                password={password}
                confirmPassword={confirmPassword}
                onPassword={setPassword}
                onConfirmPassword={setConfirmPassword}
              />
            </>
          )}
          {newUsername !== null && (
            <TextField
              label={t('verify.newUsername')}
              value={newUsername}
              onChange={(event) => setNewUsername(event.target.value)}
              autoComplete="username"
              helperText={t('signup.usernameHint')}
              slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
            />
          )}
          <Button type="submit" variant="contained" size="large" fullWidth disabled={busy !== null}>
            {busy === 'verify' ? t('verify.submitting') : t('verify.submit')}
          </Button>
        </Box>
      </Box>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        {t('verify.noCode')}{' '}
        <Button variant="text" onClick={resend} disabled={busy !== null} sx={{ p: 0.5 }}>
          {busy === 'resend' ? t('verify.resending') : t('verify.resend')}
        </Button>
      </Typography>
      <AuthLink to="/signup" label={t('verify.startOver')} mt={1} />
    </AuthCard>
  );
}

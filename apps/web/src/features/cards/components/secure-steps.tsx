import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CardSecureToken } from '@pago/shared/contracts/cards';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { requestSecureToken, requestSecureVerification } from '../api/cards';

/**
 * The two steps before the partner's secure frame (docs/unit-card-secure-data.md): the password
 * (and a two-step code when they are on), then the code the partner texted to the holder's phone.
 * `submit` runs the current step; `Fields` renders it. `failedText` is the dialog's own failure.
 */
export function useSecureSteps(
  cardId: string,
  purpose: 'show' | 'pin',
  failedText: string,
  onToken: (token: CardSecureToken) => void,
) {
  const { t, i18n } = useTranslation('cards');
  const [password, setPassword] = useState('');
  /** Asked once the server says the account has two-step codes on. */
  const [twoStep, setTwoStep] = useState<string | null>(null);
  /** The partner's verification, once it texted the code. */
  const [verification, setVerification] = useState<string | null>(null);
  const [smsCode, setSmsCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const askVerification = async () => {
    if (!password) return setError(t('reveal.passwordRequired'));
    setPending(true);
    setError(null);
    try {
      const locale = i18n.language.startsWith('en') ? 'en' : 'es';
      const answer = await requestSecureVerification(
        cardId,
        purpose,
        password,
        locale,
        twoStep?.trim() || undefined,
      );
      setSmsCode('');
      setVerification(answer.verificationToken);
    } catch (failure) {
      const failed = failure instanceof ApiError ? failure.code : null;
      if (failed === 'two_step_required') {
        setTwoStep((current) => current ?? '');
        setError(twoStep === null ? null : t('reveal.codeRequired'));
      } else if (failed === 'invalid_two_step_code') setError(t('reveal.wrongCode'));
      else if (failed === 'invalid_credentials') setError(t('reveal.wrongPassword'));
      else setError(errorText(t, failure) ?? failedText);
    } finally {
      setPending(false);
    }
  };

  const askToken = async (token: string) => {
    const code = smsCode.replace(/\s/g, '');
    if (!/^[0-9]{4,10}$/.test(code)) return setError(t('reveal.smsCodeRequired'));
    setPending(true);
    setError(null);
    try {
      const secure = await requestSecureToken(cardId, purpose, token, code);
      setPending(false);
      onToken(secure);
    } catch (failure) {
      setPending(false);
      setError(errorText(t, failure) ?? failedText);
    }
  };

  /** Back to the password, for a new text message. */
  const again = () => {
    setVerification(null);
    setSmsCode('');
    setPassword('');
    setTwoStep((current) => (current === null ? null : ''));
    setError(null);
  };

  const submit = () => void (verification ? askToken(verification) : askVerification());

  const fields = verification ? (
    <>
      <Typography role="status">{t('reveal.smsSent')}</Typography>
      <TextField
        label={t('reveal.smsCode')}
        value={smsCode}
        onChange={(event) => setSmsCode(event.target.value)}
        autoComplete="one-time-code"
        autoFocus
        required
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
      />
      <Link component="button" type="button" onClick={again} sx={{ justifySelf: 'start' }}>
        {t('reveal.smsAgain')}
      </Link>
    </>
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
      {twoStep !== null && (
        <TextField
          label={t('reveal.code')}
          helperText={t('reveal.codeHelp')}
          value={twoStep}
          onChange={(event) => setTwoStep(event.target.value)}
          autoComplete="one-time-code"
          autoFocus
          slotProps={{
            htmlInput: { maxLength: 20, autoCapitalize: 'none', spellCheck: false },
          }}
        />
      )}
    </>
  );

  return { fields, submit, error, pending, texted: verification !== null };
}

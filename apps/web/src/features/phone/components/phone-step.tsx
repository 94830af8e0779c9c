import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { PhoneCountryCode } from '@pago/shared/phone-countries';
import { DEFAULT_PHONE_COUNTRY, isPhoneCountry } from '@pago/shared/phone-countries';
import { formatPhone } from '@pago/shared/phone-format';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '@/components/ui/code-field';
import { PhoneField } from '@/components/ui/phone-field';
import { errorText } from '@/lib/error-text';
import { PROFILE_UPDATED } from '@/lib/events';
import { splitPhone } from '@/lib/phone';
import { useSession } from '@/lib/session';
import { useSendPhoneCode, useVerifyPhone } from '../api/phone';

type Props = {
  /** Called once the server has the phone, verified. */
  onVerified: () => void;
  /** "Ahora no" (onboarding) or "Cancelar" (inside a flow): leaves without a phone. */
  onSkip?: () => void;
  skipLabel?: string;
};

/**
 * The phone, verified in place: the number (prefilled with the profile's), "Enviar código", then
 * the 6-digit code from the SMS. POST /api/phone/verify makes it the profile's verified phone.
 */
export function PhoneStep({ onVerified, onSkip, skipLabel }: Props) {
  const { t } = useTranslation(['phone', 'accounts', 'errors']);
  const { user } = useSession();
  const known = user?.phone ? splitPhone(user.phone) : null;
  const [phone, setPhone] = useState(known?.e164 ?? '');
  const [country, setCountry] = useState<PhoneCountryCode>(
    known && isPhoneCountry(known.country) ? known.country : DEFAULT_PHONE_COUNTRY,
  );
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sendCode = useSendPhoneCode();
  const verify = useVerifyPhone();
  const busy = sendCode.isPending || verify.isPending;

  async function send(event?: FormEvent) {
    event?.preventDefault();
    setError(null);
    if (!splitPhone(phone)) {
      setError(t('phone:step.invalid'));
      return;
    }
    try {
      await sendCode.mutateAsync({ phone });
      setSentTo(phone);
    } catch (failure) {
      setError(errorText(t, failure) ?? t('phone:errors.sendFailed'));
    }
  }

  async function check(event: FormEvent) {
    event.preventDefault();
    if (!sentTo) return;
    if (!/^\d{6}$/.test(code)) {
      setCodeError(t(code === '' ? 'phone:codeRequired' : 'phone:codeLength'));
      return;
    }
    setCodeError(null);
    setError(null);
    try {
      await verify.mutateAsync({ phone: sentTo, code });
      window.dispatchEvent(new Event(PROFILE_UPDATED));
      onVerified();
    } catch (failure) {
      setError(errorText(t, failure) ?? t('phone:errors.verifyFailed'));
    }
  }

  const skip = onSkip && (
    <Button onClick={onSkip} disabled={busy}>
      {skipLabel ?? t('phone:step.notNow')}
    </Button>
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={sentTo ? check : send}
      sx={{ display: 'grid', gap: 2 }}
    >
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {sentTo ? (
        <>
          <Alert severity="info" role="status">
            {t('phone:sent', { phone: formatPhone(sentTo) })}
          </Alert>
          <CodeField
            label={t('phone:code')}
            value={code}
            onChange={setCode}
            error={codeError !== null}
            helperText={codeError ?? ' '}
            autoFocus
            resend={{ label: t('phone:resend'), onClick: () => void send(), disabled: busy }}
          />
        </>
      ) : (
        <PhoneField
          value={phone}
          country={country}
          onChange={({ value, country: next }) => {
            setPhone(value);
            setCountry(next);
          }}
          countryLabel={t('accounts:signup.fields.phoneCountry')}
          label={t('phone:step.number')}
          disabled={busy}
        />
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {sentTo && (
          <Button onClick={() => setSentTo(null)} disabled={busy}>
            {t('phone:step.change')}
          </Button>
        )}
        {skip}
        <Button type="submit" variant="contained" disabled={busy}>
          {sentTo
            ? verify.isPending
              ? t('phone:verifying')
              : t('phone:verify')
            : sendCode.isPending
              ? t('phone:sending')
              : t('phone:send')}
        </Button>
      </Box>
    </Box>
  );
}

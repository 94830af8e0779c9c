import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { TERMS_VERSION } from '@pago/shared/contracts/terms';
import { kycProviderForZip } from '@pago/shared/kyc-routing';
import { DEFAULT_PHONE_COUNTRY, isPhoneCountry } from '@pago/shared/phone-countries';
import { useEffect, useState } from 'react';
import { type Resolver, useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PhoneField } from '@/components/ui/phone-field';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { getStoredPendingSignup } from '@/lib/session-storage';
import { apiErrorMessage } from '../lib/api-error-message';
import { checkPassword, loadCommonPasswords } from '../lib/password-check';
import { firstSignupProblem, SIGNUP_MESSAGES, type SignupFormInput } from '../lib/signup-checks';
import { AuthLink } from './auth-card';
import { TermsCheckbox } from './terms-checkbox';

type Props = {
  /** Called once the code is on its way, before going to /verify (the modal closes itself). */
  onSuccess?: () => void;
  className?: string;
  /** Called when the Log In link is chosen (the modal closes itself). */
  onLogInClick?: () => void;
};

const EMPTY_VALUES: SignupFormInput = {
  name: '',
  email: '',
  phone: '',
  phoneCountry: DEFAULT_PHONE_COUNTRY,
  username: '',
  password: '',
  confirmPassword: '',
  zipCode: '',
  acceptTerms: false,
};

/** The sign-up this tab has under way (back from /verify shows it again), minus the password. */
function defaultValues(): SignupFormInput {
  const pending = getStoredPendingSignup();
  if (!pending) return EMPTY_VALUES;
  return {
    ...EMPTY_VALUES,
    name: pending.name,
    email: pending.email,
    phone: pending.phone ?? '',
    phoneCountry:
      pending.phoneCountry && isPhoneCountry(pending.phoneCountry)
        ? pending.phoneCountry
        : DEFAULT_PHONE_COUNTRY,
    username: pending.username,
    zipCode: pending.zipCode,
  };
}

type TextFieldName = 'name' | 'email' | 'username' | 'password' | 'confirmPassword' | 'zipCode';

/**
 * The sign-up form (spec §2): on submit the first failing check is shown above the form, then the
 * code is sent (session.startRegistration) and the person goes to /verify.
 */
export function SignupForm({ onSuccess, className, onLogInClick }: Props) {
  const { t } = useTranslation('accounts');
  const { startRegistration } = useSession();
  const navigate = useNavigate();
  /** The one message above the form: a check's translation key, or a server failure's text. */
  const [message, setMessage] = useState<{ key: string } | { text: string } | null>(null);

  const [initialValues] = useState(defaultValues);
  // The common-password list is fetched while the person types, not at submit.
  useEffect(() => {
    loadCommonPasswords().catch(() => {});
  }, []);

  // One message at a time, in the spec's order: the resolver reports only the first problem.
  const resolver: Resolver<SignupFormInput> = async (values) => {
    // Every sign-up path asks for the terms box (the server refuses an account without it).
    let problem = firstSignupProblem(values, { termsRequired: true });
    // The server's password rule, applied here before any code is sent.
    if (!problem && (await checkPassword(values.password)) === 'common') {
      problem = { field: 'password', message: SIGNUP_MESSAGES.commonPassword };
    }
    if (!problem) return { values, errors: {} };
    return {
      values: {},
      errors: { [problem.field]: { type: 'validate', message: problem.message } },
    };
  };

  const {
    register,
    control,
    handleSubmit,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<SignupFormInput>({
    defaultValues: initialValues,
    resolver,
    // The message changes when the person submits again, not at every key (role="alert" would
    // read each change aloud).
    reValidateMode: 'onSubmit',
  });
  const phone = useController({ control, name: 'phone' });
  const phoneCountry = useController({ control, name: 'phoneCountry' });
  const terms = useController({ control, name: 'acceptTerms' });

  // A field being corrected loses its red outline; the message stays until the next submit.
  // Only a field that has an error clears it: clearErrors renders the whole form again, and
  // doing that at every key made typing here cost a render of every field per character.
  const field = (name: TextFieldName) => {
    const { ref, ...rest } = register(name, {
      onChange: () => {
        if (errors[name]) clearErrors(name);
      },
    });
    return { ...rest, inputRef: ref, error: Boolean(errors[name]), disabled: isSubmitting };
  };

  const showProblem = (found: typeof errors) => {
    const key = Object.values(found).find((error) => error?.message)?.message;
    if (key) setMessage({ key });
  };

  const submit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      await startRegistration({
        name: values.name,
        email: values.email,
        phone: values.phone,
        // The ZIP code chooses the identity provider; a Latin American phone can tip a bare
        // five-digit code that is also a US ZIP (kyc-routing's ambiguity rule).
        verificationService: kycProviderForZip(
          values.zipCode,
          values.phone ? values.phoneCountry : null,
        ),
        username: values.username,
        password: values.password,
        confirmPassword: values.confirmPassword,
        zipCode: values.zipCode,
        phoneCountry: values.phoneCountry,
        termsVersion: TERMS_VERSION,
      });
      onSuccess?.();
      navigate('/verify');
    } catch (failure) {
      if (!(failure instanceof ApiError)) {
        console.error('Sign-up failed', failure);
      }
      setMessage({
        text: apiErrorMessage(t, failure, 'signup.errors.sendFailed', {
          rate_limited: 'signup.errors.rateLimited',
        }),
      });
    }
  }, showProblem);

  return (
    <Box component="form" noValidate onSubmit={submit} className={className}>
      {message && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {'key' in message ? t(message.key) : message.text}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2 }}>
        <TextField label={t('signup.fields.name')} autoComplete="name" {...field('name')} />
        <TextField
          label={t('signup.fields.email')}
          type="email"
          autoComplete="email"
          {...field('email')}
        />
        <PhoneField
          value={phone.field.value}
          country={phoneCountry.field.value}
          onChange={({ value, country }) => {
            phone.field.onChange(value);
            phoneCountry.field.onChange(country);
            if (errors.phone) clearErrors('phone');
          }}
          onBlur={phone.field.onBlur}
          inputRef={phone.field.ref}
          countryLabel={t('signup.fields.phoneCountry')}
          label={t('signup.fields.phone')}
          error={Boolean(errors.phone)}
          disabled={isSubmitting}
        />
        <TextField
          label={t('signup.fields.username')}
          autoComplete="username"
          helperText={t('signup.usernameHint')}
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          {...field('username')}
        />
        <TextField
          label={t('signup.fields.password')}
          type="password"
          autoComplete="new-password"
          helperText={t('signup.passwordHint')}
          {...field('password')}
        />
        <TextField
          label={t('signup.fields.confirmPassword')}
          type="password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <TextField
          label={t('signup.fields.zipCode')}
          autoComplete="postal-code"
          {...field('zipCode')}
        />
        <TermsCheckbox
          checked={terms.field.value}
          inputRef={terms.field.ref}
          onBlur={terms.field.onBlur}
          onChange={(checked) => {
            terms.field.onChange(checked);
            // Ticking the box answers its message at once.
            if (checked && errors.acceptTerms) {
              clearErrors('acceptTerms');
              setMessage(null);
            }
          }}
          disabled={isSubmitting}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting}>
          {isSubmitting ? t('signup.submitting') : t('signup.submit')}
        </Button>
      </Box>
      <AuthLink
        before={t('signup.haveAccount')}
        to="/login"
        label={t('signup.logIn')}
        onClick={onLogInClick}
      />
    </Box>
  );
}

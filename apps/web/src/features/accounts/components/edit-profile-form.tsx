import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type UpdateProfileBody,
  type UserProfile,
  updateProfileBody,
  ZIP_MISMATCH,
} from '@pago/shared/contracts/accounts';
import { zip5 } from '@pago/shared/contracts/address';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useState } from 'react';
import {
  type FieldErrors,
  type Resolver,
  type ResolverOptions,
  type ResolverResult,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CodeField } from '@/components/ui/code-field';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { isLanguage } from '@/lib/i18n';
import { useSendEmailVerification, useUpdateProfile, useVerifyEmailCode } from '../api/profile';
import { SUCCESS_MESSAGE_MS } from '../lib/profile-display';
import {
  AddressFields,
  type AddressFormValues,
  addressBodyOf,
  addressValuesOf,
  isBlankAddress,
} from './address-fields';
import { TwoStepChangeStep } from './security-parts';

/** The modal's fields, as typed: plain strings, blank for anything the profile lacks. */
export type ProfileFormValues = {
  name: string;
  username: string;
  email: string;
  phone: string;
  /** The home address in parts; the spec's one-line `address` is written from it. */
  homeAddress: AddressFormValues;
  zipCode: string;
};
type FieldName = Exclude<keyof ProfileFormValues, 'homeAddress'>;
const REQUIRED: readonly FieldName[] = ['name', 'username', 'email'];

export function formValuesOf(user: UserProfile): ProfileFormValues {
  return {
    name: user.name ?? '',
    username: user.username ?? '',
    email: user.email ?? '',
    phone: user.phone ?? '',
    homeAddress: addressValuesOf(user.homeAddress),
    zipCode: user.zipCode ?? '',
  };
}

/** What the form started from: the profile's address and ZIP code as fields. */
type Saved = { address: AddressFormValues; zipCode: string };

/**
 * Blank optional fields clear the value (null); a phone may be typed with spaces, dashes or
 * brackets. The address goes only when changed: blank clears it, parts replace it. A US ZIP code
 * left as it was follows a new address (as the server does), so only one typed must agree.
 */
function toRequestShape(values: ProfileFormValues, saved: Saved) {
  const address = values.homeAddress;
  const changed = (Object.keys(address) as (keyof AddressFormValues)[]).some(
    (part) => address[part].trim() !== saved.address[part],
  );
  const zipCode = values.zipCode.trim() || null;
  const followsAddress =
    changed &&
    !isBlankAddress(address) &&
    values.zipCode.trim() === saved.zipCode &&
    (zipCode === null || zip5(zipCode) !== null);
  return {
    name: values.name,
    username: values.username,
    email: values.email,
    phone: values.phone.replace(/[\s().-]/g, '') || null,
    ...(changed ? { homeAddress: isBlankAddress(address) ? null : addressBodyOf(address) } : {}),
    zipCode: followsAddress ? (zip5(address.postalCode) ?? zipCode) : zipCode,
  };
}

const schemaResolver = zodResolver(updateProfileBody);

/**
 * Spec §5 first ("Name, username, and email are required", one message for the three), then the
 * shared contract the server applies, so the form never sends what the server would refuse.
 */
export function profileResolver(
  saved: Saved,
): Resolver<ProfileFormValues, unknown, UpdateProfileBody> {
  return async (values, context, options) => {
    const missing = REQUIRED.filter((field) => values[field].trim() === '');
    if (missing.length > 0) {
      const errors: FieldErrors<ProfileFormValues> = {};
      for (const field of missing) errors[field] = { type: 'required', message: 'required' };
      return { values: {}, errors };
    }
    const result = await schemaResolver(
      toRequestShape(values, saved),
      context,
      options as unknown as ResolverOptions<Parameters<typeof schemaResolver>[0]>,
    );
    return result as unknown as ResolverResult<ProfileFormValues, UpdateProfileBody>;
  };
}

type Step =
  | { kind: 'form' }
  /** A code was sent to the new address; the profile is saved once it is confirmed. */
  | { kind: 'code'; body: UpdateProfileBody }
  /** Two-step codes are on: a new e-mail or phone takes a current code (issue 16). */
  | { kind: 'twoStep'; body: UpdateProfileBody }
  | { kind: 'saved' };

type Props = {
  user: UserProfile;
  titleId: string;
  onSaved: () => void;
  onCancel: () => void;
};

/**
 * The Edit Profile modal's content. A changed e-mail is confirmed by a code sent to the new
 * address before the profile is saved (the server refuses an unverified new address).
 */
export function EditProfileForm({ user, titleId, onSaved, onCancel }: Props) {
  const { t, i18n } = useTranslation('accounts');
  const language = isLanguage(i18n.language) ? i18n.language : 'es';
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [error, setError] = useState<string | null>(null);
  // A new address confirmed in this modal stays accepted (the server allows 30 minutes).
  const [verifiedEmail, setVerifiedEmail] = useState<string | null>(null);
  // The step just shown replaced the focused control; focus goes where the reader continues,
  // which also keeps Escape working (it is heard inside the dialog only).
  const [focusEmail, setFocusEmail] = useState(false);
  const focusOnMount = useCallback((element: HTMLElement | null) => element?.focus(), []);
  const update = useUpdateProfile();
  const sendCode = useSendEmailVerification();
  const verifyCode = useVerifyEmailCode();
  const busy = update.isPending || sendCode.isPending || verifyCode.isPending;
  const addressId = useId();
  const resolver = useMemo(
    () =>
      profileResolver({
        address: addressValuesOf(user.homeAddress),
        zipCode: user.zipCode ?? '',
      }),
    [user],
  );

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ProfileFormValues, unknown, UpdateProfileBody>({
    resolver,
    defaultValues: formValuesOf(user),
  });

  async function save(body: UpdateProfileBody) {
    try {
      await update.mutateAsync(body);
      setStep({ kind: 'saved' });
      onSaved();
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'email_not_verified') {
        setVerifiedEmail(null);
      }
      const codeAsked =
        failure instanceof ApiError &&
        (failure.code === 'two_step_required' || failure.code === 'invalid_two_step_code');
      setError(
        failure instanceof ApiError && failure.code === 'two_step_required'
          ? null
          : (errorText(t, failure) ?? t('edit.errors.updateFailed')),
      );
      setStep(codeAsked ? { kind: 'twoStep', body } : { kind: 'form' });
    }
  }

  const onSubmit = handleSubmit(async (body) => {
    setError(null);
    const emailChanged = body.email !== user.email?.toLowerCase();
    if (!emailChanged || body.email === verifiedEmail) {
      await save(body);
      return;
    }
    try {
      await sendCode.mutateAsync({ email: body.email, name: body.name, language });
      setStep({ kind: 'code', body });
    } catch (failure) {
      setError(errorText(t, failure) ?? t('edit.errors.sendFailed'));
    }
  });

  if (step.kind === 'saved') {
    return (
      <>
        <DialogTitle id={titleId}>{t('edit.title')}</DialogTitle>
        <DialogContent>
          <Alert severity="success" role="status" tabIndex={-1} ref={focusOnMount}>
            {t('edit.success')}
          </Alert>
        </DialogContent>
      </>
    );
  }

  if (step.kind === 'twoStep') {
    return (
      <TwoStepChangeStep
        title={t('edit.title')}
        titleId={titleId}
        busy={busy}
        error={error}
        onBack={() => {
          setError(null);
          setStep({ kind: 'form' });
        }}
        onConfirm={(twoStepCode) => {
          setError(null);
          void save({ ...step.body, twoStepCode });
        }}
      />
    );
  }

  if (step.kind === 'code') {
    return (
      <EmailCodeStep
        titleId={titleId}
        email={step.body.email}
        busy={busy}
        error={error}
        onBack={() => {
          setError(null);
          setFocusEmail(true);
          setStep({ kind: 'form' });
        }}
        onResend={() =>
          sendCode.mutateAsync({ email: step.body.email, name: step.body.name, language })
        }
        onVerify={async (code) => {
          setError(null);
          try {
            await verifyCode.mutateAsync({ email: step.body.email, code });
          } catch (failure) {
            setError(errorText(t, failure) ?? t('edit.errors.verifyFailed'));
            return;
          }
          setVerifiedEmail(step.body.email);
          await save(step.body);
        }}
      />
    );
  }

  const requiredMissing = REQUIRED.some((field) => errors[field]?.type === 'required');
  const field = (name: FieldName) => {
    const { ref, ...rest } = register(name);
    const fieldError = errors[name];
    return {
      ...rest,
      inputRef: ref,
      fullWidth: true,
      error: fieldError !== undefined,
      ...(fieldError && fieldError.type !== 'required'
        ? { helperText: t(`edit.invalid.${name}`) }
        : {}),
    };
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('edit.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {requiredMissing && (
            <Alert severity="error" role="alert">
              {t('edit.required')}
            </Alert>
          )}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <TextField {...field('name')} label={t('edit.name')} required autoComplete="name" />
          <TextField
            {...field('username')}
            label={t('edit.username')}
            required
            autoComplete="username"
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          />
          <TextField
            {...field('email')}
            label={t('edit.email')}
            required
            type="email"
            autoComplete="email"
            autoFocus={focusEmail}
            helperText={
              errors.email && errors.email.type !== 'required'
                ? t('edit.invalid.email')
                : t('edit.emailHelp')
            }
          />
          <TextField
            {...field('phone')}
            label={t('edit.phone')}
            type="tel"
            autoComplete="tel"
            helperText={errors.phone ? t('edit.invalid.phone') : t('edit.phoneHelp')}
          />
          <TextField
            {...field('zipCode')}
            label={t('edit.zipCode')}
            {...(errors.zipCode?.message === ZIP_MISMATCH
              ? { helperText: t('edit.invalid.zipMismatch') }
              : {})}
          />
          <AddressFields
            register={(part) => register(`homeAddress.${part}`)}
            errors={errors.homeAddress}
            legendId={addressId}
            optional
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel}>{t('edit.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? t('edit.saving') : t('edit.save')}
        </Button>
      </DialogActions>
    </Box>
  );
}

type CodeStepProps = {
  titleId: string;
  email: string;
  busy: boolean;
  error: string | null;
  onBack: () => void;
  onResend: () => Promise<unknown>;
  onVerify: (code: string) => Promise<void>;
};

function EmailCodeStep({ titleId, email, busy, error, onBack, onResend, onVerify }: CodeStepProps) {
  const { t } = useTranslation('accounts');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [resendNote, setResendNote] = useState<{ ok: boolean; text: string } | null>(null);

  // Spec §4: a success message clears after 5 s.
  useEffect(() => {
    if (!resendNote?.ok) return;
    const timer = window.setTimeout(() => setResendNote(null), SUCCESS_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [resendNote]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (code === '') {
      setCodeError(t('edit.emailChange.codeRequired'));
      return;
    }
    if (!/^\d{6}$/.test(code)) {
      setCodeError(t('edit.emailChange.codeLength'));
      return;
    }
    setCodeError(null);
    void onVerify(code);
  }

  async function resend() {
    setResendNote(null);
    try {
      await onResend();
      setResendNote({ ok: true, text: t('edit.emailChange.resent') });
    } catch (failure) {
      setResendNote({ ok: false, text: errorText(t, failure) ?? t('edit.errors.sendFailed') });
    }
  }

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('edit.emailChange.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {t('edit.emailChange.sent', { email })}
          </Typography>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {resendNote && (
            <Alert
              severity={resendNote.ok ? 'success' : 'error'}
              role={resendNote.ok ? 'status' : 'alert'}
            >
              {resendNote.text}
            </Alert>
          )}
          <CodeField
            label={t('edit.emailChange.code')}
            value={code}
            onChange={setCode}
            error={codeError !== null}
            helperText={codeError ?? ' '}
            autoFocus
            resend={{ label: t('edit.emailChange.resend'), onClick: resend, disabled: busy }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onBack} disabled={busy}>
          {t('edit.emailChange.back')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? t('edit.emailChange.verifying') : t('edit.emailChange.verify')}
        </Button>
      </DialogActions>
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  type UpdateProfileBody,
  type UserProfile,
  ZIP_MISMATCH,
} from '@pago/shared/contracts/accounts';
import { useCallback, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { isLanguage } from '@/lib/i18n';
import { useSendEmailVerification, useUpdateProfile, useVerifyEmailCode } from '../api/profile';
import { AddressFields, addressValuesOf } from './address-fields';
import { EmailCodeStep } from './email-code-step';
import {
  type FieldName,
  formValuesOf,
  type ProfileFormValues,
  profileResolver,
  REQUIRED,
} from './profile-form-values';
import { TwoStepChangeStep } from './security-parts';

type Step =
  | { kind: 'form' }
  /** A code was sent to the new address; the profile is saved once it is confirmed. */
  | { kind: 'code'; body: UpdateProfileBody }
  /** Two-step codes are on: a new e-mail or phone takes a current code. */
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

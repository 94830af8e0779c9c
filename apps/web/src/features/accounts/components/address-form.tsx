import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { UserProfile } from '@pago/shared/contracts/accounts';
import { type UsAddress, usAddressSchema } from '@pago/shared/contracts/address';
import { useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { PROFILE_UPDATED } from '@/lib/events';
import { useUpdateAddress } from '../api/profile';

/** A five-digit U.S. ZIP code out of what the profile holds ("77002-1234" → "77002"), else ''. */
function zip5Of(zip: string | null | undefined): string {
  const match = /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(zip ?? '');
  return match?.[1] ?? '';
}

import {
  AddressFields,
  type AddressFormValues,
  addressBodyOf,
  addressValuesOf,
} from './address-fields';

const schemaResolver = zodResolver(usAddressSchema);
/** The shared contract on the request the form would send, so the form refuses what the API would. */
const addressResolver: Resolver<AddressFormValues> = async (values, context, options) => {
  const result = await schemaResolver(
    addressBodyOf(values),
    context,
    options as unknown as Parameters<typeof schemaResolver>[2],
  );
  return result.errors && Object.keys(result.errors).length > 0
    ? { values: {}, errors: result.errors }
    : { values, errors: {} };
};

type Props = {
  address: UsAddress | null;
  /** The profile as saved, once the server has it. */
  onSaved: (profile: UserProfile) => void;
  onCancel?: () => void;
  submitLabel?: string;
  /** The cancel button's words (default "Cancelar"). */
  cancelLabel?: string;
  /** With no address yet: the ZIP code Pago already knows (sign-up or verification), prefilled. */
  knownPostalCode?: string | null;
};

/**
 * The home address on its own: asked where it is first needed (opening the bank account), and
 * saved with PUT /api/user/address; the session's profile is refreshed after.
 */
export function AddressForm({
  address,
  onSaved,
  onCancel,
  submitLabel,
  knownPostalCode,
  cancelLabel,
}: Props) {
  const { t } = useTranslation('accounts');
  const legendId = useId();
  const update = useUpdateAddress();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AddressFormValues>({
    resolver: addressResolver,
    defaultValues: address
      ? addressValuesOf(address)
      : { ...addressValuesOf(null), postalCode: zip5Of(knownPostalCode) },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const profile = await update.mutateAsync(usAddressSchema.parse(addressBodyOf(values)));
      window.dispatchEvent(new Event(PROFILE_UPDATED));
      onSaved(profile);
    } catch (failure) {
      setError(errorText(t, failure) ?? t('address.saveFailed'));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <AddressFields register={register} errors={errors} legendId={legendId} autoFocus />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={update.isPending}>
            {cancelLabel ?? t('address.cancel')}
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={update.isPending}>
          {update.isPending ? t('address.saving') : (submitLabel ?? t('address.save'))}
        </Button>
      </Box>
    </Box>
  );
}

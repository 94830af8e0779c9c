import Box from '@mui/material/Box';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  PO_BOX_ERROR,
  US_STATES,
  type UsAddress,
  type UsAddressInput,
  type UsState,
} from '@pago/shared/contracts/address';
import { useMemo } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/format';

/** The address form's fields as typed: plain strings, blank for none. */
export type AddressFormValues = {
  street: string;
  street2: string;
  city: string;
  state: string;
  postalCode: string;
};
export type AddressFieldName = keyof AddressFormValues;

export function addressValuesOf(address: UsAddress | null | undefined): AddressFormValues {
  return {
    street: address?.street ?? '',
    street2: address?.street2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    postalCode: address?.postalCode ?? '',
  };
}

export function isBlankAddress(values: AddressFormValues): boolean {
  return Object.values(values).every((value) => value.trim() === '');
}

/** What the API takes (no second line is null), before the shared schema checks it. */
export function addressBodyOf(values: AddressFormValues): UsAddressInput {
  return {
    street: values.street,
    street2: values.street2.trim() || null,
    city: values.city,
    state: values.state as UsState,
    postalCode: values.postalCode,
  };
}

/** City, state and ZIP: stacked on a phone, one row from the tablet size up. */
const cityStateZip = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 2fr) minmax(0, 2fr) minmax(0, 1.4fr)' },
} as const;

type Props = {
  /** The field's registration in the caller's form (react-hook-form). */
  register: (name: AddressFieldName) => UseFormRegisterReturn;
  errors: Partial<Record<AddressFieldName, FieldError>> | undefined;
  /** A heading id, so the group is named for screen readers. */
  legendId: string;
  autoFocus?: boolean;
  /** In the profile the address may stay blank: no field is marked required. */
  optional?: boolean;
};

/**
 * A U.S. home address: street, apartment, city, state (a native select: the phone's own picker),
 * ZIP. The profile's form and the bank's opening step use it, each with its own react-hook-form.
 * One column on a phone; city, state and ZIP share a row from the tablet size up.
 */
export function AddressFields({
  register,
  errors,
  legendId,
  autoFocus = false,
  optional = false,
}: Props) {
  const { t } = useTranslation('accounts');
  const locale = useLocale();
  const states = useMemo(
    () =>
      US_STATES.map((code) => ({ code, name: t(`address.states.${code}`) })).sort((a, b) =>
        a.name.localeCompare(b.name, locale),
      ),
    [t, locale],
  );

  const field = (name: AddressFieldName): TextFieldProps => {
    const { ref, ...rest } = register(name);
    const error = errors?.[name];
    return {
      ...rest,
      inputRef: ref,
      id: `${legendId}-${name}`,
      fullWidth: true,
      error: error !== undefined,
      ...(error
        ? {
            helperText: t(
              error.message === PO_BOX_ERROR ? 'address.invalid.poBox' : `address.invalid.${name}`,
            ),
          }
        : {}),
    };
  };

  return (
    <Box role="group" aria-labelledby={legendId} sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Typography id={legendId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('address.legend')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('address.help')}
        </Typography>
      </Box>
      <TextField
        {...field('street')}
        label={t('address.street')}
        required={!optional}
        autoComplete="address-line1"
        autoFocus={autoFocus}
      />
      <TextField {...field('street2')} label={t('address.street2')} autoComplete="address-line2" />
      <Box sx={cityStateZip}>
        <TextField
          {...field('city')}
          label={t('address.city')}
          required={!optional}
          autoComplete="address-level2"
        />
        <TextField
          {...field('state')}
          label={t('address.state')}
          required={!optional}
          select
          autoComplete="address-level1"
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('address.choose')}</option>
          {states.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </TextField>
        <TextField
          {...field('postalCode')}
          label={t('address.postalCode')}
          required={!optional}
          autoComplete="postal-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
          {...(errors?.postalCode ? {} : { helperText: t('address.postalCodeHelp') })}
        />
      </Box>
    </Box>
  );
}

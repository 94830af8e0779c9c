import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { PHONE_COUNTRIES, type PhoneCountryCode } from '@pago/shared/phone-countries';
import { type Ref, useState } from 'react';
import { useLocale } from '@/lib/format';
import {
  changePhoneCountry,
  editPhoneInput,
  emptyPhoneInput,
  formatPhoneInput,
  type PhoneInput,
} from '@/lib/phone-input';

type Props = {
  /** E.164 or empty. */
  value: string;
  country: PhoneCountryCode;
  onChange(change: PhoneInput): void;
  onBlur?(): void;
  inputRef?: Ref<HTMLInputElement>;
  countryLabel: string;
  label: string;
  placeholder?: string;
  helperText?: string;
  error?: boolean;
  disabled?: boolean;
  /** Someone else's number (a recipient): the browser must not offer the person's own. */
  othersNumber?: boolean;
};

function initialInput(value: string, country: PhoneCountryCode): PhoneInput {
  if (!value) return emptyPhoneInput(country);
  return formatPhoneInput(value.replace(/\D/g, ''), true, country) ?? emptyPhoneInput(country);
}

/**
 * A phone with its country picker (the allowed countries of `@pago/shared/phone-countries`,
 * "México (+52)"). The box keeps digits and a leading plus only, formats as you type for the
 * country, and hands the form E.164; a number typed with a plus moves the picker to its country.
 * A new `value` or `country` from outside that is not what the field handed over (a form reset)
 * replaces what the box shows.
 */
export function PhoneField({
  value,
  country,
  onChange,
  onBlur,
  inputRef,
  countryLabel,
  label,
  placeholder,
  helperText,
  error,
  disabled,
  othersNumber,
}: Props) {
  const locale = useLocale();
  const [input, setInput] = useState<PhoneInput>(() => initialInput(value, country));
  // Only a change of the props is looked at: a parent one render behind what was typed is not
  // a reset.
  const [given, setGiven] = useState({ value, country });
  if (value !== given.value || country !== given.country) {
    setGiven({ value, country });
    if (value !== input.value || country !== input.country) setInput(initialInput(value, country));
  }

  const apply = (next: PhoneInput | null) => {
    if (!next) return; // refused: the box keeps what it had
    setInput(next);
    onChange(next);
  };

  return (
    // Side by side from 600 px; stacked on a phone, where both labels would be cut short.
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        gap: { xs: 2.5, sm: 1.5 },
        alignItems: { sm: 'flex-start' },
      }}
    >
      <TextField
        select
        label={countryLabel}
        value={input.country}
        onChange={(event) =>
          apply(changePhoneCountry(input, event.target.value as PhoneCountryCode))
        }
        disabled={disabled}
        slotProps={{
          select: { native: true },
          htmlInput: { autoComplete: othersNumber ? 'off' : 'tel-country-code' },
        }}
        sx={{ flex: { sm: '0 0 42%' }, minWidth: 0 }}
      >
        {PHONE_COUNTRIES.map((option) => (
          <option key={option.code} value={option.code}>
            {`${option.name[locale]} (+${option.callingCode})`}
          </option>
        ))}
      </TextField>
      <TextField
        label={label}
        value={input.text}
        onChange={(event) => apply(editPhoneInput(input, event.target.value))}
        onBlur={onBlur}
        inputRef={inputRef}
        placeholder={placeholder}
        helperText={helperText}
        error={error}
        disabled={disabled}
        type="tel"
        autoComplete={othersNumber ? 'off' : 'tel-national'}
        slotProps={{ htmlInput: { inputMode: 'tel' } }}
        sx={{ flex: 1, minWidth: 0 }}
      />
    </Box>
  );
}

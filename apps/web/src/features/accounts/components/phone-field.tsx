import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { PHONE_COUNTRIES, type PhoneCountryCode } from '@pago/shared/phone-countries';
import { type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  changePhoneCountry,
  editPhoneInput,
  emptyPhoneInput,
  formatPhoneInput,
  type PhoneInput,
} from '../lib/phone-input';

type Props = {
  /** E.164 or empty. */
  value: string;
  country: PhoneCountryCode;
  onChange(change: { value: string; country: PhoneCountryCode }): void;
  onBlur?(): void;
  inputRef?: Ref<HTMLInputElement>;
  error?: boolean;
  disabled?: boolean;
};

function initialInput(value: string, country: PhoneCountryCode): PhoneInput {
  if (!value) return emptyPhoneInput(country);
  return formatPhoneInput(value.replace(/\D/g, ''), true, country) ?? emptyPhoneInput(country);
}

/**
 * Optional phone with its country picker (the spec's allowed countries, default US). The box keeps
 * digits and a leading plus only, formats as you type for the country, and hands the form E.164.
 * A number typed with a plus moves the picker to that country. `value` is read on mount only.
 */
export function PhoneField({ value, country, onChange, onBlur, inputRef, error, disabled }: Props) {
  const { t, i18n } = useTranslation('auth');
  const [input, setInput] = useState<PhoneInput>(() => initialInput(value, country));
  const language = i18n.language === 'en' ? 'en' : 'es';

  const apply = (next: PhoneInput | null) => {
    if (!next) return; // refused: the box keeps what it had
    setInput(next);
    onChange({ value: next.value, country: next.country });
  };

  return (
    <Box
      sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: { xs: 2, sm: 1.5 } }}
    >
      <TextField
        select
        label={t('signup.fields.phoneCountry')}
        value={input.country}
        onChange={(event) =>
          apply(changePhoneCountry(input, event.target.value as PhoneCountryCode))
        }
        disabled={disabled}
        slotProps={{ select: { native: true }, htmlInput: { autoComplete: 'tel-country-code' } }}
        sx={{ flex: { sm: '0 0 40%' }, minWidth: 0 }}
      >
        {PHONE_COUNTRIES.map((option) => (
          <option key={option.code} value={option.code}>
            {`+${option.callingCode} ${option.name[language]}`}
          </option>
        ))}
      </TextField>
      <TextField
        label={t('signup.fields.phone')}
        value={input.text}
        onChange={(event) => apply(editPhoneInput(input, event.target.value))}
        onBlur={onBlur}
        inputRef={inputRef}
        error={error}
        disabled={disabled}
        type="tel"
        autoComplete="tel-national"
        slotProps={{ htmlInput: { inputMode: 'tel' } }}
        sx={{ flex: 1, minWidth: 0 }}
      />
    </Box>
  );
}

import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { PHONE_COUNTRIES } from '@pago/shared/phone-countries';
import type { ComponentProps } from 'react';
import { useLocale } from '@/lib/format';

type InputProps = Omit<ComponentProps<typeof TextField>, 'select' | 'children'>;

/**
 * A phone with its country code: a picker of the allowed countries ("México (+52)") beside the
 * number. The form turns the two into E.164; a number typed with "+" keeps its own code.
 */
export function PhoneNumberField({
  countryProps,
  numberProps,
}: {
  countryProps: InputProps;
  numberProps: InputProps;
}) {
  const locale = useLocale();
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
        {...countryProps}
        slotProps={{ select: { native: true }, htmlInput: { autoComplete: 'off' } }}
        sx={{ flex: { sm: '0 0 42%' }, minWidth: 0 }}
      >
        {PHONE_COUNTRIES.map((option) => (
          <option key={option.code} value={option.code}>
            {`${option.name[locale]} (+${option.callingCode})`}
          </option>
        ))}
      </TextField>
      <TextField
        type="tel"
        autoComplete="off"
        {...numberProps}
        slotProps={{ htmlInput: { inputMode: 'tel' } }}
        sx={{ flex: 1, minWidth: 0 }}
      />
    </Box>
  );
}

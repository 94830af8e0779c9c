import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

type Props = Omit<TextFieldProps, 'slotProps'> & {
  /** Extra attributes of the <input> (e.g. min and step for a number input). */
  htmlInput?: Record<string, unknown>;
};

/** A dollar amount as people type it: decimal keyboard on phones, a "$" before the figure. */
export function UsdAmountField({ htmlInput, ...props }: Props) {
  return (
    <TextField
      autoComplete="off"
      {...props}
      slotProps={{
        htmlInput: { inputMode: 'decimal', ...htmlInput },
        input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
      }}
    />
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';

/** How many digits the e-mail and SMS codes have. */
export const CODE_LENGTH = 6;

/**
 * A six-digit code from an e-mail or an SMS: digits only (anything else typed is dropped), the
 * numeric keyboard, and the browser's one-time-code autofill; `resend` adds a button below it
 * that asks for a new code.
 */
export function CodeField({
  label,
  value,
  onChange,
  error,
  helperText,
  disabled,
  autoFocus,
  large,
  resend,
}: {
  label: string;
  value: string;
  onChange(code: string): void;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Spaced-out large digits, for a page that is only about the code. */
  large?: boolean;
  resend?: { label: string; onClick(): void; disabled?: boolean };
}) {
  const field = (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
      error={error}
      helperText={helperText}
      disabled={disabled}
      autoComplete="one-time-code"
      autoFocus={autoFocus}
      fullWidth
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          maxLength: CODE_LENGTH,
          pattern: '[0-9]*',
          style: large ? { letterSpacing: '0.4em', fontSize: 22 } : undefined,
        },
      }}
    />
  );
  if (!resend) return field;
  return (
    <>
      {field}
      <Box>
        <Button onClick={resend.onClick} disabled={resend.disabled}>
          {resend.label}
        </Button>
      </Box>
    </>
  );
}

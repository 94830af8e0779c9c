import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** A new password (with the password rule as its hint) and its confirmation. */
export function NewPasswordFields({
  label,
  password,
  confirmPassword,
  onPassword,
  onConfirmPassword,
  disabled,
}: {
  label: string;
  password: string;
  confirmPassword: string;
  onPassword(value: string): void;
  onConfirmPassword(value: string): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('accounts');
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        helperText={t('signup.passwordHint')}
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        disabled={disabled}
      />
      <TextField
        label={t('signup.fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(event) => onConfirmPassword(event.target.value)}
        disabled={disabled}
      />
    </>
  );
}

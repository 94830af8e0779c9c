import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export type Notice = { error: boolean; text: string } | null;

/** A dialog's result or failure, read out when it appears. */
export function NoticeArea({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return (
    <Alert severity={notice.error ? 'error' : 'success'} role={notice.error ? 'alert' : 'status'}>
      {notice.text}
    </Alert>
  );
}

/**
 * The owner's confirmation: their password, and a current code when two-step codes are on
 * (`needsCode`; the server's `two_step_required` turns it on too).
 */
export function ConfirmFields({
  password,
  onPassword,
  code,
  onCode,
  needsCode,
  disabled,
}: {
  password: string;
  onPassword(value: string): void;
  code: string;
  onCode(value: string): void;
  needsCode: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation('accountRights');
  return (
    <>
      <TextField
        label={t('password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        disabled={disabled}
        helperText={t('passwordWhy')}
      />
      {needsCode && (
        <TextField
          label={t('code')}
          value={code}
          onChange={(event) => onCode(event.target.value)}
          autoComplete="one-time-code"
          disabled={disabled}
          slotProps={{ htmlInput: { maxLength: 20, autoCapitalize: 'none', spellCheck: false } }}
        />
      )}
    </>
  );
}

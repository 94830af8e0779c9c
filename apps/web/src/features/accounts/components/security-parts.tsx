import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** What the last action of a security card did: a success or an error, read out as it appears. */
export type Notice = { error: boolean; text: string } | null;

export function NoticeArea({ notice }: { notice: Notice }) {
  return (
    <Box aria-live="polite">
      {notice && (
        <Alert
          severity={notice.error ? 'error' : 'success'}
          role={notice.error ? 'alert' : 'status'}
        >
          {notice.text}
        </Alert>
      )}
    </Box>
  );
}

/** A current code: the authenticator app's 6 digits or a recovery code. */
export function TwoStepCodeField({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange(value: string): void;
  disabled: boolean;
}) {
  const { t } = useTranslation('security');
  return (
    <TextField
      label={t('twoStep.codeLabel')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="one-time-code"
      disabled={disabled}
      slotProps={{ htmlInput: { maxLength: 20, autoCapitalize: 'none', spellCheck: false } }}
    />
  );
}

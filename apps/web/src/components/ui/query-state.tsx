import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A query still loading: its placeholder (laid out by `sx`), announced as "Loading...". */
export function Loading({ children, sx }: { children: ReactNode; sx?: SxProps<Theme> }) {
  const { t } = useTranslation('common');
  return (
    <Box role="status" aria-label={t('status.loading')} sx={sx}>
      {children}
    </Box>
  );
}

/** A query that failed: what could not be loaded, and a Retry button that asks again. */
export function LoadFailed({ message, onRetry }: { message: ReactNode; onRetry: () => unknown }) {
  const { t } = useTranslation('common');
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={() => void onRetry()}>
          {t('actions.retry')}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

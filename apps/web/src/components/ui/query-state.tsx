import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
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

type QueryLike = { isPending: boolean; isError: boolean; refetch: () => unknown };

/**
 * A query before it has data: a spinner while it loads, `failed` and a Retry once it failed,
 * nothing after — for pages whose placeholder is a plain spinner (the operations console).
 */
export function QueryPending({ query, failed }: { query: QueryLike; failed: ReactNode }) {
  if (query.isPending) {
    return (
      <Loading>
        <CircularProgress />
      </Loading>
    );
  }
  if (query.isError) return <LoadFailed message={failed} onRetry={query.refetch} />;
  return null;
}

/** What an action just did, until the person closes it. */
export function DoneAlert({ done, onClose }: { done: string | null; onClose: () => void }) {
  if (!done) return null;
  return (
    <Alert severity="success" sx={{ mb: 2 }} onClose={onClose}>
      {done}
    </Alert>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { intlLocale } from '@pago/shared/money';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { useLocale } from '@/lib/format';
import { downloadStatement, useBankStatements } from '../api/banking-panel';

/** "2026-11" as "noviembre de 2026" / "November 2026". */
function monthName(month: string, locale: 'es' | 'en'): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(intlLocale(locale), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, index - 1, 15)));
}

/** Monthly statements of the partner account: one PDF a month, in the language of the page. */
export function StatementsList({ buttonSx }: { buttonSx: object }) {
  const { t } = useTranslation('banking');
  const locale = useLocale();
  const headingId = useId();
  const statements = useBankStatements(true);
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const download = async (month: string) => {
    setBusy(month);
    setFailed(false);
    try {
      await downloadStatement(month, locale, t('statements.filename', { month }));
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3">
        {t('statements.title')}
      </Typography>
      {failed && (
        <Alert severity="error" role="alert" sx={{ my: 1 }}>
          {t('statements.downloadFailed')}
        </Alert>
      )}
      {statements.isError ? (
        <LoadFailed message={t('statements.loadFailed')} onRetry={() => statements.refetch()} />
      ) : !statements.data ? (
        <Loading>
          <Skeleton variant="rounded" height={48} />
        </Loading>
      ) : statements.data.statements.length === 0 ? (
        <Typography color="text.secondary">{t('statements.none')}</Typography>
      ) : (
        <List dense aria-labelledby={headingId} sx={{ py: 0 }}>
          {statements.data.statements.map(({ month }) => {
            const name = monthName(month, locale);
            return (
              <ListItem key={month} disableGutters divider>
                <ListItemText primary={name.charAt(0).toUpperCase() + name.slice(1)} />
                <Button
                  size="small"
                  sx={buttonSx}
                  disabled={busy !== null}
                  onClick={() => download(month)}
                  aria-label={t('statements.downloadMonth', { month: name })}
                >
                  {busy === month ? t('statements.downloading') : t('statements.download')}
                </Button>
              </ListItem>
            );
          })}
        </List>
      )}
    </Box>
  );
}

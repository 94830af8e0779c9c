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
import { downloadStatement, useStatements } from '../api/statements';

/** "2026-11" as "noviembre de 2026" / "November 2026". */
function monthName(month: string, locale: 'es' | 'en'): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(intlLocale(locale), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, index - 1, 15)));
}

/**
 * The wallet's monthly statements: one PDF a month (the month under way to date), in the language
 * of the page. Each button's accessible name starts with its visible words.
 */
export function StatementsList() {
  const { t } = useTranslation('banking');
  const locale = useLocale();
  const headingId = useId();
  const statements = useStatements();
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
      <Typography id={headingId} variant="h6" component="h2">
        {t('statements.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('statements.intro')}
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
          {statements.data.statements.map(({ month }, index) => {
            const name = monthName(month, locale);
            return (
              <ListItem key={month} disableGutters divider>
                <ListItemText
                  primary={name.charAt(0).toUpperCase() + name.slice(1)}
                  secondary={index === 0 ? t('statements.toDate') : undefined}
                />
                <Button
                  size="small"
                  variant="outlined"
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

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { QueryPending } from '@/components/ui/query-state';
import { formatDateTime, useLocale } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { type AuditFilters, useAuditLog } from '../api/ops-queries';

const FILTER_KEYS = ['staffId', 'userId', 'action'] as const;

/** The audit log: newest first, filtered by staff member, customer and action, page by page. */
export default function AuditPage() {
  const { t } = useTranslation('ops');
  usePageTitle(t('audit.title'));
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  const [draft, setDraft] = useState<AuditFilters>(filters);
  const log = useAuditLog(filters);
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const key of FILTER_KEYS) {
      const value = draft[key]?.trim();
      if (value) next.set(key, value);
    }
    setParams(next);
  };

  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Typography variant="h1" sx={{ fontSize: '1.75rem', fontWeight: 700, mb: 1 }}>
        {t('audit.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('audit.intro')}
      </Typography>
      <Paper
        component="form"
        onSubmit={apply}
        variant="outlined"
        aria-label={t('audit.filters')}
        sx={{ p: 2, mb: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
      >
        {FILTER_KEYS.map((key) => (
          <TextField
            key={key}
            size="small"
            label={t(`audit.${key}`)}
            value={draft[key] ?? ''}
            onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
            sx={{ flex: '1 1 200px' }}
          />
        ))}
        <Button type="submit" variant="contained">
          {t('audit.apply')}
        </Button>
        <Button
          onClick={() => {
            setDraft({});
            setParams(new URLSearchParams());
          }}
        >
          {t('audit.clear')}
        </Button>
      </Paper>
      <QueryPending query={log} failed={t('common.error')} />
      {log.isSuccess && entries.length === 0 && <Typography>{t('audit.empty')}</Typography>}
      <Stack
        component="ol"
        spacing={1}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        aria-label={t('audit.title')}
      >
        {entries.map((entry) => (
          <Paper component="li" key={entry.id} variant="outlined" sx={{ p: 1.5 }}>
            <Box
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}
            >
              <Typography sx={{ fontWeight: 700, fontFamily: 'monospace' }}>
                {entry.action}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(entry.at, locale)}
              </Typography>
            </Box>
            <Typography variant="body2">
              {t('audit.who')}: {entry.staff.name} ({entry.staff.email})
            </Typography>
            <Typography variant="body2">
              {t('audit.why')}: {entry.reason}
            </Typography>
            {entry.userId && (
              <Typography variant="body2">
                {t('audit.customer')}:{' '}
                <RouterLink to={`/ops/customers/${entry.userId}`}>{entry.userId}</RouterLink>
              </Typography>
            )}
          </Paper>
        ))}
      </Stack>
      {log.hasNextPage && (
        <Button
          sx={{ mt: 2 }}
          onClick={() => log.fetchNextPage()}
          disabled={log.isFetchingNextPage}
        >
          {t('audit.more')}
        </Button>
      )}
    </Box>
  );
}

import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { QueryPending } from '@/components/ui/query-state';
import { usePageTitle } from '@/lib/page-title';
import { useQueueSummary } from '../api/queues-queries';

/** "Colas": each queue with how many items wait and how many are past their deadline. */
export default function QueuesPage() {
  const { t } = useTranslation('opsQueues');
  usePageTitle(t('title'));
  const summary = useQueueSummary();
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Typography variant="h1" sx={{ fontSize: '1.75rem', fontWeight: 700, mb: 1 }}>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      <QueryPending query={summary} failed={t('error')} />
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' },
        }}
      >
        {summary.data?.queues.map((q) => (
          <li key={q.queue}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea
                component={RouterLink}
                to={`/ops/queues/${q.queue}`}
                sx={{ height: '100%' }}
              >
                <CardContent>
                  <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700 }}>
                    {t(`queues.${q.queue}.title`)}
                  </Typography>
                  <Typography sx={{ fontSize: '2rem', fontWeight: 700 }}>{q.count}</Typography>
                  <Typography color={q.overdue > 0 ? 'error' : 'text.secondary'}>
                    {q.overdue > 0 ? t('overdueCount', { count: q.overdue }) : t('noneOverdue')}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Box>
    </Box>
  );
}

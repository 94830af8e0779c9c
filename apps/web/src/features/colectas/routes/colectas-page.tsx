import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatUsd } from '@pago/shared/money';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { useLocale } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { useColectas } from '../api/colectas';
import { ColectaProgress } from '../components/colecta-progress';
import { CreateColectaForm } from '../components/create-colecta-form';

/** `/colectas`: the user's colectas (organised or invited to), and a new one. */
export default function ColectasPage() {
  const { t } = useTranslation('colectas');
  usePageTitle(t('title'));
  const locale = useLocale();
  const colectas = useColectas();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, md: 6 }, display: 'grid', gap: 2 }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 28, md: 36 } }}>
        {t('title')}
      </Typography>
      <Typography color="text.secondary">{t('intro')}</Typography>
      {colectas.isPending ? (
        <Loading>
          <Skeleton variant="rounded" height={120} />
        </Loading>
      ) : colectas.isError ? (
        <LoadFailed message={t('loadFailed')} onRetry={() => colectas.refetch()} />
      ) : (
        <>
          {colectas.data.heldCents > 0 && (
            <Typography sx={{ fontWeight: 600 }} data-testid="colectas-held">
              {t('held', { amount: formatUsd(colectas.data.heldCents, locale) })}
            </Typography>
          )}
          {colectas.data.items.length === 0 ? (
            <Typography color="text.secondary">{t('empty')}</Typography>
          ) : (
            <List disablePadding sx={{ display: 'grid', gap: 1 }}>
              {colectas.data.items.map((colecta) => (
                <Paper key={colecta.id} variant="outlined">
                  <ListItemButton
                    component={RouterLink}
                    to={`/colectas/${colecta.id}`}
                    sx={{ display: 'grid', gap: 1, py: 1.5 }}
                  >
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                      <Typography sx={{ fontWeight: 700, flex: 1, overflowWrap: 'anywhere' }}>
                        {colecta.title}
                      </Typography>
                      <Chip size="small" label={t(`status.${colecta.status}`)} />
                    </Box>
                    <ColectaProgress colecta={colecta} />
                  </ListItemButton>
                </Paper>
              ))}
            </List>
          )}
        </>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {t('create.title')}
        </Typography>
        <CreateColectaForm />
      </Paper>
    </Container>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Colecta } from '@pago/shared/contracts/colectas';
import { formatUsd } from '@pago/shared/money';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { formatDay, useLocale } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { useColecta } from '../api/colectas';
import { ColectaProgress } from '../components/colecta-progress';
import { ContributeForm } from '../components/contribute-form';
import { InviteForm } from '../components/invite-form';
import { OrganiserActions } from '../components/organiser-actions';

/**
 * `/colectas/:id`: one colecta, for its organiser and the people invited (others see "not
 * found"): its progress, who is in, contributing, and the organiser's invite, send and cancel;
 * once sent, the remittance's status as the partner reports it.
 */
export default function ColectaPage() {
  const { t } = useTranslation('colectas');
  usePageTitle(t('title'));
  const { id = '' } = useParams();
  const colecta = useColecta(id);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, md: 6 } }}>
      {colecta.isPending ? (
        <Loading>
          <Skeleton variant="rounded" height={240} />
        </Loading>
      ) : colecta.isError ? (
        colecta.error instanceof ApiError && colecta.error.status === 404 ? (
          <>
            <Typography variant="h4" component="h1" gutterBottom>
              {t('title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('detail.notFound')}
            </Typography>
            <Button component={RouterLink} to="/colectas" variant="outlined">
              {t('detail.all')}
            </Button>
          </>
        ) : (
          <LoadFailed message={t('loadFailed')} onRetry={() => colecta.refetch()} />
        )
      ) : (
        <ColectaDetail colecta={colecta.data} />
      )}
    </Container>
  );
}

function ColectaDetail({ colecta }: { colecta: Colecta }) {
  const { t } = useTranslation('colectas');
  const locale = useLocale();
  const open = colecta.status === 'open';
  const reached = open && colecta.collectedCents >= colecta.targetCents;
  const usd = (amount: Colecta['targetCents']) => formatUsd(amount, locale);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontSize: { xs: 28, md: 36 }, flex: 1, overflowWrap: 'anywhere' }}
        >
          {colecta.title}
        </Typography>
        <Chip
          label={t(`status.${colecta.status}`)}
          color={colecta.status === 'sent' ? 'success' : open ? 'primary' : 'default'}
        />
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5 }}>
        <ColectaProgress colecta={colecta} />
        <Typography>
          {t('detail.to', { name: colecta.recipient.name, country: colecta.recipient.country })}
        </Typography>
        <Typography color="text.secondary">
          {t('detail.sendBy', { date: formatDay(colecta.sendBy, locale) })}
        </Typography>
        <Typography color="text.secondary">
          {colecta.isOrganiser
            ? t('detail.youOrganise')
            : t('detail.organisedBy', colecta.organiser)}
        </Typography>
        {colecta.myContributionCents > 0 && (
          <Typography sx={{ fontWeight: 600 }}>
            {t('detail.mine', { amount: usd(colecta.myContributionCents) })}
          </Typography>
        )}
        {reached && <Alert severity="info">{t('detail.reached')}</Alert>}
        {open && colecta.isOrganiser && colecta.lastSendError && (
          <Alert severity="warning">{t('detail.lastSendError')}</Alert>
        )}
        {colecta.status === 'cancelled' && (
          <Alert severity="info">
            {t(
              colecta.cancelledReason === 'expired'
                ? 'detail.cancelledExpired'
                : 'detail.cancelledOrganiser',
            )}
          </Alert>
        )}
        {colecta.remittance && (
          <Alert
            severity={colecta.remittance.status === 'delivered' ? 'success' : 'info'}
            data-testid="colecta-remittance"
          >
            {t('detail.remittance', {
              amount: usd(colecta.remittance.amountCents),
              fee: usd(colecta.remittance.feeCents),
              status: t(`remittanceStatus.${colecta.remittance.status}`),
            })}
            {colecta.isOrganiser && (
              <>
                {' '}
                <RouterLink to={`/transfers/${colecta.remittance.transferId}`}>
                  {t('detail.track')}
                </RouterLink>
              </>
            )}
          </Alert>
        )}
      </Paper>
      {open && !reached && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <ContributeForm colecta={colecta} />
        </Paper>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1 }}>
        <Typography variant="h6" component="h2">
          {t('detail.members')}
        </Typography>
        {colecta.members.map((member) => (
          <Box key={member.username} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {member.name} (@{member.username})
            </Typography>
            <Typography color="text.secondary">
              · {t(`detail.${member.role}`)} ·{' '}
              {member.contributedCents > 0
                ? t('detail.contributed', { amount: usd(member.contributedCents) })
                : t('detail.nothingYet')}
            </Typography>
          </Box>
        ))}
        {open && colecta.isOrganiser && (
          <>
            <Divider sx={{ my: 1 }} />
            <InviteForm colectaId={colecta.id} />
          </>
        )}
      </Paper>
      {open && colecta.isOrganiser && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <OrganiserActions colecta={colecta} />
        </Paper>
      )}
      <Button component={RouterLink} to="/colectas" sx={{ justifySelf: 'start' }}>
        {t('detail.all')}
      </Button>
    </Box>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Approval } from '@pago/shared/contracts/ops';
import { cents, formatUsd } from '@pago/shared/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DoneAlert, QueryPending } from '@/components/ui/query-state';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { formatDateTime, useLocale } from '@/lib/format';
import { useStaff } from '@/lib/ops-session';
import { usePageTitle } from '@/lib/page-title';
import { useDecideApproval, usePendingApprovals } from '../api/ops-queries';

/** "Aprobaciones pendientes": money actions waiting for a second staff member. */
export default function ApprovalsPage() {
  const { t } = useTranslation('ops');
  usePageTitle(t('approvals.title'));
  const locale = useLocale();
  const staff = useStaff();
  const approvals = usePendingApprovals();
  const decide = useDecideApproval();
  const [deciding, setDeciding] = useState<{
    approval: Approval;
    decision: 'approve' | 'reject';
  } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const mayDecide = staff.role === 'compliance' || staff.role === 'admin';

  return (
    <Box sx={{ maxWidth: 900 }}>
      <Typography variant="h1" sx={{ fontSize: '1.75rem', fontWeight: 700, mb: 1 }}>
        {t('approvals.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('approvals.introPlain')}
      </Typography>
      <DoneAlert done={done} onClose={() => setDone(null)} />
      <QueryPending query={approvals} failed={t('common.error')} />
      {approvals.data?.length === 0 && <Typography>{t('approvals.empty')}</Typography>}
      <Stack spacing={2}>
        {approvals.data?.map((approval) => {
          const own = approval.requestedBy.id === staff.id;
          return (
            <Card key={approval.id} variant="outlined" component="article">
              <CardContent>
                <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
                  {t(`approvals.actions.${approval.action}`, { defaultValue: approval.action })}
                  {' · '}
                  {formatUsd(cents(approval.amountCents), locale)}
                </Typography>
                <Box
                  component="dl"
                  sx={{
                    m: 0,
                    mt: 1,
                    display: 'grid',
                    gridTemplateColumns: 'auto 1fr',
                    columnGap: 2,
                  }}
                >
                  <Typography component="dt" color="text.secondary">
                    {t('approvals.customer')}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0 }}>
                    {approval.customer ? (
                      <RouterLink to={`/ops/customers/${approval.customer.id}`}>
                        {approval.customer.name}
                      </RouterLink>
                    ) : (
                      '—'
                    )}
                  </Typography>
                  <Typography component="dt" color="text.secondary">
                    {t('approvals.requestedBy')}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0 }}>
                    {approval.requestedBy.name} · {formatDateTime(approval.requestedAt, locale)}
                  </Typography>
                  <Typography component="dt" color="text.secondary">
                    {t('approvals.reason')}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0 }}>
                    {approval.reason}
                  </Typography>
                </Box>
                {own && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {t('approvals.ownRequest')}
                  </Typography>
                )}
              </CardContent>
              {mayDecide && !own && (
                <CardActions>
                  <Button
                    variant="contained"
                    onClick={() => setDeciding({ approval, decision: 'approve' })}
                  >
                    {t('approvals.approve')}
                  </Button>
                  <Button
                    color="error"
                    onClick={() => setDeciding({ approval, decision: 'reject' })}
                  >
                    {t('approvals.reject')}
                  </Button>
                </CardActions>
              )}
            </Card>
          );
        })}
      </Stack>
      <ReasonDialog
        open={deciding !== null}
        title={
          deciding?.decision === 'reject' ? t('approvals.rejectTitle') : t('approvals.approveTitle')
        }
        confirmLabel={
          deciding?.decision === 'reject' ? t('approvals.reject') : t('approvals.approve')
        }
        onClose={() => setDeciding(null)}
        onConfirm={async (reason) => {
          if (!deciding) return;
          await decide.mutateAsync({
            id: deciding.approval.id,
            decision: deciding.decision,
            reason,
          });
          setDone(
            deciding.decision === 'reject' ? t('approvals.rejected') : t('approvals.approved'),
          );
        }}
      />
    </Box>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AddIcon, RequestIcon, SendIcon } from '@/components/ui/icons';
import { IdentityNotice } from '@/components/ui/identity-notice';
import { greetingOf } from '@/features/accounts/lib/greeting';
import { ActivitySection } from '@/features/activity/components/activity-section';
import { AccountDetailsLink } from '@/features/banking/components/account-details-link';
import { CardTile } from '@/features/cards/components/card-tile';
import { PhoneReminder } from '@/features/phone/components/phone-reminder';
import { PendingRequests } from '@/features/requests/components/pending-requests';
import { HomeBalance } from '@/features/wallet/components/home-balance';
import { usePageTitle } from '@/lib/page-title';
import { isIdentityVerified, useSession } from '@/lib/session';
import { AddMoneyDialog } from './add-money-dialog';
import { DashboardSkeleton } from './dashboard-skeleton';
import { ProfileLoadFailed } from './profile-load-failed';

/**
 * The home screen: the balance first, then Enviar, Solicitar and Agregar dinero, the
 * requests waiting to be paid, and the latest activity. The profile, QR code, linked banks and
 * banking live on /profile. Wide screens put activity beside the rest.
 */
export default function DashboardPage() {
  const { t } = useTranslation([
    'dashboard',
    'wallet',
    'activity',
    'requests',
    'funding',
    'moneymover',
    'cards',
    'banking',
  ]);
  usePageTitle(t('title'));
  const { user, loading } = useSession();
  const [params, setParams] = useSearchParams();
  // `?agregar=1` (the send flow's "Agregar dinero" way out) opens the add-money dialog.
  const [addingMoney, setAddingMoney] = useState(() => params.has('agregar'));
  // Read once per visit: the greeting does not change while the page is open.
  const [now] = useState(() => Date.now());

  if (!user && loading) return <DashboardSkeleton />;

  if (!user) return <ProfileLoadFailed title={t('title')} />;

  const greeting = greetingOf(user, now);
  const payAction = (
    <Button component={RouterLink} to="/send" variant="contained" sx={{ justifySelf: 'start' }}>
      {t('actions.send')}
    </Button>
  );

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 5 } }}>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 3, md: 4 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 3 }}>
          {!isIdentityVerified(user) && (
            <IdentityNotice
              notice={t('moneymover:identity.notice')}
              verify={t('moneymover:identity.verify')}
              mb={0}
            />
          )}
          <PhoneReminder />
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
            <Box>
              <Typography
                variant="h5"
                component="h1"
                sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
              >
                {t(`greeting.${greeting.hello}`, { name: greeting.name })}
              </Typography>
              <Typography color="text.secondary">{t(`greeting.${greeting.line}`)}</Typography>
            </Box>
            <HomeBalance />
            <AccountDetailsLink />
            <Box
              component="nav"
              aria-label={t('actions.label')}
              sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1 }}
            >
              <ActionButton icon={<SendIcon />} to="/send" label={t('actions.send')} />
              <ActionButton
                icon={<RequestIcon />}
                to="/moneymover?tab=request"
                label={t('actions.request')}
              />
              <ActionButton
                icon={<AddIcon />}
                onClick={() => setAddingMoney(true)}
                label={t('actions.addMoney')}
              />
            </Box>
            <Button
              component={RouterLink}
              to="/send-home"
              size="small"
              sx={{ justifySelf: 'start' }}
            >
              {t('actions.sendHome')}
            </Button>
            <Button
              component={RouterLink}
              to="/colectas"
              size="small"
              sx={{ justifySelf: 'start' }}
            >
              {t('actions.colectas')}
            </Button>
          </Paper>
          <CardTile />
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <PendingRequests />
          </Paper>
        </Box>
        <ActivitySection recent emptyAction={payAction} />
      </Box>
      {addingMoney && (
        <AddMoneyDialog
          open
          onClose={() => {
            setAddingMoney(false);
            if (params.has('agregar')) setParams({}, { replace: true });
          }}
        />
      )}
    </Container>
  );
}

/** A primary action: icon over a short word, a 64 px target on a phone. */
function ActionButton({
  icon,
  label,
  to,
  onClick,
}: {
  icon: ReactNode;
  label: string;
  to?: string;
  onClick?: () => void;
}) {
  const sx = {
    flexDirection: 'column',
    gap: 0.5,
    minHeight: 64,
    py: 1,
    lineHeight: 1.2,
    textAlign: 'center',
  } as const;
  return to ? (
    <Button component={RouterLink} to={to} variant="contained" sx={sx}>
      {icon}
      {label}
    </Button>
  ) : (
    <Button variant="contained" onClick={onClick} sx={sx}>
      {icon}
      {label}
    </Button>
  );
}

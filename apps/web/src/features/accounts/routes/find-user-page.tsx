import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { PageLoading } from '@/components/ui/page-loading';
import { LoadFailed } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { openSignupModal } from '@/lib/events';
import { usePageTitle } from '@/lib/page-title';
import { useSession } from '@/lib/session';
import { usePublicUser } from '../api/get-public-user';
import { PersonCard } from '../components/person-card';

/** The person's card offers both money moves: paying them (P2P, /pay) and asking them for money. */
const MONEY_ACTIONS = [
  { path: '/pay?', label: 'findUser.card.sendMoney', variant: 'contained' },
  { path: '/moneymover?tab=request&', label: 'findUser.card.requestMoney', variant: 'outlined' },
] as const;

/** Where a profile QR code leads: the person's public card, to send or request money. */
export default function FindUserPage() {
  const { t } = useTranslation('accounts');
  usePageTitle(t('findUser.title'));
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() || null;
  const { user, loading, isAuthenticated } = useSession();
  const isOwnCode = user !== null && id === user._id;
  const person = usePublicUser(id, isAuthenticated && !isOwnCode);

  if (loading) return <PageLoading label={t('common:status.loading')} />;
  if (!isAuthenticated || !user) return <SignedOut />;
  if (id === null) return <NotFound reason="missingId" />;

  if (isOwnCode) {
    return (
      <Page>
        <PersonCard name={user.name} username={user.username}>
          <Alert severity="info" sx={{ textAlign: 'start', width: '100%' }}>
            {t('findUser.own.body')}
          </Alert>
          <Button component={RouterLink} to="/dashboard" variant="contained">
            {t('findUser.own.dashboard')}
          </Button>
        </PersonCard>
      </Page>
    );
  }

  if (person.isPending) {
    return (
      <Page>
        <Card variant="outlined">
          <CardContent
            sx={{ p: 4, display: 'flex', flexDirection: 'column', alignItems: 'center' }}
          >
            <Typography role="status" sx={{ mb: 2 }} color="text.secondary">
              {t('findUser.loading')}
            </Typography>
            <Skeleton aria-hidden variant="circular" width={80} height={80} />
            <Skeleton aria-hidden variant="text" width={180} sx={{ fontSize: '1.5rem' }} />
            <Skeleton aria-hidden variant="text" width={120} />
          </CardContent>
        </Card>
      </Page>
    );
  }

  if (person.isError) {
    // An id the server does not know, or one that is not even well formed, is the same to the reader.
    const error = person.error;
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return <NotFound reason="unknownId" />;
    }
    return (
      <Page>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('findUser.title')}
        </Typography>
        <LoadFailed
          onRetry={person.refetch}
          message={
            error instanceof ApiError && error.code === 'network_error'
              ? t('findUser.error.network')
              : t('findUser.error.body')
          }
        />
      </Page>
    );
  }

  const { name, username } = person.data;
  const to = encodeURIComponent(username);
  return (
    <Page>
      <PersonCard name={name} username={username}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%' }}>
          {MONEY_ACTIONS.map(({ path, label, variant }) => (
            <Button
              key={path}
              component={RouterLink}
              to={`${path}to=${to}`}
              variant={variant}
              size="large"
              fullWidth
            >
              {t(label)}
            </Button>
          ))}
        </Stack>
      </PersonCard>
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      {children}
    </Container>
  );
}

function SignedOut() {
  const { t } = useTranslation('accounts');
  const location = useLocation();
  return (
    <Page>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('findUser.signedOut.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('findUser.signedOut.body')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {/* The login page sends people back to state.from once they are in. */}
        <Button
          component={RouterLink}
          to="/login"
          state={{ from: location }}
          variant="contained"
          size="large"
        >
          {t('findUser.signedOut.login')}
        </Button>
        <Button variant="outlined" size="large" onClick={openSignupModal}>
          {t('findUser.signedOut.signUp')}
        </Button>
      </Stack>
    </Page>
  );
}

function NotFound({ reason }: { reason: 'missingId' | 'unknownId' }) {
  const { t } = useTranslation('accounts');
  return (
    <Page>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('findUser.notFound.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t(`findUser.notFound.${reason}`)}</Typography>
      <Box>
        <Button component={RouterLink} to="/dashboard" variant="contained">
          {t('findUser.own.dashboard')}
        </Button>
      </Box>
    </Page>
  );
}

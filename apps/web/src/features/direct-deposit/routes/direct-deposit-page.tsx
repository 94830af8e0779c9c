import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { LoadFailed, Loading } from '@/components/ui/query-state';
import { SectionCard } from '@/components/ui/section-card';
import { TitleAndIntro } from '@/components/ui/title-and-intro';
import { ApiError } from '@/lib/api-client';
import { useCapability } from '@/lib/capabilities';
import { missingDetailOf, useMissingDetailStep } from '@/lib/missing-details';
import { usePageTitle } from '@/lib/page-title';
import { useDirectDeposit } from '../api/direct-deposit';
import { DepositForm } from '../components/deposit-form';
import { DepositNumbers } from '../components/deposit-numbers';
import { DepositsList } from '../components/deposits-list';

/** "Switch part of your pay": where to ask, how long it takes, what early pay is (and is not). */
function SwitchGuide() {
  const { t } = useTranslation('direct-deposit');
  return (
    <SectionCard title={t('guide.title')}>
      <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
        <li>{t('guide.step1')}</li>
        <li>{t('guide.step2')}</li>
        <li>{t('guide.step3')}</li>
      </Box>
      <Alert severity="info">{t('guide.earlyPay')}</Alert>
    </SectionCard>
  );
}

/** Why the numbers cannot be shown yet: what is missing asked in place, or where to fix it. */
function Blocked({ failure, onRetry }: { failure: unknown; onRetry(): void }) {
  const { t } = useTranslation('direct-deposit');
  const MissingDetailStep = useMissingDetailStep();
  const navigate = useNavigate();
  const code = failure instanceof ApiError ? failure.code : null;
  if (code === 'identity_not_verified') {
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" component={RouterLink} to="/identity-verification">
            {t('verifyIdentity')}
          </Button>
        }
      >
        {t('identityRequired')}
      </Alert>
    );
  }
  // The home address or phone the bank needs: asked right here, then the numbers are fetched again.
  const need = missingDetailOf(failure);
  if (need) {
    return (
      <SectionCard title={t('title')}>
        <MissingDetailStep
          need={need}
          purpose="accountNumbers"
          onDone={onRetry}
          onCancel={() => navigate(-1)}
        />
      </SectionCard>
    );
  }
  return <LoadFailed message={t('loadFailed')} onRetry={onRetry} />;
}

/**
 * `/direct-deposit`: the account and routing numbers to give an employer (the account opened on
 * first use), the pre-filled form, how to switch part of one's pay, and the deposits received.
 */
export default function DirectDepositPage() {
  const { t } = useTranslation('direct-deposit');
  usePageTitle(t('title'));
  // Live mode without the banking partner: no account to give (the server refuses it too).
  const available = useCapability('bankAccount');
  const query = useDirectDeposit(available);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 4 } }}>
      <TitleAndIntro title={t('title')} intro={t('intro')} />
      {!available ? (
        <Alert severity="info" role="note">
          {t('common:liveMode.bankAccount')}
        </Alert>
      ) : query.isError ? (
        <Blocked failure={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Loading sx={{ display: 'grid', gap: 2 }}>
          <Skeleton variant="rounded" height={220} />
          <Skeleton variant="rounded" height={160} />
        </Loading>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <DepositNumbers data={query.data} />
          <Alert
            severity="success"
            icon={false}
            action={
              <Button color="inherit" component={RouterLink} to="/direct-deposit/payday">
                {t('payday.action')}
              </Button>
            }
          >
            {t('payday.hook')}
          </Alert>
          <DepositsList deposits={query.data.deposits} />
          <DepositForm />
          <SwitchGuide />
        </Box>
      )}
    </Container>
  );
}

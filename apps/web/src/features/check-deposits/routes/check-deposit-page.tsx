import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { TitleAndIntro } from '@/components/ui/title-and-intro';
import { usePageTitle } from '@/lib/page-title';
import { useCheckDeposit } from '../api/check-deposits';
import { CheckDepositFlow } from '../components/check-deposit-flow';
import { CheckDepositList } from '../components/check-deposit-list';
import { CheckDepositStatus } from '../components/check-deposit-status';

/**
 * `/deposit-check`: a new check deposit (amount, both photos, review, confirm), or with `?id=`
 * one deposit's status; and the past ones.
 */
export default function CheckDepositPage() {
  const { t } = useTranslation('checks');
  usePageTitle(t('title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('id');
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 4 }, display: 'grid', gap: 3 }}>
      <TitleAndIntro title={t('title')} intro={t('intro')} />
      {id ? (
        <DepositStatusSection id={id} />
      ) : (
        <CheckDepositFlow
          onConfirmed={(deposit) => void navigate(`/deposit-check?id=${deposit.id}`)}
        />
      )}
      <CheckDepositList />
    </Container>
  );
}

function DepositStatusSection({ id }: { id: string }) {
  const { t } = useTranslation('checks');
  const deposit = useCheckDeposit(id);
  return (
    <Box component="section" aria-labelledby="check-status-title" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="check-status-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {t('status.title')}
      </Typography>
      {deposit.isError && <Alert severity="error">{t('status.loadFailed')}</Alert>}
      {deposit.data && <CheckDepositStatus deposit={deposit.data} />}
      <Button
        component={RouterLink}
        to="/deposit-check"
        variant="outlined"
        sx={{ justifySelf: 'start' }}
      >
        {t('status.another')}
      </Button>
    </Box>
  );
}

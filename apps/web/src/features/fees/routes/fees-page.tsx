import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { FEE_CHANGE_NOTICE_DAYS, FEE_SCHEDULE } from '@pago/shared/fees';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/page-title';
import { useFeeFormat } from '../components/fee-format';
import { FeeSection } from '../components/fee-section';

/** The public fee schedule: every figure comes from FEE_SCHEDULE, only the words from `fees`. */
export default function FeesPage() {
  const { t } = useTranslation('fees');
  const format = useFeeFormat();
  usePageTitle(t('title'));

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography
        variant="h3"
        component="h1"
        gutterBottom
        sx={{ fontSize: { xs: '2rem', sm: '2.5rem', md: '3rem' } }}
      >
        {t('title')}
      </Typography>
      <Typography sx={{ fontSize: '1.125rem', mb: 1 }}>{t('intro.beforeConfirm')}</Typography>
      <Typography color="text.secondary">
        {t('intro.currency')}{' '}
        {t('intro.changes', { notice: format.duration('day', FEE_CHANGE_NOTICE_DAYS) })}
      </Typography>
      {FEE_SCHEDULE.map((section) => (
        <FeeSection key={section.id} section={section} />
      ))}
    </Container>
  );
}

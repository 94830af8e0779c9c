import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '@/lib/page-title';
import { SendHomeFlow } from '../components/send-home-flow';

/** Sending home: `?recipient=` and `?amount=` prefill it ("send again"). */
export default function SendHomePage() {
  const { t } = useTranslation(['remittances', 'transfers']);
  const [params] = useSearchParams();
  usePageTitle(t('title'));
  const amount = params.get('amount');
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 }, px: { xs: 2, sm: 3 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('intro')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <SendHomeFlow
          initial={{
            recipientId: params.get('recipient'),
            amount: amount && /^\d{1,6}(\.\d{1,2})?$/.test(amount) ? amount : null,
          }}
        />
      </Paper>
    </Container>
  );
}

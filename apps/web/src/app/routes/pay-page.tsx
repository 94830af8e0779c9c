import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { IdentityNotice } from '@/components/ui/identity-notice';
import { usePageTitle } from '@/lib/page-title';
import { isIdentityVerified, useSession } from '@/lib/session';
import { PayStep } from './pay-step';

/**
 * "Pagar a alguien de Pago" (`/pay?to=<username or phone>`, the links and QR codes that lead
 * here): the send flow's payment step (`PayStep`, the same one /send shows once a Pago user is
 * chosen), with a way to the whole flow for anyone else.
 */
export default function PayPage() {
  const { t } = useTranslation(['transfers', 'moneymover', 'activity']);
  usePageTitle(t('pay.title'));
  const { user } = useSession();
  const [params] = useSearchParams();
  const to = params.get('to')?.trim() || null;

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, md: 6 } }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 28, md: 36 }, mb: 2 }}>
        {t('pay.title')}
      </Typography>
      {!isIdentityVerified(user) && (
        <IdentityNotice
          notice={t('moneymover:identity.notice')}
          verify={t('moneymover:identity.verify')}
        />
      )}
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('pay.intro')}
      </Typography>
      <PayStep to={to} />
      <Box sx={{ mt: 4 }}>
        <Button component={RouterLink} to="/send-home">
          {t('pay.sendHome')}
        </Button>
      </Box>
    </Container>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BILL_CATEGORIES, type BillType } from '@pago/shared/bill-categories';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '@/lib/page-title';
import { useSession } from '@/lib/session';

/** The bill categories; paying needs a signed-in user, and the payment flow arrives with money. */
export default function BillPayPage() {
  const { t } = useTranslation('billpay');
  const { isAuthenticated } = useSession();
  const [message, setMessage] = useState<{ severity: 'info' | 'warning'; text: string } | null>(
    null,
  );
  usePageTitle(t('title'));

  const choose = (_billType: BillType) => {
    setMessage(
      isAuthenticated
        ? { severity: 'info', text: t('common:status.comingWithMoney') }
        : { severity: 'warning', text: t('loginRequired') },
    );
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 32, md: 44 } }} gutterBottom>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('subtitle')}
      </Typography>
      {message && (
        <Alert
          severity={message.severity}
          role="alert"
          sx={{ mb: 3 }}
          action={
            isAuthenticated ? undefined : (
              <Button
                color="inherit"
                size="small"
                component={RouterLink}
                to="/login"
                state={{ from: { pathname: '/billpay' } }}
              >
                {t('common:nav.login')}
              </Button>
            )
          }
        >
          {message.text}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {BILL_CATEGORIES.map((category) => (
          <Paper key={category.id} component="section" variant="outlined" sx={{ p: 3 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {t(`categories.${category.id}`)}
            </Typography>
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
              {category.billTypes.map((billType) => (
                <Box key={billType} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                  <Button
                    variant="outlined"
                    onClick={() => choose(billType)}
                    sx={{ flex: 1, justifyContent: 'flex-start' }}
                  >
                    {t(`billTypes.${billType}`)}
                  </Button>
                  <Chip label={t('available')} color="success" variant="outlined" size="small" />
                </Box>
              ))}
            </Box>
          </Paper>
        ))}
      </Box>
    </Container>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { reloadPage } from '@/lib/reload-page';

/** No user data (spec §2): the page's heading, then an alert whose Reload button reloads the page. */
export function ProfileLoadFailed({ title }: { title: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Alert
        severity="error"
        role="alert"
        action={
          <Button color="inherit" size="small" onClick={reloadPage}>
            {t('reload')}
          </Button>
        }
      >
        {t('loadError')}
      </Alert>
    </Container>
  );
}

import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { TitleAndIntro } from '@/components/ui/title-and-intro';
import { usePageTitle } from '@/lib/page-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <TitleAndIntro
        title={t('notFound.title')}
        intro={t('notFound.body')}
        variant="h3"
        introGap={4}
      />
      <Button component={RouterLink} to="/" variant="contained">
        {t('notFound.home')}
      </Button>
    </Container>
  );
}

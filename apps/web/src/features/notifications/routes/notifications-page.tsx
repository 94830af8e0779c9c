import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TitleAndIntro } from '@/components/ui/title-and-intro';
import { usePageTitle } from '@/lib/page-title';
import { EmailSettings } from '../components/email-settings';
import { NotificationCenter } from '../components/notification-center';

/**
 * `/notifications`: the notification center, and which ones also come by e-mail and push;
 * `device` is the push feature's switch for this device (app/routes/notifications-route.tsx).
 */
export default function NotificationsPage({ device }: { device?: ReactNode }) {
  const { t } = useTranslation('notifications');
  usePageTitle(t('title'));
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 4 } }}>
      <TitleAndIntro title={t('title')} intro={t('intro')} />
      <NotificationCenter />
      {device}
      <EmailSettings />
    </Container>
  );
}

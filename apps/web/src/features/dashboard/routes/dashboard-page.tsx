import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/coming-soon';
import { usePageTitle } from '@/lib/page-title';

export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  usePageTitle(t('title'));
  return <ComingSoon title={t('title')} message={t('common:status.comingWithAccounts')} />;
}

import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/coming-soon';
import { usePageTitle } from '@/lib/page-title';

export default function CallbackPage() {
  const { t } = useTranslation('accounts');
  usePageTitle(t('callback.title'));
  return <ComingSoon title={t('callback.title')} message={t('common:status.comingWithAccounts')} />;
}

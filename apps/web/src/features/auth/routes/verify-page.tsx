import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/coming-soon';
import { usePageTitle } from '@/lib/page-title';

export default function VerifyPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('verify.title'));
  return <ComingSoon title={t('verify.title')} message={t('common:status.comingWithAccounts')} />;
}

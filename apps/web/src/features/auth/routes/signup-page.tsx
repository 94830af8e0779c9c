import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/coming-soon';
import { usePageTitle } from '@/lib/page-title';

export default function SignupPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('signup.title'));
  return <ComingSoon title={t('signup.title')} message={t('common:status.comingWithAccounts')} />;
}

import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/coming-soon';
import { usePageTitle } from '@/lib/page-title';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('forgotPassword.title'));
  return (
    <ComingSoon title={t('forgotPassword.title')} message={t('common:status.comingWithAccounts')} />
  );
}

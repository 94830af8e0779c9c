import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/page-title';
import { AuthCard } from '../components/auth-card';
import { ExternalSignInButton } from '../components/external-signin-button';
import { SignupForm } from '../components/signup-form';

/** Create Your Account (spec §2): the sign-up form; its Log In link goes to /login. */
export default function SignupPage() {
  const { t } = useTranslation('accounts');
  usePageTitle(t('signup.title'));
  return (
    <AuthCard title={t('signup.title')} subtitle={t('signup.subtitle')}>
      <ExternalSignInButton />
      <SignupForm />
    </AuthCard>
  );
}

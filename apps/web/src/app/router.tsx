import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';
import { RequireAuth } from './require-auth';

// Every page is its own chunk: the landing page loads only the shell and itself.
const LandingPage = lazy(() => import('@/features/landing/routes/landing-page'));
const BillPayPage = lazy(() => import('@/features/billpay/routes/billpay-page'));
const MoneyMoverPage = lazy(() => import('@/features/moneymover/routes/moneymover-page'));
const TermsPage = lazy(() => import('@/features/legal/routes/terms-page'));
const PrivacyPage = lazy(() => import('@/features/legal/routes/privacy-page'));
const FeesPage = lazy(() => import('@/features/fees/routes/fees-page'));
const LoginPage = lazy(() => import('@/features/auth/routes/login-page'));
const SignupPage = lazy(() => import('@/features/auth/routes/signup-page'));
const VerifyPage = lazy(() => import('@/features/auth/routes/verify-page'));
const ForgotPasswordPage = lazy(() => import('@/features/auth/routes/forgot-password-page'));
const CallbackPage = lazy(() => import('@/features/auth/routes/callback-page'));
const DashboardPage = lazy(() => import('@/features/dashboard/routes/dashboard-page'));
const OnboardingVerifyPage = lazy(
  () => import('@/features/identity/routes/onboarding-verify-page'),
);
const IdentityVerificationPage = lazy(
  () => import('@/features/identity/routes/identity-verification-page'),
);
const FindUserPage = lazy(() => import('@/features/find-user/routes/find-user-page'));

export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/billpay', element: <BillPayPage /> },
      { path: '/moneymover', element: <MoneyMoverPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/fees', element: <FeesPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
      { path: '/verify', element: <VerifyPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/callback', element: <CallbackPage /> },
      { path: '/find-user', element: <FindUserPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/dashboard', element: <DashboardPage /> },
          { path: '/onboarding/verify', element: <OnboardingVerifyPage /> },
          { path: '/identity-verification', element: <IdentityVerificationPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}

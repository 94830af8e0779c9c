import { lazy } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { FeatureSlots } from './feature-slots';
import { lazyPage } from './lazy-page';

// Not a first page: a mistyped address waits for it (the layout's Suspense says Loading meanwhile).
const NotFoundPage = lazy(async () => ({
  default: (await import('./not-found-page')).NotFoundPage,
}));
// The guard of the signed-in pages (and its identity check) comes with the first of them, not
// with the landing page.
const RequireAuth = lazy(async () => ({ default: (await import('./require-auth')).RequireAuth }));

// Every page is its own chunk. Pages that compose several features live in ./routes; a feature's
// own pages in its routes/ folder.
const SendPage = lazyPage(() => import('./routes/send-page'));
const BillPayPage = lazyPage(() => import('./routes/billpay-route'));
const MoneyMoverPage = lazyPage(() => import('./routes/moneymover-page'));
const TermsPage = lazyPage(() => import('@/features/legal/routes/terms-page'));
const PrivacyPage = lazyPage(() => import('@/features/legal/routes/privacy-page'));
const FeesPage = lazyPage(() => import('@/features/fees/routes/fees-page'));
const LoginPage = lazyPage(() => import('@/features/accounts/routes/login-page'));
const SignupPage = lazyPage(() => import('@/features/accounts/routes/signup-page'));
const VerifyPage = lazyPage(() => import('@/features/accounts/routes/verify-page'));
const ForgotPasswordPage = lazyPage(
  () => import('@/features/accounts/routes/forgot-password-page'),
);
const CallbackPage = lazyPage(() => import('@/features/accounts/routes/callback-page'));
const SignInLinkPage = lazyPage(() => import('@/features/accounts/routes/sign-in-link-page'));
const DashboardPage = lazyPage(() => import('./routes/dashboard-page'));
const ProfilePage = lazyPage(() => import('./routes/profile-page'));
const SecurityPage = lazyPage(() => import('./routes/security-page'));
const PayPage = lazyPage(() => import('./routes/pay-page'));
const ActivityPage = lazyPage(() => import('./routes/activity-page'));
const CardPage = lazyPage(() => import('./routes/card-page'));
const OnboardingVerifyPage = lazyPage(
  () => import('@/features/identity/routes/onboarding-verify-page'),
);
const IdentityVerificationPage = lazyPage(
  () => import('@/features/identity/routes/identity-verification-page'),
);
const FindUserPage = lazyPage(() => import('@/features/accounts/routes/find-user-page'));
const SendHomePage = lazyPage(() => import('@/features/remittances/routes/send-home-page'));
const RatesPage = lazyPage(() => import('@/features/rates/routes/rates-page'));
const TransferTrackingPage = lazyPage(
  () => import('@/features/remittances/routes/transfer-tracking-page'),
);
const CashDepositPage = lazyPage(() => import('@/features/cash-deposits/routes/cash-deposit-page'));
const NotificationsPage = lazyPage(() => import('@/app/routes/notifications-route'));
const DirectDepositPage = lazyPage(
  () => import('@/features/direct-deposit/routes/direct-deposit-page'),
);
const PaydayPage = lazyPage(() => import('@/features/payday/routes/payday-page'));
const CardFundingPage = lazyPage(() => import('@/features/card-funding/routes/card-funding-page'));
const CheckDepositPage = lazyPage(
  () => import('@/features/check-deposits/routes/check-deposit-page'),
);
const RequestPage = lazyPage(() => import('@/features/requests/routes/request-page'));
const ColectasPage = lazyPage(() => import('@/features/colectas/routes/colectas-page'));
const ColectaPage = lazyPage(() => import('@/features/colectas/routes/colecta-page'));

const RecipientPage = lazyPage(() => import('@/features/remittances/routes/recipient-page'));
const SchedulesPage = lazyPage(() => import('@/features/schedules/routes/schedules-page'));
const PublicPidemePage = lazyPage(() => import('@/features/pideme/routes/public-pideme-page'));
const PidemeRequestPage = lazyPage(() => import('@/features/pideme/routes/pideme-request-page'));

/**
 * Every customer page but the landing page, with the same absolute paths: rendered by
 * ./router.tsx's splat route inside the layout.
 */
export const pageRoutes: RouteObject[] = [
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
  { path: '/sign-in-link', element: <SignInLinkPage /> },
  { path: '/find-user', element: <FindUserPage /> },
  // A remittance's recipient, from the link in their SMS: no sign-in.
  { path: '/t/:token', element: <RecipientPage /> },
  { path: '/p/:token', element: <PublicPidemePage /> },
  {
    element: <RequireAuth />,
    children: [
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/profile', element: <ProfilePage /> },
      { path: '/security', element: <SecurityPage /> },
      { path: '/pay', element: <PayPage /> },
      { path: '/activity', element: <ActivityPage /> },
      { path: '/card', element: <CardPage /> },
      { path: '/onboarding/verify', element: <OnboardingVerifyPage /> },
      { path: '/identity-verification', element: <IdentityVerificationPage /> },
      { path: '/send-home', element: <SendHomePage /> },
      { path: '/transfers/:id', element: <TransferTrackingPage /> },
      { path: '/notifications', element: <NotificationsPage /> },
      { path: '/direct-deposit', element: <DirectDepositPage /> },
      { path: '/direct-deposit/payday', element: <PaydayPage /> },
      { path: '/add-money/card', element: <CardFundingPage /> },
      { path: '/deposit-check', element: <CheckDepositPage /> },
      { path: '/cash-deposit', element: <CashDepositPage /> },
      { path: '/send', element: <SendPage /> },
      { path: '/requests/:id', element: <RequestPage /> },
      { path: '/schedules', element: <SchedulesPage /> },
      { path: '/send-home/rates', element: <RatesPage /> },
      { path: '/pideme/requests/:id', element: <PidemeRequestPage /> },
      { path: '/colectas', element: <ColectasPage /> },
      { path: '/colectas/:id', element: <ColectaPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

export default function PageRoutes() {
  // The slots go with the pages, so every page (and every test rendering them) has them; the
  // landing page and the operations console use none.
  return <FeatureSlots>{useRoutes(pageRoutes)}</FeatureSlots>;
}

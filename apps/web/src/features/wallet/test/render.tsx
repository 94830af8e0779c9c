import { ThemeProvider } from '@mui/material/styles';
import type { UserProfile } from '@pago/shared/contracts/accounts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { Language } from '@/lib/i18n';
import type { Session } from '@/lib/session';
import { SessionContext } from '@/lib/session-context';
import { theme } from '@/lib/theme';
import enCommon from '@/locales/en/common.json';
import enWallet from '@/locales/en/wallet.json';
import esCommon from '@/locales/es/common.json';
import esWallet from '@/locales/es/wallet.json';

export const ANA: UserProfile = {
  _id: 'u_ana',
  name: 'Ana López',
  username: 'ana.lopez',
  email: 'ana@example.com',
  phone: '+13055550123',
  phone_verified: true,
  address: null,
  zipCode: '33101',
  verificationService: 'plaid',
  kyc_status: 'completed',
  persona_status: null,
  persona_inquiry_id: null,
  plaidIdentityStatus: 'approved',
  unitAccountId: null,
  balanceCents: 50000,
  balance: 500,
  availableBalanceCents: 50000,
  language: 'es',
  createdAt: '2025-03-15T12:00:00.000Z',
};

function fakeSession(user: UserProfile | null): Session {
  const nothing = async () => {};
  // Only what the money pages read matters; the rest keeps the type whole.
  return {
    user,
    isAuthenticated: user !== null,
    loading: false,
    error: null,
    verificationSent: false,
    emailForVerification: null,
    startRegistration: nothing,
    verifyEmail: async () => ({ next: '/dashboard' }),
    resendVerification: nothing,
    login: nothing,
    logout: nothing,
    refresh: nothing,
  } as Session;
}

/**
 * One screen of this feature with the real theme and translations, a fresh query cache and a
 * session of `user` (signed out with null), at `path`.
 */
export async function renderWallet(
  ui: ReactElement,
  {
    language = 'es',
    user = ANA,
    path = '/dashboard',
  }: { language?: Language; user?: UserProfile | null; path?: string } = {},
) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    ns: ['common', 'wallet'],
    defaultNS: 'wallet',
    resources: {
      es: { common: esCommon, wallet: esWallet },
      en: { common: enCommon, wallet: enWallet },
    },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <QueryClientProvider client={client}>
          <SessionContext.Provider value={fakeSession(user)}>
            <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
          </SessionContext.Provider>
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
}

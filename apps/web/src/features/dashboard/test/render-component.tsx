import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { Language } from '@/lib/i18n';
import { theme } from '@/lib/theme';
import enCommon from '@/locales/en/common.json';
import enDashboard from '@/locales/en/dashboard.json';
import esCommon from '@/locales/es/common.json';
import esDashboard from '@/locales/es/dashboard.json';

/** One dashboard component with the real theme and translations, outside the app shell. */
export async function renderComponent(ui: ReactElement, language: Language = 'es') {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    ns: ['common', 'dashboard'],
    defaultNS: 'dashboard',
    resources: {
      es: { common: esCommon, dashboard: esDashboard },
      en: { common: enCommon, dashboard: enDashboard },
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
          <MemoryRouter>{ui}</MemoryRouter>
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
}

/** The keys of a translation file, flattened ("edit.errors.email_taken"). */
export function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keysOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

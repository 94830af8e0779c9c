import { ThemeProvider } from '@mui/material/styles';
import type { UserProfile } from '@pago/shared/contracts/accounts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { LANGUAGES, type Language } from '@/lib/i18n';
import { SessionContext } from '@/lib/session-context';
import { theme } from '@/lib/theme';
import { fakeSession } from './fake-session';

const translations = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

function resources(namespaces: string[]) {
  return Object.fromEntries(
    LANGUAGES.map((language) => {
      const file = (name: string) => {
        const words = translations[`../locales/${language}/${name}.json`];
        if (!words) throw new Error(`No translations for ${language}/${name}`);
        return words;
      };
      return [
        language,
        Object.fromEntries(['common', 'errors', ...namespaces].map((name) => [name, file(name)])),
      ];
    }),
  );
}

export type RenderFeatureOptions = {
  language?: Language;
  /** A signed-in session of this user, signed out with null; no session at all when left out. */
  user?: UserProfile | null;
  path?: string;
};

/**
 * A render function for one feature's screens, outside the app shell: the real theme, the
 * `common` and `namespace` translations (the first is the default namespace), a fresh query cache
 * and a router at `path`. `defaults` apply to every call unless the call says otherwise.
 */
export function featureRenderer(namespace: string | string[], defaults: RenderFeatureOptions = {}) {
  const namespaces = typeof namespace === 'string' ? [namespace] : namespace;
  return async (ui: ReactElement, options: RenderFeatureOptions = {}) => {
    const { language = 'es', user, path = '/' } = { ...defaults, ...options };
    const i18n = i18next.createInstance();
    await i18n.use(initReactI18next).init({
      lng: language,
      fallbackLng: false,
      ns: ['common', 'errors', ...namespaces],
      defaultNS: namespaces[0],
      resources: resources(namespaces),
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    });
    // The context's own default (null) stands for no session at all.
    const session =
      user === undefined ? null : fakeSession({ user, isAuthenticated: user !== null });
    return render(
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={theme}>
          <QueryClientProvider client={client}>
            <SessionContext.Provider value={session}>
              <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
            </SessionContext.Provider>
          </QueryClientProvider>
        </ThemeProvider>
      </I18nextProvider>,
    );
  };
}

import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { type Location, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppRoutes } from '@/app/router';
import i18n, { initI18n, type Language } from '@/lib/i18n';
import { type Session, SessionProvider } from '@/lib/session';
import { SessionContext } from '@/lib/session-context';
import { theme } from '@/lib/theme';

let initialized = false;

/** Renders `routes` in a router at `path` with the real theme and translations in `language`. */
async function renderAt(
  path: string,
  { language, namespace }: { language: Language; namespace?: string },
  wrap: (router: ReactNode) => ReactNode,
  routes: ReactNode,
) {
  if (!initialized) {
    initI18n(language);
    initialized = true;
  }
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(namespace ? ['errors', namespace] : ['errors']);
  const current: { location: Location | null } = { location: null };
  function LocationProbe() {
    current.location = useLocation();
    return null;
  }
  const view = render(
    <ThemeProvider theme={theme}>
      {wrap(
        <MemoryRouter initialEntries={[path]}>
          {routes}
          <LocationProbe />
        </MemoryRouter>,
      )}
    </ThemeProvider>,
  );
  return {
    ...view,
    location: () => {
      if (!current.location) throw new Error('The router has not rendered yet');
      return current.location;
    },
  };
}

/** The real app (routes, providers, translations) in jsdom, starting at `path`. */
export function renderApp(path: string, language: Language = 'es') {
  return renderAt(
    path,
    { language },
    (router) => <SessionProvider>{router}</SessionProvider>,
    <AppRoutes />,
  );
}

/**
 * One page at `path` with a given session, for failures the real session cannot produce;
 * `namespace` is the page's translations, loaded before it renders.
 */
export function renderWithSession(
  page: ReactElement,
  session: Session,
  options: { path?: string; language?: Language; namespace?: string } = {},
) {
  const { path = '/', language = 'es', namespace } = options;
  return renderAt(
    path,
    { language, namespace },
    (router) => <SessionContext.Provider value={session}>{router}</SessionContext.Provider>,
    <Routes>
      <Route path={path.split('?')[0]} element={page} />
      <Route path="*" element={null} />
    </Routes>,
  );
}

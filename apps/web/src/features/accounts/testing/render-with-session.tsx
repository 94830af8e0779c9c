import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { type Location, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import i18n, { initI18n, type Language } from '@/lib/i18n';
import type { Session } from '@/lib/session';
import { SessionContext } from '@/lib/session-context';
import { theme } from '@/lib/theme';

/** One page at `path` with a given session, for failures the real session cannot produce. */
export async function renderWithSession(
  page: ReactElement,
  session: Session,
  { path = '/', language = 'es' }: { path?: string; language?: Language } = {},
) {
  if (!i18n.isInitialized) initI18n(language);
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces('auth');
  const current: { location: Location | null } = { location: null };
  function LocationProbe() {
    current.location = useLocation();
    return null;
  }
  const view = render(
    <ThemeProvider theme={theme}>
      <SessionContext.Provider value={session}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={path} element={page} />
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </SessionContext.Provider>
    </ThemeProvider>,
  );
  return { ...view, location: () => current.location };
}

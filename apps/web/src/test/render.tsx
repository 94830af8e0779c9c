import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import { AppRoutes } from '@/app/router';
import i18n, { initI18n, type Language } from '@/lib/i18n';
import { SessionProvider } from '@/lib/session';
import { theme } from '@/lib/theme';

let initialized = false;

/** The real app (routes, providers, translations) in jsdom, starting at `path`. */
export async function renderApp(path: string, language: Language = 'es') {
  if (!initialized) {
    initI18n(language);
    initialized = true;
  }
  await i18n.changeLanguage(language);
  const current: { location: Location | null } = { location: null };
  function LocationProbe() {
    current.location = useLocation();
    return null;
  }
  const view = render(
    <ThemeProvider theme={theme}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <LocationProbe />
        </MemoryRouter>
      </SessionProvider>
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

import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { appRoutes } from '@/app/router';
import i18n, { initI18n, type Language } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session';
import { theme } from '@/lib/theme';

let initialized = false;

/** The real app (router, providers, translations) in jsdom, starting at `path`. */
export async function renderApp(path: string, language: Language = 'es') {
  if (!initialized) {
    initI18n(language);
    initialized = true;
  }
  await i18n.changeLanguage(language);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(wrap(<RouterProvider router={router} />));
  return { ...view, router };
}

function wrap(ui: ReactElement) {
  return (
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={createQueryClient()}>
        <SessionProvider>{ui}</SessionProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

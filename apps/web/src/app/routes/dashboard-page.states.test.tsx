import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '@/lib/reload-page';
import type { Session } from '@/lib/session';
import { featureRenderer } from '@/test/render-feature';
import DashboardPage from './dashboard-page';

const renderDashboard = featureRenderer(['dashboard', 'accounts', 'phone']);

// The sign-in guard never lets the page render without a session, so the session's loading and
// failure states are set here directly.
const session = vi.hoisted(() => ({ current: {} as Partial<Session> }));
vi.mock('@/lib/session', () => ({ useSession: () => session.current }));
vi.mock('@/lib/reload-page', () => ({ reloadPage: vi.fn() }));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the dashboard without user data', () => {
  it('shows four skeleton cards while the profile loads', async () => {
    session.current = { user: null, loading: true, error: null, isAuthenticated: false };
    await renderDashboard(<DashboardPage />, { language: 'es' });

    expect(screen.getAllByTestId('dashboard-skeleton-card')).toHaveLength(4);
    expect(screen.getByRole('status')).toHaveTextContent('Cargando tu panel...');
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('explains a failed load and offers to reload the page', async () => {
    session.current = {
      user: null,
      loading: false,
      error: 'Failed to fetch profile',
      isAuthenticated: false,
    };
    await renderDashboard(<DashboardPage />, { language: 'en' });

    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to fetch profile. Reload the page to try again.',
    );
    expect(screen.queryAllByTestId('dashboard-skeleton-card')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reloadPage).toHaveBeenCalledOnce();
  });
});

import type { RateHistory } from '@pago/shared/contracts/rates';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/api-stub';
import { ANA } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import { RateHistoryChart } from './rate-history-chart';

const render = featureRenderer(['rates'], { user: ANA });

beforeEach(() => localStorage.setItem('token', 'token-ana'));
afterEach(() => vi.unstubAllGlobals());

const point = (date: string, rate: string) => ({
  date,
  rate,
  marketRate: rate,
  low: rate,
  high: rate,
});

function serve(history: RateHistory) {
  stubApi((call) =>
    call.path === `/api/rates/${history.currency}/history` ? { body: history } : undefined,
  );
}

describe('the 30-day rate chart', () => {
  it('draws the days there are and says since when, with the rate now, the low and the high', async () => {
    serve({
      currency: 'MXN',
      current: { rate: '18.62', marketRate: '19', sampledAt: '2026-11-20T15:00:00.000Z' },
      points: [
        point('2026-11-18', '17.9'),
        point('2026-11-19', '18.1'),
        point('2026-11-20', '18.62'),
      ],
      days: 30,
    });
    await render(<RateHistoryChart currency="MXN" />);
    expect(await screen.findByText('Tipo de cambio USD → MXN, últimos 30 días')).toBeVisible();
    expect(screen.getByText('Hoy: 18.62 MXN')).toBeVisible();
    expect(screen.getByText('Desde el 18 nov (aún no hay 30 días de historial)')).toBeVisible();
    expect(screen.getByText('Mínimo 17.9 · máximo 18.62')).toBeVisible();
    const chart = screen.getByRole('img', {
      name: 'Tipo de cambio USD a MXN: 3 días, entre 17.9 y 18.62',
    });
    const line = chart.querySelector('polyline')?.getAttribute('points')?.split(' ') ?? [];
    expect(line).toHaveLength(3);
    // The newest day at the right edge, the highest rate at the top.
    expect(line[2]).toBe('314.0,6.0');
  });

  it('says there is no history yet before the first sample', async () => {
    serve({ currency: 'GTQ', current: null, points: [], days: 30 });
    await render(<RateHistoryChart currency="GTQ" />);
    expect(
      await screen.findByText('Todavía no hay historial de este tipo de cambio. Vuelve mañana.'),
    ).toBeVisible();
    expect(screen.queryByRole('img')).toBeNull();
  });
});

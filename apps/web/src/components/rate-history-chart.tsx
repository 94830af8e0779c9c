import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { RateHistory, RatePoint } from '@pago/shared/contracts/rates';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '@/lib/api-client';
import { formatRate, useLocale } from '@/lib/format';

const WIDTH = 320;
const HEIGHT = 96;
const PAD = 6;

/** The sender's rate of a payout currency over the last 30 days (`GET /api/rates/:currency/history`). */
export function useRateHistory(currency: string | null) {
  return useQuery({
    queryKey: ['rate-history', currency],
    queryFn: ({ signal }) =>
      apiFetch<RateHistory>(`/api/rates/${encodeURIComponent(currency ?? '')}/history`, { signal }),
    enabled: currency !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** Days between two YYYY-MM-DD dates. */
const dayIndex = (date: string, from: string) =>
  Math.round((Date.parse(`${date}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);

/** The points of the line, x by day within the 30-day window (the newest at the right edge). */
function linePoints(points: RatePoint[], days: number): [number, number][] {
  const last = points[points.length - 1]?.date ?? '';
  const rates = points.map((p) => Number(p.rate));
  const low = Math.min(...rates);
  const high = Math.max(...rates);
  const span = high - low || 1;
  return points.map((p, i) => {
    const x =
      PAD + ((days - 1 + dayIndex(p.date, last)) / Math.max(1, days - 1)) * (WIDTH - 2 * PAD);
    const y = HEIGHT - PAD - (((rates[i] as number) - low) / span) * (HEIGHT - 2 * PAD);
    return [x, high === low ? HEIGHT / 2 : y] as [number, number];
  });
}

/**
 * A small chart of the exchange rate a send gets, day by day over the last 30 days, for the send
 * screen: drawn in SVG (no chart library), with the rate now, the low and the high. With fewer
 * than 30 days sampled it draws the days there are and says since when; nothing is made up.
 */
export function RateHistoryChart({ currency }: { currency: string }) {
  const { t } = useTranslation('rates');
  const locale = useLocale();
  const theme = useTheme();
  const history = useRateHistory(currency);
  if (history.isPending) return <Skeleton variant="rounded" height={HEIGHT + 48} />;
  if (history.isError) return null;
  const { points, current, days } = history.data;
  const first = points[0];
  const rates = points.map((p) => Number(p.rate));
  const low = points.find((p) => Number(p.rate) === Math.min(...rates));
  const high = points.find((p) => Number(p.rate) === Math.max(...rates));
  const fmt = (rate: string) => formatRate(rate, locale);
  const xy = linePoints(points, days);
  const end = xy[xy.length - 1];
  const dayText = (date: string) =>
    new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
      new Date(`${date}T12:00:00Z`),
    );
  return (
    <Box
      component="figure"
      sx={{
        m: 0,
        p: 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        display: 'grid',
        gap: 0.5,
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="figcaption" variant="body2" sx={{ fontWeight: 700 }}>
          {t('chart.title', { currency })}
        </Typography>
        {current && (
          <Typography variant="body2" data-testid="rate-now">
            {t('chart.now', { rate: fmt(current.rate), currency })}
          </Typography>
        )}
      </Box>
      {points.length === 0 || !first ? (
        <Typography variant="body2" color="text.secondary">
          {t('chart.empty')}
        </Typography>
      ) : (
        <>
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            width="100%"
            height={HEIGHT}
            preserveAspectRatio="none"
            role="img"
            aria-label={t('chart.summary', {
              currency,
              low: fmt(low?.rate ?? first.rate),
              high: fmt(high?.rate ?? first.rate),
              count: points.length,
            })}
          >
            <polyline
              points={xy.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}
              fill="none"
              stroke={theme.palette.primary.main}
              strokeWidth={2}
              vectorEffect="non-scaling-stroke"
            />
            {end && <circle cx={end[0]} cy={end[1]} r={3} fill={theme.palette.primary.main} />}
          </svg>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="caption" color="text.secondary">
              {points.length < days
                ? t('chart.since', { date: dayText(first.date) })
                : t('chart.days', { count: days })}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('chart.range', {
                low: fmt(low?.rate ?? first.rate),
                high: fmt(high?.rate ?? first.rate),
              })}
            </Typography>
          </Box>
        </>
      )}
    </Box>
  );
}

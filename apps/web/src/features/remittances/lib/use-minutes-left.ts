import { useEffect, useState } from 'react';

/**
 * Whole minutes left until `iso` (rounded up, so "1 minute" lasts until the end), refreshed every
 * few seconds; 0 once it has passed.
 */
export function useMinutesLeft(iso: string, intervalMs = 5000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 60_000));
}

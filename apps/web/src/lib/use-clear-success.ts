import { useEffect, useRef } from 'react';

/** Spec §4 and §9: a success message clears itself after 5 s. */
export const SUCCESS_MESSAGE_MS = 5000;

/** Calls `clear` 5 s after `message` became a success message; error messages stay. */
export function useClearSuccess(
  message: { severity: string } | null,
  clear: () => void,
  delay = SUCCESS_MESSAGE_MS,
): void {
  // The timer restarts for each new message, not each time the caller passes a new `clear`.
  const latestClear = useRef(clear);
  latestClear.current = clear;
  useEffect(() => {
    if (message?.severity !== 'success') return;
    const timer = window.setTimeout(() => latestClear.current(), delay);
    return () => window.clearTimeout(timer);
  }, [message, delay]);
}

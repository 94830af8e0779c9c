import { useMemo, useRef } from 'react';
import { ApiError } from './api-client';

/**
 * A fresh Idempotency-Key. randomUUID needs a secure context (https or localhost); served over
 * plain http elsewhere, getRandomValues (always there) makes an equally random key.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether the same money POST may be sent again with the same key: the server stores every
 * answer it gives (success or refusal) under the key, but not a crash, and a network failure may
 * or may not have reached it.
 */
export function isRetryable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

export type IdempotencyKeys = {
  /** The key for this request: the pending one when `request` is the one that failed in transit. */
  keyFor(request: unknown): string;
  /** After the answer: a success or a refusal ends the operation; the next attempt is new. */
  settle(error?: unknown): void;
};

/**
 * One Idempotency-Key per confirmed operation. A double click or a retry after a network error
 * sends the same request with the same key, so the server pays once; once the server has
 * answered, the same request again (send mom $20 twice) is a new operation with a new key.
 */
export function useIdempotencyKeys(): IdempotencyKeys {
  const pending = useRef<{ request: string; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(request) {
        const json = JSON.stringify(request);
        if (pending.current?.request !== json) {
          pending.current = { request: json, key: newIdempotencyKey() };
        }
        return pending.current.key;
      },
      settle(error) {
        if (!isRetryable(error)) pending.current = null;
      },
    }),
    [],
  );
}

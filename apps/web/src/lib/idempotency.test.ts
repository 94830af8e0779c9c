import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { useIdempotencyKeys } from './idempotency';

describe('useIdempotencyKeys', () => {
  it('keeps the key for a retry of the same request until the server has answered', () => {
    const { result } = renderHook(() => useIdempotencyKeys());
    const keys = result.current;
    const body = { amount: 1250, receiver: 'eva@example.com' };

    const first = keys.keyFor(body);
    // A double click: the same request while the first is in flight.
    expect(keys.keyFor({ ...body })).toBe(first);
    // No answer (network) or a crash (5xx): the retry is the same operation.
    keys.settle(new ApiError(0, 'network_error', 'Network error'));
    expect(keys.keyFor(body)).toBe(first);
    keys.settle(new ApiError(503, 'service_unavailable', 'down'));
    expect(keys.keyFor(body)).toBe(first);

    // A refusal is stored under the key: trying again (say, after adding money) is new.
    keys.settle(new ApiError(422, 'insufficient_funds', 'no'));
    const second = keys.keyFor(body);
    expect(second).not.toBe(first);
    // So is the same payment again after a success.
    keys.settle();
    expect(keys.keyFor(body)).not.toBe(second);
  });

  it('gives a different request its own key', () => {
    const { result } = renderHook(() => useIdempotencyKeys());
    const a = result.current.keyFor({ amount: 100 });
    expect(result.current.keyFor({ amount: 200 })).not.toBe(a);
  });
});

import { ERROR_CODES } from '@pago/shared/errors';
import { describe, expect, it } from 'vitest';
import esErrors from '@/locales/es/errors.json';
import { ApiError } from './api-client';
import { explainedCode } from './error-text';

describe('the errors namespace', () => {
  it('has only keys that are codes of the API (or network_error)', () => {
    const codes = new Set<string>([...ERROR_CODES, 'network_error']);
    expect(Object.keys(esErrors).filter((key) => !codes.has(key))).toEqual([]);
  });

  it('words a code it has a sentence for, and leaves the rest to the screen', () => {
    expect(explainedCode(new ApiError(429, 'rate_limited', 'Too many'))).toBe('rate_limited');
    expect(explainedCode(new ApiError(0, 'network_error', 'Network error'))).toBe('network_error');
    // Worded by the screen with the details (which limit, how much room is left).
    expect(explainedCode(new ApiError(422, 'limit_exceeded', 'Over'))).toBeNull();
    expect(explainedCode(new ApiError(500, 'internal_error', 'Boom'))).toBeNull();
    expect(explainedCode(new Error('not an API error'))).toBeNull();
  });
});

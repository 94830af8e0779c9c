import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/** NUL (PostgreSQL text cannot hold it) or an unpaired UTF-16 surrogate (not Unicode at all). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point.
const UNSTORABLE = /[\u0000\p{Cs}]/u;

/**
 * The path of the first string (or object key) in `value` that no column could store, else null.
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findUnstorableText(value: unknown): string | null {
  const pending: Array<[unknown, string]> = [[value, '']];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const [current, path] = item;
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) return path;
    } else if (ArrayBuffer.isView(current)) {
      // Bytes (an uploaded image) are stored as bytes, never as text; and walking them one
      // entry at a time would take seconds for a few megabytes.
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (UNSTORABLE.test(key)) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return null;
}

/**
 * Every route, ours, a sandbox fake's or one added later, gets its path parameters, query and body
 * checked before its handler runs: text a column cannot store is a 400, never a failed query.
 * Fields people type are checked more strictly by their contracts (`@pago/shared/contracts/text`).
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = findUnstorableText(value);
      if (path === null) continue;
      throw new AppError('validation_failed', 400, 'The request is not valid.', {
        fields: [
          {
            path: path || part,
            message: 'Text must not contain NUL characters or unpaired surrogates',
          },
        ],
      });
    }
  });
}

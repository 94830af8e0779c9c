import { apiErrorSchema } from '@pago/shared/contracts/api';
import { z } from 'zod';
import type { Config } from '../config';

/** The OpenAPI 3.1 document's frame; @fastify/swagger adds every route's contract to it. */
export function openApiDocument(config: Config) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Pago API',
      version: '0.1.0',
      description: [
        'The API of Pago, a bilingual digital wallet. Amounts are in integer cents unless a field',
        'says `amountUsd`. Every error answers `{ error: { code, message, details? }, message }`',
        '(schema `ApiError`); a 400 `validation_failed` lists the failing fields in',
        '`details.fields`. Money POSTs need an `Idempotency-Key` header: a replay with the same key',
        `returns the first answer. This server runs in ${config.mode} mode.`,
      ].join(' '),
    },
    servers: [{ url: config.publicUrl }],
    components: {
      securitySchemes: {
        bearer: {
          type: 'http' as const,
          scheme: 'bearer',
          description: 'The session token from POST /api/auth/login.',
        },
      },
    },
  };
}

/** Every error answer of a route, in our shape (documented and serialized with it). */
export const errorResponses = {
  '4xx': apiErrorSchema.describe('A refusal; `error.code` says why.'),
  '5xx': apiErrorSchema.describe('Our fault or a dependency is down; safe to retry.'),
};

/** The route needs `Authorization: Bearer <token>`. */
export const bearerAuth = [{ bearer: [] }];

/** Money POSTs: the header that makes them safe to retry. */
// Loose: Fastify replaces request.headers with what the schema lets through.
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe(
      'Required: 8 to 128 letters, digits, _ . : -. A retry with the same key and body returns the first answer.',
    )
    .meta({ example: 'send-2026-11-23-0001' }),
});

import { z } from 'zod';
import { ERROR_CODES } from '../errors';

/** Every error answer: `{ error: { code, message, details? }, message }` (see `../errors`). */
export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
    message: z.string().describe('The same text as error.message.'),
  })
  .meta({
    id: 'ApiError',
    example: {
      error: {
        code: 'validation_failed',
        message: 'The request is not valid.',
        details: {
          fields: [{ path: 'amountUsd', message: 'Too small: expected number to be >0' }],
        },
      },
      message: 'The request is not valid.',
    },
  });

import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/database';
import { AppError, errorBody } from './app-error';

/** Fastify's own client errors, by code: status and the message a caller can act on. */
const FASTIFY_CLIENT_ERRORS: Record<string, [number, Parameters<typeof errorBody>[0], string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json', 'The request body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [
    400,
    'invalid_json',
    'The request body is empty but declared as JSON.',
  ],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large', 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    415,
    'unsupported_media_type',
    'Send the request body as application/json.',
  ],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [
    400,
    'bad_request',
    'The Content-Length header does not match the body.',
  ],
};

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send(errorBody(error.code, error.message, error.details));
    }
    if (error instanceof ZodError) {
      const fields = error.issues.map((issue) => ({
        path: issue.path.join('.'),
        message: issue.message,
      }));
      return reply
        .code(400)
        .send(errorBody('validation_failed', 'The request is not valid.', { fields }));
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      const [status, code, message] = known;
      return reply.code(status).send(errorBody(code, message));
    }
    if (error instanceof SyntaxError) {
      return reply.code(400).send(errorBody('invalid_json', 'The request body is not valid JSON.'));
    }
    if (error.statusCode === 429) {
      return reply.code(429).send(errorBody('rate_limited', 'Too many requests. Try again later.'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(errorBody('bad_request', error.message));
    }
    if (isDatabaseUnavailable(error)) {
      // The request did not complete (a money transaction rolled back with its connection).
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(
          errorBody(
            'service_unavailable',
            'The service is briefly unavailable. Please try again in a moment.',
          ),
        );
    }
    // Anything else is our fault: log it whole, answer without internals.
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .send(errorBody('internal_error', 'Something went wrong on our side. Please try again.'));
  });
}

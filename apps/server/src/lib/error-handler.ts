import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/database';
import { setAnswerHeaders } from './answer-headers';
import { AppError, errorBody } from './app-error';

type Answer = [status: number, code: Parameters<typeof errorBody>[0], message: string];

/** Fastify's own client errors, by code: status and the message a caller can act on. */
const FASTIFY_CLIENT_ERRORS: Record<string, Answer> = {
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
  // Raised by the router before any route runs (frameworkErrors).
  FST_ERR_BAD_URL: [400, 'bad_request', 'The address is not a valid URL.'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'bad_request', 'A part of the address is too long.'],
};

const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';
const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

/** Any error, whoever raised it, as our `{ error: { code, message, details? }, message }`. */
function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    // A refusal that says when to come back says it in the standard header too (RFC 9110).
    const retryAfter = error.details?.retryAfterSeconds;
    if (error.statusCode === 429 && typeof retryAfter === 'number') {
      reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfter))));
    }
    return reply.code(error.statusCode).send(errorBody(error.code, error.message, error.details));
  }
  // A route's declared schema refused the request: each failing field by its path in that part.
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = error.validation.map((issue) => ({
      path: issue.instancePath.slice(1).replaceAll('/', '.'),
      message: issue.message,
    }));
    return reply
      .code(400)
      .send(errorBody('validation_failed', 'The request is not valid.', { fields }));
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
  if (error.code === 'FST_ERR_RESPONSE_SERIALIZATION' && isResponseSerializationError(error)) {
    // Our answer broke its own contract: our fault, logged with the mismatch.
    request.log.error({ err: error, cause: error.cause }, 'response does not match its schema');
    return reply.code(500).send(errorBody('internal_error', INTERNAL_MESSAGE));
  }
  if (isDatabaseUnavailable(error)) {
    // The request did not complete (a money transaction rolled back with its connection).
    request.log.warn({ err: error }, 'database unavailable');
    return reply
      .code(503)
      .header('retry-after', '5')
      .send(errorBody('service_unavailable', UNAVAILABLE_MESSAGE));
  }
  // Anything else is our fault: log it whole, answer without internals.
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send(errorBody('internal_error', INTERNAL_MESSAGE));
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
}

/**
 * For Fastify's `frameworkErrors`: the router's refusals (bad URL, over-long parameter). They are
 * answered before any route or hook runs, so the usual headers are set here.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  setAnswerHeaders(request, reply);
  return sendError(error, request, reply);
}

/**
 * For Fastify's `clientErrorHandler`: a request Node's HTTP parser refused before Fastify saw it
 * (malformed, headers too large, too slow), answered in our shape on the raw socket.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request took too long to arrive.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large.']
        : [400, 'The request is not valid HTTP.'];
  const body = JSON.stringify(errorBody('bad_request', message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';

/** Plaid's request_id: every answer, error or not, carries one. */
export function requestId(): string {
  return randomBytes(8).toString('hex');
}

/** Plaid's error shape (plaid-openapi `PlaidError`): type, code, messages, request id. */
export function plaidError(
  reply: FastifyReply,
  status: number,
  errorType: string,
  errorCode: string,
  message: string,
  displayMessage: string | null = null,
) {
  return reply.code(status).send({
    error_type: errorType,
    error_code: errorCode,
    error_message: message,
    display_message: displayMessage,
    request_id: requestId(),
  });
}

/** A body that is not what the endpoint takes: Plaid's INVALID_REQUEST with the first problem. */
export function invalidRequest(reply: FastifyReply, message: string | undefined) {
  return plaidError(reply, 400, 'INVALID_REQUEST', 'INVALID_FIELD', message ?? 'invalid request');
}

/** Checks the client id and secret (headers or body), as Plaid's API does before anything else. */
export function vendorApi(config: Config) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const body = (request.body ?? {}) as { client_id?: unknown; secret?: unknown };
    const clientId = request.headers['plaid-client-id'] ?? body.client_id;
    const secret = request.headers['plaid-secret'] ?? body.secret;
    if (!config.plaid || clientId !== config.plaid.clientId || secret !== config.plaid.secret) {
      return plaidError(
        reply,
        400,
        'INVALID_INPUT',
        'INVALID_API_KEYS',
        'invalid client_id or secret provided',
      );
    }
  };
}

import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Headers on every answer: the request id, and for the API `Cache-Control: no-store` (its answers
 * hold a person's data or a fresh token, since sign-in answers a caller without one: no browser or
 * proxy may keep any of them, errors included).
 */
export function setAnswerHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-request-id', request.id);
  if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
}

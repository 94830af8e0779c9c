import type { FastifyInstance } from 'fastify';

/**
 * In this plugin's scope, JSON bodies reach the handler as the exact text received: a partner's
 * signature covers those bytes (Unit's webhook and its card authorization requests).
 */
export function readJsonAsText(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  for (const type of ['application/json', 'application/vnd.api+json']) {
    app.addContentTypeParser(type, { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
  }
}

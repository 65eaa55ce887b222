import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies with Fastify's own parser (prototype poisoning refused), except that an empty body
 * is no body: clients such as curl send `Content-Type: application/json` on calls that take none
 * (DELETE /wps/session/logout), and the contract then decides whether a body was needed.
 */
export function installJsonBodyParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(req, text, done);
  });
}

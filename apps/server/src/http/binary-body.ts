import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/** What a raw upload may declare; the handler still checks the bytes themselves (magic numbers). */
const BINARY_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/jpg', 'application/octet-stream'];

/**
 * Raw bodies, accepted only by registry entries marked `bodyFormat: 'binary'` (uploads); they
 * arrive in the handler as a Buffer. Every other call refuses them as request.unsupported_media_type.
 */
export function installBinaryBodyParser(app: FastifyInstance) {
  app.addContentTypeParser(BINARY_CONTENT_TYPES, { parseAs: 'buffer' }, (req, body, done) => {
    if (req.routeOptions.config.endpoint?.bodyFormat !== 'binary') {
      done(new AppError('request.unsupported_media_type'), undefined);
      return;
    }
    done(null, body);
  });
}

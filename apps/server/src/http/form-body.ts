import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * URL-encoded bodies (the reference's formPost), accepted only by registry entries marked
 * `bodyFormat: 'form'`; every other call keeps refusing them as request.unsupported_media_type.
 * Repeated keys keep their last value; the contract validates the rest.
 */
export function installFormBodyParser(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (req, body, done) => {
    if (req.routeOptions.config.endpoint?.bodyFormat !== 'form') {
      done(new AppError('request.unsupported_media_type'), undefined);
      return;
    }
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

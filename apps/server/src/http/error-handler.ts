import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, errorMessage, errorStatus, type ErrorCode, type Language } from '@khela/contracts';
import { AppError } from './app-error.ts';

// /lotto: the reference's lottery gateway path of opened draws (endpoints.md §8).
const API_PREFIXES = ['/wps', '/lgw', '/lotto', '/admin', '/api-docs', '/dev', '/healthz', '/readyz', '/metrics'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`));
}

function languageOf(req: FastifyRequest): Language {
  return req.language ?? DEFAULT_LANGUAGE;
}

export function sendError(req: FastifyRequest, reply: FastifyReply, code: ErrorCode, value: unknown = null) {
  return reply
    .status(errorStatus(code))
    .send({ success: false, value, code, message: errorMessage(code, languageOf(req)) });
}

/** Fastify's own client errors, mapped onto stable codes. */
function codeForFastifyError(error: FastifyError): ErrorCode | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'request.malformed_json';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'request.too_large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'request.unsupported_media_type';
  }
  if (error instanceof SyntaxError) return 'request.malformed_json';
  if (error.statusCode === 429) return 'request.rate_limited';
  if (error.statusCode === 413) return 'request.too_large';
  if (error.statusCode === 415) return 'request.unsupported_media_type';
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return 'request.invalid';
  return undefined;
}

/** One error handler: coded failures keep their code; anything unexpected is a 500 with no detail. */
export function installErrorHandling(
  app: FastifyInstance,
  serveSpa: (req: FastifyRequest, reply: FastifyReply) => unknown,
) {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) return sendError(req, reply, error.code, error.value);
    const code = codeForFastifyError(error);
    if (code) return sendError(req, reply, code);
    req.log.error({ err: error }, 'unexpected error');
    return sendError(req, reply, 'server.unknown_error');
  });

  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && !isApiPath(req.url)) return serveSpa(req, reply);
    return sendError(req, reply, 'request.not_found');
  });
}

import type { FastifyReply, FastifyRequest } from 'fastify';

/** The value of one cookie of the request, or null (the first one wins when a name repeats). */
export function readCookie(req: FastifyRequest, name: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

export interface CookieOptions {
  path: string;
  maxAgeSeconds: number;
  httpOnly: boolean;
}

/**
 * Adds a Set-Cookie header (others already set are kept). SameSite=Strict always; Secure when the
 * request came over HTTPS (directly or through a trusted proxy), so plain-HTTP demos keep working.
 */
export function setCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  options: CookieOptions,
): void {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`,
    `Path=${options.path}`,
    'SameSite=Strict',
  ];
  if (options.httpOnly) parts.push('HttpOnly');
  if (req.protocol === 'https') parts.push('Secure');
  const existing = reply.getHeader('set-cookie');
  const cookies = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  reply.header('set-cookie', [...cookies, parts.join('; ')]);
}

export function clearCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  name: string,
  options: Omit<CookieOptions, 'maxAgeSeconds'>,
) {
  setCookie(req, reply, name, '', { ...options, maxAgeSeconds: 0 });
}

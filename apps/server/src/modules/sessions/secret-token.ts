import { createHash, randomBytes } from 'node:crypto';

/** Session tokens, remember tokens and log-in tickets: 256 random bits, base64url (43 characters). */
export const SECRET_TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored: a database leak yields nothing that logs anyone in. */
export function hashSecretToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

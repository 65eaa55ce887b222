import { hash, verify } from '@node-rs/argon2';

/**
 * Operator passwords (ARCHITECTURE §6): argon2id, the library's default algorithm, with its
 * default cost (19 MiB, 2 passes, 1 lane: the OWASP minimum).
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks `password` against `passwordHash`, or against a throw-away hash when there is no account,
 * so that an unknown username costs the same time as a wrong password.
 */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    dummyHash ??= hash('no account has this password');
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash must fail closed, never throw a 500 at the log-in form.
    return false;
  }
}

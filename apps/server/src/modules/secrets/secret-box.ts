import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * What a stored secret is for. It is bound into the seal (AES-GCM's additional data), so a value
 * copied from one column into another does not open there.
 */
export type SecretPurpose = 'vendor-signing' | 'gateway-callback' | 'crash-chain' | 'operator-totp';

export interface SecretKey {
  id: string;
  /** 32 bytes: AES-256. */
  key: Buffer;
}

const FORMAT = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Secrets the server must read back to use (a vendor's HMAC key, a payment gateway's callback
 * key) are kept in the database sealed with AES-256-GCM under a key from the environment, so a
 * copy of the database or a backup alone does not let anyone sign as a vendor or a gateway.
 * Stored form: `sealed:v1:<key id>:<base64url(iv ‖ ciphertext ‖ tag)>`. Values sealed under a
 * previous key still open; `resealSecrets` (reseal.ts) moves them to the current one at start-up.
 */
export function secretBox(current: SecretKey, previous: SecretKey[] = []) {
  const keys = new Map([...previous, current].map((k) => [k.id, k.key]));
  for (const { id, key } of [current, ...previous]) {
    if (!KEY_ID.test(id)) throw new Error(`secret key id "${id}" must be 1–32 letters, digits, _ or -`);
    if (key.length !== 32) throw new Error(`secret key "${id}" must be 32 bytes`);
  }
  const currentPrefix = `${FORMAT}${current.id}:`;

  return {
    keyId: current.id,

    seal(purpose: SecretPurpose, plain: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current.key, iv);
      cipher.setAAD(Buffer.from(purpose));
      const sealed = Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${currentPrefix}${sealed.toString('base64url')}`;
    },

    /** The plain secret; throws for a value that is not sealed, or not by one of our keys for this purpose. */
    open(purpose: SecretPurpose, stored: string): string {
      const [keyId, data] = parseSealed(stored) ?? [];
      const key = keyId === undefined ? undefined : keys.get(keyId);
      if (!key || data === undefined) throw new Error(`a ${purpose} secret is not sealed under a known key`);
      const bytes = Buffer.from(data, 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error(`a ${purpose} secret is truncated`);
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },

    /** Sealed under the current key (else reseal.ts seals it again: plain text or an older key). */
    isCurrent(stored: string): boolean {
      return stored.startsWith(currentPrefix);
    },

    isSealed(stored: string): boolean {
      return parseSealed(stored) !== undefined;
    },
  };
}
export type SecretBox = ReturnType<typeof secretBox>;

function parseSealed(stored: string): [keyId: string, data: string] | undefined {
  if (!stored.startsWith(FORMAT)) return undefined;
  const rest = stored.slice(FORMAT.length);
  const colon = rest.indexOf(':');
  return colon > 0 ? [rest.slice(0, colon), rest.slice(colon + 1)] : undefined;
}

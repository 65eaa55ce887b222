import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** RFC 6238 as every authenticator app reads it: HMAC-SHA1, 6 digits, 30-second steps. */
export const TOTP = { digits: 6, stepSeconds: 30, secretBytes: 20, driftSteps: 1 } as const;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret, base32 (what the otpauth URI and a manual entry carry). */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(TOTP.secretBytes));
}

/** RFC 4226 HOTP of one counter. */
export function hotp(secret: Buffer, counter: bigint, digits: number = TOTP.digits): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(counter);
  const mac = createHmac('sha1', secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export function totpStep(atMs: number): bigint {
  return BigInt(Math.floor(atMs / 1000 / TOTP.stepSeconds));
}

export function totpCode(secretBase32: string, atMs: number): string {
  return hotp(base32Decode(secretBase32), totpStep(atMs));
}

/**
 * The step a code belongs to, within one step of the clock either way (a phone's clock drifts),
 * and only a step after `lastStep` (a code is accepted once); null when it matches none.
 */
export function matchTotp(secretBase32: string, code: string, atMs: number, lastStep: bigint | null): bigint | null {
  if (!/^\d{6}$/.test(code)) return null;
  const secret = base32Decode(secretBase32);
  const now = totpStep(atMs);
  for (let drift = -TOTP.driftSteps; drift <= TOTP.driftSteps; drift++) {
    const step = now + BigInt(drift);
    if (lastStep !== null && step <= lastStep) continue;
    if (timingSafeEqual(Buffer.from(hotp(secret, step)), Buffer.from(code))) return step;
  }
  return null;
}

/** What an authenticator app scans: otpauth://totp/<issuer>:<account>?secret=…&issuer=… */
export function otpauthUri(issuer: string, account: string, secretBase32: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const query = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP.digits),
    period: String(TOTP.stepSeconds),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten one-time codes like `k7mq2-x9tfa`: 50 random bits each, no look-alike characters. */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What an operator types, as it was hashed: lower case, spaces dropped, the dash where it belongs. */
export function normalizeRecoveryCode(text: string): string {
  const bare = text.toLowerCase().replace(/[\s-]/g, '');
  return bare.length === 10 ? `${bare.slice(0, 5)}-${bare.slice(5)}` : bare;
}

import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  newRecoveryCodes,
  normalizeRecoveryCode,
  otpauthUri,
  totpCode,
} from './totp.ts';

// RFC 6238 appendix B (SHA1): the secret is the ASCII "12345678901234567890".
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC test vectors', () => {
    const eight = (t: number) => hotp(base32Decode(RFC_SECRET), BigInt(Math.floor(t / 30)), 8);
    expect(eight(59)).toBe('94287082');
    expect(eight(1111111109)).toBe('07081804');
    expect(eight(20000000000)).toBe('65353130');
    expect(totpCode(RFC_SECRET, 59_000)).toBe('287082');
  });

  it('round-trips base32', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255, 17, 99]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
  });

  it('accepts one step of drift, each step once, and nothing else', () => {
    const now = 1_700_000_000_000;
    const step = BigInt(Math.floor(now / 30_000));
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now), now, null)).toBe(step);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 30_000), now, null)).toBe(step - 1n);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now + 30_000), now, null)).toBe(step + 1n);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 60_000), now, null)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now), now, step)).toBeNull();
    expect(matchTotp(RFC_SECRET, '12345', now, null)).toBeNull();
  });

  it('builds the otpauth URI and recovery codes', () => {
    expect(otpauthUri('Khela demo', 'admin', 'ABC')).toBe(
      'otpauth://totp/Khela%20demo%3Aadmin?secret=ABC&issuer=Khela+demo&algorithm=SHA1&digits=6&period=30',
    );
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(normalizeRecoveryCode(' K7MQ2 X9TFA ')).toBe('k7mq2-x9tfa');
  });
});

import { describe, expect, it } from 'vitest';
import { signSeamlessRequest, verifySeamlessSignature } from './signature.ts';

const secret = 'khela-sandbox-vendor-secret-0123456789abcdef';
const body = Buffer.from('{"request_uuid":"r1","token":"abc","currency":"BDT"}');
const now = 1_700_000_000;

describe('seamless request signatures', () => {
  it('is hex(HMAC-SHA256(secret, timestamp "." body)), the value openssl gives (docs/api.md)', () => {
    expect(signSeamlessRequest(secret, String(now), body)).toBe(
      'c8902aeaff9c066d4b0cdd0fdf4bec16d798f172afacd33f7ad3994f99f998fc',
    );
  });

  it('accepts the right signature within 300 s either way, in either hex case', () => {
    const signature = signSeamlessRequest(secret, String(now), body);
    for (const skew of [-300, 0, 300]) {
      expect(
        verifySeamlessSignature({ secret, timestamp: String(now), signature, rawBody: body, nowSeconds: now + skew }),
      ).toBe(true);
    }
    expect(
      verifySeamlessSignature({
        secret,
        timestamp: String(now),
        signature: signature.toUpperCase(),
        rawBody: body,
        nowSeconds: now,
      }),
    ).toBe(true);
  });

  it('refuses stale, future, missing or malformed timestamps and signatures, other bodies and other secrets', () => {
    const signature = signSeamlessRequest(secret, String(now), body);
    const check = (overrides: Partial<Parameters<typeof verifySeamlessSignature>[0]>) =>
      verifySeamlessSignature({
        secret,
        timestamp: String(now),
        signature,
        rawBody: body,
        nowSeconds: now,
        ...overrides,
      });
    expect(check({ nowSeconds: now + 301 })).toBe(false);
    expect(check({ nowSeconds: now - 301 })).toBe(false);
    expect(check({ timestamp: undefined })).toBe(false);
    expect(check({ timestamp: '1.7e9' })).toBe(false);
    expect(check({ signature: undefined })).toBe(false);
    expect(check({ signature: signature.slice(2) })).toBe(false);
    expect(check({ signature: 'z'.repeat(64) })).toBe(false);
    expect(check({ rawBody: Buffer.from(`${body.toString()} `) })).toBe(false);
    expect(check({ secret: `${secret}x` })).toBe(false);
    // The timestamp is signed too: the same body under another timestamp does not verify.
    expect(check({ timestamp: String(now + 1), nowSeconds: now + 1 })).toBe(false);
  });
});

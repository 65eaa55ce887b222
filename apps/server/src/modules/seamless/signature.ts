import { createHmac, timingSafeEqual } from 'node:crypto';
import { SEAMLESS_MAX_CLOCK_SKEW_SECONDS } from '@khela/contracts';

/** hex(HMAC-SHA256(secret, timestamp + "." + raw body)): what a vendor puts in X-Signature. */
export function signSeamlessRequest(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

const TIMESTAMP = /^\d{1,12}$/;
const SIGNATURE = /^[0-9a-f]{64}$/i;

/**
 * Whether a request is the vendor's own and fresh: the signature is compared in constant time
 * over the exact bytes received, and the timestamp may be at most 300 s off either way (so a
 * captured request cannot be replayed later; a replay inside the window changes no money).
 */
export function verifySeamlessSignature(input: {
  secret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: Buffer;
  nowSeconds?: number;
}): boolean {
  const { timestamp, signature } = input;
  if (!timestamp || !signature || !TIMESTAMP.test(timestamp) || !SIGNATURE.test(signature)) return false;
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > SEAMLESS_MAX_CLOCK_SKEW_SECONDS) return false;
  const expected = Buffer.from(signSeamlessRequest(input.secret, timestamp, input.rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

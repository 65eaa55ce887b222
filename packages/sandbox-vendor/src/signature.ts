import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one signing scheme of both wallet APIs (packages/contracts seamless.ts and
 * transfer-wallet.ts): X-Signature = hex(HMAC-SHA256(secret, X-Timestamp + "." + raw body)). The
 * vendor keeps its own copy, as a third party would.
 */
export function sign(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

export function signedHeaders(secret: string, body: string): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': sign(secret, timestamp, body) };
}

/** Whether a call is signed with `secret` and at most 300 s old or early. */
export function verifySigned(secret: string, headers: Record<string, unknown>, body: string): boolean {
  const timestamp = headers['x-timestamp'];
  const signature = headers['x-signature'];
  if (typeof timestamp !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(timestamp)) return false;
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  return timingSafeEqual(Buffer.from(sign(secret, timestamp, body), 'hex'), Buffer.from(signature, 'hex'));
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a signed callback stays acceptable: older (or future) timestamps are refused. */
export const CALLBACK_TOLERANCE_SECONDS = 300;
export const SIGNATURE_HEADER = 'x-gateway-signature';
export const TIMESTAMP_HEADER = 'x-gateway-timestamp';

export interface PaymentRequest {
  /** Our unguessable order id, echoed by the gateway's callback. */
  order: string;
  amount: bigint;
  currency: string;
}

/**
 * A payment-gateway adapter (issue 5 item 3): where the member pays, and how the gateway's
 * callback proves it comes from the gateway. Real gateways implement the same two steps.
 */
export interface PaymentGateway {
  readonly code: string;
  /** The URL the member is sent to, to pay. */
  paymentUrl(request: PaymentRequest): string;
  /** Whether the callback's raw body and headers carry a valid, fresh signature. */
  verifyCallback(secret: string, headers: Record<string, unknown>, rawBody: Buffer, now?: Date): boolean;
}

export function newGatewayOrder(): string {
  return randomBytes(16).toString('hex');
}

/** HMAC-SHA256 over `timestamp + "." + raw body`, hex: binds the body to its time. */
export function signCallback(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** The sandbox gateway: its payment page is served by this server (gateway/sandbox-page.ts). */
export const sandboxGateway: PaymentGateway = {
  code: 'sandbox',
  paymentUrl: ({ order }) => `/sandbox-gateway/pay?order=${encodeURIComponent(order)}`,
  verifyCallback(secret, headers, rawBody, now = new Date()) {
    const timestamp = headers[TIMESTAMP_HEADER];
    const signature = headers[SIGNATURE_HEADER];
    if (typeof timestamp !== 'string' || typeof signature !== 'string') return false;
    if (!/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) return false;
    if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > CALLBACK_TOLERANCE_SECONDS) return false;
    const expected = Buffer.from(signCallback(secret, timestamp, rawBody), 'hex');
    return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
  },
};

const GATEWAYS = new Map<string, PaymentGateway>([[sandboxGateway.code, sandboxGateway]]);

export function gatewayByCode(code: string | null): PaymentGateway | null {
  return (code && GATEWAYS.get(code)) || null;
}

import { randomUUID } from 'node:crypto';
import { signedHeaders } from './signature.ts';

export type SeamlessCall = 'balance' | 'bet' | 'win' | 'rollback';

export interface SeamlessReply {
  /** RS_OK or an RS_ERROR_* status; TIMEOUT when no answer came in time (the call may have landed). */
  status: string;
  balance?: string;
  currency?: string;
}

export interface SeamlessClientOptions {
  /** Khela's base URL, e.g. http://127.0.0.1:8080. */
  khelaUrl: string;
  vendorCode: string;
  secret: string;
  /** How long one attempt waits for its answer (ms). */
  timeoutMs?: number;
  /** How many times a call is sent before its outcome counts as unknown. */
  attempts?: number;
}

/**
 * The vendor's side of Khela's seamless wallet (docs/api.md "Seamless wallet"). It behaves as a
 * careful vendor does: a call that times out is sent again with the same transaction id (Khela
 * answers a repeat as it answered the first, so nothing moves twice).
 */
export function seamlessClient(options: SeamlessClientOptions) {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const attempts = options.attempts ?? 3;

  async function sendOnce(call: SeamlessCall, body: Record<string, unknown>): Promise<SeamlessReply> {
    const payload = JSON.stringify({ request_uuid: randomUUID(), ...body });
    try {
      const response = await fetch(`${options.khelaUrl}/lgw/seamless/${options.vendorCode}/${call}`, {
        method: 'POST',
        headers: signedHeaders(options.secret, payload),
        body: payload,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const answer = (await response.json()) as SeamlessReply;
      return typeof answer.status === 'string' ? answer : { status: 'RS_ERROR_UNKNOWN' };
    } catch {
      return { status: 'TIMEOUT' };
    }
  }

  /**
   * Sends until an answer that is not a time-out or a server error comes, at most `attempts` times.
   * `loseFirstAnswer` plays the vendor whose first answer never arrived (the call landed, the
   * reply was lost): the suite uses it to show the repeat moves nothing twice.
   */
  async function send(call: SeamlessCall, body: Record<string, unknown>, loseFirstAnswer = false) {
    let reply: SeamlessReply = { status: 'TIMEOUT' };
    for (let attempt = 0; attempt < attempts; attempt++) {
      reply = await sendOnce(call, body);
      if (loseFirstAnswer && attempt === 0) continue;
      if (reply.status !== 'TIMEOUT' && reply.status !== 'RS_ERROR_UNKNOWN') return reply;
    }
    return reply;
  }

  return { send };
}
export type SeamlessClient = ReturnType<typeof seamlessClient>;

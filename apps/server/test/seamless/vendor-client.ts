import { Pool } from 'undici';
import { signSeamlessRequest } from '../../src/modules/seamless/signature.ts';

export type SeamlessCall = 'balance' | 'bet' | 'win' | 'rollback';

export interface SeamlessAnswer {
  status: number;
  body: Record<string, unknown> & { status: string };
}

export interface SendOptions {
  /** Send exactly this text as the body (signed as is unless `signature` is given). */
  rawBody?: string;
  timestamp?: string;
  signature?: string;
  /** Leave these headers out. */
  omit?: ('x-timestamp' | 'x-signature')[];
  vendorPath?: string;
}

/**
 * A game vendor's server, as the conformance suite, the soak test and the benchmark play it: signs
 * each request with the vendor's secret and sends it over real HTTP (keep-alive). undici, not
 * node:http: the benchmark's vendor shares two cores with the server and PostgreSQL, so the
 * lighter client leaves them more of the machine, as pgbench's C client does.
 */
export function vendorClient(options: { baseUrl: string; code: string; secret: string; pool?: Pool }) {
  const pool = options.pool ?? new Pool(options.baseUrl, { connections: 256 });

  async function send(call: SeamlessCall, body: unknown, send: SendOptions = {}): Promise<SeamlessAnswer> {
    const payload = send.rawBody ?? JSON.stringify(body);
    const timestamp = send.timestamp ?? String(Math.floor(Date.now() / 1000));
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': send.signature ?? signSeamlessRequest(options.secret, timestamp, payload),
    };
    for (const name of send.omit ?? []) delete headers[name];
    const answer = await pool.request({
      method: 'POST',
      path: `/lgw/seamless/${send.vendorPath ?? options.code}/${call}`,
      headers,
      body: payload,
    });
    const text = await answer.body.text();
    try {
      return { status: answer.statusCode, body: JSON.parse(text) as SeamlessAnswer['body'] };
    } catch {
      throw new Error(`not JSON (${answer.statusCode}): ${text.slice(0, 200)}`);
    }
  }

  return { send, close: () => (options.pool ? Promise.resolve() : pool.close()) };
}
export type VendorClient = ReturnType<typeof vendorClient>;

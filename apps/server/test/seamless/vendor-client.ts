import { request as httpRequest, Agent } from 'node:http';
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
 * each request with the vendor's secret and sends it over real HTTP (keep-alive).
 */
export function vendorClient(options: { baseUrl: string; code: string; secret: string; agent?: Agent }) {
  const agent = options.agent ?? new Agent({ keepAlive: true, maxSockets: 256 });

  async function send(call: SeamlessCall, body: unknown, send: SendOptions = {}): Promise<SeamlessAnswer> {
    const payload = send.rawBody ?? JSON.stringify(body);
    const timestamp = send.timestamp ?? String(Math.floor(Date.now() / 1000));
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(payload)),
      'x-timestamp': timestamp,
      'x-signature': send.signature ?? signSeamlessRequest(options.secret, timestamp, payload),
    };
    for (const name of send.omit ?? []) delete headers[name];
    const url = new URL(`/lgw/seamless/${send.vendorPath ?? options.code}/${call}`, options.baseUrl);
    return new Promise((resolve, reject) => {
      const req = httpRequest(url, { method: 'POST', headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as SeamlessAnswer['body'] });
          } catch {
            reject(new Error(`not JSON (${res.statusCode}): ${text.slice(0, 200)}`));
          }
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  return { send, close: () => agent.destroy() };
}
export type VendorClient = ReturnType<typeof vendorClient>;

import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { sealPayload } from '@khela/contracts';
import { buildApp, type AppDeps } from '../../src/app.ts';
import { createDb, createPool, type Db } from '../../src/db/database.ts';
import type { CrashOptions } from '../../src/modules/games/inhouse/crash/routes.ts';
import { wireKeysFromPem } from '../../src/http/wire-keys.ts';
import { TEMPLATE_DB } from '../global-setup.ts';
import { cloneDatabase, dropDatabase } from './databases.ts';
import { testSecrets } from './secrets.ts';

/** The test-only key pair of shared/spec/wire-vectors.json: the server under test holds it. */
export const wireVectors = JSON.parse(
  readFileSync(new URL('../fixtures/wire-vectors.json', import.meta.url), 'utf8'),
) as {
  keyId: string;
  publicKey: string;
  privateKey: string;
  vectors: {
    name: string;
    headers: { Encryption: string };
    body: { value: string };
    plaintext: Record<string, unknown>;
  }[];
  tampered: { headers: { Encryption: string }; body: { value: string } };
};

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: { success: boolean; value: T; code?: string; message?: string };
}

export interface RequestOptions {
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  /** Sent as-is (a string) instead of JSON. */
  rawBody?: string;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  baseUrl: string;
  request<T = unknown>(method: string, path: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
  get<T = unknown>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** An E call: the payload sealed with the server's public key, as the browser does. */
  sealed<T = unknown>(
    method: string,
    path: string,
    payload: unknown,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>>;
  close(): Promise<void>;
}

/** The whole server on its own copy of the demo database, listening on a real port. */
export async function startTestApp(
  options: {
    configure?: (app: FastifyInstance, deps: AppDeps) => void;
    /** Proxies to trust, so a test can send X-Forwarded-For as the visitor's address. */
    trustProxy?: number;
    /** GET /dev/outbox and the other development routes (on unless a test turns them off). */
    devEndpoints?: boolean;
    /** The instant throttles and lockouts read (a test's settable clock; the database's by default). */
    clock?: () => Date | undefined;
    /** How long transfer-wallet vendors may take to answer (ms). */
    transferTimeoutMs?: number;
    /** Crash's rounds: this app leads them on the schedule given (none run otherwise). */
    crash?: CrashOptions;
  } = {},
): Promise<TestApp> {
  const adminUrl = inject('adminDatabaseUrl');
  const databaseUrl = await cloneDatabase(adminUrl, TEMPLATE_DB);
  const db = createDb(createPool(databaseUrl, 4));
  const app = await buildApp({
    db,
    wireKeys: await wireKeysFromPem(wireVectors.keyId, wireVectors.privateKey),
    secrets: testSecrets,
    webDist: '/nonexistent',
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    validateResponses: true,
    devEndpoints: options.devEndpoints ?? true,
    configure: options.configure,
    trustProxy: options.trustProxy,
    clock: options.clock,
    transferTimeoutMs: options.transferTimeoutMs,
    crash: options.crash,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('no address');
  const baseUrl = `http://127.0.0.1:${address.port}`;

  async function request<T>(
    method: string,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const url = new URL(path, baseUrl);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { Language: 'en', ...options.headers };
    let payload: string | undefined = options.rawBody;
    if (payload === undefined && body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    // Framed by length: node:http sends a DELETE's body unframed otherwise.
    if (payload !== undefined) headers['content-length'] ??= String(Buffer.byteLength(payload));
    // node:http rather than fetch: fetch drops a Host header, and tests need to set it.
    const { status, responseHeaders, text } = await new Promise<{
      status: number;
      responseHeaders: Headers;
      text: string;
    }>((resolveResponse, reject) => {
      const req = httpRequest(url, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        const respond = () => {
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers))
            if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : v);
          resolveResponse({
            status: res.statusCode ?? 0,
            responseHeaders: h,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        };
        // A stream served (text/event-stream) never ends: it is answered by its opening.
        if (String(res.headers['content-type']).startsWith('text/event-stream')) {
          res.once('data', (c: Buffer) => {
            chunks.push(c);
            respond();
            res.destroy();
          });
          return;
        }
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', respond);
      });
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
    let parsed: ApiResponse<T>['body'];
    try {
      parsed = JSON.parse(text) as ApiResponse<T>['body'];
    } catch {
      parsed = { success: false, value: text as T };
    }
    return { status, headers: responseHeaders, body: parsed };
  }

  return {
    app,
    db,
    baseUrl,
    request,
    get: (path, options) => request('GET', path, undefined, options),
    sealed: async (method, path, payload, options = {}) => {
      const sealed = await sealPayload(wireVectors.publicKey, payload);
      return request(method, path, sealed.body, { ...options, headers: { ...options.headers, ...sealed.headers } });
    },
    close: async () => {
      await app.close();
      await db.destroy();
      await dropDatabase(adminUrl, databaseUrl);
    },
  };
}

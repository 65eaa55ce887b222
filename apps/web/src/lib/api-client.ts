import {
  systemEndpoints,
  envelope,
  type EndpointDef,
  type ParamsOf,
  type QueryOf,
  type BodyOf,
  type ValueOf,
} from '@khela/contracts';
import { sessionStore } from './session-store.ts';

/** A failed call: `code` is the server's stable code (or a client one), `message` is already localised. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly value: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface CallOptions<E extends EndpointDef> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  signal?: AbortSignal;
}

let currentLanguage = 'bn';
/** The Language header follows the UI language (set by i18n on every change). */
export function setApiLanguage(language: string) {
  currentLanguage = language;
}

let publicKey: Promise<CryptoKey> | undefined;
function serverPublicKey(): Promise<CryptoKey> {
  publicKey ??= call(systemEndpoints.publicKey)
    .then(async (v) => (await import('./seal-body.ts')).importPublicKey(v.publicKey))
    .catch((error: unknown) => {
      publicKey = undefined;
      throw error;
    });
  return publicKey;
}

function buildUrl(def: EndpointDef, params: unknown, query: unknown): string {
  const path = def.path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String((params as Record<string, unknown> | undefined)?.[name] ?? '')),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * Calls one registry entry: headers of ARCHITECTURE §3, the body sealed for E calls, and the
 * response parsed with the entry's own schema. Resolves with the envelope's value.
 */
export async function call<E extends EndpointDef>(def: E, options: CallOptions<E> = {}): Promise<ValueOf<E>> {
  const headers: Record<string, string> = { Language: currentLanguage };
  const token = sessionStore.token();
  if (token && def.auth !== 'none') headers.Authorization = token;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    if (def.encrypted) {
      const [{ sealPayload }, key] = await Promise.all([import('./seal-body.ts'), serverPublicKey()]);
      const sealed = await sealPayload(key, options.body);
      Object.assign(headers, sealed.headers);
      body = JSON.stringify(sealed.body);
    } else if (def.bodyFormat === 'form') {
      // §7: a few calls are URL-encoded forms (forgot password by e-mail).
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      const form = new URLSearchParams();
      for (const [key, value] of Object.entries(options.body as Record<string, unknown>)) {
        if (value !== undefined && value !== null) form.set(key, String(value));
      }
      body = form.toString();
    } else {
      body = JSON.stringify(options.body);
    }
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(def, options.params, options.query), {
      method: def.method,
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError('client.network', '', 0);
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ApiError('client.bad_response', '', response.status);
  }
  const parsed = envelope(def.response).safeParse(json);
  if (!parsed.success) {
    // A failure envelope may carry a value the success schema does not describe.
    const failure = json as { success?: boolean; code?: string; message?: string; value?: unknown };
    if (failure && failure.success === false) {
      throw new ApiError(failure.code ?? 'server.unknown_error', failure.message ?? '', response.status, failure.value);
    }
    throw new ApiError('client.bad_response', '', response.status);
  }
  if (!parsed.data.success) {
    throw new ApiError(
      parsed.data.code ?? 'server.unknown_error',
      parsed.data.message ?? '',
      response.status,
      parsed.data.value,
    );
  }
  return parsed.data.value as ValueOf<E>;
}

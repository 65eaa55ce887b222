import type { BodyOf, EndpointDef, ParamsOf, QueryOf, ValueOf } from '@khela/contracts';

/** A failed call: `code` is the server's stable code, `message` already in the operator's language. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    /** Field errors the server named (`value.fields`), to show beside their inputs. */
    readonly fields: readonly { field: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface CallOptions<E extends EndpointDef> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
}

const TOKEN_KEY = 'khela.console.token';
let language = 'en';
let onSignedOut: () => void = () => {};

export const session = {
  token: () => sessionStorage.getItem(TOKEN_KEY),
  set: (token: string) => sessionStorage.setItem(TOKEN_KEY, token),
  clear: () => sessionStorage.removeItem(TOKEN_KEY),
};
export function setApiLanguage(next: string) {
  language = next;
}
/** Called when the server no longer knows the session (expired, revoked): back to sign-in. */
export function onSessionEnded(handler: () => void) {
  onSignedOut = handler;
}

export function urlOf(def: EndpointDef, params?: unknown, query?: unknown): string {
  const path = def.path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String((params as Record<string, unknown> | undefined)?.[name] ?? '')),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Calls one registry entry and parses the answer with the entry's own schema. */
export async function call<E extends EndpointDef>(def: E, options: CallOptions<E> = {}): Promise<ValueOf<E>> {
  const headers: Record<string, string> = { Language: language };
  const token = session.token();
  if (token && def.auth !== 'none') headers.Authorization = token;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(urlOf(def, options.params, options.query), { method: def.method, headers, body });
  const json = (await response.json().catch(() => null)) as {
    success?: boolean;
    value?: unknown;
    code?: string;
    message?: string;
  } | null;
  const fields = (json?.value as { fields?: { field: string; message: string }[] } | undefined)?.fields;
  if (!json?.success) {
    const code = json?.code ?? 'server.unknown_error';
    if (response.status === 401 && def.auth === 'operator') {
      session.clear();
      onSignedOut();
    }
    throw new ApiError(
      code,
      json?.message ?? response.statusText,
      response.status,
      Array.isArray(fields) ? fields : [],
    );
  }
  return def.response.parse(json.value) as ValueOf<E>;
}

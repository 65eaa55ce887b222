import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One entry of the endpoint registry (ARCHITECTURE §3): the server validates with it, the web
 * client parses responses with it, and the OpenAPI document is generated from it.
 * - `auth`: 'member' is the spec's T flag; 'optional-member' reads a token when one is sent;
 *   'operator' guards /admin; 'vendor' is a game vendor's server calling the seamless wallet: the
 *   request is signed with the vendor's secret (HMAC-SHA256 over the raw body) and the answer is the
 *   vendor protocol's own shape (`response`), not the player envelope.
 * - `encrypted`: the spec's E flag; the body arrives sealed (see seal.ts).
 * - `response` is the schema of the envelope's `value`.
 */
export interface EndpointDef {
  readonly name: string;
  readonly method: HttpMethod;
  readonly path: string;
  /**
   * The reference front end's names for the same call (../shared/spec/endpoints.md), served by
   * the same handler with the same method, guards and schemas, so an integrator who knows them
   * finds the call (issue 10 item 3; docs/api.md "Reference names").
   */
  readonly aliases?: readonly string[];
  readonly auth: 'none' | 'member' | 'optional-member' | 'operator' | 'vendor';
  readonly encrypted?: boolean;
  /** White-label switch (modId) that must be on for the call to be served. */
  readonly switch?: string;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /**
   * `form` for URL-encoded bodies (the reference's formPost); `binary` for raw uploads (the bytes
   * arrive as a Buffer, Content-Type image/png or image/jpeg); `signed-json` for JSON whose raw
   * bytes are signed (gateway callbacks: the handler checks the signature, then parses).
   */
  readonly bodyFormat?: 'json' | 'form' | 'binary' | 'signed-json';
  /**
   * `sse`: the answer is a `text/event-stream` (no JSON envelope); `response` then describes the
   * data of each event.
   */
  readonly responseFormat?: 'json' | 'sse';
  readonly response: z.ZodType;
}

export function defineEndpoint<const D extends EndpointDef>(definition: D): D {
  return definition;
}

export type ValueOf<E extends EndpointDef> = z.infer<E['response']>;
export type BodyOf<E extends EndpointDef> = E['body'] extends z.ZodType ? z.input<E['body']> : never;
export type QueryOf<E extends EndpointDef> = E['query'] extends z.ZodType ? z.input<E['query']> : never;
export type ParamsOf<E extends EndpointDef> = E['params'] extends z.ZodType ? z.input<E['params']> : never;

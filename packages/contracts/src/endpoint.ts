import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One entry of the endpoint registry (ARCHITECTURE §3): the server validates with it, the web
 * client parses responses with it, and the OpenAPI document is generated from it.
 * - `auth`: 'member' is the spec's T flag; 'optional-member' reads a token when one is sent;
 *   'operator' guards /admin.
 * - `encrypted`: the spec's E flag; the body arrives sealed (see seal.ts).
 * - `response` is the schema of the envelope's `value`.
 */
export interface EndpointDef {
  readonly name: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: 'none' | 'member' | 'optional-member' | 'operator';
  readonly encrypted?: boolean;
  /** White-label switch (modId) that must be on for the call to be served. */
  readonly switch?: string;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** `form` for URL-encoded bodies (the reference's formPost). */
  readonly bodyFormat?: 'json' | 'form';
  readonly response: z.ZodType;
}

export function defineEndpoint<const D extends EndpointDef>(definition: D): D {
  return definition;
}

export type ValueOf<E extends EndpointDef> = z.infer<E['response']>;
export type BodyOf<E extends EndpointDef> = E['body'] extends z.ZodType ? z.input<E['body']> : never;
export type QueryOf<E extends EndpointDef> = E['query'] extends z.ZodType ? z.input<E['query']> : never;
export type ParamsOf<E extends EndpointDef> = E['params'] extends z.ZodType ? z.input<E['params']> : never;

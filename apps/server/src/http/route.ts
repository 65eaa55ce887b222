import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import {
  MAX_BODY_BYTES,
  SWITCH_PARENT,
  UPLOAD_MAX_BYTES,
  type EndpointDef,
  type Language,
  type SwitchId,
} from '@khela/contracts';
import type { Db } from '../db/database.ts';
import { isGated } from '../modules/system/access-gate.ts';
import { AppError } from './app-error.ts';
import type { HandlerContext, MemberContext, MerchantContext, OperatorContext } from './context.ts';
import { openEncryptedBody } from './encryption.ts';
import type { HotReads } from './hot-reads.ts';
import { SerializedEnvelope } from './serialized-envelope.ts';
import { parseOrThrow } from './validation.ts';

type In<S> = S extends z.ZodType ? z.output<S> : undefined;
type Out<E extends EndpointDef> = z.input<E['response']>;

export type Handler<E extends EndpointDef> = (
  ctx: HandlerContext<In<E['params']>, In<E['query']>, In<E['body']>>,
) => Promise<Out<E> | SerializedEnvelope> | Out<E> | SerializedEnvelope;

/** How each `auth` kind of the registry is checked; features register theirs (admin: operator; members: member). */
export interface AuthStrategies {
  operator?: (req: FastifyRequest) => Promise<{ operator: OperatorContext; merchant: MerchantContext }>;
  /** The member of the request's token for this merchant, or null when there is no live one. */
  member?: (req: FastifyRequest, merchant: MerchantContext) => Promise<MemberContext | null>;
}

export interface RouteDeps {
  db: Db;
  auth: AuthStrategies;
  /** Parse every response value with its schema (development and tests), to catch drift. */
  validateResponses: boolean;
  /** The switch check of every call; the instance's cached one (cache/site-config.ts) when given. */
  switchIsOn?: (merchantId: number, modId: string) => Promise<boolean>;
  /** The hot-read fast path (http/hot-reads.ts), when the site's checks are cached. */
  hotReads?: HotReads | undefined;
}

/**
 * Whether a white-label switch (modId) is in force for the merchant: it and every switch above it
 * in the tree (SWITCH_PARENT) must be on; a switch without a row is off.
 */
export async function switchIsOn(db: Db, merchantId: number, modId: string): Promise<boolean> {
  const chain = [modId];
  for (let parent = SWITCH_PARENT[modId as SwitchId]; parent; parent = SWITCH_PARENT[parent]) chain.push(parent);
  const rows = await db
    .selectFrom('whitelabel_switches')
    .select('enabled')
    .where('merchant_id', '=', merchantId)
    .where('mod_id', 'in', chain)
    .execute();
  return rows.length === chain.length && rows.every((row) => row.enabled);
}

/** Raw uploads (bodyFormat 'binary'): room above the 5 MB image limit, so the handler can name the failure. */
const BINARY_BODY_LIMIT = UPLOAD_MAX_BYTES + 64 * 1024;

/** bodyFormat 'signed-json': the bytes as sent are kept in `req.rawBody` for the signature check. */
async function keepRawBody(req: FastifyRequest, _reply: unknown, payload: Readable): Promise<Readable> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new AppError('request.too_large');
    chunks.push(chunk as Buffer);
  }
  req.rawBody = Buffer.concat(chunks);
  return Readable.from([req.rawBody]);
}

function requireMerchant(req: FastifyRequest): MerchantContext {
  if (!req.merchant) throw new AppError('merchant.invalid_url');
  return req.merchant;
}

export interface EndpointOptions {
  /**
   * Keep this many parsed queries by their raw text, so a query asked again skips validation (hot
   * public reads, bench:lobby). The handler must treat the query as read-only: it is shared.
   */
  queryMemo?: number;
  /**
   * Identical requests may get this answer (a SerializedEnvelope) from the hot-read fast path for
   * this long (ms) without hearing of a change. For answers the same for every visitor only.
   */
  replayMs?: number;
}

/** The query of `def` parsed once per distinct query text; refused ones are parsed (and refused) every time. */
function memoizedQueryParser(def: EndpointDef, size: number) {
  const parsed = new Map<string, unknown>();
  return (req: FastifyRequest, language: Language): unknown => {
    const at = req.url.indexOf('?');
    const text = at < 0 ? '' : req.url.slice(at + 1);
    const known = parsed.get(text);
    if (known !== undefined) return known;
    const query = Object.freeze(parseOrThrow(def.query!, req.query, language, 'query'));
    if (parsed.size >= size) parsed.clear();
    parsed.set(text, query);
    return query;
  };
}

/**
 * Binds one registry entry to its handler: method and path from the registry, then in order
 * the merchant, authentication, the white-label switch, decryption (E), validation of params,
 * query and body, the handler, and the envelope.
 */
export function registerEndpoint<E extends EndpointDef>(
  app: FastifyInstance,
  deps: RouteDeps,
  def: E,
  handler: Handler<E>,
  options: EndpointOptions = {},
): void {
  // Vendor calls are signed over the raw body and answer in their own protocol: see modules/seamless.
  if (def.auth === 'vendor') throw new Error(`${def.name} is a vendor call: bind it with registerVendorEndpoint`);
  const parseQuery = options.queryMemo ? memoizedQueryParser(def, options.queryMemo) : undefined;
  const replay = replayer(def, deps.hotReads, options.replayMs);
  const route: RouteOptions = {
    method: def.method,
    url: def.path,
    config: { endpoint: def },
    ...(def.bodyFormat === 'binary' && { bodyLimit: BINARY_BODY_LIMIT }),
    ...(def.bodyFormat === 'signed-json' && { preParsing: keepRawBody }),
    ...(replay && { onResponse: replay.onResponse }),
    handler: async (req, reply) => {
      const generation = deps.hotReads?.generation;
      let merchant: MerchantContext;
      if (def.auth === 'operator') {
        const authenticate = deps.auth.operator;
        if (!authenticate) throw new Error(`no operator auth strategy for ${def.name}`);
        const session = await authenticate(req);
        req.operator = session.operator;
        merchant = session.merchant;
      } else {
        merchant = requireMerchant(req);
        if (def.auth === 'member' || def.auth === 'optional-member') {
          const authenticate = deps.auth.member;
          if (!authenticate) throw new Error(`no member auth strategy for ${def.name}`);
          req.member = await authenticate(req, merchant);
          if (def.auth === 'member' && !req.member) throw new AppError('auth.not_logged_in');
        }
      }
      if (
        def.switch &&
        !(await (deps.switchIsOn
          ? deps.switchIsOn(merchant.id, def.switch)
          : switchIsOn(deps.db, merchant.id, def.switch)))
      ) {
        throw new AppError('system.feature_disabled');
      }
      const rawBody = def.encrypted ? await openEncryptedBody(req) : req.body;
      const language = req.language;
      const ctx = {
        req,
        reply,
        merchant,
        language,
        ip: req.clientIp,
        params: (def.params ? parseOrThrow(def.params, req.params, language, 'params') : undefined) as never,
        query: (def.query
          ? parseQuery
            ? parseQuery(req, language)
            : parseOrThrow(def.query, req.query, language, 'query')
          : undefined) as never,
        body: (def.body ? parseOrThrow(def.body, rawBody ?? {}, language, '') : undefined) as never,
      };
      const value = await handler(ctx);
      // A stream (text/event-stream) was hijacked by its handler: no envelope follows.
      if (def.responseFormat === 'sse') return reply;
      if (value instanceof SerializedEnvelope) {
        replay?.made(req, { envelope: value, merchantId: merchant.id, generation: generation! });
        const { payload, encoding } = value.body(req.headers['accept-encoding']);
        reply.header('vary', 'accept-encoding');
        if (encoding) reply.header('content-encoding', encoding);
        return reply.type('application/json; charset=utf-8').send(payload);
      }
      if (deps.validateResponses) {
        const checked = def.response.safeParse(value);
        if (!checked.success) {
          req.log.error({ endpoint: def.name, issues: checked.error.issues }, 'response does not match its contract');
          throw new Error(`response of ${def.name} does not match its contract`);
        }
      }
      return reply.send({ success: true, value: value ?? null });
    },
  };
  for (const url of [def.path, ...(def.aliases ?? [])]) app.route({ ...route, url });
}

/** Hands the answers of an endpoint with `replayMs` to the hot-read fast path once they are sent. */
function replayer(def: EndpointDef, hotReads: HotReads | undefined, ttlMs: number | undefined) {
  if (!hotReads || !ttlMs || def.method !== 'GET' || def.auth !== 'none') return undefined;
  const made = new WeakMap<FastifyRequest, { envelope: SerializedEnvelope; merchantId: number; generation: number }>();
  const gated = isGated(def);
  return {
    made: (req: FastifyRequest, answer: { envelope: SerializedEnvelope; merchantId: number; generation: number }) =>
      made.set(req, answer),
    onResponse(req: FastifyRequest, reply: FastifyReply, done: () => void) {
      const answer = made.get(req);
      if (answer && reply.statusCode === 200) {
        hotReads.remember(req.raw, {
          ...answer,
          route: def.path,
          gated,
          switch: def.switch,
          ttlMs,
          headers: reply.raw.getHeaders(),
        });
      }
      done();
    },
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    endpoint?: EndpointDef;
  }
  interface FastifyRequest {
    /** The body's bytes as sent, for entries with bodyFormat 'signed-json'. */
    rawBody?: Buffer;
  }
}

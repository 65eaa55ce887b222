import { randomBytes } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyServerFactory } from 'fastify';
import type { ChangeFeed } from '../cache/change-feed.ts';
import type { SerializedEnvelope } from './serialized-envelope.ts';

/**
 * New request ids: this process's random prefix and a counter — unique across instances and
 * restarts like a UUID, without a UUID's random bytes per request (bench:lobby profile: randomUUID's
 * entropy refills were over 1 % of the server's CPU).
 */
const REQUEST_ID_PREFIX = randomBytes(8).toString('hex');
let requestsSeen = 0;

/** The id of a request: the caller's X-Request-Id when it looks like one, else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && /^[\w-]{8,64}$/.test(given)) return given;
  // Joined, not concatenated: one flat string, where `+` makes a pair Node's header check flattens
  // on every reply (bench:lobby profile: checkInvalidHeaderChar 0.6 µs a reply, the bare server's 0.1).
  return [REQUEST_ID_PREFIX, (++requestsSeen).toString(36)].join('-');
}

/** Trust X-Forwarded-For from exactly `hops` proxies in front of us (Fastify's trustProxy). */
export const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The visitor's address as Fastify's `req.ip` gives it under the same trust. */
export function clientIpOf(req: IncomingMessage, hops: number): string {
  if (hops <= 0) return req.socket.remoteAddress ?? '';
  const addresses = proxyAddr.all(req, trustHops(hops));
  return addresses[addresses.length - 1] ?? '';
}

/** What a replayed answer was made under, besides the request itself. */
export interface HotReadAnswer {
  envelope: SerializedEnvelope;
  merchantId: number;
  /** The route (for the metric). */
  route: string;
  /** Whether the access gate applies (maintenance, region rules), and the white-label switch if any. */
  gated: boolean;
  switch: string | undefined;
  /** How long the answer may be replayed without hearing of a change. */
  ttlMs: number;
  /** `generation` when the handler began: an answer made across a change is not kept. */
  generation: number;
  /** The headers Fastify sent with it (helmet's, content type, vary …). */
  headers: OutgoingHttpHeaders;
}

/** One coding of a kept answer, ready to send. */
interface Sending {
  /**
   * The head as Node takes it fastest: a flat [name, value, …] array made once, its last value the
   * request id, filled in per request (a fresh object spread per request made Node's header loop
   * the costliest part of a hot read after the socket write).
   */
  head: string[];
  /**
   * The body's bytes, made once. A Buffer, not a string joined to the head: Node's `end` writes
   * an empty last chunk besides, so a reply is a writev either way, and a Buffer goes into it
   * without a copy where the joined string was copied on every reply (bench:lobby profile: the
   * writev cost 1.7 µs a reply more than the bare server's with a Buffer).
   */
  body: Buffer;
  /** The envelope's revision it was made from: a better compression since makes it anew. */
  revision: number;
}

/** Besides the URL, what names the merchant and the language of a request: an answer depends on them. */
interface Naming {
  host: string | undefined;
  forwardedHost: string | string[] | undefined;
  merchant: string | string[] | undefined;
  language: string | string[] | undefined;
}

interface Entry extends Omit<HotReadAnswer, 'generation' | 'headers'>, Naming {
  expiresAt: number;
  staticHeaders: OutgoingHttpHeaders;
  /**
   * The sending for each Accept-Encoding a client sent (browsers send a handful), made on first
   * need: one look-up per request, no coding negotiated again.
   */
  sendings: Map<string | undefined, Sending>;
  /** Answers sent from here: a much-asked one gets the best compression (BEST_CODING_AFTER). */
  replays: number;
}

/** Past this many Accept-Encoding values an answer forgets them (a client sending them all at random). */
const MAX_SENDINGS = 16;

/**
 * Replayed this often, an answer is a lobby page many visitors see, not a one-off search: it is
 * compressed again at the best quality in the background (SerializedEnvelope.compressBest, ~30 ms
 * of CPU, under half a millisecond a replay so far), so no visitor's search can make us spend it.
 */
const BEST_CODING_AFTER = 64;

export interface HotReadDeps {
  feed: ChangeFeed;
  /**
   * The access gate's verdict for a visitor of a merchant (modules/system/access-gate.ts), and the
   * white-label switch: at once when they are in memory (the common case), else later.
   */
  mayEnter: (merchantId: number, ip: string) => boolean | Promise<boolean>;
  switchIsOn: (merchantId: number, modId: string) => boolean | Promise<boolean>;
  trustProxyHops: number;
  /** Counts each answer sent by the fast path. */
  onServed?: (route: string) => void;
  maxEntries?: number;
  now?: () => number;
}

/** Headers that belong to one sending, not to the answer. */
const PER_RESPONSE_HEADERS = [
  'content-length',
  'content-encoding',
  'x-request-id',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
];

/**
 * The hot-read fast path (issue 11 item 2, bench:lobby): the lobby's public reads are asked with the
 * same few URLs by every visitor, and their answers are made once (SerializedEnvelope). Once Fastify
 * has answered one, the same request — same URL, host, Merchant and Language headers, everything the
 * route's answer depends on — is answered here, before routing, with the same bytes and headers;
 * the per-request checks still run: the access gate (maintenance, region rules, for this visitor's
 * address) and the white-label switch. Anything else (a refusal, a miss, another method) goes to
 * Fastify as before. Any change heard on the feed (but sessions') drops every kept answer at once, nothing is kept
 * while the feed is not listening, and each answer expires after its route's TTL besides. Answers
 * sent here are counted (the metric), not logged one by one — like a CDN's hits.
 */
export function hotReads(deps: HotReadDeps) {
  const now = deps.now ?? Date.now;
  const maxEntries = deps.maxEntries ?? 2000;
  /**
   * The kept answers by URL, each URL's few told apart by their naming (hosts, languages): the
   * request's own URL string is the look-up, no key built per request.
   */
  let entries = new Map<string, Entry[]>();
  let kept = 0;
  let generation = 0;
  deps.feed.subscribe((change) => {
    // Public answers do not depend on anyone's session: a log-out elsewhere keeps them.
    if (change.scope === 'sessions') return;
    entries = new Map();
    kept = 0;
    generation++;
  });

  function namingOf(h: IncomingHttpHeaders): Naming {
    return { host: h.host, forwardedHost: h['x-forwarded-host'], merchant: h.merchant, language: h.language };
  }

  function sameNaming(entry: Naming, h: IncomingHttpHeaders): boolean {
    return (
      entry.host === h.host &&
      entry.forwardedHost === h['x-forwarded-host'] &&
      entry.merchant === h.merchant &&
      entry.language === h.language
    );
  }

  function sendingFor(entry: Entry, acceptEncoding: string | undefined): Sending {
    let sending = entry.sendings.get(acceptEncoding);
    if (!sending || sending.revision !== entry.envelope.revision) {
      const revision = entry.envelope.revision;
      const { payload, encoding } = entry.envelope.body(acceptEncoding);
      const headers: OutgoingHttpHeaders = {
        ...entry.staticHeaders,
        ...(encoding && { 'content-encoding': encoding }),
        'content-length': typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length,
      };
      // Every value a string: Node validates each with a regular expression, which turns a number
      // (the content length) into a new string first (bench:lobby profile: 0.9 µs a reply).
      const head: string[] = [];
      for (const [name, value] of Object.entries(headers)) {
        if (value === undefined) continue;
        for (const one of Array.isArray(value) ? value : [value]) head.push(name, String(one));
      }
      head.push('x-request-id', '');
      sending = { head, body: typeof payload === 'string' ? Buffer.from(payload) : payload, revision };
      if (entry.sendings.size >= MAX_SENDINGS) entry.sendings.clear();
      entry.sendings.set(acceptEncoding, sending);
    }
    return sending;
  }

  function send(entry: Entry, req: IncomingMessage, res: ServerResponse): true {
    const { head, body } = sendingFor(entry, req.headers['accept-encoding']);
    head[head.length - 1] = requestIdOf(req);
    res.writeHead(200, head);
    res.end(body);
    if (++entry.replays === BEST_CODING_AFTER) void entry.envelope.compressBest();
    deps.onServed?.(entry.route);
    return true;
  }

  return {
    /** Taken by a handler as it begins; a change heard since means its answer is not kept. */
    get generation() {
      return generation;
    },

    /** Keeps an answer Fastify has just sent (status 200) for the same requests to come. */
    remember(req: IncomingMessage, answer: HotReadAnswer): void {
      if (req.method !== 'GET' || answer.generation !== generation || !deps.feed.isListening()) return;
      const staticHeaders = { ...answer.headers };
      for (const name of PER_RESPONSE_HEADERS) delete staticHeaders[name];
      if (kept >= maxEntries) {
        entries = new Map();
        kept = 0;
      }
      const { generation: _made, headers: _sent, ...rest } = answer;
      const entry: Entry = {
        ...rest,
        ...namingOf(req.headers),
        staticHeaders,
        sendings: new Map(),
        replays: 0,
        expiresAt: now() + answer.ttlMs,
      };
      const url = req.url!;
      const list = entries.get(url);
      const same = list ? list.findIndex((e) => sameNaming(e, req.headers)) : -1;
      if (same >= 0) list![same] = entry;
      else {
        if (list) list.push(entry);
        else entries.set(url, [entry]);
        kept++;
      }
    },

    /** The kept answer this request would get, if any (cheap: most requests are not hot reads). */
    match(req: IncomingMessage): Entry | undefined {
      if (req.method !== 'GET' || entries.size === 0) return undefined;
      const list = entries.get(req.url!);
      if (!list) return undefined;
      for (let i = 0; i < list.length; i++) {
        const entry = list[i]!;
        if (!sameNaming(entry, req.headers)) continue;
        if (entry.expiresAt > now() && deps.feed.isListening()) return entry;
        list.splice(i, 1);
        if (!list.length) entries.delete(req.url!);
        kept--;
        return undefined;
      }
      return undefined;
    },

    /**
     * Sends `entry` if this visitor may have it now; false: let Fastify answer (and refuse). At once
     * when the checks are in memory: a response written in the request's own turn costs least.
     */
    serve(entry: Entry, req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
      // No closure per request: a hot read's own code is a few calls (bench:lobby).
      const mayEnter = entry.gated ? deps.mayEnter(entry.merchantId, clientIpOf(req, deps.trustProxyHops)) : true;
      const switchOn = entry.switch ? deps.switchIsOn(entry.merchantId, entry.switch) : true;
      if (mayEnter === true && switchOn === true) return send(entry, req, res);
      if (mayEnter === false || switchOn === false) return false;
      return Promise.all([mayEnter, switchOn]).then(([enter, on]) => enter && on && send(entry, req, res));
    },
  };
}

export type HotReads = ReturnType<typeof hotReads>;

/**
 * Fastify's server (serverFactory) with the fast path in front: a kept answer goes out from here,
 * every other request to Fastify as before. The server is set up as Fastify sets up its own.
 */
export function serverWithHotReads(hotReadsOf: () => HotReads | undefined): FastifyServerFactory {
  return (fastify, options) => {
    const server = createServer((req, res) => {
      const hotReads = hotReadsOf();
      const entry = hotReads?.match(req);
      if (!entry) return fastify(req, res);
      const served = hotReads!.serve(entry, req, res);
      if (served === false) return fastify(req, res);
      if (served !== true) {
        served.then(
          (done) => done || fastify(req, res),
          () => fastify(req, res),
        );
      }
    });
    server.keepAliveTimeout = Number(options.keepAliveTimeout ?? 72_000);
    server.requestTimeout = Number(options.requestTimeout ?? 0);
    server.setTimeout(Number(options.connectionTimeout ?? 0));
    return server;
  };
}

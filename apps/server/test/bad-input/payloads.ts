import type { z } from 'zod';
import type { EndpointDef, Language } from '@khela/contracts';

/**
 * The bad-input catalogue: a fixed sample per endpoint, built from its registry entry only, so
 * endpoints added later are swept without touching this file.
 */

export interface BadCase {
  label: string;
  method: string;
  path: string;
  language: Language;
  headers: Record<string, string>;
  /** JSON-encoded unless `rawBody` is given. */
  body?: unknown;
  rawBody?: string;
  /** Sealed as an E call (the payload in `body`). */
  sealed?: boolean;
  /** Sent without the operator's Authorization header. */
  anonymous?: boolean;
  /**
   * The contract accepts this body (an SQL-injection string is still a string): the service may
   * refuse it or serve it, but never with a 5xx.
   */
  contractValid?: boolean;
}

type CaseInput = Pick<BadCase, 'label' | 'body' | 'rawBody' | 'sealed' | 'anonymous' | 'contractValid'> & {
  headers?: Record<string, string>;
  /** A raw query string, appended as it is. */
  query?: string;
};

const HUGE = 'x'.repeat(100_000);
const MIXED_UNICODE = 'আমি বাংলায় গান গাই 🎰👨‍👩‍👧‍👦 \u0000 \u202Eevil\u202C \uFFFF \uD800 ﷽ Z̤͔ͧ̑̓';
/** A lone surrogate cannot be percent-encoded: URLs get the rest. */
const MIXED_UNICODE_FOR_URLS = MIXED_UNICODE.replace('\uD800', '');
const SQL_INJECTIONS = ["' OR 1=1 --", '1; DROP TABLE merchants; --', "admin'--", '" OR ""="'];
const HTML = '<script>alert(1)</script><img src=x onerror=alert(1)>"\'><svg/onload=alert(1)>';
const NUMBERS_AS_TEXT = ['-1', '99999999999999999999999', '1e309', 'NaN', '0x1F', '1.5'];

/** Values of the wrong JSON type for a text field. */
export const WRONG_TYPES: unknown[] = [123, true, {}, ['a'], null];
/** Text values every text field must refuse or keep as text: empty, overlong, SQL, HTML, unicode, NUL. */
export const BAD_TEXTS = [
  '',
  'x'.repeat(5000),
  "' OR 1=1 --",
  '1; DROP TABLE members; --',
  '<script>alert(1)</script>',
  'আমি বাংলায় 🎰 \u202Eevil',
  '\u0000',
];

/** Path parameter stand-ins: none of them names a real row or setting. */
export const GARBAGE_PARAMS = [
  ...SQL_INJECTIONS,
  ...NUMBERS_AS_TEXT,
  '<script>alert(1)</script>',
  'আমি',
  '🎰',
  '../../etc/passwd',
  '2147483648',
  '9007199254740993',
  '\u0000',
  'a'.repeat(150),
];

function keysOf(schema: unknown, fallback: string[]): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' && Object.keys(shape).length ? Object.keys(shape) : fallback;
}

function everyKey(keys: string[], value: unknown): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, value]));
}

function deepJson(key: string, depth: number): string {
  return `{"${key}":${'{"a":'.repeat(depth)}{"__proto__":{"polluted":true}}${'}'.repeat(depth)}}`;
}

function queryString(entries: [string, string][]): string {
  return entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

/** Query strings that no endpoint should choke on; `keys` are the endpoint's own query fields. */
function garbageQueries(keys: string[]): string[] {
  const each = (value: string) => queryString(keys.map((k) => [k, value]));
  return [
    ...SQL_INJECTIONS.slice(0, 2).map(each),
    ...NUMBERS_AS_TEXT.map(each),
    // Past every field bound, yet inside Node's 16 KB request head however many query keys.
    each('x'.repeat(Math.max(300, Math.min(3000, Math.floor(14_000 / keys.length))))),
    each(MIXED_UNICODE_FOR_URLS),
    each(HTML),
    keys.map((k) => `${k}[]=1&${k}[]=2&${k}[a][b]=c`).join('&'),
    keys.map((k) => `${k}=%00&${k}=%E0%A4&${k}=%`).join('&'),
    '__proto__[polluted]=1&constructor[prototype][polluted]=1&&==&a==b',
  ];
}

/** JSON bodies of the wrong shape, for an endpoint whose body has `keys`. */
function garbageBodies(keys: string[]): { label: string; body: unknown }[] {
  const hugeEach = 'x'.repeat(Math.min(HUGE.length, Math.floor(900_000 / keys.length)));
  return [
    { label: 'empty object', body: {} },
    { label: 'numbers', body: everyKey(keys, 123456789012345) },
    { label: 'negative and fractional numbers', body: everyKey(keys, -0.5) },
    { label: 'booleans', body: everyKey(keys, true) },
    { label: 'nulls', body: everyKey(keys, null) },
    { label: 'objects', body: everyKey(keys, { nested: { deeper: [1, 'two'] } }) },
    { label: 'arrays', body: everyKey(keys, ['x', 1]) },
    { label: 'huge strings', body: everyKey(keys, hugeEach) },
    { label: 'unicode, emoji, Bengali, NUL', body: everyKey(keys, MIXED_UNICODE) },
    ...SQL_INJECTIONS.map((s, i) => ({ label: `SQL injection ${i + 1}`, body: everyKey(keys, s) })),
    { label: 'HTML and script', body: everyKey(keys, HTML) },
    { label: 'numbers as text', body: everyKey(keys, NUMBERS_AS_TEXT[1]) },
    { label: 'array of objects', body: [everyKey(keys, 'x')] },
    { label: 'array of numbers', body: [1, 2, 3] },
    { label: 'a string', body: HUGE },
    { label: 'a number', body: 42 },
  ];
}

/** Bodies that are not JSON objects at all, sent as they are. */
const RAW_BODIES: { label: string; rawBody: string; contentType: string }[] = [
  { label: 'malformed JSON', rawBody: '{"a": [1, 2', contentType: 'application/json' },
  { label: 'empty JSON body', rawBody: '', contentType: 'application/json' },
  { label: 'JSON null', rawBody: 'null', contentType: 'application/json' },
  {
    label: 'prototype pollution',
    rawBody: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    contentType: 'application/json',
  },
  { label: 'plain text', rawBody: "hello ' OR 1=1 --", contentType: 'text/plain' },
  { label: 'form encoded', rawBody: 'a=1&b=%00&__proto__[x]=1', contentType: 'application/x-www-form-urlencoded' },
  {
    label: 'XML',
    rawBody: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
    contentType: 'application/xml',
  },
];

function enumOptions(schema: unknown): string[] {
  const options = (schema as { options?: unknown } | undefined)?.options;
  return Array.isArray(options) ? options.filter((o): o is string => typeof o === 'string') : [];
}

/**
 * Path parameters the contract accepts but that name no row (the largest int4 id, a catalogue
 * entry for enum parameters), so that body cases reach body validation instead of stopping at
 * the parameters. Null when none can be found.
 */
function plausibleParams(def: EndpointDef): Record<string, string> | null {
  const names = [...def.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  if (!names.length || !def.params) return {};
  const shape = (def.params as { shape?: Record<string, unknown> }).shape ?? {};
  const params: Record<string, string> = {};
  for (const name of names) {
    const candidates = ['2147483647', ...enumOptions(shape[name]), 'not-there'];
    params[name] = candidates.find((c) => (shape[name] as z.ZodType | undefined)?.safeParse(c).success) ?? 'x';
  }
  return def.params.safeParse(params).success ? params : null;
}

/** Every bad case for one endpoint. */
export function badCasesFor(def: EndpointDef): BadCase[] {
  const cases: BadCase[] = [];
  const plausible = plausibleParams(def);
  const add = ({ query, headers = {}, params, ...rest }: CaseInput & { params?: Record<string, string> }) => {
    // Garbage path parameters and the two languages rotate across the cases.
    const n = cases.length;
    const garbage = GARBAGE_PARAMS[n % GARBAGE_PARAMS.length]!;
    const language: Language = n % 2 ? 'bn' : 'en';
    const path = def.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params?.[name] ?? garbage));
    cases.push({ ...rest, method: def.method, path: path + (query ? `?${query}` : ''), language, headers });
  };

  const queryKeys = keysOf(def.query, ['page', 'size', 'lang', 'id']);
  for (const query of garbageQueries(queryKeys)) add({ label: `query ${query.slice(0, 40)}`, query });
  if (def.path.includes(':')) {
    for (const garbage of GARBAGE_PARAMS)
      add({ label: `path ${garbage.slice(0, 20)}`, params: allParams(def, garbage) });
  }

  add({ label: 'unknown merchant', headers: { Merchant: "x' OR 1=1 --" } });
  add({ label: 'garbage language', headers: { Language: '<script>' } });
  add({ label: 'garbage token', headers: { Authorization: "Bearer ' OR 1=1 --" }, anonymous: true });
  add({ label: 'no token', anonymous: true });

  if (def.method !== 'GET') {
    const params = plausible ?? undefined;
    const bodyKeys = keysOf(def.body, ['id', 'name', 'value']);
    const bodies = garbageBodies(bodyKeys).map((b) => ({ ...b, contractValid: !!def.body?.safeParse(b.body).success }));
    for (const { label, body, contractValid } of bodies) add({ label: `body: ${label}`, body, params, contractValid });
    const nested = deepJson(bodyKeys[0]!, 5000);
    add({ label: 'body: deeply nested', rawBody: nested, headers: { 'content-type': 'application/json' }, params });
    for (const raw of RAW_BODIES) {
      add({ label: `body: ${raw.label}`, rawBody: raw.rawBody, headers: { 'content-type': raw.contentType }, params });
    }
    if (def.encrypted) {
      for (const { label, body, contractValid } of bodies.slice(0, 12)) {
        add({ label: `sealed: ${label}`, body, sealed: true, params, contractValid });
      }
    }
  }
  return cases;
}

function allParams(def: EndpointDef, value: string): Record<string, string> {
  return Object.fromEntries([...def.path.matchAll(/:(\w+)/g)].map((m) => [m[1]!, value]));
}

/**
 * The browser's `zod`: the classic chaining API (`z.string().trim().max(64).optional()`) on top
 * of `zod/mini`, for the web bundle only. Classic and mini share one core, so a schema built here
 * parses exactly like the classic one (browser.test.ts checks it on every player endpoint); what
 * the browser saves is classic's weight (its prototype pulls every schema kind, JSON Schema
 * generation and the English messages: ≈ 18 KB gzip of the 170 KB budget, issue 3 item 11).
 *
 * apps/web/vite.config.ts resolves `zod` to this file for imports made by packages/contracts.
 * TypeScript, the server and the tests keep real classic zod: the types are classic's.
 *
 * Only what the player-facing contracts use exists here (each extra method costs bytes in every
 * visitor's download). A contract that needs another one fails loudly while the module loads in
 * the browser (`… is not a function`), and in browser.test.ts: add it here, as mini's function.
 */
import * as m from 'zod/mini';

type Schema = m.ZodMiniType & Record<string, unknown>;
/** Classic's per-check params (error, message, abort): passed through untouched. */
type Params = never;

const kind = (schema: Schema): string => schema._zod.def.type;

/** Classic's methods, as mini's functions. `this` is the schema; every result gets them too. */
const methods: Record<string, (this: Schema, ...args: never[]) => unknown> = {
  optional() {
    return patch(m.optional(this));
  },
  nullable() {
    return patch(m.nullable(this));
  },
  nullish() {
    return patch(m.optional(m.nullable(this)));
  },
  default(value: unknown) {
    return patch(m._default(this, value));
  },
  array() {
    return patch(m.array(this));
  },
  or(other: Schema) {
    return patch(m.union([this, other]));
  },
  pipe(target: Schema) {
    return patch(m.pipe(this, target));
  },
  transform(fn: (value: unknown, ctx: m.core.ParsePayload) => unknown) {
    return patch(m.pipe(this, m.transform(fn)));
  },
  refine(fn: (value: unknown) => unknown, params?: Params) {
    return this.check(m.refine(fn, params));
  },
  // Sizes: strings and arrays count length, numbers compare value (as classic's min/max do).
  min(value: number, params?: Params) {
    return this.check(kind(this) === 'number' ? m.gte(value, params) : m.minLength(value, params));
  },
  max(value: number, params?: Params) {
    return this.check(kind(this) === 'number' ? m.lte(value, params) : m.maxLength(value, params));
  },
  nonempty(params?: Params) {
    return this.check(m.minLength(1, params));
  },
  // Numbers.
  int(params?: Params) {
    return this.check(m.int(params));
  },
  gte(value: number, params?: Params) {
    return this.check(m.gte(value, params));
  },
  lte(value: number, params?: Params) {
    return this.check(m.lte(value, params));
  },
  // Strings.
  trim() {
    return this.check(m.trim());
  },
  toLowerCase() {
    return this.check(m.toLowerCase());
  },
  toUpperCase() {
    return this.check(m.toUpperCase());
  },
  startsWith(prefix: string, params?: Params) {
    return this.check(m.startsWith(prefix, params));
  },
  // Objects.
  extend(shape: m.core.$ZodLooseShape) {
    return patch(m.extend(this as never, shape));
  },
  pick(mask: Record<string, true>) {
    return patch(m.pick(this as never, mask as never));
  },
  omit(mask: Record<string, true>) {
    return patch(m.omit(this as never, mask as never));
  },
};

/**
 * Mini schema classes keep their members on their own prototype, shared by every instance and
 * every clone that `.check()` makes; the methods go there once per class (non-enumerable, and
 * never over one of mini's own members).
 */
const patched = new WeakSet<object>();
function patch<T>(schema: T): T {
  const proto = Object.getPrototypeOf(schema) as object;
  if (!patched.has(proto)) {
    patched.add(proto);
    for (const [name, fn] of Object.entries(methods)) {
      if (!(name in proto)) Object.defineProperty(proto, name, { value: fn, writable: true, configurable: true });
    }
  }
  return schema;
}

/**
 * Issue 11 item 8: a schema is built when it is first used (parsed, or read by the app), not when
 * its module loads: the contracts define every first-load endpoint's schemas at import, and
 * building them all was a fifth of the task that evaluates the home page's bundle, for calls the
 * page mostly never makes. Until then a schema is a stand-in that builds the real one on first
 * touch and then behaves as it (every operation forwarded); classic's chaining methods and mini's
 * `check` on a stand-in give another stand-in, so `z.string().trim().max(64).optional()` costs
 * nothing at import either.
 */
const DEFERRED_CHAIN = new Set<PropertyKey>([...Object.keys(methods), 'check']);
function deferred<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = (): T => (built ??= build());
  return new Proxy({} as T, {
    get(_target, key) {
      if (built === undefined && DEFERRED_CHAIN.has(key)) {
        return (...args: unknown[]) =>
          deferred(() => (real() as Record<PropertyKey, (...a: unknown[]) => object>)[key]!(...args));
      }
      return Reflect.get(real(), key);
    },
    has: (_target, key) => Reflect.has(real(), key),
    set: (_target, key, value) => Reflect.set(real(), key, value),
    ownKeys: () => Reflect.ownKeys(real()),
    // Reported configurable: the stand-in's own (empty) target must not be said to hold it for good.
    getOwnPropertyDescriptor(_target, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}

const wrap =
  <A extends unknown[], R extends object>(factory: (...args: A) => R) =>
  (...args: A): R =>
    deferred(() => patch(factory(...args)));

export const z = {
  object: wrap(m.object),
  string: wrap(m.string),
  number: wrap(m.number),
  boolean: wrap(m.boolean),
  null: wrap(m.null),
  unknown: wrap(m.unknown),
  enum: wrap(m.enum),
  literal: wrap(m.literal),
  array: wrap(m.array),
  union: wrap(m.union),
  record: wrap(m.record),
  partialRecord: wrap(m.partialRecord),
  lazy: wrap(m.lazy),
  optional: wrap(m.optional),
  nullable: wrap(m.nullable),
  uuid: wrap(m.uuid),
  iso: {
    datetime: wrap(m.iso.datetime),
  },
};

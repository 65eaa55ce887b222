import { afterAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import type * as BrowserEntry from './browser.ts';

/**
 * The web bundle builds the player-facing contracts with zod-browser.ts (classic API on
 * zod/mini, see apps/web/vite.config.ts). Here both builds of browser.ts are loaded side by side
 * and every schema they export must accept, reject and transform exactly alike: on a valid
 * sample made from the schema itself, and on hundreds of damaged copies of it.
 */
type Entry = typeof BrowserEntry;
type Parser = { safeParse: (value: unknown) => z.ZodSafeParseResult<unknown> };

const classic: Entry = await import('./browser.ts');
vi.resetModules();
vi.doMock('zod', () => import('./zod-browser.ts'));
const onMini: Entry = await import('./browser.ts').catch((error: Error) => {
  throw new Error(`a contract uses zod API that zod-browser.ts does not offer yet; add it there (${error.message})`);
});
vi.doUnmock('zod');
afterAll(() => vi.resetModules());

const isSchema = (value: unknown): value is Parser =>
  typeof value === 'object' && value !== null && '_zod' in value && 'safeParse' in value;

/** Every schema the entry exports, by name: top-level ones, entries of schema maps, and every endpoint's. */
function schemasOf(entry: Entry): Map<string, Parser> {
  const found = new Map<string, Parser>();
  for (const [name, value] of Object.entries(entry)) {
    if (isSchema(value)) found.set(name, value);
    else if (typeof value === 'object' && value !== null && name !== 'endpoints') {
      for (const [key, inner] of Object.entries(value)) if (isSchema(inner)) found.set(`${name}.${key}`, inner);
    }
  }
  for (const [group, defs] of Object.entries(entry.playerEndpoints)) {
    for (const [call, def] of Object.entries(defs)) {
      for (const part of ['params', 'query', 'body', 'response'] as const) {
        const schema = (def as Record<string, unknown>)[part];
        if (isSchema(schema)) found.set(`${group}.${call}.${part}`, schema);
        if (part === 'response' && isSchema(schema)) {
          found.set(`${group}.${call}.envelope`, entry.envelope(schema as never) as unknown as Parser);
        }
      }
    }
  }
  return found;
}

interface Def {
  type: string;
  format?: string;
  checks?: {
    _zod: {
      def: {
        check: string;
        format?: string;
        prefix?: string;
        minimum?: number;
        maximum?: number;
        value?: number;
        fn?: (value: unknown) => unknown;
      };
    };
  }[];
  shape?: Record<string, { _zod: { def: Def } }>;
  element?: { _zod: { def: Def } };
  options?: { _zod: { def: Def } }[];
  innerType?: { _zod: { def: Def } };
  in?: { _zod: { def: Def } };
  out?: { _zod: { def: Def } };
  keyType?: { _zod: { def: Def } };
  valueType?: { _zod: { def: Def } };
  getter?: () => { _zod: { def: Def } };
  entries?: Record<string, string | number>;
  values?: unknown[];
}

/** A value the schema accepts, built from its definition (classic and mini share the shape). */
function sample(def: Def, depth = 0): unknown {
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  switch (def.type) {
    case 'string': {
      if (def.format === 'datetime') return '2026-05-01T12:00:00+06:00';
      if (def.format === 'uuid') return '0bb41948-03a8-483e-9ce1-882d211196bb';
      const prefix = checks.find((c) => c.format === 'starts_with')?.prefix ?? '';
      const min = checks.find((c) => c.check === 'min_length')?.minimum ?? 1;
      const max = checks.find((c) => c.check === 'max_length')?.maximum ?? Infinity;
      const plain = (prefix + 's'.repeat(Math.max(min, 6))).slice(0, max);
      // A refined format (amounts, days, digit strings): the first usual value it accepts.
      const refinements = checks.flatMap((c) => (c.check === 'custom' && c.fn ? [c.fn] : []));
      return (
        [plain, '1', '1250.00', '2026-05-01', '123456', '0'.repeat(64)].find((v) => refinements.every((fn) => fn(v))) ??
        plain
      );
    }
    case 'number': {
      const min = checks.find((c) => c.check === 'greater_than')?.value ?? 0;
      return min + 1;
    }
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries!)[0];
    case 'literal':
      return def.values![0];
    case 'array':
      return depth > 3 ? [] : [sample(def.element!._zod.def, depth + 1)];
    case 'object':
      return Object.fromEntries(Object.entries(def.shape!).map(([k, v]) => [k, sample(v._zod.def, depth + 1)]));
    case 'union':
      return sample(def.options![0]!._zod.def, depth);
    case 'default':
      return undefined; // the default applies (and may be what a pipe after it needs)
    case 'optional':
    case 'nullable':
      return sample(def.innerType!._zod.def, depth);
    case 'pipe': {
      // A text normalised into a fixed set (`.trim().toLowerCase().pipe(z.enum(…))`): one of the set.
      const out = def.out?._zod.def;
      return out && (out.type === 'enum' || out.type === 'literal')
        ? sample(out, depth)
        : sample(def.in!._zod.def, depth);
    }
    case 'record':
      return { [String(sample(def.keyType!._zod.def))]: sample(def.valueType!._zod.def, depth + 1) };
    case 'lazy':
      return sample(def.getter!()._zod.def, depth + 1);
    default:
      return null;
  }
}

/** Every bound a check of the schema names (lengths, minimums, maximums), to test on both sides. */
function bounds(def: Def, seen = new Set<Def>()): number[] {
  if (seen.has(def)) return [];
  seen.add(def);
  const own = (def.checks ?? []).flatMap((c) => [c._zod.def.minimum, c._zod.def.maximum, c._zod.def.value]);
  const children = [
    ...Object.values(def.shape ?? {}),
    ...(def.options ?? []),
    def.element,
    def.innerType,
    def.in,
    def.keyType,
    def.valueType,
    def.getter?.(),
  ].filter((c) => c !== undefined);
  return [...own.filter((n) => typeof n === 'number'), ...children.flatMap((c) => bounds(c._zod.def, seen))];
}

/** The sample, and copies with one place damaged: a wrong type, an empty or padded value, a key gone or added. */
function variants(value: unknown, limits: number[]): unknown[] {
  const out: unknown[] = [value, undefined, null, 'text', 7, {}, []];
  const near = [...new Set(limits.flatMap((n) => [n - 1, n, n + 1]))].filter((n) => n >= 0 && n < 5000);
  const replacements = [
    ...[null, undefined, '', '  padded  ', 0, -1, 1.5, true, {}, [], '2026-05-01', 'a\u0001b'],
    ...near.flatMap((n) => [n, 'x'.repeat(n), ` ${'x'.repeat(n)} `]),
  ];
  const walk = (node: unknown, rebuild: (v: unknown) => unknown) => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, (v) => rebuild(node.map((x, j) => (j === i ? v : x)))));
      out.push(rebuild([...node, ...node]));
    } else if (typeof node === 'object' && node !== null) {
      for (const key of Object.keys(node)) {
        const { [key]: child, ...rest } = node as Record<string, unknown>;
        out.push(rebuild(rest));
        walk(child, (v) => rebuild({ ...node, [key]: v }));
      }
      out.push(rebuild({ ...node, unexpected: 1 }));
    } else {
      for (const r of replacements) out.push(rebuild(r));
    }
  };
  walk(value, (v) => v);
  return out;
}

const outcome = (result: z.ZodSafeParseResult<unknown>) =>
  result.success
    ? { success: true, data: result.data }
    : { success: false, issues: result.error.issues.map((i) => ({ code: i.code, path: i.path })) };

describe('contracts in the browser (zod-browser.ts on zod/mini)', () => {
  const classicSchemas = schemasOf(classic);
  const miniSchemas = schemasOf(onMini);

  it('exports the same schemas, and they really are zod/mini ones', () => {
    expect([...miniSchemas.keys()].sort()).toEqual([...classicSchemas.keys()].sort());
    expect(classicSchemas.size).toBeGreaterThan(20);
    const status = onMini.endpoints.system.status.response as unknown as Record<string, unknown>;
    expect(status.toJSONSchema).toBeUndefined(); // a classic-only member
    expect(typeof status.optional).toBe('function'); // added by zod-browser.ts
    expect((classic.endpoints.system.status.response as unknown as Record<string, unknown>).toJSONSchema).toBeTypeOf(
      'function',
    );
  });

  it('leaves the operator API out of the browser registry', () => {
    expect(Object.keys(onMini.endpoints).sort()).toEqual([
      'agentContracts',
      'agentDownlines',
      'agentReports',
      'cashier',
      'cockfight',
      'content',
      'game',
      'inhouse',
      'lottery',
      'lucky',
      'member',
      'missions',
      'points',
      'promotions',
      'rebates',
      'referral',
      'sports',
      'sportsLive',
      'support',
      'system',
      'vip',
      'wallet',
    ]);
  });

  for (const [name, schema] of schemasOf(classic)) {
    it(`${name} accepts, rejects and transforms exactly like classic zod`, () => {
      const mini = miniSchemas.get(name)!;
      const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
      const valid = sample(def);
      expect(outcome(schema.safeParse(valid)).success, 'the generated sample is valid').toBe(true);
      let rejected = 0;
      for (const input of variants(valid, bounds(def))) {
        const expected = outcome(schema.safeParse(input));
        if (!expected.success) rejected++;
        expect(outcome(mini.safeParse(input)), JSON.stringify(input)?.slice(0, 200)).toEqual(expected);
      }
      expect(rejected).toBeGreaterThan(0);
    });
  }
});

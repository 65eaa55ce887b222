import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import {
  allEndpoints,
  defineEndpoint,
  DEFAULT_LANGUAGE,
  errorMessage,
  errorStatus,
  isErrorCode,
  LANGUAGES,
  SEAMLESS_STATUS_HTTP,
  sealPayload,
  type EndpointDef,
  type Language,
} from '@khela/contracts';
import { registerEndpoint } from '../../src/http/route.ts';
import { memberRepository } from '../../src/modules/members/repository.ts';
import { memberSessions } from '../../src/modules/sessions/member-sessions.ts';
import { loginAsAdmin, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, wireVectors, type ApiResponse, type TestApp } from '../helpers/test-app.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { badCasesFor, type BadCase } from './payloads.ts';

/**
 * Every registered endpoint gets a fixed sample of bad input (ARCHITECTURE §6: bad input gets a
 * 4xx with a stable code and a message in the request's language, and changes nothing). The list
 * comes from the registry, so endpoints added later are swept too.
 */

const CONCURRENCY = 8;

/** An E call served only here, so the sealed branch of the sweep runs whatever the registry holds. */
const sealedProbe = defineEndpoint({
  name: 'test.sealedProbe',
  method: 'POST',
  path: '/wps/test/sealed-probe',
  auth: 'none',
  encrypted: true,
  summary: 'test',
  tags: ['test'],
  body: z.object({ username: z.string().min(3).max(16), amount: z.number().int().positive() }),
  response: z.object({ accepted: z.boolean() }),
});

/** Actions without any input (log-out) cannot be refused by bad input: they run last. */
const takesNoInput = (def: EndpointDef) => def.method !== 'GET' && !def.params && !def.query && !def.body;
const SWEPT = [...allEndpoints(), sealedProbe];
const ENDPOINTS = [...SWEPT.filter((d) => !takesNoInput(d)), ...SWEPT.filter(takesNoInput)];

/** What may stop a plaintext body to an E call before the decryption step does. */
const CHECKED_BEFORE_DECRYPTION = new Set(['merchant.invalid_url', 'auth.not_logged_in', 'system.feature_disabled']);

let t: TestApp;
let operator: AuthHeaders;
/** A member session for T calls, so their bad input reaches validation and the handler. */
let member: AuthHeaders;
const SWEEP_MEMBER = 'sweep_member';
let tenantTables: string[];

beforeAll(async () => {
  t = await startTestApp({
    configure: (app, deps) => registerEndpoint(app, deps, sealedProbe, () => ({ accepted: true })),
  });
  operator = await loginAsAdmin(t);
  // An E entry whose switch is off in the demo (LOGINIPVERF3) would stop before decryption and
  // validation: turn those switches on, so the sealed cases reach the contract.
  const switches = allEndpoints().flatMap((d) => (d.encrypted && d.switch ? [d.switch] : []));
  await t.db.updateTable('whitelabel_switches').set({ enabled: true }).where('mod_id', 'in', switches).execute();
  const row = await memberRepository(t.db).insertUnder(
    t.db,
    { merchant_id: await demoMerchantId(t), username: SWEEP_MEMBER, password_hash: 'not-a-hash: no password opens it' },
    null,
  );
  member = { Authorization: await memberSessions(t).start(t.db, row, { ip: '', userAgent: undefined }) };
  // Tenant-owned tables carry merchant_id (ARCHITECTURE §1); merchants itself is one too.
  const { rows } = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'merchant_id'
  `.execute(t.db);
  tenantTables = ['merchants', ...rows.map((r) => r.table_name)].sort();
});
afterAll(() => t.close());

/** The writes a refusal may make: the audit log records failed log-ins on purpose. */
const RECORDS_OF_REFUSALS: Record<string, RawBuilder<unknown>> = {
  audit_log: sql`r.action LIKE '%failed%'`,
  // Every T call slides the sweep member's idle timeout (last_seen); log-out may end the session.
  member_sessions: sql`r.member_id IN (SELECT id FROM members WHERE username = ${SWEEP_MEMBER})`,
};

/**
 * Row count and a sum of every row's 64-bit hash, per tenant table: catches inserts, updates and
 * deletes. Order-free, so nothing is sorted or concatenated (a sorted md5 of every row was most of
 * the sweep's time, twice per endpoint).
 */
async function fingerprint(): Promise<Map<string, string>> {
  const parts = tenantTables.map(
    (table) => sql`
      SELECT ${table} AS name, count(*) || ':' || coalesce(sum(hashtextextended(r::text, 0)), 0) AS print
      FROM ${sql.table(table)} AS r
      WHERE NOT (${RECORDS_OF_REFUSALS[table] ?? sql`false`})`,
  );
  const { rows } = await sql<{ name: string; print: string }>`${sql.join(parts, sql` UNION ALL `)}`.execute(t.db);
  return new Map(rows.map((r) => [r.name, r.print]));
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((table) => before.get(table) !== after.get(table));
}

async function send(def: EndpointDef, c: BadCase): Promise<ApiResponse> {
  const auth = c.anonymous ? {} : def.auth === 'operator' ? operator : def.auth === 'member' ? member : {};
  const headers: Record<string, string> = { Language: c.language, ...auth, ...c.headers };
  let payload = c.rawBody;
  if (c.sealed) {
    const sealed = await sealPayload(wireVectors.publicKey, c.body);
    Object.assign(headers, sealed.headers);
    payload = JSON.stringify(sealed.body);
  } else if (payload === undefined && c.body !== undefined) {
    payload = JSON.stringify(c.body);
  }
  if (payload !== undefined) {
    headers['content-type'] ??= 'application/json';
    // Node sends a DELETE body unframed unless told its length.
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  return t.request(c.method, c.path, undefined, { headers, rawBody: payload });
}

function describeCase(c: BadCase): string {
  return `${c.method} ${c.path.slice(0, 80)} [${c.label}]`;
}

/** What is wrong with one answer, if anything. */
function problemsWith(c: BadCase, res: ApiResponse, def: EndpointDef): string[] {
  const where = describeCase(c);
  if (res.status >= 500) return [`${where}: status ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`];
  if (def.auth === 'vendor') {
    // Vendor calls answer in the seamless protocol's shape (modules/seamless): unsigned input never gets in.
    const status = (res.body as unknown as { status?: string }).status;
    return status === 'RS_ERROR_INVALID_SIGNATURE' && res.status === SEAMLESS_STATUS_HTTP[status]
      ? []
      : [`${where}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`];
  }
  if (res.status < 400) {
    // A stream served (text/event-stream) opens with a comment, not an envelope.
    if (def.responseFormat === 'sse')
      return res.headers.get('content-type')?.startsWith('text/event-stream')
        ? []
        : [`${where}: ${res.status} not a stream`];
    return res.body.success === true ? [] : [`${where}: ${res.status} without success`];
  }
  const body = res.body as Record<string, unknown>;
  const problems: string[] = [];
  if (Object.keys(body).sort().join() !== 'code,message,success,value' || body.success !== false) {
    problems.push(`${where}: not an error envelope: ${JSON.stringify(body).slice(0, 200)}`);
  }
  const code = String(body.code);
  if (!isErrorCode(code)) return [...problems, `${where}: unknown code ${code}`];
  if (errorStatus(code) !== res.status) problems.push(`${where}: ${code} answered with ${res.status}`);
  const asked = c.headers.Language ?? c.language;
  const language: Language = LANGUAGES.find((l) => l === asked) ?? DEFAULT_LANGUAGE;
  if (body.message !== errorMessage(code, language)) problems.push(`${where}: message not in ${language}`);
  return problems;
}

/** Sends one case between two fingerprints; a refusal that changed rows is a problem. */
async function sendAlone(def: EndpointDef, c: BadCase, problems: string[]): Promise<ApiResponse> {
  const before = await fingerprint();
  const res = await send(def, c);
  const changed = changedTables(before, await fingerprint());
  if (res.status >= 400 && changed.length) {
    problems.push(`${describeCase(c)}: refused (${res.body.code}) yet changed ${changed.join(', ')}`);
  }
  return res;
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

describe('bad input on every endpoint', () => {
  it('sweeps every registry entry, operator calls included', () => {
    expect(ENDPOINTS.length).toBeGreaterThan(0);
    expect(ENDPOINTS.some((d) => d.auth === 'operator')).toBe(true);
  });

  it.each(ENDPOINTS.map((def) => [`${def.method} ${def.path}`, def] as const))(
    '%s: never a 5xx, always the envelope, nothing changed when refused',
    async (_name, def) => {
      const cases = badCasesFor(def);
      const problems: string[] = [];
      const results: { c: BadCase; res: ApiResponse }[] = [];

      // Bodies the contract accepts may be served and change rows: each is checked on its own.
      for (const c of cases.filter((c) => c.contractValid)) results.push({ c, res: await sendAlone(def, c, problems) });

      // The rest run together: a mutation must refuse them all and change nothing.
      const rest = cases.filter((c) => !c.contractValid);
      const before = await fingerprint();
      const answered = await mapLimit(rest, CONCURRENCY, async (c) => ({ c, res: await send(def, c) }));
      const changed = changedTables(before, await fingerprint());
      results.push(...answered);
      const refused = answered.filter(({ res }) => res.status >= 400);
      if (def.method !== 'GET' && !takesNoInput(def)) {
        for (const { c, res } of answered)
          if (res.status < 400) problems.push(`${describeCase(c)}: accepted (${res.status})`);
      }
      if (changed.length && refused.length === answered.length) {
        problems.push(`every case was refused, yet ${changed.join(', ')} changed`);
      } else if (changed.length) {
        // Some were served (a GET that issues a captcha, a log-out): check each refused case on its own.
        for (const { c } of refused) await sendAlone(def, c, problems);
      }

      problems.push(...results.flatMap(({ c, res }) => problemsWith(c, res, def)));
      // ARCHITECTURE §3: an E call refuses a plaintext body.
      if (def.encrypted) {
        for (const { c, res } of results) {
          const code = String(res.body.code);
          if (
            c.body !== undefined &&
            !c.sealed &&
            code !== 'request.encryption_required' &&
            !CHECKED_BEFORE_DECRYPTION.has(code)
          ) {
            problems.push(`${describeCase(c)}: plaintext on an E call answered ${res.status} ${code}`);
          }
        }
        expect(results.some(({ c, res }) => c.sealed && res.body.code === 'request.invalid')).toBe(true);
      }
      // The operator's own cases must reach the endpoint, not stop at a dead session.
      if (def.auth === 'operator' && !takesNoInput(def)) {
        expect(results.some(({ c, res }) => !c.anonymous && res.status !== 401)).toBe(true);
      }
      expect(problems).toEqual([]);
    },
  );
});

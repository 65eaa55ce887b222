import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, type SystemStatus } from '@khela/contracts';
import { registerEndpoint } from '../../src/http/route.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** §4/§8: during maintenance or a region block, player calls are refused except system and support ones. */

const testRoute = (method: 'GET' | 'POST', path: string) =>
  defineEndpoint({
    name: `test.${method}${path}`,
    method,
    path,
    auth: 'none',
    summary: 'test',
    tags: ['test'],
    ...(method === 'POST' ? { body: z.object({ n: z.number() }) } : {}),
    response: z.object({ ok: z.boolean() }),
  });

const wpsPing = testRoute('GET', '/wps/test/ping');
const wpsPost = testRoute('POST', '/wps/test/echo');
const lgwPing = testRoute('GET', '/lgw/test/ping');
const adminPing = testRoute('GET', '/admin/test/ping');

let t: TestApp;
let merchantId: number;

beforeAll(async () => {
  t = await startTestApp({
    trustProxy: 1,
    configure: (app, deps) => {
      for (const route of [wpsPing, wpsPost, lgwPing, adminPing])
        registerEndpoint(app, deps, route, () => ({ ok: true }));
    },
  });
  merchantId = (await t.db.selectFrom('merchants').select('id').where('code', '=', 'khela').executeTakeFirstOrThrow())
    .id;
});
afterAll(() => t.close());
afterEach(async () => {
  await t.db.deleteFrom('maintenance_windows').execute();
  await t.db.deleteFrom('region_rules').execute();
});

async function startMaintenance(endsAt: Date | null) {
  await t.db
    .insertInto('maintenance_windows')
    .values({
      merchant_id: merchantId,
      starts_at: new Date(Date.now() - 60_000),
      ends_at: endsAt,
      message: JSON.stringify({ bn: 'রক্ষণাবেক্ষণ', en: 'Maintenance' }),
    })
    .execute();
}

describe('the access gate', () => {
  it('lets every call through on a normal site', async () => {
    for (const path of [wpsPing.path, lgwPing.path]) {
      const res = await t.get(path);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, value: { ok: true } });
    }
  });

  it('refuses gated /wps and /lgw calls during maintenance with 503 and the end time', async () => {
    const endsAt = new Date(Date.now() + 3_600_000);
    await startMaintenance(endsAt);
    for (const path of [wpsPing.path, lgwPing.path]) {
      const res = await t.get(path, { headers: { Language: 'bn' } });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        success: false,
        value: { endsAt: endsAt.toISOString() },
        code: 'system.maintenance',
        message: 'সিস্টেম রক্ষণাবেক্ষণ চলছে।',
      });
    }
  });

  it('refuses before reading the body: a gated call with a broken body is still a 503', async () => {
    await startMaintenance(null);
    const res = await t.request('POST', wpsPost.path, undefined, {
      rawBody: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'system.maintenance', value: { endsAt: null } });
  });

  it('still serves system and support calls, and never gates /admin, during maintenance', async () => {
    await startMaintenance(null);
    const status = await t.get<SystemStatus>('/wps/system/status');
    expect(status.status).toBe(200);
    expect(status.body.value.status).toBe(1);
    for (const path of [
      '/wps/system/publicKey',
      '/wps/system/helpCenter',
      '/wps/relay/MCSFE_getListAnnouncements',
      '/wps/system/country',
      '/wps/captcha',
      adminPing.path,
    ]) {
      const res = await t.get(path);
      expect(res.status, path).toBe(200);
    }
  });

  it('refuses gated calls from a blocked region with 403 and the visitor address', async () => {
    await t.db
      .insertInto('region_rules')
      .values({ merchant_id: merchantId, kind: 'cidr', value: '203.0.113.0/24' })
      .execute();
    const blocked = await t.get(wpsPing.path, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(blocked.status).toBe(403);
    expect(blocked.body).toEqual({
      success: false,
      value: { ip: '203.0.113.9' },
      code: 'system.access_restricted',
      message: 'Access restricted',
    });
    const status = await t.get<SystemStatus>('/wps/system/status', { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(status.body.value).toMatchObject({ status: 2, location: { ip: '203.0.113.9' } });
    const elsewhere = await t.get(wpsPing.path, { headers: { 'X-Forwarded-For': '198.51.100.4' } });
    expect(elsewhere.status).toBe(200);
  });

  it('answers maintenance rather than the region block when both apply', async () => {
    await t.db.insertInto('region_rules').values({ merchant_id: merchantId, kind: 'country', value: 'BD' }).execute();
    await startMaintenance(null);
    const res = await t.get(wpsPing.path, { headers: { 'X-Forwarded-For': '103.4.145.1' } });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('system.maintenance');
  });

  it('leaves an unknown merchant to the route, which answers merchant.invalid_url', async () => {
    await startMaintenance(null);
    const res = await t.get(wpsPing.path, { headers: { Merchant: 'nobody' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('merchant.invalid_url');
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSecrets } from '../helpers/secrets.ts';
import { vendorRepository } from '../../src/modules/seamless/vendors.ts';
import { createMerchantWithAdmin, loginAsAdmin, loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { CURRENCY } from '../ledger/helpers.ts';
import { playerWithSession } from './players.ts';
import { vendorClient } from './vendor-client.ts';

/** Issue 5 item 5 from the operator's side: game vendors registered, disabled, their secret replaced. */

interface AdminVendor {
  id: number;
  code: string;
  name: string;
  currency: string;
  status: 'active' | 'disabled';
  secret?: string;
}

let t: TestApp;
let admin: AuthHeaders;

beforeAll(async () => {
  t = await startTestApp();
  admin = await loginAsAdmin(t);
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>, headers = admin) =>
  t.request<AdminVendor>('POST', '/admin/vendors', body, { headers });

/** A balance call signed with `secret`, for a funded player with a session at the vendor. */
async function balanceWith(vendor: AdminVendor, secret: string) {
  const row = (await t.db.selectFrom('vendors').selectAll().where('id', '=', vendor.id).executeTakeFirstOrThrow())!;
  const player = await playerWithSession(t.db, row, 5_000n);
  const client = vendorClient({ baseUrl: t.baseUrl, code: vendor.code, secret });
  try {
    return (await client.send('balance', { request_uuid: randomUUID(), token: player.token, currency: CURRENCY })).body;
  } finally {
    await client.close();
  }
}

describe('game vendors for operators', () => {
  it('registers a vendor whose secret, shown once, signs its calls', async () => {
    const res = await create({ code: 'ACME_SLOTS', name: 'Acme Slots', currency: CURRENCY });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({
      code: 'ACME_SLOTS',
      status: 'active',
      secret: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(await balanceWith(res.body.value, res.body.value.secret!)).toMatchObject({
      status: 'RS_OK',
      balance: '50.00',
    });
    const list = await t.get<AdminVendor[]>('/admin/vendors', { headers: admin });
    expect(list.body.value.map((v) => v.code)).toContain('ACME_SLOTS');
    expect(JSON.stringify(list.body)).not.toContain(res.body.value.secret);
    const audit = await t.db.selectFrom('audit_log').select(['after']).where('entity', '=', 'vendor').execute();
    expect(JSON.stringify(audit)).not.toContain(res.body.value.secret);
    const stored = await t.db
      .selectFrom('vendors')
      .select('secret')
      .where('code', '=', 'ACME_SLOTS')
      .executeTakeFirstOrThrow();
    expect(stored.secret).toMatch(/^sealed:v1:test:/);
    expect(stored.secret).not.toContain(res.body.value.secret);
  });

  it('replaces the secret: the new one signs, the old one is refused', async () => {
    const created = (await create({ code: 'ROTATE_ME', name: 'Rotate', currency: CURRENCY })).body.value;
    const rotated = await t.request<AdminVendor>('POST', `/admin/vendors/${created.id}/secret`, undefined, {
      headers: admin,
    });
    expect(rotated.body.value.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(rotated.body.value.secret).not.toBe(created.secret);
    expect((await balanceWith(created, rotated.body.value.secret!)).status).toBe('RS_OK');
    expect((await balanceWith(created, created.secret!)).status).toBe('RS_ERROR_INVALID_SIGNATURE');
  });

  it('disables a vendor: its calls are refused until it is enabled again', async () => {
    const created = (await create({ code: 'PAUSED', name: 'Paused', currency: CURRENCY })).body.value;
    const disabled = await t.request<AdminVendor>(
      'PUT',
      `/admin/vendors/${created.id}`,
      { name: 'Paused games', status: 'disabled' },
      { headers: admin },
    );
    expect(disabled.body.value).toMatchObject({ name: 'Paused games', status: 'disabled' });
    expect(await vendorRepository(t.db, testSecrets).activeByCode('PAUSED')).toBeUndefined();
    expect((await balanceWith(created, created.secret!)).status).toBe('RS_ERROR_INVALID_SIGNATURE');
  });

  it('refuses bad and taken codes and changes nothing', async () => {
    const before = await t.db.selectFrom('vendors').select('id').execute();
    for (const body of [
      { code: 'lower', name: 'x', currency: CURRENCY },
      { code: 'OK_CODE', name: '', currency: CURRENCY },
      { code: 'OK_CODE', name: 'x', currency: 'bdt' },
    ]) {
      expect((await create(body)).body.code).toBe('request.invalid');
    }
    const taken = await create({ code: 'SANDBOX', name: 'Again', currency: CURRENCY });
    expect([taken.status, taken.body.code]).toEqual([409, 'admin.conflict']);
    expect(await t.db.selectFrom('vendors').select('id').execute()).toHaveLength(before.length);
  });

  it("keeps other merchants' operators and operators without the role out", async () => {
    const sandbox = (await t.get<AdminVendor[]>('/admin/vendors', { headers: admin })).body.value.find(
      (v) => v.code === 'SANDBOX',
    )!;
    const other = await createMerchantWithAdmin(t, 'othervendors');
    expect((await t.get<AdminVendor[]>('/admin/vendors', { headers: other.headers })).body.value).toEqual([]);
    const rotate = await t.request('POST', `/admin/vendors/${sandbox.id}/secret`, undefined, {
      headers: other.headers,
    });
    expect([rotate.status, rotate.body.code]).toEqual([404, 'request.not_found']);
    const content = await loginAsNewOperator(t, 'content');
    expect((await t.get('/admin/vendors', { headers: content })).body.code).toBe('auth.forbidden');
  });
});

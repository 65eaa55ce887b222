import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '@khela/contracts';
import { createMerchantWithAdmin, loginAsAdmin, loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { testSecrets } from '../helpers/secrets.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { newPlayer, type CashierPlayer } from './helpers.ts';

/** Issue 5 item 3 from the operator's side: payment channels listed, added and changed. */

interface AdminChannel {
  id: number;
  code: string;
  method: string;
  name: { bn: string; en: string };
  payee: Record<string, string | null> | null;
  minAmount: string;
  maxAmount: string;
  enabled: boolean;
  sort: number;
  gateway: string | null;
}

let t: TestApp;
let merchantId: number;
let admin: AuthHeaders;
let player: CashierPlayer;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  admin = await loginAsAdmin(t);
  player = await newPlayer(t, merchantId);
});
afterAll(() => t.close());

const nagadChannel = (code: string) => ({
  code,
  method: 'nagad',
  name: { bn: 'নগদ এজেন্ট', en: 'Nagad agent' },
  payee: { bankName: null, branch: null, accountName: 'Khela Demo', accountNumber: '01800000999' },
  minAmount: '200',
  maxAmount: '20000',
  enabled: true,
  sort: 10,
});
const create = (body: Record<string, unknown>, headers = admin) =>
  t.request<AdminChannel>('POST', '/admin/payment-channels', body, { headers });
const update = (id: number, body: Record<string, unknown>, headers = admin) =>
  t.request<AdminChannel>('PUT', `/admin/payment-channels/${id}`, body, { headers });
const memberChannels = async () =>
  (
    await t.get<{ channels: { code: string; minAmount: string; name: string }[] }>(
      '/wps/relay/MCSFE_getDepositSettings',
      {
        headers: { ...player.headers, Language: 'en' },
      },
    )
  ).body.value.channels;

describe('payment channels for operators', () => {
  it('lists the seeded channels in display order, without gateway secrets', async () => {
    const res = await t.get<AdminChannel[]>('/admin/payment-channels', { headers: admin });
    expect(res.body.value.map((c) => c.code)).toEqual(['bank', 'bkash', 'nagad', 'rocket', 'sandbox']);
    expect(res.body.value[4]).toMatchObject({ method: 'gateway', gateway: 'sandbox', payee: null });
    expect(JSON.stringify(res.body)).not.toMatch(/secret/i);
  });

  it('adds a channel members see at once, and audits it', async () => {
    const res = await create(nagadChannel('nagad-agent'));
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({
      code: 'nagad-agent',
      minAmount: '200.00',
      maxAmount: '20000.00',
      enabled: true,
    });
    expect((await memberChannels()).find((c) => c.code === 'nagad-agent')).toMatchObject({
      name: 'Nagad agent',
      minAmount: '200.00',
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('entity', '=', 'paymentChannel')
      .execute();
    expect(audit).toContainEqual({ action: 'create', entity_id: String(res.body.value.id) });
  });

  it('adds a gateway channel with a generated secret that is kept sealed and never sent back', async () => {
    const res = await create({ ...nagadChannel('online2'), method: 'gateway', payee: null });
    expect(res.body.value).toMatchObject({ method: 'gateway', gateway: 'sandbox', payee: null });
    const row = await t.db
      .selectFrom('payment_channels')
      .select('gateway_secret')
      .where('id', '=', res.body.value.id)
      .executeTakeFirstOrThrow();
    expect(row.gateway_secret).toMatch(/^sealed:v1:test:/);
    const secret = testSecrets.open('gateway-callback', row.gateway_secret!);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(row.gateway_secret).not.toContain(secret);
    expect(JSON.stringify(res.body)).not.toContain(secret);
  });

  it('changes limits and disables a channel; a disabled channel leaves the member list', async () => {
    const id = (await create(nagadChannel('to-disable'))).body.value.id;
    const changed = await update(id, { ...nagadChannel('ignored'), minAmount: '500', enabled: false });
    expect(changed.body.value).toMatchObject({ code: 'to-disable', minAmount: '500.00', enabled: false });
    expect((await memberChannels()).map((c) => c.code)).not.toContain('to-disable');
  });

  it('refuses bad channels with a field error and changes nothing', async () => {
    const before = await t.db.selectFrom('payment_channels').select('id').execute();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...nagadChannel('bad1'), minAmount: '500', maxAmount: '100' }, 'maxAmount', 'cashier.channel_max_below_min'],
      [{ ...nagadChannel('bad2'), payee: null }, 'payee', 'cashier.channel_payee_required'],
      [{ ...nagadChannel('bad3'), method: 'gateway' }, 'payee', 'cashier.channel_gateway_no_payee'],
      [
        { ...nagadChannel('bad4'), gatewaySecret: 'x'.repeat(40) },
        'gatewaySecret',
        'cashier.channel_secret_gateway_only',
      ],
      [{ ...nagadChannel('Bad Code') }, 'code', 'request.invalid'],
      [{ ...nagadChannel('bad5'), minAmount: '-1' }, 'minAmount', 'request.invalid'],
      [{ ...nagadChannel('bad6'), method: 'paypal' }, 'method', 'request.invalid'],
    ];
    for (const [body, field, code] of cases) {
      const res = await create(body);
      expect([res.status, res.body.code]).toEqual([400, code]);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    // The rules' own messages come in the operator's language, under the field.
    const bengali = await create({ ...nagadChannel('bad7'), payee: null }, { ...admin, Language: 'bn' });
    expect(bengali.body.value).toEqual({
      fields: [{ field: 'payee', message: errorMessage('cashier.channel_payee_required', 'bn') }],
    });
    const duplicate = await create(nagadChannel('bank'));
    expect([duplicate.status, duplicate.body.code]).toEqual([409, 'admin.conflict']);
    expect(await t.db.selectFrom('payment_channels').select('id').execute()).toHaveLength(before.length);
  });

  it("keeps other merchants' operators and operators without the cashier role out", async () => {
    const id = (await create(nagadChannel('mine-only'))).body.value.id;
    const other = await createMerchantWithAdmin(t, 'otherchannels');
    const res = await update(id, nagadChannel('x'), other.headers);
    expect([res.status, res.body.code]).toEqual([404, 'cashier.not_found']);
    expect((await t.get<AdminChannel[]>('/admin/payment-channels', { headers: other.headers })).body.value).toEqual([]);
    const content = await loginAsNewOperator(t, 'content');
    expect((await t.get('/admin/payment-channels', { headers: content })).body.code).toBe('auth.forbidden');
    expect((await create(nagadChannel('by-content'), content)).body.code).toBe('auth.forbidden');
  });
});

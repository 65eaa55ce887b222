import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATTERNS, SWITCH_IDS } from '@khela/contracts';
import { createMerchantWithAdmin, loginAsAdmin, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: AuthHeaders;
let rivalId: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = await loginAsAdmin(t);
  ({ merchantId: rivalId } = await createMerchantWithAdmin(t, 'rival'));
});
afterAll(() => t.close());

type Fields = { fields: { field: string; message: string }[] };

const lastAudit = (entity: string) =>
  t.db.selectFrom('audit_log').selectAll().where('entity', '=', entity).orderBy('id', 'desc').executeTakeFirstOrThrow();

describe('white-label switches', () => {
  it('lists every switch with its name and parent', async () => {
    const res = await t.get<{ modId: string; name: string; enabled: boolean; parent: string | null }[]>(
      '/admin/switches',
      { headers: admin },
    );
    expect(res.body.value.map((s) => s.modId)).toEqual(SWITCH_IDS);
    expect(res.body.value.find((s) => s.modId === 'USERNAMEREG3')).toEqual({
      modId: 'USERNAMEREG3',
      name: 'Register by username',
      enabled: true,
      parent: 'REG3',
    });
  });

  it('turns a switch off and on, one audit row each with before and after', async () => {
    const off = await t.request('PUT', '/admin/switches/FEEDBACK3', { enabled: false }, { headers: admin });
    expect(off.status).toBe(200);
    expect(off.body.value).toMatchObject({ modId: 'FEEDBACK3', enabled: false });
    const row = await t.db
      .selectFrom('whitelabel_switches')
      .select('enabled')
      .where('merchant_id', '=', 1)
      .where('mod_id', '=', 'FEEDBACK3')
      .executeTakeFirstOrThrow();
    expect(row.enabled).toBe(false);
    expect(await lastAudit('switches')).toMatchObject({
      action: 'update',
      entity_id: 'FEEDBACK3',
      before: { modId: 'FEEDBACK3', enabled: true },
      after: { modId: 'FEEDBACK3', enabled: false },
    });
    const on = await t.request('PUT', '/admin/switches/FEEDBACK3', { enabled: true }, { headers: admin });
    expect(on.body.value).toMatchObject({ enabled: true });
    // The other merchant's switch did not move.
    const rival = await t.db
      .selectFrom('whitelabel_switches')
      .select('enabled')
      .where('merchant_id', '=', rivalId)
      .where('mod_id', '=', 'FEEDBACK3')
      .executeTakeFirstOrThrow();
    expect(rival.enabled).toBe(true);
  });

  it('refuses an unknown switch or a non-boolean value', async () => {
    expect((await t.request('PUT', '/admin/switches/NOPE3', { enabled: true }, { headers: admin })).status).toBe(400);
    const res = await t.request('PUT', '/admin/switches/PTSYS3', { enabled: 'yes' }, { headers: admin });
    expect(res.status).toBe(400);
    expect((res.body.value as Fields).fields.map((f) => f.field)).toEqual(['enabled']);
  });
});

describe('registration rules', () => {
  it('changes the rule of one field', async () => {
    const rule = { enabled: true, required: true, patternId: 5, minLength: 5, maxLength: 12 };
    const res = await t.request('PUT', '/admin/register-rules/username', rule, { headers: admin });
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({ field: 'username', ...rule });
    const list = await t.get<{ field: string }[]>('/admin/register-rules', { headers: admin });
    expect(list.body.value.find((r) => r.field === 'username')).toEqual({ field: 'username', ...rule });
    expect(await lastAudit('registerRules')).toMatchObject({
      entity_id: 'username',
      before: { field: 'username', patternId: 2, minLength: 6, maxLength: 16 },
      after: { field: 'username', ...rule },
    });
  });

  it('refuses a pattern id that is not in the catalogue, in the request language', async () => {
    const rule = { enabled: true, required: true, patternId: PATTERNS.length + 1, minLength: 1, maxLength: 2 };
    const res = await t.request('PUT', '/admin/register-rules/email', rule, { headers: admin });
    expect(res.status).toBe(400);
    expect((res.body.value as Fields).fields).toEqual([
      { field: 'patternId', message: 'There is no such pattern in the catalogue.' },
    ]);
    const bn = await t.request('PUT', '/admin/register-rules/email', rule, { headers: { ...admin, Language: 'bn' } });
    expect((bn.body.value as Fields).fields[0]!.message).toBe('ক্যাটালগে এমন কোনো প্যাটার্ন নেই।');
    const stored = await t.db
      .selectFrom('registration_rules')
      .select('pattern_id')
      .where('merchant_id', '=', 1)
      .where('field', '=', 'email')
      .executeTakeFirstOrThrow();
    expect(stored.pattern_id).toBe(4);
  });

  it('refuses a minimum above the maximum and an unknown field', async () => {
    const res = await t.request(
      'PUT',
      '/admin/register-rules/email',
      { enabled: true, required: true, patternId: 4, minLength: 20, maxLength: 10 },
      { headers: admin },
    );
    expect(res.status).toBe(400);
    expect((res.body.value as Fields).fields.map((f) => f.field)).toEqual(['minLength']);
    const unknown = await t.request(
      'PUT',
      '/admin/register-rules/shoeSize',
      { enabled: true, required: true, patternId: 4, minLength: 1, maxLength: 10 },
      { headers: admin },
    );
    expect(unknown.status).toBe(400);
  });
});

describe('merchant settings', () => {
  const settings = {
    name: 'খেলা Khela',
    defaultLanguage: 'en',
    mainDomain: 'khela.example',
    gtagId: 'G-TEST123',
    imageCDNs: ['https://img1.khela.example', 'https://img2.khela.example'],
    launchGameCDNs: ['https://play.khela.example'],
    sessionIdleMinutes: 15,
    sessionAbsoluteHours: 12,
  };

  it('reads and changes the settings, with an audit row', async () => {
    const before = await t.get('/admin/merchant', { headers: admin });
    expect(before.body.value).toMatchObject({ code: 'khela', currency: 'BDT', name: 'Khela', defaultLanguage: 'bn' });
    const res = await t.request('PUT', '/admin/merchant', settings, { headers: admin });
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({ code: 'khela', currency: 'BDT', ...settings });
    expect((await t.get('/admin/merchant', { headers: admin })).body.value).toEqual(res.body.value);
    expect(await lastAudit('merchant')).toMatchObject({ before: before.body.value, after: res.body.value });
  });

  it('refuses a javascript: CDN and an empty name', async () => {
    const res = await t.request(
      'PUT',
      '/admin/merchant',
      { ...settings, name: ' ', imageCDNs: ['javascript:alert(1)'] },
      { headers: admin },
    );
    expect(res.status).toBe(400);
    expect((res.body.value as Fields).fields.map((f) => f.field).sort()).toEqual(['imageCDNs.0', 'name']);
  });
});

describe('feedback inbox', () => {
  it('lists the merchant’s feedback newest first, up to the limit', async () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));
    await t.db
      .insertInto('feedback')
      .values([
        {
          merchant_id: 1,
          type: 1,
          content: 'Deposit took too long to arrive.',
          sender: 'rahim',
          ip: '203.0.113.1',
          created_at: at(0),
        },
        {
          merchant_id: 1,
          type: 3,
          content: 'The game froze after the second spin.',
          sender: 'karim',
          ip: null,
          created_at: at(5),
        },
        {
          merchant_id: rivalId,
          type: 0,
          content: 'Feedback for another merchant only.',
          sender: 'x',
          ip: null,
          created_at: at(9),
        },
        {
          merchant_id: 1,
          type: 0,
          content: 'অনেক ভালো সাইট, ধন্যবাদ সবাইকে জানাই।',
          sender: 'salma',
          ip: null,
          created_at: at(2),
        },
      ])
      .execute();
    const res = await t.get<{ sender: string; createdAt: string }[]>('/admin/feedback', { headers: admin });
    expect(res.status).toBe(200);
    const mine = new Set(['rahim', 'karim', 'salma', 'x']);
    expect(res.body.value.map((f) => f.sender).filter((sender) => mine.has(sender))).toEqual([
      'karim',
      'salma',
      'rahim',
    ]);
    expect(res.body.value.find((f) => f.sender === 'rahim')).toMatchObject({
      type: 1,
      content: 'Deposit took too long to arrive.',
      ip: '203.0.113.1',
      createdAt: at(0).toISOString(),
    });
    const limited = await t.get<unknown[]>('/admin/feedback', { headers: admin, query: { limit: 1 } });
    expect(limited.body.value).toHaveLength(1);
    expect((await t.get('/admin/feedback', { headers: admin, query: { limit: 0 } })).status).toBe(400);
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BroadcastView } from '@khela/contracts';
import { notifyMember } from '../../src/modules/notifications/notify.ts';
import { loginAsAdmin, loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { byText, expectServerSort } from '../helpers/sorted-list.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { demoMerchantId, withSwitch } from '../support/helpers.ts';
import { createMember, type WalletMember } from '../wallet/helpers.ts';

/** Issue 14 item 7: unread count, read, delete, operator broadcasts, §4 trial accounts, INBOX3. */
const INBOX = '/wps/member/inbox';
const READ = '/wps/member/inbox/read';
const DELETE = '/wps/member/inbox/delete';
const UNREAD = '/wps/member/inbox/unread';
const BROADCASTS = '/admin/inbox-broadcasts';

interface Entry {
  id: string;
  kind: string;
  title: string;
  body: string;
  html: boolean;
  read: boolean;
}
interface Inbox {
  list: Entry[];
  total: number;
  unread: number;
}

let t: TestApp;
let merchantId: number;
let admin: AuthHeaders;
beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  admin = await loginAsAdmin(t);
});
afterAll(() => t.close());

async function systemMessage(member: WalletMember, amount = '1000') {
  await t.db
    .transaction()
    .execute((trx) =>
      notifyMember(trx, { merchantId, memberId: member.id, kind: 'deposit.approved', reference: { amount } }),
    );
}
const inbox = async (member: WalletMember, language = 'en') =>
  (await t.get<Inbox>(INBOX, { headers: { ...member.auth, Language: language } })).body.value;
/** The unread figures (the answer also carries the reward-centre badge, availablePromoCount: promotions tests). */
const unread = async (member: WalletMember) => {
  const { unread, value } = (await t.get<{ unread: number; value: number }>(UNREAD, { headers: member.auth })).body
    .value;
  return { unread, value };
};
const broadcast = (body: Record<string, unknown>, headers: AuthHeaders = admin) =>
  t.request<BroadcastView>('POST', BROADCASTS, body, { headers });
const text = (en: string) => ({
  title: { bn: `বার্তা ${en}`, en },
  body: { bn: `<p>বাংলা ${en}</p>`, en: `<p>${en}</p>` },
});

describe('member inbox', () => {
  it('counts unread under the three names, marks one and all read, deletes only its own', async () => {
    const a = await createMember(t, merchantId);
    const b = await createMember(t, merchantId);
    await systemMessage(a, '1000');
    await systemMessage(a, '2000');
    await systemMessage(a, '3000');
    await systemMessage(b);
    expect(await unread(a)).toEqual({ unread: 3, value: 3 });
    for (const alias of ['/wps/relay/CSP_unreadCount', '/wps/relay/EMFE_getInboxUnreadCount']) {
      expect((await t.get<{ value: number }>(alias, { headers: a.auth })).body.value.value).toBe(3);
    }
    expect((await t.get<Inbox>('/wps/relay/EMFE_getInbox', { headers: a.auth })).body.value.total).toBe(3);

    const [newest, middle, oldest] = (await inbox(a)).list;
    expect(newest!.html).toBe(false);
    const read = await t.request<{ unread: number }>('POST', READ, { ids: [newest!.id] }, { headers: a.auth });
    expect(read.body.value.unread).toBe(2);

    // b's message id in a's delete: 404, nothing deleted.
    const bId = (await inbox(b)).list[0]!.id;
    const foreign = await t.request('POST', DELETE, { ids: [middle!.id, bId] }, { headers: a.auth });
    expect([foreign.status, foreign.body.code]).toEqual([404, 'inbox.not_found']);
    expect((await inbox(a)).total).toBe(3);
    expect((await inbox(b)).total).toBe(1);

    const deleted = await t.request<{ deleted: number; unread: number }>(
      'POST',
      DELETE,
      { ids: [middle!.id, newest!.id] },
      { headers: a.auth },
    );
    expect(deleted.body.value).toEqual({ deleted: 2, unread: 1 });
    expect((await inbox(a)).list.map((e) => e.id)).toEqual([oldest!.id]);
    const again = await t.request('POST', DELETE, { ids: [middle!.id] }, { headers: a.auth });
    expect(again.status).toBe(404);

    await t.request('POST', READ, { all: true }, { headers: a.auth });
    expect((await unread(a)).unread).toBe(0);
    expect((await unread(b)).unread).toBe(1);
  });

  it('§4: a trial account sees an empty inbox and no count, and may not read or delete', async () => {
    const trial = await createMember(t, merchantId, { type: 4 });
    await systemMessage(trial);
    expect(await unread(trial)).toEqual({ unread: 0, value: 0 });
    expect(await inbox(trial)).toMatchObject({ list: [], total: 0, unread: 0 });
    const read = await t.request('POST', READ, { all: true }, { headers: trial.auth });
    expect([read.status, read.body.code]).toEqual([403, 'auth.trial_account']);
    const del = await t.request('POST', DELETE, { ids: ['1'] }, { headers: trial.auth });
    expect([del.status, del.body.code]).toEqual([403, 'auth.trial_account']);
  });

  it('refuses bad input with stable codes', async () => {
    const a = await createMember(t, merchantId);
    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { ids: [1] }, { ids: ['1'.repeat(19)] }, { all: false }]) {
      const res = await t.request('POST', DELETE, body, { headers: a.auth });
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([400, 'request.invalid']);
    }
    expect((await t.request('POST', DELETE, { ids: ['1'] })).status).toBe(401);
    expect((await t.get(UNREAD)).status).toBe(401);
  });

  it('answers switched off while INBOX3 is off', async () => {
    const a = await createMember(t, merchantId);
    await withSwitch(t, merchantId, 'INBOX3', false, async () => {
      for (const [method, path, body] of [
        ['GET', INBOX, undefined],
        ['GET', UNREAD, undefined],
        ['GET', '/wps/relay/CSP_unreadCount', undefined],
        ['POST', READ, { all: true }],
        ['POST', DELETE, { ids: ['1'] }],
      ] as const) {
        const res = await t.request(method, path, body, { headers: a.auth });
        expect([path, res.body.code]).toEqual([path, 'system.feature_disabled']);
      }
    });
    expect((await t.get(UNREAD, { headers: a.auth })).status).toBe(200);
  });
});

describe('operator broadcasts', () => {
  it('reaches every member of the merchant registered before it, once, read and deleted per member; audited', async () => {
    const a = await createMember(t, merchantId);
    const b = await createMember(t, merchantId);
    const trial = await createMember(t, merchantId, { type: 4 });
    const sent = await broadcast({
      target: 'merchant',
      ...text('Festival'),
      body: { bn: '<p>উৎসব</p><script>alert(1)</script>', en: '<p onclick="x()">Festival <b>bonus</b></p>' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.value).toMatchObject({ target: 'merchant', memberType: null, memberId: null });
    expect(sent.body.value.body).toEqual({ bn: '<p>উৎসব</p>', en: '<p>Festival <b>bonus</b></p>' });
    const later = await createMember(t, merchantId);

    const aEn = (await inbox(a)).list.find((e) => e.id === sent.body.value.id)!;
    expect(aEn).toMatchObject({ kind: 'operator.message', title: 'Festival', html: true, read: false });
    expect((await inbox(b, 'bn')).list.find((e) => e.id === sent.body.value.id)!.body).toBe('<p>উৎসব</p>');
    expect((await inbox(later)).list.some((e) => e.id === sent.body.value.id)).toBe(false);
    expect((await unread(trial)).unread).toBe(0);
    // One row for the whole merchant, not one per member.
    expect(
      await t.db.selectFrom('member_inbox').select('id').where('id', '=', BigInt(sent.body.value.id)).execute(),
    ).toEqual([]);

    const aBefore = (await unread(a)).unread;
    await t.request('POST', READ, { ids: [aEn.id] }, { headers: a.auth });
    expect((await unread(a)).unread).toBe(aBefore - 1);
    expect((await inbox(b)).list.find((e) => e.id === aEn.id)!.read).toBe(false);
    const del = await t.request('POST', DELETE, { ids: [aEn.id] }, { headers: b.auth });
    expect(del.status).toBe(200);
    expect((await inbox(b)).list.some((e) => e.id === aEn.id)).toBe(false);
    expect((await inbox(a)).list.some((e) => e.id === aEn.id)).toBe(true);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity', 'entity_id'])
      .where('entity', '=', 'inboxBroadcasts')
      .where('entity_id', '=', sent.body.value.id)
      .execute();
    expect(audit).toEqual([{ action: 'create', entity: 'inboxBroadcasts', entity_id: sent.body.value.id }]);
    const listed = await t.get<{ list: BroadcastView[] }>(BROADCASTS, { headers: admin });
    expect(listed.body.value.list[0]!.id).toBe(sent.body.value.id);
  });

  it("sorts the operators' sent messages by time or title on the server (issue 16 Quality)", async () => {
    const a = await createMember(t, merchantId);
    for (const title of ['Sort b', 'sort A', 'Sort c']) {
      expect((await broadcast({ target: 'member', memberId: a.id, ...text(title) })).status).toBe(200);
    }
    const title = (row: Record<string, unknown>) => (row.title as { en: string }).en.toLowerCase();
    // The title sorts in the request's language.
    const english = { ...admin, Language: 'en' };
    await expectServerSort(t, english, BROADCASTS, 'createdAt', byText('createdAt'));
    await expectServerSort(t, english, BROADCASTS, 'title', title);
  });

  it('to one member or one member type reaches only them', async () => {
    const a = await createMember(t, merchantId);
    const b = await createMember(t, merchantId);
    const agent = await createMember(t, merchantId, { type: 1 });
    const one = await broadcast({ target: 'member', memberId: a.id, ...text('Just for you') });
    expect(one.status).toBe(200);
    const agents = await broadcast({ target: 'memberType', memberType: 1, ...text('Agents') });
    expect(agents.body.value).toMatchObject({ target: 'memberType', memberType: 1 });
    const ids = async (m: WalletMember) => (await inbox(m)).list.map((e) => e.id);
    expect(await ids(a)).toContain(one.body.value.id);
    expect(await ids(b)).not.toContain(one.body.value.id);
    expect(await ids(a)).not.toContain(agents.body.value.id);
    expect(await ids(agent)).toContain(agents.body.value.id);
    // b may not delete a's message.
    expect((await t.request('POST', DELETE, { ids: [one.body.value.id] }, { headers: b.auth })).status).toBe(404);
  });

  it('to a VIP level reaches the members at that level now', async () => {
    const level = 3;
    await sql`
      INSERT INTO vip_ranks (merchant_id, level, name_bn, name_en, monthly_turnover)
      VALUES (${merchantId}, ${level}, 'সোনা', 'Gold', 100000) ON CONFLICT DO NOTHING
    `.execute(t.db);
    const gold = await createMember(t, merchantId);
    const plain = await createMember(t, merchantId);
    const movedOn = await createMember(t, merchantId);
    const rank = (m: WalletMember, l: number) =>
      sql`
      INSERT INTO vip_rank_history (merchant_id, member_id, level, reason, month, turnover)
      VALUES (${merchantId}, ${m.id}, ${l}, 'promotion', date_trunc('month', now())::date, 0)
    `.execute(t.db);
    await rank(gold, level);
    await rank(movedOn, level);
    await rank(movedOn, level + 1);
    const sent = await broadcast({ target: 'vipLevel', vipLevel: level, ...text('Gold members') });
    expect(sent.body.value).toMatchObject({ target: 'vipLevel', vipLevel: level, memberType: null, memberId: null });
    const sees = async (m: WalletMember) => (await inbox(m)).list.some((e) => e.id === sent.body.value.id);
    expect([await sees(gold), await sees(plain), await sees(movedOn)]).toEqual([true, false, false]);
    const missing = await broadcast({ target: 'vipLevel', vipLevel: 50, ...text('x') });
    expect([missing.status, missing.body.code]).toEqual([404, 'inbox.vip_level_not_found']);
  });

  it('refuses bad input, unknown and trial members, and operators without the permission; nothing is sent', async () => {
    const trial = await createMember(t, merchantId, { type: 4 });
    const before = await t.db.selectFrom('inbox_broadcasts').select('id').execute();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ target: 'member', memberId: 2 ** 31 - 2, ...text('x') }, 404, 'inbox.member_not_found'],
      [{ target: 'member', memberId: trial.id, ...text('x') }, 404, 'inbox.member_not_found'],
      [
        { target: 'merchant', ...text('x'), body: { bn: '<script>x</script>', en: '<p>x</p>' } },
        400,
        'inbox.text_required',
      ],
      [{ target: 'merchant', ...text('x'), title: { bn: ' ', en: 'x' } }, 400, 'inbox.text_required'],
      [{ target: 'memberType', memberType: 4, ...text('x') }, 400, 'request.invalid'],
      [{ target: 'vip', ...text('x') }, 400, 'request.invalid'],
      [{ target: 'vipLevel', vipLevel: 0, ...text('x') }, 400, 'request.invalid'],
      [{ target: 'merchant', title: 'x', body: 'y' }, 400, 'request.invalid'],
      [{ target: 'member', memberId: 'a', ...text('x') }, 400, 'request.invalid'],
      [{ target: 'merchant', ...text('x'.repeat(201)) }, 400, 'request.invalid'],
    ];
    for (const [body, status, code] of cases) {
      const res = await broadcast(body);
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status, code });
    }
    const bn = await t.request(
      'POST',
      BROADCASTS,
      { target: 'member', memberId: trial.id, ...text('x') },
      {
        headers: { ...admin, Language: 'bn' },
      },
    );
    expect(bn.body.message).toMatch(/[\u0980-\u09FF]/);
    const support = await loginAsNewOperator(t, 'support');
    expect((await broadcast({ target: 'merchant', ...text('x') }, support)).status).toBe(403);
    expect((await t.get(BROADCASTS, { headers: support })).status).toBe(403);
    expect((await t.request('POST', BROADCASTS, { target: 'merchant', ...text('x') })).status).toBe(401);
    expect(await t.db.selectFrom('inbox_broadcasts').select('id').execute()).toEqual(before);
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deposit, PromotionClaimRecord, PromotionView } from '@khela/contracts';
import { addDays } from '../../src/modules/ledger/house-payout.ts';
import {
  localDay,
  promotions as createPromotions,
  PROMOTION_BONUS_KIND,
} from '../../src/modules/promotions/promotions.ts';
import { ledger as createLedger } from '../../src/modules/ledger/ledger.ts';
import { loginAsAdmin, loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { byNumber, byText, expectServerSort } from '../helpers/sorted-list.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditLedger } from '../ledger/helpers.ts';
import { demoMerchantId, setSwitch } from '../support/helpers.ts';
import { createMember, type WalletMember } from '../wallet/helpers.ts';
import { dailyStats } from '../agents/contract-helpers.ts';
import { channelId, requestId } from '../cashier/helpers.ts';

const ADMIN = '/admin/promotions';
const APPLICATIONS = '/admin/promotion-applications';
const AVAILABLE = '/wps/relay/MCSFE_getAvailablePromotions';
const VISITORS = '/wps/relay/MCSFE_getMerchantAvailablePromotions';
const CATEGORIES = '/wps/relay/PROMOFE_getPromotionAnnouncementCategory';
const CLAIMS = '/wps/relay/MCS2_getPromotionClaimList';
const JOIN = '/wps/relay/MCSFE_joinPromotion';
const CLAIM = '/wps/relay/MCS2_claimPromotion';
const UNREAD = '/wps/relay/CSP_unreadCount';

interface Available {
  availablePromo: boolean;
  availablePromoCount: number;
  REFERRAL: { enabled: boolean };
  MISSION: { enabled: boolean; count: number };
  list: PromotionView[];
}
interface Result {
  promotionId: number;
  status: string;
  amount: string | null;
}

let t: TestApp;
let merchantId: number;
let admin: AuthHeaders;
let bank: number;
const HOUR = 3_600_000;

const base = {
  category: 'others',
  title: { bn: 'প্রোমো', en: 'Promo' },
  body: { bn: '<p>শর্ত</p>', en: '<p>Terms</p><script>alert(1)</script><img src=x onerror=alert(1)>' },
  imageUrl: null,
  enabled: true,
  startsAt: new Date(Date.now() - HOUR).toISOString(),
  endsAt: null,
  trigger: 'join',
  rewardKind: 'fixed',
  rewardAmount: '10',
  rewardRate: null,
  rewardCap: null,
  minBasis: null,
  turnoverMultiple: 2,
  requiresApproval: false,
  period: 'once',
  newMemberDays: null,
  minDepositCount: null,
  maxDepositCount: null,
  minVipLevel: null,
  onePerDevice: false,
  onePerPaymentAccount: false,
  sort: 0,
};

async function create(over: Record<string, unknown> = {}): Promise<number> {
  const res = await t.request<{ id: number }>('POST', ADMIN, { ...base, ...over }, { headers: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value.id;
}
const join = (member: WalletMember, promotionId: number, extra: Record<string, unknown> = {}) =>
  t.request<Result>('POST', JOIN, { promotionId, ...extra }, { headers: member.auth });
const claim = (member: WalletMember, promotionId: number) =>
  t.request<Result>('POST', CLAIM, { promotionId }, { headers: member.auth });
const available = async (member: WalletMember) =>
  (await t.get<Available>(AVAILABLE, { headers: member.auth })).body.value;
const statusOf = async (member: WalletMember, id: number) =>
  (await available(member)).list.find((p) => p.id === id)?.status;

async function bonusPayments(memberId: number) {
  const rows = await t.db
    .selectFrom('ledger_transactions as tx')
    .innerJoin('ledger_postings as lp', 'lp.transaction_id', 'tx.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'lp.account_id')
    .select(['lp.amount', 'a.kind'])
    .where('tx.kind', '=', PROMOTION_BONUS_KIND)
    .where('a.member_id', '=', memberId)
    .execute();
  return rows.map((r) => `${r.kind}:${r.amount.toString()}`);
}
const turnoverOf = async (memberId: number) =>
  (
    await t.db
      .selectFrom('turnover_requirements')
      .select(sql<string>`coalesce(sum(amount), 0)::text`.as('n'))
      .where('member_id', '=', memberId)
      .where('source', 'like', 'promotion:%')
      .executeTakeFirstOrThrow()
  ).n;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  admin = await loginAsAdmin(t);
  bank = await channelId(t, merchantId, 'bank');
  await setSwitch(t, merchantId, 'REWCEN3', true);
  await setSwitch(t, merchantId, 'INBOX3', true);
});
afterAll(async () => {
  expect(await auditLedger(t.db, merchantId)).toEqual({ unbalanced: [], drifted: [], negative: [], total: 0n });
  await t.close();
});

describe('the demo', () => {
  it('seeds a first-deposit, a check-in, a weekly bet-volume and a newbie promotion', async () => {
    const list = (await t.get<{ list: PromotionView[] }>(VISITORS)).body.value.list;
    expect(list.map((p) => [p.category, p.trigger, p.period]).sort()).toEqual(
      [
        ['deposit', 'deposit', 'once'],
        ['newbie', 'sign_up', 'once'],
        ['others', 'check_in', 'daily'],
        ['slots', 'bet_volume', 'weekly'],
      ].sort(),
    );
    const first = list.find((p) => p.trigger === 'deposit')!;
    expect(first).toMatchObject({ rewardRate: '100.00', rewardCap: '5000.00', turnoverMultiple: 5 });
    // The tests below start from none.
    await t.db.updateTable('promotions').set({ enabled: false }).execute();
  });
});

describe('operator calls', () => {
  it('create, list and update, audited; the body is sanitised', async () => {
    const id = await create({ title: { bn: 'পরীক্ষা', en: 'Audit me' } });
    const list = await t.get<{ list: { id: number; body: { en: string } }[] }>(`${ADMIN}?sort=id&order=desc`, {
      headers: admin,
    });
    const row = list.body.value.list.find((p) => p.id === id)!;
    expect(row.body.en).toBe('<p>Terms</p><img src="x" />');
    const updated = await t.request<{ sort: number }>(
      'PUT',
      `${ADMIN}/${id}`,
      { ...base, sort: 5, enabled: false },
      { headers: admin },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.value.sort).toBe(5);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'promotions')
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('refuses bad promotions with a stable code, bilingual, and stores nothing', async () => {
    const before = await t.db
      .selectFrom('promotions')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ rewardKind: 'points' }, 400, 'promotion.invalid_reward'],
      [{ rewardKind: 'raffle_tickets', rewardAmount: null, rewardUnits: 2 }, 400, 'promotion.invalid_reward'],
      [{ rewardAmount: null }, 400, 'promotion.invalid_reward'],
      [
        { rewardKind: 'percent', rewardAmount: null, rewardRate: '10', rewardCap: '5' },
        400,
        'promotion.invalid_reward',
      ],
      [
        { trigger: 'deposit', rewardKind: 'percent', rewardAmount: null, rewardRate: '101', rewardCap: '5' },
        400,
        'promotion.invalid_reward',
      ],
      [
        { trigger: 'deposit', rewardKind: 'percent', rewardAmount: null, rewardRate: '10', rewardCap: null },
        400,
        'promotion.invalid_reward',
      ],
      [{ endsAt: new Date(Date.now() - 2 * HOUR).toISOString() }, 400, 'promotion.invalid_conditions'],
      [{ minDepositCount: 3, maxDepositCount: 1 }, 400, 'promotion.invalid_conditions'],
      [
        { trigger: 'bet_volume', rewardKind: 'percent', rewardAmount: null, rewardRate: '1', rewardCap: '5' },
        400,
        'promotion.invalid_conditions',
      ],
      [{ category: 'casino' }, 400, 'request.invalid'],
      [{ rewardAmount: '-5' }, 400, 'request.invalid'],
      [{ turnoverMultiple: 1000 }, 400, 'request.invalid'],
      [{ title: { bn: '', en: 'x' } }, 400, 'request.invalid'],
    ];
    for (const [over, status, code] of cases) {
      const res = await t.request('POST', ADMIN, { ...base, ...over }, { headers: admin });
      expect({ over, status: res.status, code: res.body.code }).toEqual({ over, status, code });
    }
    const bn = await t.request(
      'POST',
      ADMIN,
      { ...base, rewardKind: 'points' },
      { headers: { ...admin, Language: 'bn' } },
    );
    expect(bn.body.message).toMatch(/[\u0980-\u09FF]/);
    const support = await loginAsNewOperator(t, 'support');
    expect((await t.request('POST', ADMIN, base, { headers: support })).status).toBe(403);
    expect((await t.get(APPLICATIONS, { headers: support })).status).toBe(403);
    expect((await t.request('PUT', `${ADMIN}/99999`, base, { headers: admin })).body.code).toBe('promotion.not_found');
    const after = await t.db
      .selectFrom('promotions')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('member calls', () => {
  it('visitors see categories and open or coming-soon promotions; the switch gates the member calls', async () => {
    const open = await create({ category: 'sports', sort: -100 });
    const soon = await create({ category: 'sports', startsAt: new Date(Date.now() + 24 * HOUR).toISOString() });
    const cats = (await t.get<{ list: { code: string; count: number }[] }>(CATEGORIES)).body.value.list;
    expect(cats[0]!.code).toBe('all');
    expect(cats.find((c) => c.code === 'sports')!.count).toBeGreaterThanOrEqual(2);
    const visitors = (await t.get<{ list: PromotionView[] }>(VISITORS, { headers: { Language: 'bn' } })).body.value
      .list;
    expect(visitors.find((p) => p.id === open)).toMatchObject({ status: 'join', title: 'প্রোমো', body: '<p>শর্ত</p>' });
    expect(visitors.find((p) => p.id === soon)!.status).toBe('coming_soon');
    const m = await createMember(t, merchantId);
    expect((await join(m, soon)).body.code).toBe('promotion.not_started');
    await setSwitch(t, merchantId, 'REWCEN3', false);
    try {
      expect((await t.get(AVAILABLE, { headers: m.auth })).body.code).toBe('system.feature_disabled');
      expect((await join(m, open)).body.code).toBe('system.feature_disabled');
      expect(
        (await t.get<{ availablePromoCount: number }>(UNREAD, { headers: m.auth })).body.value.availablePromoCount,
      ).toBe(0);
    } finally {
      await setSwitch(t, merchantId, 'REWCEN3', true);
    }
    await t.db.updateTable('promotions').set({ enabled: false }).where('id', 'in', [open, soon]).execute();
  });

  it('join, then 20 parallel claims pay once, with the turnover, in bonusDetails, and the badge counts down', async () => {
    const id = await create({ rewardAmount: '25.50', turnoverMultiple: 3 });
    const m = await createMember(t, merchantId);
    const start = await available(m);
    expect(start.list.find((p) => p.id === id)!.status).toBe('join');
    expect(start.REFERRAL).toEqual({ enabled: expect.any(Boolean) });
    expect(start.MISSION).toEqual({ enabled: expect.any(Boolean), count: 0 });
    const badge = async () =>
      (await t.get<{ availablePromoCount: number }>(UNREAD, { headers: m.auth })).body.value.availablePromoCount;
    const before = await badge();
    expect(before).toBe(start.availablePromoCount);
    expect((await claim(m, id)).body.code).toBe('promotion.not_joined');

    const joins = await Promise.all(Array.from({ length: 5 }, () => join(m, id)));
    expect(joins.map((r) => r.body.value.status)).toEqual(Array(5).fill('claim'));
    expect(await badge()).toBe(before); // joined and claimable: still counts
    const claims = await Promise.all(Array.from({ length: 20 }, () => claim(m, id)));
    const paid = claims.filter((r) => r.status === 200);
    expect(paid).toHaveLength(1);
    expect(paid[0]!.body.value).toEqual({ promotionId: id, status: 'claimed', amount: '25.50', units: null });
    expect(new Set(claims.filter((r) => r.status !== 200).map((r) => r.body.code))).toEqual(
      new Set(['promotion.nothing_to_claim']),
    );
    expect(await bonusPayments(m.id)).toEqual(['member_main:2550']);
    expect(await turnoverOf(m.id)).toBe('7650');
    expect(await badge()).toBe(before - 1);
    expect(await statusOf(m, id)).toBe('claimed');

    const bonus = await t.get<{ list: { amount: string; type: string }[] }>('/wps/member/records/bonus', {
      headers: m.auth,
    });
    expect(bonus.body.value.list).toEqual([expect.objectContaining({ amount: '25.50' })]);
    const history = await t.get<{ list: PromotionClaimRecord[]; total: number }>(CLAIMS, { headers: m.auth });
    expect(history.body.value).toMatchObject({
      total: 1,
      list: [{ promotionId: id, status: 'claimed', amount: '25.50', period: 'once' }],
    });
    const inbox = await t.db.selectFrom('member_inbox').select('kind').where('member_id', '=', m.id).execute();
    expect(inbox.map((r) => r.kind)).toContain('promotion.paid');
    await t.db.updateTable('promotions').set({ enabled: false }).where('id', '=', id).execute();
  });

  it('a deposit promotion pays 100% up to the cap when the deposit is credited, once, with 5× turnover', async () => {
    const id = await create({
      category: 'deposit',
      trigger: 'deposit',
      rewardKind: 'percent',
      rewardAmount: null,
      rewardRate: '100',
      rewardCap: '300',
      minBasis: '200',
      turnoverMultiple: 5,
      maxDepositCount: 0,
    });
    const m = await createMember(t, merchantId);
    expect((await join(m, id)).body.value.status).toBe('joined');
    const deposit = async (amount: string) => {
      const created = await t.request<Deposit>(
        'POST',
        '/wps/cashier/deposits',
        { requestId: requestId('promo'), channelId: bank, amount, referenceNumber: 'PROMO1' },
        { headers: m.auth },
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const approved = await t.request('POST', `/admin/deposits/${created.body.value.id}/approve`, undefined, {
        headers: admin,
      });
      expect(approved.status).toBe(200);
    };
    await deposit('150'); // below the minimum: no bonus, still joined
    expect(await statusOf(m, id)).toBe('joined');
    await deposit('500');
    expect(await bonusPayments(m.id)).toEqual(['member_main:30000']);
    expect(await turnoverOf(m.id)).toBe('150000');
    expect((await available(m)).list.find((p) => p.id === id)).toMatchObject({ status: 'issued', amount: '300.00' });
    await deposit('500');
    expect(await bonusPayments(m.id)).toEqual(['member_main:30000']);
    // One deposit already: a second member who deposited first is not eligible.
    expect((await join(m, id)).body.value.status).toBe('issued');
    const other = await createMember(t, merchantId);
    await t.db
      .insertInto('deposits')
      .values({
        merchant_id: merchantId,
        member_id: other.id,
        channel_id: bank,
        amount: 100n,
        currency: 'BDT',
        request_id: requestId('x'),
        status: 'approved',
      } as never)
      .execute();
    const refused = await join(other, id);
    expect([refused.status, refused.body.code]).toEqual([403, 'promotion.not_eligible']);
    await t.db.updateTable('promotions').set({ enabled: false }).where('id', '=', id).execute();
  });

  it('a promotion needing approval waits in Applying; the operator approves (paid) or rejects, audited', async () => {
    const id = await create({
      category: 'newbie',
      trigger: 'sign_up',
      newMemberDays: 7,
      requiresApproval: true,
      rewardAmount: '50',
    });
    const a = await createMember(t, merchantId);
    const b = await createMember(t, merchantId);
    for (const m of [a, b]) {
      expect((await join(m, id)).body.value.status).toBe('claim');
      expect((await claim(m, id)).body.value).toMatchObject({ status: 'applying', amount: '50.00' });
    }
    expect(await bonusPayments(a.id)).toEqual([]);
    // Issue 16 Quality: the queue sorts on the server (equal rewards tie by id).
    await expectServerSort(t, admin, APPLICATIONS, 'createdAt', byText('createdAt'), {}, 2);
    await expectServerSort(t, admin, APPLICATIONS, 'amount', byNumber('amount'), {}, 2);
    const apps = await t.get<{ list: { id: string; memberId: number }[] }>(APPLICATIONS, { headers: admin });
    const appOf = (m: WalletMember) => apps.body.value.list.find((x) => x.memberId === m.id)!.id;
    const ok = await t.request<{ status: string }>('POST', `${APPLICATIONS}/${appOf(a)}/approve`, undefined, {
      headers: admin,
    });
    expect(ok.body.value.status).toBe('issued');
    const twice = await t.request('POST', `${APPLICATIONS}/${appOf(a)}/approve`, undefined, { headers: admin });
    expect([twice.status, twice.body.code]).toEqual([409, 'promotion.invalid_transition']);
    const no = await t.request<{ status: string; reason: string }>(
      'POST',
      `${APPLICATIONS}/${appOf(b)}/reject`,
      { reason: 'Duplicate account' },
      { headers: admin },
    );
    expect(no.body.value).toMatchObject({ status: 'rejected', reason: 'Duplicate account' });
    expect(
      (await t.request('POST', `${APPLICATIONS}/${appOf(b)}/reject`, { reason: '' }, { headers: admin })).status,
    ).toBe(400);
    expect(await bonusPayments(a.id)).toEqual(['member_main:5000']);
    expect(await bonusPayments(b.id)).toEqual([]);
    expect(await statusOf(b, id)).toBe('rejected');
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'promotionApplications')
      .execute();
    expect(audit.map((x) => x.action).sort()).toEqual(['approve', 'reject']);
    // An old account is not a new member.
    const old = await createMember(t, merchantId);
    await t.db
      .updateTable('members')
      .set({ created_at: new Date(Date.now() - 8 * 24 * HOUR) })
      .where('id', '=', old.id)
      .execute();
    expect((await join(old, id)).body.code).toBe('promotion.not_eligible');
    await t.db.updateTable('promotions').set({ enabled: false }).where('id', '=', id).execute();
  });

  it('a daily check-in signs and pays at once, once a day; one per device; trial accounts get nothing', async () => {
    const id = await create({ trigger: 'check_in', period: 'daily', rewardAmount: '1', onePerDevice: true });
    const m = await createMember(t, merchantId);
    const results = await Promise.all(Array.from({ length: 20 }, () => join(m, id, { deviceId: 'device-1' })));
    expect(results.every((r) => r.status === 200 && r.body.value.status === 'signed')).toBe(true);
    expect(await bonusPayments(m.id)).toEqual(['member_main:100']);
    const other = await createMember(t, merchantId);
    expect((await join(other, id, { deviceId: 'device-1' })).body.code).toBe('promotion.device_used');
    expect((await join(other, id, { deviceId: 'device-2' })).body.value.status).toBe('signed');
    const trial = await createMember(t, merchantId, { type: 4 });
    expect((await join(trial, id)).body.code).toBe('auth.trial_account');
    expect((await available(trial)).availablePromoCount).toBe(0);
    await t.db.updateTable('promotions').set({ enabled: false }).where('id', '=', id).execute();
  });
});

describe('the job', () => {
  it('pays a weekly bet-volume bonus when the week closes and closes unclaimed rewards; a re-run pays nothing twice', async () => {
    const service = createPromotions({ db: t.db, ledger: createLedger({ db: t.db }) });
    const zone = (
      await t.db.selectFrom('merchants').select('time_zone').where('id', '=', merchantId).executeTakeFirstOrThrow()
    ).time_zone;
    const volumeId = await create({
      category: 'slots',
      trigger: 'bet_volume',
      period: 'weekly',
      rewardKind: 'percent',
      rewardAmount: null,
      rewardRate: '1',
      rewardCap: '8',
      turnoverMultiple: 1,
    });
    const dailyId = await create({ trigger: 'join', period: 'daily', rewardAmount: '3' });
    const m = await createMember(t, merchantId);
    expect((await join(m, volumeId)).body.value.status).toBe('joined');
    expect((await join(m, dailyId)).body.value.status).toBe('claim');
    const today = localDay(new Date(), zone);
    await dailyStats(t, merchantId, m.id, today, 50_000n, 0n, 'RNG');
    await dailyStats(t, merchantId, m.id, today, 70_000n, 0n, 'LIVE');
    const row = await t.db
      .selectFrom('promotion_participations')
      .select(sql<string>`period_end::text`.as('end'))
      .where('member_id', '=', m.id)
      .where('promotion_id', '=', volumeId)
      .executeTakeFirstOrThrow();
    // Tomorrow (the day closed): the daily reward closes unclaimed; the week still counts.
    const tomorrow = new Date(`${addDays(today, 1)}T12:00:00Z`);
    const mid = await service.runPass(tomorrow);
    expect(mid.closed).toBeGreaterThanOrEqual(1);
    expect(await statusOf(m, dailyId)).not.toBe('claim');
    const dailyRow = await t.db
      .selectFrom('promotion_participations')
      .select('status')
      .where('member_id', '=', m.id)
      .where('promotion_id', '=', dailyId)
      .executeTakeFirstOrThrow();
    expect(dailyRow.status).toBe('close');
    const volumeStatus = async () =>
      await t.db
        .selectFrom('promotion_participations')
        .select(['status', 'amount'])
        .where('member_id', '=', m.id)
        .where('promotion_id', '=', volumeId)
        .executeTakeFirstOrThrow();
    if (row.end !== today) expect((await volumeStatus()).status).toBe('process');
    // After the week: 1 % of 1,200.00 = 12.00, capped at 8.00.
    const after = new Date(`${addDays(row.end, 1)}T23:00:00Z`);
    await service.runPass(after);
    expect(await volumeStatus()).toEqual({ status: 'issued', amount: 800n });
    expect(await bonusPayments(m.id)).toEqual(['member_main:800']);
    const again = await Promise.all([service.runPass(after), service.runPass(after)]);
    expect(again.map((r) => r.issued)).toEqual([0, 0]);
    expect(await bonusPayments(m.id)).toEqual(['member_main:800']);
    await t.db.updateTable('promotions').set({ enabled: false }).where('id', 'in', [volumeId, dailyId]).execute();
  });
});

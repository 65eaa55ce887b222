import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminPointConfig,
  AdminPointGoods,
  AdminRedemption,
  PointBalance,
  PointDetail,
  PointGoods,
  RedemptionRecord,
} from '@khela/contracts';
import { ledger as createLedger, type Ledger } from '../../src/modules/ledger/ledger.ts';
import { pointEarning, pointsFor, type PointEarning } from '../../src/modules/points/earning.ts';
import { postPoints } from '../../src/modules/points/points-ledger.ts';
import { loginAsAdmin, type AuthHeaders } from '../helpers/admin.ts';
import { byNumber, byText, expectServerSort } from '../helpers/sorted-list.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditLedger, CURRENCY } from '../ledger/helpers.ts';
import { demoMerchantId, resetRateLimits, setSwitch } from '../support/helpers.ts';
import {
  createMember,
  fund,
  mainOf,
  seamlessRound,
  TEST_PAYMENT_PASSWORD,
  uniqueKey,
  type WalletMember,
} from '../wallet/helpers.ts';

const BALANCE = '/wps/relay/MCS2_getPointBalance';
const REWARDS = '/wps/relay/MCS2_getPointReward';
const CONVERSION_TYPES = '/wps/relay/MCSFE_getPointRewardConversionType';
const REDEEM_LIST = '/wps/relay/MCS2_getRedeemPointList';
const CONFIG = '/wps/relay/MCS2_getPointConfig';
const REDEEM = '/wps/relay/passwordCheck/MCS2_redeemPointReward';
const CONVERT = '/wps/relay/passwordCheck/MCS2_convertPoint';
const DETAILS = '/wps/relay/ODSFE2_MemTransDet';
const ADMIN_CONFIG = '/admin/point-config';
const ADMIN_GOODS = '/admin/point-goods';
const ADMIN_REDEMPTIONS = '/admin/point-redemptions';

/** 1 point per 10.00 of slots, 2 per 10.00 of live casino, 5 per 100.00 deposited; 100 points = 1.00 cash. */
const CONFIG_ON = {
  enabled: true,
  cashToPoints: true,
  pointsToCash: true,
  rates: [
    { pointType: 'RNG', amount: '10', points: 1 },
    { pointType: 'LIVE', amount: '10.00', points: '2' },
    { pointType: 'deposit', amount: '100', points: 5 },
    { pointType: 'redeem', amount: '1', points: 100 },
  ],
};

let t: TestApp;
let merchantId: number;
let ledger: Ledger;
let earning: PointEarning;
let admin: AuthHeaders;

const goodsInput = (overrides: Record<string, unknown> = {}) => ({
  name: { en: 'Team jersey', bn: 'দলের জার্সি' },
  imageUrl: '/media/points/jersey.png',
  stock: 10,
  pointsRequired: 100,
  amountRequired: '0',
  enabled: true,
  sort: 1,
  ...overrides,
});

async function createGoods(overrides: Record<string, unknown> = {}): Promise<AdminPointGoods> {
  const res = await t.request<AdminPointGoods>('POST', ADMIN_GOODS, goodsInput(overrides), { headers: admin });
  expect(res.status).toBe(200);
  return res.body.value;
}

/** Points given straight through the points ledger (as an operator adjustment would). */
async function givePoints(member: WalletMember, amount: bigint) {
  await t.db.transaction().execute((trx) =>
    postPoints(trx, {
      merchantId,
      memberId: member.id,
      idempotencyKey: uniqueKey(`adjust:${member.id}`),
      kind: 'adjust',
      amount,
      remark: 'test',
    }),
  );
}

const pointsOf = async (member: WalletMember) =>
  (await t.get<PointBalance>(BALANCE, { headers: member.auth })).body.value.points;
const stockOf = async (goodsId: number) =>
  (await t.db.selectFrom('point_goods').select('stock').where('id', '=', goodsId).executeTakeFirstOrThrow()).stock;

function redeem(member: WalletMember, payload: Record<string, unknown>, language = 'en') {
  return t.sealed<{ referenceNumber: string; status: string; pointsSpent: number; points: number; replayed: boolean }>(
    'POST',
    REDEEM,
    {
      quantity: 1,
      address: 'House 12, Road 5, Dhanmondi, Dhaka',
      mobile: '01712345678',
      paymentPassword: TEST_PAYMENT_PASSWORD,
      requestId: uniqueKey('redeem'),
      ...payload,
    },
    { headers: { ...member.auth, Language: language } },
  );
}

function convert(member: WalletMember, payload: Record<string, unknown>) {
  return t.sealed<{
    direction: string;
    cash: string;
    pointsChanged: number;
    points: number;
    cashBalance: string;
    replayed: boolean;
  }>(
    'POST',
    CONVERT,
    { paymentPassword: TEST_PAYMENT_PASSWORD, requestId: uniqueKey('convert'), ...payload },
    { headers: member.auth },
  );
}

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  ledger = createLedger({ db: t.db });
  earning = pointEarning({ db: t.db });
  admin = await loginAsAdmin(t);
  await setSwitch(t, merchantId, 'PTSYS3', true);
  await setSwitch(t, merchantId, 'MEMTRANS3', true);
});
afterAll(() => t.close());

describe('the demo', () => {
  it('has the points mall on with goods that all have images', async () => {
    const config = await t.get<AdminPointConfig>(ADMIN_CONFIG, { headers: admin });
    expect(config.body.value.enabled).toBe(true);
    expect(config.body.value.rates.map((rate) => rate.pointType)).toEqual(
      expect.arrayContaining(['LIVE', 'RNG', 'deposit', 'redeem']),
    );
    const member = await createMember(t, merchantId);
    const goods = await t.get<{ list: PointGoods[] }>(REWARDS, { headers: member.auth });
    expect(goods.body.value.list.length).toBeGreaterThanOrEqual(6);
    for (const item of goods.body.value.list) {
      expect(item.imageUrl).toMatch(/^\/demo\/points\/[a-z-]+\.svg$/);
      expect(
        existsSync(fileURLToPath(new URL(`../../../web/public${item.imageUrl}`, import.meta.url))),
        item.imageUrl,
      ).toBe(true);
    }
  });
});

describe('point config', () => {
  it('is set by the operator (audited) and shown to members as the exchange-rate table', async () => {
    const res = await t.request<AdminPointConfig>('PUT', ADMIN_CONFIG, CONFIG_ON, { headers: admin });
    expect(res.status).toBe(200);
    expect(res.body.value.rates).toEqual([
      { pointType: 'LIVE', amount: '10.00', points: 2 },
      { pointType: 'RNG', amount: '10.00', points: 1 },
      { pointType: 'deposit', amount: '100.00', points: 5 },
      { pointType: 'redeem', amount: '1.00', points: 100 },
    ]);
    const member = await createMember(t, merchantId);
    const shown = await t.get<{ enabled: boolean; list: unknown[] }>(CONFIG, { headers: member.auth });
    expect(shown.body.value).toEqual({ enabled: true, list: res.body.value.rates });
    const types = await t.get<{ list: unknown[] }>(CONVERSION_TYPES, { headers: member.auth });
    expect(types.body.value.list).toEqual([
      { direction: 'cashToPoints', enabled: true, amount: '1.00', points: 100 },
      { direction: 'pointsToCash', enabled: true, amount: '1.00', points: 100 },
    ]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('entity')
      .where('entity', '=', 'pointConfig')
      .executeTakeFirst();
    expect(audit).toBeDefined();
  });

  it('refuses bad rates with a stable code and changes nothing', async () => {
    for (const [rates, code] of [
      [[{ pointType: 'RNG', amount: '0', points: 1 }], 'points.invalid_rate'],
      [[{ pointType: 'RNG', amount: '10.001', points: 1 }], 'points.invalid_rate'],
      [[{ pointType: 'RNG', amount: '10', points: 1.5 }], 'points.invalid_rate'],
      [[{ pointType: 'RNG', amount: '10', points: -3 }], 'points.invalid_rate'],
      [
        [
          { pointType: 'RNG', amount: '10', points: 1 },
          { pointType: 'RNG', amount: '5', points: 1 },
        ],
        'points.duplicate_type',
      ],
    ] as const) {
      const res = await t.request(
        'PUT',
        ADMIN_CONFIG,
        { ...CONFIG_ON, rates },
        { headers: { ...admin, Language: 'bn' } },
      );
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
    }
    const after = await t.get<AdminPointConfig>(ADMIN_CONFIG, { headers: admin });
    expect(after.body.value.rates).toHaveLength(4);
  });

  it('is served only while PTSYS3 is on (points details: MEMTRANS3)', async () => {
    const member = await createMember(t, merchantId);
    await setSwitch(t, merchantId, 'PTSYS3', false);
    try {
      const off = await t.get(BALANCE, { headers: member.auth });
      expect(off.body.code).toBe('system.feature_disabled');
    } finally {
      await setSwitch(t, merchantId, 'PTSYS3', true);
    }
    await setSwitch(t, merchantId, 'MEMTRANS3', false);
    try {
      expect((await t.get(DETAILS, { headers: member.auth })).body.code).toBe('system.feature_disabled');
    } finally {
      await setSwitch(t, merchantId, 'MEMTRANS3', true);
    }
  });
});

describe('goods', () => {
  it('are created, listed, changed and removed by the operator; members see what is on sale', async () => {
    const goods = await createGoods({ name: { en: 'Cap', bn: 'টুপি' }, stock: 3, sort: 9000 });
    expect(goods).toMatchObject({ quantity: 3, stock: 3, pointsRequired: 100, amountRequired: '0.00' });
    const changed = await t.request<AdminPointGoods>(
      'PUT',
      `${ADMIN_GOODS}/${goods.id}`,
      goodsInput({ name: { en: 'Cap', bn: 'টুপি' }, stock: 5, sort: 9000 }),
      { headers: admin },
    );
    expect(changed.body.value).toMatchObject({ quantity: 5, stock: 5 });
    const member = await createMember(t, merchantId);
    const bn = await t.get<{ list: PointGoods[] }>(REWARDS, { headers: { ...member.auth, Language: 'bn' } });
    expect(bn.body.value.list.find((item) => item.id === goods.id)).toMatchObject({
      name: 'টুপি',
      quantity: 5,
      availableQuantity: 5,
      pointsRequired: 100,
    });
    const removed = await t.request('DELETE', `${ADMIN_GOODS}/${goods.id}`, undefined, { headers: admin });
    expect(removed.status).toBe(200);
    const after = await t.get<{ list: PointGoods[] }>(REWARDS, { headers: member.auth });
    expect(after.body.value.list.some((item) => item.id === goods.id)).toBe(false);
    const missing = await t.request('PUT', `${ADMIN_GOODS}/${goods.id}`, goodsInput(), { headers: admin });
    expect(missing.body.code).toBe('points.goods_not_found');
  });

  it('refuses junk images and names', async () => {
    for (const body of [
      goodsInput({ imageUrl: 'javascript:alert(1)' }),
      goodsInput({ name: { en: '', bn: 'x' } }),
      goodsInput({ stock: -1 }),
      goodsInput({ pointsRequired: 0 }),
    ]) {
      const res = await t.request('POST', ADMIN_GOODS, body, { headers: admin });
      expect(res.status).toBe(400);
    }
  });
});

describe('earning', () => {
  it('floors to whole points and carries the rest', () => {
    expect(pointsFor(2_500n, { amount: 1_000n, points: 1n })).toEqual({ points: 2n, carry: 500n });
    expect(pointsFor(999n, { amount: 1_000n, points: 1n })).toEqual({ points: 0n, carry: 999n });
    expect(pointsFor(1_000n, { amount: 1_000n, points: 3n })).toEqual({ points: 3n, carry: 0n });
    expect(pointsFor(1_001n, { amount: 1_000n, points: 3n })).toEqual({ points: 3n, carry: 1n });
  });

  it('earns once per settled bet and approved deposit; a re-run and a catch-up after downtime earn nothing twice', async () => {
    await t.request('PUT', ADMIN_CONFIG, CONFIG_ON, { headers: admin });
    const start = new Date(Date.now() - 5_000);
    await t.db
      .updateTable('point_settings')
      .set({ earned_through: start })
      .where('merchant_id', '=', merchantId)
      .execute();
    const player = await createMember(t, merchantId);
    const trial = await createMember(t, merchantId, { type: 4 });
    await fund(ledger, merchantId, mainOf(player), 100_000n);
    await fund(ledger, merchantId, mainOf(trial), 100_000n);
    // 25.00 + 10.00 of slots = 3 points, 5.00 carried; 15.00 of live = 3 points; 250.00 deposited = 12 points.
    await seamlessRound(t, player, { id: uniqueKey('r'), gameType: 'RNG', bet: 2_500n, win: 0n });
    await seamlessRound(t, player, { id: uniqueKey('r'), gameType: 'RNG', bet: 1_000n, win: 3_000n });
    await seamlessRound(t, player, { id: uniqueKey('r'), gameType: 'LIVE', bet: 1_500n, win: 0n });
    await seamlessRound(t, player, { id: uniqueKey('r'), gameType: 'RNG', bet: 5_000n, rollback: true });
    const channel = await t.db
      .selectFrom('payment_channels')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('deposits')
      .values(
        [player, trial].map((member) => ({
          merchant_id: merchantId,
          member_id: member.id,
          channel_id: channel.id,
          amount: 25_000n,
          currency: CURRENCY,
          request_id: uniqueKey('dep'),
          status: 'approved',
          reviewed_at: new Date(),
        })) as never,
      )
      .execute();

    const later = new Date(Date.now() + 2 * 60_000);
    const first = await earning.runPass(later);
    expect(first.entries).toBeGreaterThanOrEqual(3);
    expect(await pointsOf(player)).toBe(3 + 3 + 12);
    expect(await pointsOf(trial)).toBe(0);
    const details = await t.get<{ list: PointDetail[] }>(DETAILS, { headers: player.auth });
    expect(details.body.value.list.map((d) => [d.kind, d.change, d.remark]).sort()).toEqual(
      [
        ['earn', 12, 'deposit'],
        ['earn', 3, 'LIVE'],
        ['earn', 3, 'RNG'],
      ].sort(),
    );

    expect((await earning.runPass(later)).entries).toBe(0);
    // Downtime: the cursor is put back three days (as if the job had not run); the catch-up reads
    // everything again in day windows and finds nothing new.
    await t.db
      .updateTable('point_settings')
      .set({ earned_through: new Date(start.getTime() - 3 * 86_400_000) })
      .where('merchant_id', '=', merchantId)
      .execute();
    const catchUp = await earning.runPass(new Date(later.getTime() + 60_000));
    expect(catchUp.windows).toBeGreaterThanOrEqual(3);
    // Older sources of other members (the demo's history) may earn now; this player's earn nothing twice.
    expect(await pointsOf(player)).toBe(18);
    const playerEntries = await t.db
      .selectFrom('point_entries')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('member_id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(playerEntries.n).toBe(3);

    // The carried 5.00 of slots and 5.00 more make one more point.
    await seamlessRound(t, player, { id: uniqueKey('r'), gameType: 'RNG', bet: 500n, win: 0n });
    await earning.runPass(new Date(Date.now() + 3 * 60_000));
    expect(await pointsOf(player)).toBe(19);
    // Through the dev endpoint as well (the e2e suite's way): nothing new.
    const dev = await t.request<{ entries: number }>('POST', '/dev/points-earning', {
      at: new Date(Date.now() + 3 * 60_000).toISOString(),
    });
    expect(dev.status).toBe(200);
    expect(await pointsOf(player)).toBe(19);
  });
});

describe('redeem', () => {
  let member: WalletMember;
  let goods: AdminPointGoods;

  beforeAll(async () => {
    await resetRateLimits(t);
    member = await createMember(t, merchantId);
    goods = await createGoods({ stock: 3, pointsRequired: 100 });
    await givePoints(member, 250n);
  });

  it('needs the right payment password: a wrong one changes nothing', async () => {
    const wrong = await redeem(member, { goodsId: goods.id, paymentPassword: 'Wrong@123' }, 'bn');
    expect(wrong.body.code).toBe('cashier.payment_password_wrong');
    expect(wrong.body.message).toMatch(/[\u0980-\u09FF]/);
    const missing = await redeem(member, { goodsId: goods.id, paymentPassword: undefined });
    expect(missing.body.code).toBe('wallet.payment_password_required');
    const unset = await createMember(t, merchantId, { paymentPassword: false });
    expect((await redeem(unset, { goodsId: goods.id })).body.code).toBe('cashier.payment_password_required');
    expect(await pointsOf(member)).toBe(250);
    expect(await stockOf(goods.id)).toBe(3);
    await resetRateLimits(t);
  });

  it('must be sent encrypted', async () => {
    const plain = await t.request('POST', REDEEM, { goodsId: goods.id }, { headers: member.auth });
    expect(plain.body.code).toBe('request.encryption_required');
  });

  it('reserves points and stock at once; the same requestId again answers the first', async () => {
    const requestId = uniqueKey('once');
    const first = await redeem(member, { goodsId: goods.id, quantity: 2, requestId });
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ status: 'IN_PROCESS', pointsSpent: 200, points: 50, replayed: false });
    const again = await redeem(member, { goodsId: goods.id, quantity: 2, requestId });
    expect(again.body.value).toMatchObject({ referenceNumber: first.body.value.referenceNumber, replayed: true });
    const reused = await redeem(member, { goodsId: goods.id, quantity: 1, requestId });
    expect(reused.body.code).toBe('points.request_reused');
    expect(await pointsOf(member)).toBe(50);
    expect(await stockOf(goods.id)).toBe(1);
  });

  it('refuses over the balance and over the stock, changing nothing', async () => {
    const over = await redeem(member, { goodsId: goods.id });
    expect(over.body.code).toBe('points.insufficient');
    expect(await stockOf(goods.id)).toBe(1);
    await givePoints(member, 1_000n);
    const overStock = await redeem(member, { goodsId: goods.id, quantity: 2 });
    expect(overStock.body.code).toBe('points.out_of_stock');
    expect(await pointsOf(member)).toBe(1_050);
    const unknown = await redeem(member, { goodsId: 2_000_000 });
    expect(unknown.body.code).toBe('points.goods_not_found');
    const count = await t.db
      .selectFrom('point_redemptions')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(1);
  });

  it('checks the amount requirement against approved deposits', async () => {
    const dear = await createGoods({ amountRequired: '1000000', pointsRequired: 1 });
    const res = await redeem(member, { goodsId: dear.id });
    expect(res.body.code).toBe('points.amount_requirement');
    expect(await stockOf(dear.id)).toBe(10);
  });

  it('20 parallel redeems of the last item: one wins', async () => {
    const last = await createGoods({ stock: 1, pointsRequired: 10 });
    const racers = await Promise.all(Array.from({ length: 20 }, () => createMember(t, merchantId)));
    await Promise.all(racers.map((racer) => givePoints(racer, 10n)));
    const answers = await Promise.all(racers.map((racer) => redeem(racer, { goodsId: last.id })));
    const won = answers.filter((answer) => answer.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === 'points.out_of_stock')).toHaveLength(19);
    expect(await stockOf(last.id)).toBe(0);
    const balances = await Promise.all(racers.map(pointsOf));
    expect(balances.filter((b) => b === 0)).toHaveLength(1);
    expect(balances.filter((b) => b === 10)).toHaveLength(19);
  });

  it('20 parallel redeems over one balance: never below zero', async () => {
    const plenty = await createGoods({ stock: 100, pointsRequired: 30 });
    const racer = await createMember(t, merchantId);
    await givePoints(racer, 100n);
    const answers = await Promise.all(Array.from({ length: 20 }, () => redeem(racer, { goodsId: plenty.id })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(await pointsOf(racer)).toBe(10);
    expect(await stockOf(plenty.id)).toBe(97);
  });

  it('the redemption queue sorts on the server by time, points or quantity (issue 16 Quality)', async () => {
    const buyer = await createMember(t, merchantId);
    const item = await createGoods({ stock: 10, pointsRequired: 10 });
    await givePoints(buyer, 100n);
    for (const quantity of [1, 3, 2]) expect((await redeem(buyer, { goodsId: item.id, quantity })).status).toBe(200);
    const pending = { status: 'pending' };
    await expectServerSort(t, admin, ADMIN_REDEMPTIONS, 'createdAt', byText('createdAt'), pending);
    await expectServerSort(t, admin, ADMIN_REDEMPTIONS, 'points', byNumber('points'), pending);
    await expectServerSort(t, admin, ADMIN_REDEMPTIONS, 'quantity', byNumber('quantity'), pending);
    const queue = await t.get<{ list: AdminRedemption[] }>(ADMIN_REDEMPTIONS, { headers: admin, query: pending });
    // Oldest first by creation time (concurrent redeems above can take ids out of that order).
    const times = queue.body.value.list.map((r) => Date.parse(r.createdAt));
    expect(times, 'pending: oldest first unless asked').toEqual([...times].sort((x, y) => x - y));
  });

  it('is decided by an operator: approve consumes, reject returns points and stock once', async () => {
    const buyer = await createMember(t, merchantId);
    const item = await createGoods({ stock: 5, pointsRequired: 40 });
    await givePoints(buyer, 200n);
    const a = await redeem(buyer, { goodsId: item.id, quantity: 2 });
    const b = await redeem(buyer, { goodsId: item.id, quantity: 1 });
    expect(await pointsOf(buyer)).toBe(80);
    expect(await stockOf(item.id)).toBe(2);
    const queue = await t.get<{ list: AdminRedemption[]; total: number }>(ADMIN_REDEMPTIONS, {
      headers: admin,
      query: { status: 'pending', pageSize: '100' },
    });
    expect(queue.body.value.total).toBeGreaterThanOrEqual(2);
    const [ra, rb] = [a, b].map((r) =>
      queue.body.value.list.find((q) => q.referenceNumber === r.body.value.referenceNumber)!,
    );
    expect(ra).toMatchObject({ username: buyer.username, quantity: 2, points: 80, status: 'pending' });

    const approved = await t.request<AdminRedemption>('POST', `${ADMIN_REDEMPTIONS}/${ra!.id}/approve`, undefined, {
      headers: admin,
    });
    expect(approved.body.value.status).toBe('approved');
    const rejects = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.request<AdminRedemption>(
          'POST',
          `${ADMIN_REDEMPTIONS}/${rb!.id}/reject`,
          { reason: 'Out of size' },
          {
            headers: admin,
          },
        ),
      ),
    );
    expect(rejects.every((r) => r.status === 200 && r.body.value.status === 'rejected')).toBe(true);
    expect(await pointsOf(buyer)).toBe(120);
    expect(await stockOf(item.id)).toBe(3);
    const late = await t.request('POST', `${ADMIN_REDEMPTIONS}/${ra!.id}/reject`, { reason: 'x' }, { headers: admin });
    expect(late.body.code).toBe('points.redemption_decided');
    const unknown = await t.request('POST', `${ADMIN_REDEMPTIONS}/999999999/approve`, undefined, { headers: admin });
    expect(unknown.body.code).toBe('points.redemption_not_found');

    const history = await t.get<{ list: RedemptionRecord[]; total: number }>(REDEEM_LIST, { headers: buyer.auth });
    expect(history.body.value.total).toBe(2);
    expect(history.body.value.list.map((r) => r.status)).toEqual(['REJECTED', 'APPROVED']);
    expect(history.body.value.list[0]).toMatchObject({
      type: 'REDEEM',
      name: 'Team jersey',
      quantity: 1,
      remark: 'Out of size',
    });
    const details = await t.get<{ list: PointDetail[] }>(DETAILS, { headers: buyer.auth });
    expect(details.body.value.list.map((d) => [d.kind, d.change, d.balance])).toEqual([
      ['redeem_refund', 40, 120],
      ['redeem', -40, 80],
      ['redeem', -80, 120],
      ['adjust', 200, 200],
    ]);
    const inbox = await t.db.selectFrom('member_inbox').select('kind').where('member_id', '=', buyer.id).execute();
    expect(inbox.map((m) => m.kind).sort()).toEqual(['points.redemption_approved', 'points.redemption_rejected']);
  });

  it('is refused to trial accounts', async () => {
    const trial = await createMember(t, merchantId, { type: 4 });
    expect((await redeem(trial, { goodsId: goods.id })).body.code).toBe('auth.trial_account');
  });
});

describe('convert', () => {
  it('cash to points and points to cash at the ratio, each one ledger transaction, idempotent', async () => {
    await t.request('PUT', ADMIN_CONFIG, CONFIG_ON, { headers: admin });
    const member = await createMember(t, merchantId);
    await fund(ledger, merchantId, mainOf(member), 10_000n);
    const requestId = uniqueKey('cp');
    const toPoints = await convert(member, { direction: 'cashToPoints', amount: '12.345'.slice(0, 5), requestId });
    expect(toPoints.body.value).toMatchObject({
      cash: '12.34',
      pointsChanged: 1_234,
      points: 1_234,
      cashBalance: '87.66',
    });
    const again = await convert(member, { direction: 'cashToPoints', amount: '12.34', requestId });
    expect(again.body.value).toMatchObject({ replayed: true, points: 1_234, cashBalance: '87.66' });
    const back = await convert(member, { direction: 'pointsToCash', points: 1_001 });
    expect(back.body.value).toMatchObject({ cash: '10.01', pointsChanged: -1_001, points: 233, cashBalance: '97.67' });
    const over = await convert(member, { direction: 'pointsToCash', points: 5_000 });
    expect(over.body.code).toBe('points.insufficient');
    const broke = await convert(member, { direction: 'cashToPoints', amount: '1000' });
    expect(broke.body.code).toBe('wallet.insufficient_funds');
    expect(await pointsOf(member)).toBe(233);
    const noAmount = await convert(member, { direction: 'pointsToCash' });
    expect(noAmount.body.code).toBe('points.conversion_amount_required');
    const turnover = await t.db
      .selectFrom('turnover_requirements')
      .select(sql<string>`coalesce(sum(amount), 0)::text`.as('n'))
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(turnover.n).toBe('1001');
    const audit = await auditLedger(t.db, merchantId);
    expect(audit).toMatchObject({ unbalanced: [], drifted: [], negative: [] });
    expect((await ledger.balanceOf(merchantId, CURRENCY, mainOf(member))).toString()).toBe('9767');
  });

  it('is refused when the operator turned that direction off', async () => {
    await t.request('PUT', ADMIN_CONFIG, { ...CONFIG_ON, pointsToCash: false }, { headers: admin });
    const member = await createMember(t, merchantId);
    await givePoints(member, 1_000n);
    const res = await convert(member, { direction: 'pointsToCash', points: 500 });
    expect(res.body.code).toBe('points.conversion_off');
    expect(await pointsOf(member)).toBe(1_000);
    // 1 point for 10.00: 5.00 buys no whole point.
    await t.request(
      'PUT',
      ADMIN_CONFIG,
      { ...CONFIG_ON, rates: [{ pointType: 'redeem', amount: '10', points: 1 }] },
      { headers: admin },
    );
    await fund(ledger, merchantId, mainOf(member), 1_000n);
    const tooSmall = await convert(member, { direction: 'cashToPoints', amount: '5' });
    expect(tooSmall.body.code).toBe('points.conversion_too_small');
    expect((await ledger.balanceOf(merchantId, CURRENCY, mainOf(member))).toString()).toBe('1000');
    await t.request('PUT', ADMIN_CONFIG, CONFIG_ON, { headers: admin });
  });

  it('20 parallel conversions of one requestId move points and cash once', async () => {
    const member = await createMember(t, merchantId);
    await fund(ledger, merchantId, mainOf(member), 5_000n);
    const requestId = uniqueKey('race');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => convert(member, { direction: 'cashToPoints', amount: '10', requestId })),
    );
    // The payment-password check may turn some away while the others hold it (its lockout); none moves money twice.
    expect(answers.every((a) => a.status === 200 || a.body.code === 'cashier.payment_password_locked')).toBe(true);
    expect(answers.filter((a) => a.status === 200 && !a.body.value.replayed)).toHaveLength(1);
    expect(await pointsOf(member)).toBe(1_000);
    expect((await ledger.balanceOf(merchantId, CURRENCY, mainOf(member))).toString()).toBe('4000');
  });
});

describe('the points ledger', () => {
  it('keeps entries immutable', async () => {
    await expect(sql`UPDATE point_entries SET amount = 1`.execute(t.db)).rejects.toThrow();
    await expect(sql`DELETE FROM point_entries`.execute(t.db)).rejects.toThrow();
  });
});

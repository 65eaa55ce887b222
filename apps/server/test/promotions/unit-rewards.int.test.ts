import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromotionClaimRecord, PromotionView, Raffle } from '@khela/contracts';
import { raffles as createRaffles } from '../../src/modules/lucky/raffles.ts';
import { ledger as createLedger } from '../../src/modules/ledger/ledger.ts';
import { loginAsAdmin, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditLedger } from '../ledger/helpers.ts';
import { demoMerchantId, setSwitch } from '../support/helpers.ts';
import { createMember, type WalletMember } from '../wallet/helpers.ts';

/** Issue 14 item 1: promotion rewards in points (the points ledger) and raffle tickets (modules/lucky). */
const ADMIN = '/admin/promotions';
const APPLICATIONS = '/admin/promotion-applications';
const AVAILABLE = '/wps/relay/MCSFE_getAvailablePromotions';
const CLAIMS = '/wps/relay/MCS2_getPromotionClaimList';
const JOIN = '/wps/relay/MCSFE_joinPromotion';
const CLAIM = '/wps/relay/MCS2_claimPromotion';
const RAFFLE_STATUS = '/wps/relay/MCSFE_getRafflePromotionStatus';
const HOUR = 3_600_000;

let t: TestApp;
let merchantId: number;
let admin: AuthHeaders;

const base = {
  category: 'pointsMall',
  title: { bn: 'পয়েন্ট', en: 'Points for joining' },
  body: { bn: '', en: '' },
  imageUrl: null,
  enabled: true,
  startsAt: new Date(Date.now() - HOUR).toISOString(),
  endsAt: null,
  trigger: 'join',
  rewardKind: 'points',
  rewardAmount: null,
  rewardRate: null,
  rewardCap: null,
  rewardUnits: 50,
  minBasis: null,
  turnoverMultiple: 0,
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

const post = <T>(path: string, body: unknown, headers: AuthHeaders | Record<string, string>) =>
  t.request<T>('POST', path, body, { headers });
async function create(over: Record<string, unknown> = {}): Promise<number> {
  const res = await post<{ id: number }>(ADMIN, { ...base, ...over }, admin);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value.id;
}
async function newRaffle(over: Record<string, unknown> = {}): Promise<number> {
  const res = await post<{ id: number }>(
    '/admin/raffles',
    {
      title: { bn: 'প্রোমো র‍্যাফেল', en: 'Promo raffle' },
      startsAt: new Date(Date.now() - HOUR).toISOString(),
      endsAt: new Date(Date.now() + HOUR).toISOString(),
      drawAt: new Date(Date.now() + 2 * HOUR).toISOString(),
      depositPerTicket: '1000',
      betPerTicket: null,
      prizes: [{ amount: '100', count: 1 }],
      turnoverMultiple: 1,
      ...over,
    },
    admin,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value.id;
}
const pointsOf = async (memberId: number) =>
  (await t.db.selectFrom('point_accounts').select('balance').where('member_id', '=', memberId).executeTakeFirst())
    ?.balance ?? 0n;
const twentyClaims = (member: WalletMember, promotionId: number) =>
  Promise.all(
    Array.from({ length: 20 }, () =>
      post<{ status: string; units: number | null }>(CLAIM, { promotionId }, member.auth),
    ),
  );
const outcome = (responses: { status: number; body: { code?: string } }[]) =>
  responses.map((r) => (r.status === 200 ? 200 : r.body.code)).sort();

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  admin = await loginAsAdmin(t);
  await setSwitch(t, merchantId, 'REWCEN3', true);
  await t.db.updateTable('promotions').set({ enabled: false }).execute();
});
afterAll(async () => {
  expect(await auditLedger(t.db, merchantId)).toEqual({ unbalanced: [], drifted: [], negative: [], total: 0n });
  await t.close();
});

describe('operator input', () => {
  it('refuses points without the points mall, counts that do not fit the kind, and closed raffles; stores nothing', async () => {
    await t.db.deleteFrom('point_settings').where('merchant_id', '=', merchantId).execute();
    const open = await newRaffle();
    const drawn = await newRaffle();
    await t.db
      .updateTable('raffles')
      .set({ drawn_at: sql<Date>`now()` })
      .where('id', '=', BigInt(drawn))
      .execute();
    const before = await t.db
      .selectFrom('promotions')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, number, string][] = [
      [{}, 400, 'promotion.reward_kind_unavailable'],
      [{ rewardUnits: null }, 400, 'promotion.invalid_reward'],
      [{ rewardUnits: 50, rewardAmount: '10' }, 400, 'promotion.invalid_reward'],
      [{ rewardKind: 'points', rewardRaffleId: open }, 400, 'promotion.invalid_reward'],
      [{ rewardKind: 'fixed', rewardAmount: '10', rewardUnits: 5 }, 400, 'promotion.invalid_reward'],
      [{ rewardKind: 'raffle_tickets' }, 400, 'promotion.invalid_reward'],
      [{ rewardKind: 'raffle_tickets', rewardRaffleId: 999_999 }, 400, 'promotion.invalid_reward'],
      [{ rewardKind: 'raffle_tickets', rewardRaffleId: drawn }, 409, 'promotion.raffle_closed'],
      [{ rewardUnits: 0 }, 400, 'request.invalid'],
      [{ rewardUnits: 1.5 }, 400, 'request.invalid'],
      [{ rewardUnits: '50' }, 400, 'request.invalid'],
      [{ rewardRaffleId: -1 }, 400, 'request.invalid'],
    ];
    for (const [over, status, code] of cases) {
      const res = await post<unknown>(ADMIN, { ...base, ...over }, admin);
      expect({ over, status: res.status, code: res.body.code }).toEqual({ over, status, code });
    }
    const bn = await post<unknown>(ADMIN, base, { ...admin, Language: 'bn' });
    expect(bn.body.message).toMatch(/[\u0980-\u09FF]/);
    const after = await t.db
      .selectFrom('promotions')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('points rewards', () => {
  beforeAll(async () => {
    await t.db
      .insertInto('point_settings')
      .values({ merchant_id: merchantId, enabled: true })
      .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ enabled: true }))
      .execute();
  });

  it('20 parallel claims post the points once, into the points ledger, shown on the pages', async () => {
    const id = await create();
    const member = await createMember(t, merchantId);
    const shown = (await t.get<{ list: PromotionView[] }>(AVAILABLE, { headers: member.auth })).body.value.list.find(
      (p) => p.id === id,
    )!;
    expect(shown).toMatchObject({ rewardKind: 'points', rewardUnits: 50, rewardAmount: null, status: 'join' });
    expect((await post(JOIN, { promotionId: id }, member.auth)).body.value).toMatchObject({ status: 'claim' });
    const claims = await twentyClaims(member, id);
    expect(outcome(claims)).toEqual([200, ...Array<string>(19).fill('promotion.nothing_to_claim')]);
    expect(claims.find((c) => c.status === 200)!.body.value).toMatchObject({ status: 'claimed', units: 50 });
    const entries = await t.db
      .selectFrom('point_entries')
      .select(['kind', 'amount', 'idempotency_key'])
      .where('member_id', '=', member.id)
      .execute();
    expect(entries).toEqual([{ kind: 'promotion', amount: 50n, idempotency_key: `promotion:${id}:${member.id}:once` }]);
    expect(await pointsOf(member.id)).toBe(50n);
    // No money moved, no turnover.
    const money = await t.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('idempotency_key', 'like', `promotion:${id}:%`)
      .execute();
    expect(money).toEqual([]);
    const records = (await t.get<{ list: PromotionClaimRecord[] }>(CLAIMS, { headers: member.auth })).body.value.list;
    expect(records.find((r) => r.promotionId === id)).toMatchObject({
      rewardKind: 'points',
      units: 50,
      amount: null,
      status: 'claimed',
    });
    await setSwitch(t, merchantId, 'MEMTRANS3', true);
    const details = await t.get<{ list: { kind: string; change: number }[] }>('/wps/relay/ODSFE2_MemTransDet', {
      headers: member.auth,
    });
    expect(details.body.value.list[0]).toMatchObject({ kind: 'promotion', change: 50 });
  });

  it('a points reward needing approval waits in Applying; approved, it posts once', async () => {
    const id = await create({ requiresApproval: true, rewardUnits: 7 });
    const member = await createMember(t, merchantId);
    await post(JOIN, { promotionId: id }, member.auth);
    expect((await post<{ status: string }>(CLAIM, { promotionId: id }, member.auth)).body.value.status).toBe(
      'applying',
    );
    expect(await pointsOf(member.id)).toBe(0n);
    const queue = await t.get<{ list: { id: string; promotionId: number; units: number; rewardKind: string }[] }>(
      APPLICATIONS,
      { headers: admin },
    );
    const application = queue.body.value.list.find((a) => a.promotionId === id)!;
    expect(application).toMatchObject({ units: 7, rewardKind: 'points' });
    const approvals = await Promise.all(
      Array.from({ length: 5 }, () => post(`${APPLICATIONS}/${application.id}/approve`, {}, admin)),
    );
    expect(approvals.filter((a) => a.status === 200)).toHaveLength(1);
    expect(await pointsOf(member.id)).toBe(7n);
  });
});

describe('raffle-ticket rewards', () => {
  it('20 parallel claims give the tickets once; the draw counts them; a raffle past its window takes no more', async () => {
    const raffleId = await newRaffle();
    const id = await create({
      category: 'others',
      title: { bn: 'টিকিট', en: 'Tickets for joining' },
      rewardKind: 'raffle_tickets',
      rewardUnits: 3,
      rewardRaffleId: raffleId,
    });
    const member = await createMember(t, merchantId);
    await post(JOIN, { promotionId: id }, member.auth);
    const claims = await twentyClaims(member, id);
    expect(outcome(claims)).toEqual([200, ...Array<string>(19).fill('promotion.nothing_to_claim')]);
    const bonus = await t.db
      .selectFrom('raffle_bonus_tickets')
      .select(['member_id', 'tickets', 'source'])
      .where('raffle_id', '=', BigInt(raffleId))
      .execute();
    expect(bonus).toEqual([{ member_id: member.id, tickets: 3n, source: `promotion:${id}:${member.id}:once` }]);
    const mine = async () =>
      (await t.get<{ list: Raffle[] }>(RAFFLE_STATUS, { headers: member.auth })).body.value.list.find(
        (r) => r.id === raffleId,
      )!;
    expect((await mine()).myTickets).toBe(3);

    await t.db
      .updateTable('raffles')
      .set({
        starts_at: sql<Date>`now() - interval '3 hours'`,
        ends_at: sql<Date>`now() - interval '2 hours'`,
        draw_at: sql<Date>`now() - interval '1 second'`,
      })
      .where('id', '=', BigInt(raffleId))
      .execute();
    // Once the raffle's window is over, the promotion's tickets are refused and nothing is written.
    const late = await createMember(t, merchantId);
    await post(JOIN, { promotionId: id }, late.auth);
    expect((await post(CLAIM, { promotionId: id }, late.auth)).body.code).toBe('promotion.raffle_closed');
    expect(
      await t.db.selectFrom('raffle_bonus_tickets').select('id').where('member_id', '=', late.id).execute(),
    ).toEqual([]);

    const raffleService = createRaffles({ db: t.db, ledger: createLedger({ db: t.db }) });
    await raffleService.runPass();
    const entry = await t.db
      .selectFrom('raffle_entries')
      .select('tickets')
      .where('raffle_id', '=', BigInt(raffleId))
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(entry.tickets).toBe(3n);
    expect((await mine()).state).toBe('drawn');
  });
});

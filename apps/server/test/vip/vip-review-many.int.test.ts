import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ledger as createLedger } from '../../src/modules/ledger/ledger.ts';
import { levelFor, nextMonth, vipRanks, type VipRanks } from '../../src/modules/vip/vip.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditLedger, createMembers } from '../ledger/helpers.ts';
import { demoMerchantId } from '../support/helpers.ts';

/**
 * The 1st-of-month review decides every member of a merchant in one statement (issue 14 item 4,
 * made set-based): with a few hundred members in every situation — no rank, ranks kept, lost,
 * raised by the month that closed or by the new month so far, promotion bonuses paid before —
 * it records the ranks and pays the bonuses the member-by-member rule gives, written out here.
 */
const MEMBERS = 160;
const RANKS = [
  { level: 1, nameBn: 'এক', nameEn: 'One', monthlyTurnover: 10_000n, promotionBonus: 100n, monthlyBonus: 0n },
  { level: 2, nameBn: 'দুই', nameEn: 'Two', monthlyTurnover: 50_000n, promotionBonus: 300n, monthlyBonus: 150n },
  { level: 3, nameBn: 'তিন', nameEn: 'Three', monthlyTurnover: 200_000n, promotionBonus: 0n, monthlyBonus: 700n },
];

let t: TestApp;
let merchantId: number;
let vip: VipRanks;
let ids: number[];
let cur: string;
let m1: string;
/** Member i's valid bet in the month that closes (cur) and in the new one (m1) so far. */
const closed = (i: number) => BigInt([0, 5_000, 10_000, 60_000, 250_000, 49_999][i % 6]!);
const early = (i: number) => BigInt([0, 0, 20_000, 0, 0, 210_000, 60_000][i % 7]!);
/** Every 5th member was promoted earlier in cur (to level 3 or 1) and paid those bonuses then. */
const promotedBefore = (i: number) => (i % 5 === 0 ? (i % 10 === 0 ? 3 : 1) : 0);
const isTrial = (i: number) => i % 37 === 0;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  vip = vipRanks({ db: t.db, ledger: createLedger({ db: t.db }) });
  await t.db
    .updateTable('merchants')
    .set({ time_zone: 'Asia/Dhaka' } as never)
    .where('id', '=', merchantId)
    .execute();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());
  cur = `${today.slice(0, 7)}-01`;
  m1 = nextMonth(cur);
  await t.db.deleteFrom('vip_ranks').where('merchant_id', '=', merchantId).execute();
  await t.db
    .insertInto('vip_ranks')
    .values(
      RANKS.map((r) => ({
        merchant_id: merchantId,
        level: r.level,
        name_bn: r.nameBn,
        name_en: r.nameEn,
        monthly_turnover: r.monthlyTurnover,
        promotion_bonus: r.promotionBonus,
        monthly_bonus: r.monthlyBonus,
      })),
    )
    .execute();
  await sql`
    INSERT INTO vip_review_state (merchant_id, reviewed_month) VALUES (${merchantId}, ${cur}::date)
    ON CONFLICT (merchant_id) DO UPDATE SET reviewed_month = excluded.reviewed_month`.execute(t.db);
  ids = await createMembers(t.db, merchantId, MEMBERS);
  await t.db
    .updateTable('members')
    .set({ type: 4 })
    .where(
      'id',
      'in',
      ids.filter((_, i) => isTrial(i)),
    )
    .execute();
  const stats: string[] = [];
  ids.forEach((id, i) => {
    const row = (day: string, valid: bigint) =>
      stats.push(`(${merchantId}, ${id}, '${day}', 'RNG', 1, ${valid}, ${valid}, 0)`);
    if (closed(i) > 0n) row(cur, closed(i));
    if (early(i) > 0n) row(m1, early(i));
  });
  await sql
    .raw(
      `INSERT INTO member_daily_stats (merchant_id, member_id, day, product_type, bet_count, valid_bet, payout, profit_loss)
       VALUES ${stats.join(', ')}`,
    )
    .execute(t.db);
  // Earlier promotions in cur, with their bonus rows.
  for (const [i, id] of ids.entries()) {
    const level = promotedBefore(i);
    if (level === 0 || isTrial(i)) continue;
    await t.db
      .insertInto('vip_rank_history')
      .values({ merchant_id: merchantId, member_id: id, level, reason: 'promotion', month: cur, turnover: 0n })
      .execute();
    // Their bonus rows (the payments themselves are not this test's subject).
    const paid = RANKS.filter((r) => r.level <= level && r.promotionBonus > 0n);
    if (paid.length > 0) {
      await t.db
        .insertInto('vip_bonuses')
        .values(
          paid.map((r) => ({
            merchant_id: merchantId,
            member_id: id,
            kind: 'promotion' as const,
            level: r.level,
            month: cur,
            amount: r.promotionBonus,
          })),
        )
        .execute();
    }
  }
});
afterAll(() => t.close());

it('reviews a few hundred members in one statement with the member-by-member outcome', async () => {
  const result = await vip.runPass(new Date(`${m1}T00:02:00+06:00`));
  expect(result.months).toBe(1);

  const history = await t.db
    .selectFrom('vip_rank_history')
    .select(['member_id', 'level', 'reason', sql<string>`month::text`.as('month'), 'turnover'])
    .where('member_id', 'in', ids)
    .where('month', '=', m1)
    .execute();
  const bonuses = await t.db
    .selectFrom('vip_bonuses as b')
    .leftJoin('ledger_transactions as tx', 'tx.id', 'b.ledger_transaction_id')
    .select(['b.member_id', 'b.kind', 'b.level', 'b.amount', 'tx.idempotency_key'])
    .where('b.member_id', 'in', ids)
    .where('b.month', '=', m1)
    .execute();
  const notices = await t.db
    .selectFrom('member_inbox')
    .select(['member_id', 'kind'])
    .where('member_id', 'in', ids)
    .where('kind', 'in', ['vip.promotion', 'vip.monthly'])
    .execute();

  const wantHistory: unknown[] = [];
  const wantBonuses: unknown[] = [];
  ids.forEach((id, i) => {
    if (isTrial(i)) return;
    const before = promotedBefore(i);
    const level = Math.max(levelFor(RANKS, closed(i)), levelFor(RANKS, early(i)));
    const reviewed = closed(i) + early(i) > 0n || before > 0;
    if (!reviewed) return;
    if (level !== before) wantHistory.push([id, level, 'review', m1, closed(i).toString()]);
    if (level > before) {
      for (const rank of RANKS) {
        // Levels up to `before` were paid at the earlier promotion (not recorded here: none to pay twice).
        if (rank.level <= level && rank.level > before && rank.promotionBonus > 0n) {
          wantBonuses.push([id, 'promotion', rank.level, rank.promotionBonus, `vip:promotion:${id}:${rank.level}`]);
        }
      }
    }
    const rank = RANKS.find((r) => r.level === level);
    if (rank && rank.monthlyBonus > 0n) {
      wantBonuses.push([id, 'monthly', level, rank.monthlyBonus, `vip:monthly:${id}:${m1}`]);
    }
  });
  const sort = (rows: unknown[][]) =>
    rows.map((r) => JSON.stringify(r, (_, v) => (typeof v === 'bigint' ? `${v}` : v))).sort();
  expect(sort(history.map((h) => [h.member_id, h.level, h.reason, h.month, h.turnover.toString()]))).toEqual(
    sort(wantHistory as unknown[][]),
  );
  expect(sort(bonuses.map((b) => [b.member_id, b.kind, b.level, b.amount, b.idempotency_key]))).toEqual(
    sort(wantBonuses as unknown[][]),
  );
  expect(notices).toHaveLength(wantBonuses.length);
  expect(wantBonuses.length).toBeGreaterThan(MEMBERS / 3);
  // The demo's own members are reviewed beside them.
  expect(result.bonuses).toBeGreaterThanOrEqual(wantBonuses.length);

  // A second pass and the month's promotion check change nothing.
  const again = await vip.runPass(new Date(`${m1}T00:10:00+06:00`));
  expect(again).toMatchObject({ months: 0, promotions: 0, bonuses: 0 });
  expect(await auditLedger(t.db, merchantId)).toMatchObject({ unbalanced: [], drifted: [], negative: [] });
});

import { sql } from 'kysely';
import { formatMinor, toDecimalString } from '@khela/money';
import {
  MEMBER_TYPES,
  parseVipRanks,
  type Language,
  type PlayerRankProgress,
  type StoredVipRank,
  type VipRank,
  type VipRanksInput,
} from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext } from '../../http/context.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { notifyInbox } from '../agents/contracts/contracts.ts';
import { payFromHouse } from '../ledger/house-payout.ts';

/** Ledger kinds of the two VIP bonuses (their records carry these types; the web labels them bn/en). */
export const VIP_PROMOTION_KIND = 'vip_promotion_bonus';
export const VIP_MONTHLY_KIND = 'vip_monthly_bonus';
const TRIAL = MEMBER_TYPES.TRIAL;
/** At most this many months per merchant in one pass (a long outage catches up over a few passes). */
const MAX_MONTHS_PER_PASS = 24;

interface Merchant {
  id: number;
  currency: string;
  time_zone: string;
}

/** The first day (`YYYY-MM-01`) of the month after `month`. */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

/** The first day of the month before `month`. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
}

/** The highest level whose monthly turnover `turnover` reaches; 0: none. */
export function levelFor(ranks: readonly StoredVipRank[], turnover: bigint): number {
  let level = 0;
  for (const rank of ranks) if (turnover >= rank.monthlyTurnover) level = rank.level;
  return level;
}

/** One member at a time: the promotion check, the monthly review and the bonuses they pay. */
const lockMember = (trx: Db, memberId: number) =>
  sql`SELECT pg_advisory_xact_lock(hashtext('vip_member'), ${memberId})`.execute(trx);

/** Valid bet of every product type but the cash row, in the month starting `month` (merchant-local days). */
async function turnoverOf(trx: Db, memberId: number, month: string): Promise<bigint> {
  const row = await trx
    .selectFrom('member_daily_stats')
    .select(sql<string>`coalesce(sum(valid_bet), 0)::text`.as('n'))
    .where('member_id', '=', memberId)
    .where('product_type', '<>', 'CASH')
    .where(sql<boolean>`day >= ${month}::date AND day < (${month}::date + interval '1 month')`)
    .executeTakeFirstOrThrow();
  return BigInt(row.n);
}

async function currentLevel(trx: Db, memberId: number): Promise<number> {
  const row = await trx
    .selectFrom('vip_rank_history')
    .select('level')
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.level ?? 0;
}

async function ranksOf(db: Db, merchantId: number): Promise<StoredVipRank[]> {
  const rows = await db
    .selectFrom('vip_ranks')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('level')
    .execute();
  return rows.map((r) => ({
    level: r.level,
    nameBn: r.name_bn,
    nameEn: r.name_en,
    monthlyTurnover: r.monthly_turnover,
    promotionBonus: r.promotion_bonus,
    monthlyBonus: r.monthly_bonus,
  }));
}

const monthOf = (at: Date) =>
  sql<string>`date_trunc('month', ${at}::timestamptz AT TIME ZONE m.time_zone)::date::text`.as('month');

function rankView(rank: StoredVipRank, language: Language): VipRank {
  return {
    level: rank.level,
    name: language === 'bn' ? rank.nameBn : rank.nameEn,
    monthlyTurnover: toDecimalString(rank.monthlyTurnover),
    promotionBonus: toDecimalString(rank.promotionBonus),
    monthlyBonus: toDecimalString(rank.monthlyBonus),
  };
}

function adminView(ranks: StoredVipRank[], reviewedMonth: string | null) {
  return {
    ranks: ranks.map((r) => ({
      level: r.level,
      nameBn: r.nameBn,
      nameEn: r.nameEn,
      monthlyTurnover: toDecimalString(r.monthlyTurnover),
      promotionBonus: toDecimalString(r.promotionBonus),
      monthlyBonus: toDecimalString(r.monthlyBonus),
    })),
    reviewedMonth: reviewedMonth?.slice(0, 7) ?? null,
  };
}

export interface VipPassResult {
  merchants: number;
  months: number;
  promotions: number;
  bonuses: number;
}

/**
 * VIP ranks (§1 "VIP and rank benefits", §2 VIP Bonus; issue 14 item 4; docs/adr/0015-vip-ranks.md).
 *
 * - A rank is reached by the member's valid bet in the merchant-local month (member_daily_stats,
 *   every product type but CASH). Reaching a higher rank's threshold promotes at once (the worker
 *   every 5 minutes, and the member's progress call); the 1st-of-month review sets the rank for
 *   the new month from the month that closed, so a rank won in a month is kept through the next.
 * - The promotion bonus is paid once per (member, level) — each level reached for the first time,
 *   skipped ones included; the monthly bonus of the rank held after the review once per (member,
 *   month). Both from the house to the member's main wallet with a 1× turnover requirement (as
 *   rebates, ADR 0014: nothing spends the bonus wallet), one ledger transaction each, keyed
 *   `vip:promotion:<member>:<level>` / `vip:monthly:<member>:<month>`.
 * - Trial accounts (§4) get no rank and no bonus; closed accounts are left alone.
 */
export function vipRanks({ db, ledger }: { db: Db; ledger: Ledger }) {
  async function pay(
    trx: Db,
    merchant: Merchant,
    memberId: number,
    kind: 'promotion' | 'monthly',
    rank: StoredVipRank,
    month: string,
  ): Promise<boolean> {
    const amount = kind === 'promotion' ? rank.promotionBonus : rank.monthlyBonus;
    if (amount <= 0n) return false;
    const inserted = await trx
      .insertInto('vip_bonuses')
      .values({ merchant_id: merchant.id, member_id: memberId, kind, level: rank.level, month, amount })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return false;
    const transactionId = await payFromHouse(trx, ledger, {
      merchant,
      memberId,
      amount,
      idempotencyKey:
        kind === 'promotion' ? `vip:promotion:${memberId}:${rank.level}` : `vip:monthly:${memberId}:${month}`,
      kind: kind === 'promotion' ? VIP_PROMOTION_KIND : VIP_MONTHLY_KIND,
      reference: { level: String(rank.level), month },
      turnover: true,
    });
    await trx
      .updateTable('vip_bonuses')
      .set({ ledger_transaction_id: transactionId })
      .where('id', '=', inserted.id)
      .execute();
    const text = formatMinor(amount);
    await notifyInbox(
      trx,
      merchant.id,
      memberId,
      kind === 'promotion' ? 'vip.promotion' : 'vip.monthly',
      kind === 'promotion'
        ? { en: `Welcome to ${rank.nameEn}`, bn: `${rank.nameBn}-এ স্বাগতম` }
        : { en: `${rank.nameEn} monthly bonus`, bn: `${rank.nameBn} মাসিক বোনাস` },
      kind === 'promotion'
        ? {
            en: `You reached the ${rank.nameEn} rank: a bonus of ${text} has been added to your wallet.`,
            bn: `আপনি ${rank.nameBn} র‍্যাঙ্কে পৌঁছেছেন: ${text} বোনাস আপনার ওয়ালেটে যোগ হয়েছে।`,
          }
        : {
            en: `Your ${rank.nameEn} monthly bonus of ${text} for ${month.slice(0, 7)} has been added to your wallet.`,
            bn: `${month.slice(0, 7)}-এর জন্য আপনার ${rank.nameBn} মাসিক বোনাস ${text} আপনার ওয়ালেটে যোগ হয়েছে।`,
          },
      { level: rank.level, month, amount: amount.toString() },
    );
    return true;
  }

  /** Promotion bonuses of every level up to `level` not paid before. */
  async function payPromotions(
    trx: Db,
    merchant: Merchant,
    memberId: number,
    ranks: StoredVipRank[],
    level: number,
    month: string,
  ) {
    let paid = 0;
    for (const rank of ranks)
      if (rank.level <= level && (await pay(trx, merchant, memberId, 'promotion', rank, month))) paid += 1;
    return paid;
  }

  /** The promotion check of one member at `at`: a higher rank reached this month is taken at once. */
  async function check(memberId: number, at: Date): Promise<{ promoted: boolean; bonuses: number }> {
    return db.transaction().execute(async (trx) => {
      await lockMember(trx, memberId);
      const row = await trx
        .selectFrom('members as mem')
        .innerJoin('merchants as m', 'm.id', 'mem.merchant_id')
        .select(['m.id', 'm.currency', 'm.time_zone', 'mem.type', 'mem.status', monthOf(at)])
        .where('mem.id', '=', memberId)
        .executeTakeFirst();
      if (!row || row.type === TRIAL || row.status === 'closed') return { promoted: false, bonuses: 0 };
      const ranks = await ranksOf(trx, row.id);
      const turnover = await turnoverOf(trx, memberId, row.month);
      const target = levelFor(ranks, turnover);
      const level = await currentLevel(trx, memberId);
      if (target <= level) return { promoted: false, bonuses: 0 };
      await trx
        .insertInto('vip_rank_history')
        .values({
          merchant_id: row.id,
          member_id: memberId,
          level: target,
          reason: 'promotion',
          month: row.month,
          turnover,
        })
        .execute();
      return { promoted: true, bonuses: await payPromotions(trx, row, memberId, ranks, target, row.month) };
    });
  }

  /**
   * The review that opens `month`: each ranked member and each member who bet in the month before
   * gets the rank of that month's turnover (or of `month`'s so far, if higher), and the monthly
   * bonus of the rank it now holds. One transaction per month and merchant, with the cursor.
   */
  async function reviewMonth(
    merchant: Merchant,
    month: string,
  ): Promise<{ outcome: 'done' | 'busy' | 'stop'; bonuses: number }> {
    return db.transaction().execute(async (trx) => {
      const state = await trx
        .selectFrom('vip_review_state')
        .select(sql<string>`reviewed_month::text`.as('reviewed_month'))
        .where('merchant_id', '=', merchant.id)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!state) return { outcome: 'busy' as const, bonuses: 0 };
      if (state.reviewed_month >= month) return { outcome: 'stop' as const, bonuses: 0 };
      const ranks = await ranksOf(trx, merchant.id);
      const { rows } = await sql<{ id: number }>`
        SELECT mem.id FROM members mem
         WHERE mem.merchant_id = ${merchant.id} AND mem.type <> ${TRIAL} AND mem.status <> 'closed'
           AND (EXISTS (SELECT 1 FROM member_daily_stats d
                         WHERE d.member_id = mem.id AND d.product_type <> 'CASH' AND d.valid_bet > 0
                           AND d.day >= (${month}::date - interval '1 month') AND d.day < (${month}::date + interval '1 month'))
                OR EXISTS (SELECT 1 FROM vip_rank_history h WHERE h.member_id = mem.id))
         ORDER BY mem.id`.execute(trx);
      const prev = previousMonth(month);
      let bonuses = 0;
      for (const { id } of rows) {
        await lockMember(trx, id);
        const closed = await turnoverOf(trx, id, prev);
        const level = Math.max(levelFor(ranks, closed), levelFor(ranks, await turnoverOf(trx, id, month)));
        const before = await currentLevel(trx, id);
        if (level !== before) {
          await trx
            .insertInto('vip_rank_history')
            .values({ merchant_id: merchant.id, member_id: id, level, reason: 'review', month, turnover: closed })
            .execute();
        }
        if (level > before) bonuses += await payPromotions(trx, merchant, id, ranks, level, month);
        const rank = ranks.find((r) => r.level === level);
        if (rank && (await pay(trx, merchant, id, 'monthly', rank, month))) bonuses += 1;
      }
      await trx
        .updateTable('vip_review_state')
        .set({ reviewed_month: month })
        .where('merchant_id', '=', merchant.id)
        .execute();
      return { outcome: 'done' as const, bonuses };
    });
  }

  /** The worker's pass as of `now`: every due 1st-of-month review, then the promotion check of this month. */
  async function runPass(now: Date): Promise<VipPassResult> {
    const result: VipPassResult = { merchants: 0, months: 0, promotions: 0, bonuses: 0 };
    const merchants = await db
      .selectFrom('merchants as m')
      .select(['m.id', 'm.currency', 'm.time_zone', monthOf(now)])
      .where(({ exists, selectFrom }) =>
        exists(selectFrom('vip_ranks as r').select('r.level').whereRef('r.merchant_id', '=', 'm.id')),
      )
      .orderBy('m.id')
      .execute();
    for (const merchant of merchants) {
      result.merchants += 1;
      await db
        .insertInto('vip_review_state')
        .values({ merchant_id: merchant.id, reviewed_month: merchant.month })
        .onConflict((oc) => oc.column('merchant_id').doNothing())
        .execute();
      const state = await db
        .selectFrom('vip_review_state')
        .select(sql<string>`reviewed_month::text`.as('reviewed_month'))
        .where('merchant_id', '=', merchant.id)
        .executeTakeFirstOrThrow();
      let month = nextMonth(state.reviewed_month);
      for (let n = 0; n < MAX_MONTHS_PER_PASS && month <= merchant.month; n += 1) {
        const done = await reviewMonth(merchant, month);
        if (done.outcome !== 'done') break;
        result.months += 1;
        result.bonuses += done.bonuses;
        month = nextMonth(month);
      }
      const ranks = await ranksOf(db, merchant.id);
      const lowest = ranks[0]?.monthlyTurnover;
      if (lowest === undefined) continue;
      const { rows } = await sql<{ member_id: number }>`
        SELECT d.member_id FROM member_daily_stats d JOIN members mem ON mem.id = d.member_id
         WHERE d.merchant_id = ${merchant.id} AND d.product_type <> 'CASH'
           AND d.day >= ${merchant.month}::date AND d.day < (${merchant.month}::date + interval '1 month')
           AND mem.type <> ${TRIAL} AND mem.status <> 'closed'
         GROUP BY d.member_id HAVING sum(d.valid_bet) >= ${lowest}
         ORDER BY d.member_id`.execute(db);
      for (const { member_id } of rows) {
        const checked = await check(member_id, now);
        if (checked.promoted) result.promotions += 1;
        result.bonuses += checked.bonuses;
      }
    }
    return result;
  }

  return {
    runPass,
    check,

    /** MCSFE_getPlayerRankProgress: runs the promotion check first, so a rank reached shows at once. */
    async progress(member: MemberContext, language: Language, now = new Date()): Promise<PlayerRankProgress> {
      const trial = member.type === TRIAL;
      if (!trial) await check(member.id, now);
      const m = await db
        .selectFrom('merchants as m')
        .select([monthOf(now)])
        .where('m.id', '=', member.merchantId)
        .executeTakeFirstOrThrow();
      const ranks = await ranksOf(db, member.merchantId);
      const [level, actual, total, paid] = trial
        ? [0, 0n, 0n, 0n]
        : await Promise.all([
            currentLevel(db, member.id),
            turnoverOf(db, member.id, m.month),
            db
              .selectFrom('member_daily_stats')
              .select(sql<string>`coalesce(sum(valid_bet), 0)::text`.as('n'))
              .where('member_id', '=', member.id)
              .where('product_type', '<>', 'CASH')
              .executeTakeFirstOrThrow()
              .then((r) => BigInt(r.n)),
            db
              .selectFrom('vip_bonuses')
              .select(sql<string>`coalesce(sum(amount), 0)::text`.as('n'))
              .where('member_id', '=', member.id)
              .executeTakeFirstOrThrow()
              .then((r) => BigInt(r.n)),
          ]);
      const rank = ranks.find((r) => r.level === level);
      const next = ranks.find((r) => r.level > level);
      const name = rank ? (language === 'bn' ? rank.nameBn : rank.nameEn) : null;
      const expected = next?.monthlyTurnover ?? rank?.monthlyTurnover ?? null;
      return {
        hasVip: rank !== undefined,
        vipRankLevel: rank ? level : 0,
        playerRankName: name,
        vipLabelName: name,
        month: m.month.slice(0, 7),
        monthlyTurnover: {
          actual: toDecimalString(actual),
          expected: trial || expected === null ? null : toDecimalString(expected),
        },
        totalTurnover: toDecimalString(total),
        nextRank: !trial && next ? rankView(next, language) : null,
        ranks: ranks.map((r) => rankView(r, language)),
        bonusesPaid: toDecimalString(paid),
      };
    },

    /** GET /admin/vip-ranks */
    async ranks(merchantId: number) {
      const state = await db
        .selectFrom('vip_review_state')
        .select(sql<string>`reviewed_month::text`.as('reviewed_month'))
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst();
      return adminView(await ranksOf(db, merchantId), state?.reviewed_month ?? null);
    },

    /**
     * PUT /admin/vip-ranks (audited): the whole ladder at once. The first ranks of a merchant start
     * the review cursor at its current month (nothing before it is reviewed or paid).
     */
    async update(actor: AuditActor, input: VipRanksInput) {
      const parsed = parseVipRanks(input);
      if (!parsed.ok) throw new AppError(parsed.code);
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('vip_review_state')
          .values({
            merchant_id: actor.merchantId,
            reviewed_month: sql<string>`date_trunc('month', now() AT TIME ZONE (SELECT time_zone FROM merchants WHERE id = ${actor.merchantId}))::date`,
          })
          .onConflict((oc) => oc.column('merchant_id').doNothing())
          .execute();
        const state = await trx
          .selectFrom('vip_review_state')
          .select(sql<string>`reviewed_month::text`.as('reviewed_month'))
          .where('merchant_id', '=', actor.merchantId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const before = adminView(await ranksOf(trx, actor.merchantId), state.reviewed_month);
        await trx.deleteFrom('vip_ranks').where('merchant_id', '=', actor.merchantId).execute();
        if (parsed.ranks.length) {
          await trx
            .insertInto('vip_ranks')
            .values(
              parsed.ranks.map((r) => ({
                merchant_id: actor.merchantId,
                level: r.level,
                name_bn: r.nameBn,
                name_en: r.nameEn,
                monthly_turnover: r.monthlyTurnover,
                promotion_bonus: r.promotionBonus,
                monthly_bonus: r.monthlyBonus,
              })),
            )
            .execute();
        }
        const after = adminView(parsed.ranks, state.reviewed_month);
        await recordAudit(trx, actor, {
          action: 'update',
          entity: 'vipRanks',
          entityId: actor.merchantId,
          before,
          after,
        });
        return after;
      });
    },
  };
}
export type VipRanks = ReturnType<typeof vipRanks>;

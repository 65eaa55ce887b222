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
import { payFromHouse } from '../ledger/house-payout.ts';
import { settleClosedPeriods, type ClosedPeriodProgramme } from '../programmes/closed-periods.ts';

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

/** A vip_bonuses row just inserted, to be paid. */
interface BonusRow {
  id: string;
  member_id: number;
  kind: 'promotion' | 'monthly';
  level: number;
  amount: string;
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
  /**
   * Pays bonus rows just inserted (their unique indexes let each (member, level) promotion and
   * (member, month) monthly bonus in once): one house payout each with its turnover requirement,
   * then their transaction ids in one statement and the members' inbox notices in a few.
   */
  async function payBonuses(trx: Db, merchant: Merchant, ranks: StoredVipRank[], month: string, rows: BonusRow[]) {
    if (rows.length === 0) return;
    const transactions: string[] = [];
    const notices = [];
    for (const row of rows) {
      const amount = BigInt(row.amount);
      const rank = ranks.find((r) => r.level === row.level)!;
      const promotion = row.kind === 'promotion';
      const transactionId = await payFromHouse(trx, ledger, {
        merchant,
        memberId: row.member_id,
        amount,
        idempotencyKey: promotion
          ? `vip:promotion:${row.member_id}:${row.level}`
          : `vip:monthly:${row.member_id}:${month}`,
        kind: promotion ? VIP_PROMOTION_KIND : VIP_MONTHLY_KIND,
        reference: { level: String(row.level), month },
        turnover: true,
      });
      transactions.push(transactionId.toString());
      const text = formatMinor(amount);
      const title = promotion
        ? { en: `Welcome to ${rank.nameEn}`, bn: `${rank.nameBn}-এ স্বাগতম` }
        : { en: `${rank.nameEn} monthly bonus`, bn: `${rank.nameBn} মাসিক বোনাস` };
      const body = promotion
        ? {
            en: `You reached the ${rank.nameEn} rank: a bonus of ${text} has been added to your wallet.`,
            bn: `আপনি ${rank.nameBn} র‍্যাঙ্কে পৌঁছেছেন: ${text} বোনাস আপনার ওয়ালেটে যোগ হয়েছে।`,
          }
        : {
            en: `Your ${rank.nameEn} monthly bonus of ${text} for ${month.slice(0, 7)} has been added to your wallet.`,
            bn: `${month.slice(0, 7)}-এর জন্য আপনার ${rank.nameBn} মাসিক বোনাস ${text} আপনার ওয়ালেটে যোগ হয়েছে।`,
          };
      notices.push({
        merchant_id: merchant.id,
        member_id: row.member_id,
        kind: promotion ? 'vip.promotion' : 'vip.monthly',
        title: JSON.stringify(title),
        body: JSON.stringify(body),
        reference: JSON.stringify({ level: row.level, month, amount: row.amount }),
      });
    }
    await sql`
      UPDATE vip_bonuses b SET ledger_transaction_id = v.tx
        FROM unnest(${rows.map((r) => r.id)}::bigint[], ${transactions}::bigint[]) AS v(id, tx)
       WHERE b.id = v.id`.execute(trx);
    // In chunks: a statement takes at most 65,535 parameters.
    for (let i = 0; i < notices.length; i += 1_000) {
      await trx
        .insertInto('member_inbox')
        .values(notices.slice(i, i + 1_000) as never)
        .execute();
    }
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
      await sql`SELECT pg_advisory_xact_lock_shared(hashtext('vip_merchant'), ${row.id})`.execute(trx);
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
      const { rows } = await sql<BonusRow>`
        INSERT INTO vip_bonuses (merchant_id, member_id, kind, level, month, amount)
        SELECT ${row.id}::int, ${memberId}::int, 'promotion', level, ${row.month}::date, promotion_bonus
          FROM vip_ranks WHERE merchant_id = ${row.id} AND level <= ${target} AND promotion_bonus > 0
         ORDER BY level
        ON CONFLICT DO NOTHING
        RETURNING id::text AS id, member_id, kind, level, amount::text AS amount`.execute(trx);
      await payBonuses(trx, row, ranks, row.month, rows);
      return { promoted: true, bonuses: rows.length };
    });
  }

  /**
   * The review that opens `month`, set-based: each ranked member and each member who bet in the
   * month before gets the rank of that month's turnover (or of `month`'s so far, if higher), the
   * promotion bonuses of levels it newly reaches and the monthly bonus of the rank it now holds.
   * One statement decides and records all of it; then each bonus is paid (its own ledger
   * transaction). One transaction per month and merchant, with the cursor. The merchant lock keeps
   * promotion checks (which take it shared) out while the review runs.
   */
  async function reviewMonth(
    merchant: Merchant,
    month: string,
  ): Promise<{ outcome: 'done' | 'busy' | 'stop'; paid: number }> {
    return db.transaction().execute(async (trx) => {
      const state = await trx
        .selectFrom('vip_review_state')
        .select(sql<string>`reviewed_month::text`.as('reviewed_month'))
        .where('merchant_id', '=', merchant.id)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!state) return { outcome: 'busy' as const, paid: 0 };
      if (state.reviewed_month >= month) return { outcome: 'stop' as const, paid: 0 };
      await sql`SELECT pg_advisory_xact_lock(hashtext('vip_merchant'), ${merchant.id})`.execute(trx);
      const ranks = await ranksOf(trx, merchant.id);
      const { rows } = await sql<BonusRow>`
        WITH r AS (
          SELECT level, monthly_turnover, promotion_bonus, monthly_bonus FROM vip_ranks WHERE merchant_id = ${merchant.id}
        ), t AS (
          SELECT d.member_id,
                 coalesce(sum(d.valid_bet) FILTER (WHERE d.day < ${month}::date), 0) AS closed,
                 coalesce(sum(d.valid_bet) FILTER (WHERE d.day >= ${month}::date), 0) AS current
            FROM member_daily_stats d
           WHERE d.merchant_id = ${merchant.id} AND d.product_type <> 'CASH'
             AND d.day >= (${month}::date - interval '1 month') AND d.day < (${month}::date + interval '1 month')
           GROUP BY d.member_id
          HAVING sum(d.valid_bet) > 0
        ), h AS (
          SELECT DISTINCT ON (member_id) member_id, level FROM vip_rank_history
           WHERE merchant_id = ${merchant.id} ORDER BY member_id, id DESC
        ), decided AS (
          SELECT mem.id AS member_id, coalesce(t.closed, 0) AS closed, coalesce(h.level, 0) AS before,
                 greatest(coalesce((SELECT max(level) FROM r WHERE r.monthly_turnover <= coalesce(t.closed, 0)), 0),
                          coalesce((SELECT max(level) FROM r WHERE r.monthly_turnover <= coalesce(t.current, 0)), 0)) AS level
            FROM members mem LEFT JOIN t ON t.member_id = mem.id LEFT JOIN h ON h.member_id = mem.id
           WHERE mem.merchant_id = ${merchant.id} AND mem.type <> ${TRIAL} AND mem.status <> 'closed'
             AND (t.member_id IS NOT NULL OR h.member_id IS NOT NULL)
        ), history AS (
          INSERT INTO vip_rank_history (merchant_id, member_id, level, reason, month, turnover)
          SELECT ${merchant.id}::int, member_id, level, 'review', ${month}::date, closed FROM decided WHERE level <> before
        ), bonuses AS (
          INSERT INTO vip_bonuses (merchant_id, member_id, kind, level, month, amount)
          SELECT ${merchant.id}::int, d.member_id, 'promotion', r.level, ${month}::date, r.promotion_bonus
            FROM decided d JOIN r ON r.level <= d.level
           WHERE d.level > d.before AND r.promotion_bonus > 0
          UNION ALL
          SELECT ${merchant.id}::int, d.member_id, 'monthly', r.level, ${month}::date, r.monthly_bonus
            FROM decided d JOIN r ON r.level = d.level
           WHERE r.monthly_bonus > 0
          ON CONFLICT DO NOTHING
          RETURNING id, member_id, kind, level, amount
        )
        SELECT id::text AS id, member_id, kind, level, amount::text AS amount FROM bonuses
         ORDER BY member_id, kind DESC, level`.execute(trx);
      await payBonuses(trx, merchant, ranks, month, rows);
      await trx
        .updateTable('vip_review_state')
        .set({ reviewed_month: month })
        .where('merchant_id', '=', merchant.id)
        .execute();
      return { outcome: 'done' as const, paid: rows.length };
    });
  }

  /** The reviews as the shared closed-period loop drives them (modules/programmes/closed-periods.ts). */
  const reviews: ClosedPeriodProgramme<Merchant> = {
    async cursors(now) {
      // A merchant's first ranks start its cursor at the current month (nothing before it is reviewed).
      await sql`
        INSERT INTO vip_review_state (merchant_id, reviewed_month)
        SELECT m.id, date_trunc('month', ${now}::timestamptz AT TIME ZONE m.time_zone)::date
          FROM merchants m WHERE EXISTS (SELECT 1 FROM vip_ranks r WHERE r.merchant_id = m.id)
        ON CONFLICT (merchant_id) DO NOTHING`.execute(db);
      const merchants = await db
        .selectFrom('merchants as m')
        .innerJoin('vip_review_state as s', 's.merchant_id', 'm.id')
        .select(['m.id', 'm.currency', 'm.time_zone', monthOf(now), sql<string>`s.reviewed_month::text`.as('reviewed')])
        .where(({ exists, selectFrom }) =>
          exists(selectFrom('vip_ranks as r').select('r.level').whereRef('r.merchant_id', '=', 'm.id')),
        )
        .orderBy('m.id')
        .execute();
      return merchants.map((m) => ({
        merchant: { id: m.id, currency: m.currency, time_zone: m.time_zone },
        next: nextMonth(m.reviewed),
        last: m.month,
      }));
    },
    settle: reviewMonth,
    following: nextMonth,
    maxPerPass: MAX_MONTHS_PER_PASS,
  };

  /** The worker's pass as of `now`: every due 1st-of-month review, then the promotion check of this month. */
  async function runPass(now: Date): Promise<VipPassResult> {
    const reviewed = await settleClosedPeriods(reviews, now);
    const result: VipPassResult = {
      merchants: reviewed.merchants,
      months: reviewed.periods,
      promotions: 0,
      bonuses: reviewed.paid,
    };
    for (const { merchant, last: month } of await reviews.cursors(now)) {
      const ranks = await ranksOf(db, merchant.id);
      const lowest = ranks[0]?.monthlyTurnover;
      if (lowest === undefined) continue;
      const { rows } = await sql<{ member_id: number }>`
        SELECT d.member_id FROM member_daily_stats d JOIN members mem ON mem.id = d.member_id
         WHERE d.merchant_id = ${merchant.id} AND d.product_type <> 'CASH'
           AND d.day >= ${month}::date AND d.day < (${month}::date + interval '1 month')
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

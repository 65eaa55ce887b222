import { sql } from 'kysely';
import { formatMinor, toDecimalString } from '@khela/money';
import {
  bpToRate,
  MEMBER_TYPES,
  parseRebateSettings,
  REBATE_PRODUCT_TYPES,
  type RebateRate,
  type RebateRecord,
  type RebateSetting,
  type RebateSettingsInput,
  type RebateSummary,
  type StoredRebateRate,
} from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext } from '../../http/context.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import { notifyInbox } from '../agents/contracts/contracts.ts';
import { payFromHouse } from '../ledger/house-payout.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { dailyProgrammeSource, lastClosedDay, switchedOnCursor } from '../programmes/daily-source.ts';

/** Ledger transactions of this kind pay a rebate; the records show them as bonus (wallet/records.ts). */
export const REBATE_KIND = 'rebate';
const INBOX_KIND = 'rebate.paid';
const TRIAL = MEMBER_TYPES.TRIAL;
/** pg_advisory_xact_lock(namespace, member): one manual claim of a member at a time. */
const CLAIM_LOCK = 14_005;

/** Basis points of the valid bet, floored to the minor unit, at most the daily cap. */
export function rebateOf(validBet: bigint, rateBp: number, dailyCap: bigint | null): bigint {
  const amount = (validBet * BigInt(rateBp)) / 10_000n;
  return dailyCap !== null && amount > dailyCap ? dailyCap : amount;
}

const ORDER = new Map<string, number>(REBATE_PRODUCT_TYPES.map((type, i) => [type, i]));

function rateView(rate: StoredRebateRate): RebateRate {
  return {
    productType: rate.productType,
    rate: bpToRate(rate.rateBp),
    dailyCap: rate.dailyCap === null ? null : toDecimalString(rate.dailyCap),
    mode: rate.mode,
    vipRates: rate.vipRates.map((v) => ({ level: v.level, rate: bpToRate(v.rateBp) })),
  };
}

/** The member's own rate at `level`: its VIP level's where the operator set one, else the product type's. */
export function rateAtLevel(rate: StoredRebateRate, level: number): number {
  return rate.vipRates.find((v) => v.level === level)?.rateBp ?? rate.rateBp;
}

/**
 * The member's VIP level at the end of its day (`d.day`, merchant `m`'s zone; 0: no rank): a
 * review ranks the member from the 1st of its month, a promotion from when it was taken.
 */
const LEVEL_AT_DAY_END = sql`
  LEFT JOIN LATERAL (
    SELECT h.level FROM vip_rank_history h
     WHERE h.member_id = d.member_id
       AND CASE WHEN h.reason = 'review' THEN h.month::timestamp AT TIME ZONE m.time_zone ELSE h.from_at END
           < (d.day + 1)::timestamp AT TIME ZONE m.time_zone
     ORDER BY CASE WHEN h.reason = 'review' THEN h.month::timestamp AT TIME ZONE m.time_zone ELSE h.from_at END DESC,
              h.id DESC
     LIMIT 1) lv ON true
  LEFT JOIN rebate_vip_rates v
    ON v.merchant_id = d.merchant_id AND v.product_type = d.product_type AND v.level = lv.level`;

/** A day owed to a member: its valid bet in one product type and what the rate pays for it. */
interface Owed {
  memberId: number;
  day: string;
  productType: string;
  mode: 'auto' | 'manual';
  basis: bigint;
  rateBp: number;
  amount: bigint;
}

/**
 * Player rebates (issue 14 item 5, §3 PLYRBT and MANPLAYREB3; docs/adr/0014-rebates.md).
 *
 * - Operators keep, per merchant, whether rebates run and per §3 product type a rate in basis
 *   points of the member's valid bet per merchant-local day, a cap per member and day, and whether
 *   the day is paid by the job (auto) or claimed by the member (manual).
 * - Only closed days since the programme was switched on, from member_daily_stats (migration 0019).
 *   Trial accounts (§4) get nothing.
 * - Each rebate is one row of `rebates` (unique per member, day and product type) and one ledger
 *   transaction from the house to the member's main wallet keyed `rebate:<member>:<day>:<product>`,
 *   with a turnover requirement of its amount; so a re-run or a second claim pays nothing more.
 */
export function rebates({ db, ledger }: { db: Db; ledger: Ledger }) {
  async function ratesOf(trx: Db, merchantId: number): Promise<StoredRebateRate[]> {
    const [rows, vipRows] = await Promise.all([
      trx
        .selectFrom('rebate_rates')
        .select(['product_type', 'rate_bp', 'daily_cap', 'mode'])
        .where('merchant_id', '=', merchantId)
        .execute(),
      trx
        .selectFrom('rebate_vip_rates')
        .select(['product_type', 'level', 'rate_bp'])
        .where('merchant_id', '=', merchantId)
        .orderBy('level')
        .execute(),
    ]);
    return rows
      .map((row) => ({
        productType: row.product_type as StoredRebateRate['productType'],
        rateBp: row.rate_bp,
        dailyCap: row.daily_cap,
        mode: row.mode,
        vipRates: vipRows
          .filter((v) => v.product_type === row.product_type)
          .map((v) => ({ level: v.level, rateBp: v.rate_bp })),
      }))
      .sort((a, b) => (ORDER.get(a.productType) ?? 99) - (ORDER.get(b.productType) ?? 99));
  }

  /** Pays what is owed: a rebates row, its ledger transaction and its turnover requirement each. */
  async function pay(trx: Db, merchant: { id: number; currency: string }, owed: Owed[]): Promise<Owed[]> {
    const paid: Owed[] = [];
    for (const rebate of owed) {
      const inserted = await trx
        .insertInto('rebates')
        .values({
          merchant_id: merchant.id,
          member_id: rebate.memberId,
          day: rebate.day,
          product_type: rebate.productType,
          mode: rebate.mode,
          basis: rebate.basis,
          rate_bp: rebate.rateBp,
          amount: rebate.amount,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) continue;
      const transactionId = await payFromHouse(trx, ledger, {
        merchant,
        memberId: rebate.memberId,
        amount: rebate.amount,
        idempotencyKey: `rebate:${rebate.memberId}:${rebate.day}:${rebate.productType}`,
        kind: REBATE_KIND,
        reference: { day: rebate.day, productType: rebate.productType, mode: rebate.mode },
        turnover: true,
      });
      await trx
        .updateTable('rebates')
        .set({ ledger_transaction_id: transactionId })
        .where('id', '=', inserted.id)
        .execute();
      paid.push(rebate);
    }
    return paid;
  }

  const toOwed = (
    rows: {
      member_id: number;
      day: string;
      product_type: string;
      mode: 'auto' | 'manual';
      valid: string;
      rate_bp: number;
      daily_cap: string | null;
    }[],
  ) =>
    rows.flatMap((row): Owed[] => {
      const basis = BigInt(row.valid);
      const amount = rebateOf(basis, row.rate_bp, row.daily_cap === null ? null : BigInt(row.daily_cap));
      return amount > 0n
        ? [
            {
              memberId: row.member_id,
              day: row.day,
              productType: row.product_type,
              mode: row.mode,
              basis,
              rateBp: row.rate_bp,
              amount,
            },
          ]
        : [];
    });

  /** One closed day of a merchant's automatic rebates, in the cursor's transaction (daily-source.ts). */
  async function payDay(trx: Db, merchant: { id: number; currency: string }, day: string): Promise<number> {
    const { rows } = await sql<Parameters<typeof toOwed>[0][number]>`
      SELECT d.member_id, ${day}::text AS day, d.product_type, r.mode, d.valid_bet::text AS valid,
             coalesce(v.rate_bp, r.rate_bp) AS rate_bp, r.daily_cap::text AS daily_cap
        FROM member_daily_stats d
        JOIN members mb ON mb.id = d.member_id
        JOIN merchants m ON m.id = d.merchant_id
        JOIN rebate_rates r ON r.merchant_id = d.merchant_id AND r.product_type = d.product_type
        ${LEVEL_AT_DAY_END}
       WHERE d.merchant_id = ${merchant.id} AND d.day = ${day}::date AND d.valid_bet > 0
         AND r.mode = 'auto' AND coalesce(v.rate_bp, r.rate_bp) > 0 AND mb.type <> ${TRIAL} AND mb.status <> 'closed'
       ORDER BY d.member_id, d.product_type`.execute(trx);
    const paid = await pay(trx, merchant, toOwed(rows));
    const byMember = new Map<number, bigint>();
    for (const rebate of paid) byMember.set(rebate.memberId, (byMember.get(rebate.memberId) ?? 0n) + rebate.amount);
    for (const [memberId, sum] of byMember) {
      const amount = formatMinor(sum);
      await notifyInbox(
        trx,
        merchant.id,
        memberId,
        INBOX_KIND,
        { en: 'Rebate paid', bn: 'রিবেট প্রদান করা হয়েছে' },
        {
          en: `Your rebate of ${amount} for ${day} has been added to your wallet.`,
          bn: `${day} তারিখের জন্য আপনার রিবেট ${amount} আপনার ওয়ালেটে যোগ হয়েছে।`,
        },
        { day, amount: sum.toString() },
      );
    }
    return paid.length;
  }

  const closedDays = dailyProgrammeSource({ db, table: 'rebate_settings', payDay });

  /** What a member may claim by hand: closed days since the start, manual product types, not yet paid. */
  async function claimable(trx: Db, member: MemberContext): Promise<Owed[]> {
    if (member.type === TRIAL) return [];
    const { rows } = await sql<Parameters<typeof toOwed>[0][number]>`
      SELECT d.member_id, d.day::text AS day, d.product_type, r.mode, d.valid_bet::text AS valid,
             coalesce(v.rate_bp, r.rate_bp) AS rate_bp, r.daily_cap::text AS daily_cap
        FROM member_daily_stats d
        JOIN merchants m ON m.id = d.merchant_id
        JOIN rebate_settings s ON s.merchant_id = d.merchant_id AND s.enabled AND d.day >= s.starts_on
        JOIN rebate_rates r ON r.merchant_id = d.merchant_id AND r.product_type = d.product_type
        ${LEVEL_AT_DAY_END}
       WHERE d.merchant_id = ${member.merchantId} AND d.member_id = ${member.id} AND d.valid_bet > 0
         AND r.mode = 'manual' AND coalesce(v.rate_bp, r.rate_bp) > 0 AND d.day <= ${lastClosedDay(null)}
         AND NOT EXISTS (SELECT 1 FROM rebates x
                          WHERE x.member_id = d.member_id AND x.day = d.day AND x.product_type = d.product_type)
       ORDER BY d.day, d.product_type`.execute(trx);
    return toOwed(rows);
  }

  function settingsView(
    row: { enabled: boolean; starts_on: string | null; paid_through: string | null } | undefined,
    rates: StoredRebateRate[],
  ) {
    return {
      enabled: row?.enabled ?? false,
      rates: rates.map(rateView),
      startsOn: row?.starts_on ?? null,
      paidThrough: row?.paid_through ?? null,
    };
  }

  const SETTINGS_COLUMNS = [
    'enabled',
    sql<string | null>`starts_on::text`.as('starts_on'),
    sql<string | null>`paid_through::text`.as('paid_through'),
  ] as const;

  return {
    /** Pays every closed, unpaid day of every merchant with rebates on, as of `now` (the job; tests pass a fixed now). */
    async runPass(now: Date): Promise<{ merchants: number; days: number; rebates: number }> {
      const { merchants, days, paid } = await closedDays.runPass(now);
      return { merchants, days, rebates: paid };
    },

    /**
     * MCSFE_getCustomerRebateSettingByProductType: the rates the member earns at its current VIP
     * level (none while off; a trial account has no rank, §4).
     */
    async setting(member: MemberContext, manualRebate: boolean): Promise<RebateSetting> {
      const [row, level] = await Promise.all([
        db
          .selectFrom('rebate_settings')
          .select('enabled')
          .where('merchant_id', '=', member.merchantId)
          .executeTakeFirst(),
        db
          .selectFrom('vip_rank_history')
          .select('level')
          .where('member_id', '=', member.id)
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst()
          .then((r) => r?.level ?? 0),
      ]);
      const vipLevel = member.type === TRIAL ? 0 : level;
      const rates = row?.enabled
        ? (await ratesOf(db, member.merchantId))
            .map((rate) => ({ ...rate, rateBp: rateAtLevel(rate, vipLevel) }))
            .filter((rate) => rate.rateBp > 0)
        : [];
      return {
        hasRebate: rates.length > 0,
        manualRebate,
        vipLevel,
        list: rates.map((rate) => ({ ...rateView(rate), vipRates: undefined })),
      };
    },

    async summary(member: MemberContext): Promise<RebateSummary> {
      const owed = await claimable(db, member);
      const byProduct = new Map<string, bigint>();
      for (const rebate of owed)
        byProduct.set(rebate.productType, (byProduct.get(rebate.productType) ?? 0n) + rebate.amount);
      const paid = await db
        .selectFrom('rebates')
        .select(sql<string>`coalesce(sum(amount), 0)::text`.as('total'))
        .where('member_id', '=', member.id)
        .executeTakeFirstOrThrow();
      return {
        claimable: toDecimalString(owed.reduce((sum, rebate) => sum + rebate.amount, 0n)),
        claimableByProduct: [...byProduct].map(([productType, amount]) => ({
          productType,
          amount: toDecimalString(amount),
        })),
        totalPaid: toDecimalString(BigInt(paid.total)),
      };
    },

    async records(member: MemberContext, query: { pageNo?: number | undefined; pageSize?: number | undefined }) {
      const pageNo = query.pageNo ?? 1;
      const pageSize = query.pageSize ?? 20;
      const base = db.selectFrom('rebates').where('member_id', '=', member.id);
      const [rows, totals] = await Promise.all([
        base
          .select([
            'id',
            sql<string>`day::text`.as('day'),
            'product_type',
            'mode',
            'basis',
            'rate_bp',
            'amount',
            'created_at',
          ])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        base
          .select([sql<string>`count(*)::text`.as('n'), sql<string>`coalesce(sum(amount), 0)::text`.as('total')])
          .executeTakeFirstOrThrow(),
      ]);
      const list: RebateRecord[] = rows.map((row) => ({
        id: row.id.toString(),
        day: row.day,
        productType: row.product_type,
        mode: row.mode,
        validBet: toDecimalString(row.basis),
        rate: bpToRate(row.rate_bp),
        amount: toDecimalString(row.amount),
        paidAt: row.created_at.toISOString(),
      }));
      return { list, total: Number(totals.n), pageNo, pageSize, totalPaid: toDecimalString(BigInt(totals.total)) };
    },

    /**
     * rebate.claim (MANPLAYREB3): pays everything claimable in one database transaction. Claims of
     * one member queue on an advisory lock, and the rows' unique key and the ledger keys would
     * refuse a second payment anyway; the later claim finds nothing left (rebate.nothing_to_claim).
     */
    async claim(member: MemberContext, merchant: { id: number; currency: string }) {
      if (member.type === TRIAL) throw new AppError('auth.trial_account');
      return db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${CLAIM_LOCK}, ${member.id})`.execute(trx);
        const paid = await pay(trx, merchant, await claimable(trx, member));
        if (paid.length === 0) throw new AppError('rebate.nothing_to_claim');
        const total = paid.reduce((sum, rebate) => sum + rebate.amount, 0n);
        return { amount: toDecimalString(total), records: paid.length };
      });
    },

    /** GET /admin/rebate-settings */
    async settings(merchantId: number) {
      const row = await db
        .selectFrom('rebate_settings')
        .select(SETTINGS_COLUMNS)
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst();
      return settingsView(row, await ratesOf(db, merchantId));
    },

    /**
     * PUT /admin/rebate-settings (audited): the rates sent replace all rates. Switching on starts
     * earning with the merchant's current day: days while it was off are never paid afterwards.
     */
    async update(actor: AuditActor, input: RebateSettingsInput) {
      const parsed = parseRebateSettings(input);
      if (!parsed.ok) throw new AppError(parsed.code);
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('rebate_settings')
          .values({ merchant_id: actor.merchantId })
          .onConflict((oc) => oc.column('merchant_id').doNothing())
          .execute();
        const before = await trx
          .selectFrom('rebate_settings')
          .select(SETTINGS_COLUMNS)
          .where('merchant_id', '=', actor.merchantId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const beforeRates = await ratesOf(trx, actor.merchantId);
        const switchedOn = parsed.enabled && !before.enabled;
        const after = await trx
          .updateTable('rebate_settings')
          .set({
            enabled: parsed.enabled,
            updated_at: sql`now()`,
            ...(switchedOn && switchedOnCursor(actor.merchantId)),
          })
          .where('merchant_id', '=', actor.merchantId)
          .returning(SETTINGS_COLUMNS)
          .executeTakeFirstOrThrow();
        await trx.deleteFrom('rebate_rates').where('merchant_id', '=', actor.merchantId).execute();
        if (parsed.rates.length > 0) {
          await trx
            .insertInto('rebate_rates')
            .values(
              parsed.rates.map((rate) => ({
                merchant_id: actor.merchantId,
                product_type: rate.productType,
                rate_bp: rate.rateBp,
                daily_cap: rate.dailyCap,
                mode: rate.mode,
              })),
            )
            .execute();
          const vipRates = parsed.rates.flatMap((rate) =>
            rate.vipRates.map((v) => ({
              merchant_id: actor.merchantId,
              product_type: rate.productType,
              level: v.level,
              rate_bp: v.rateBp,
            })),
          );
          if (vipRates.length > 0) await trx.insertInto('rebate_vip_rates').values(vipRates).execute();
        }
        const view = settingsView(after, await ratesOf(trx, actor.merchantId));
        await recordAudit(trx, actor, {
          action: 'update',
          entity: 'rebateSettings',
          entityId: actor.merchantId,
          before: settingsView(before, beforeRates),
          after: view,
        });
        return view;
      });
    },
  };
}
export type Rebates = ReturnType<typeof rebates>;

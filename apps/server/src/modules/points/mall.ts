import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { parseMinor, toDecimalString } from '@khela/money';
import {
  AMOUNT_PATTERN,
  isTrialType,
  POINT_MAX,
  POINT_TYPES,
  type ADMIN_REDEMPTION_SORTS,
  type AdminPointConfig,
  type AdminPointGoods,
  type AdminRedemption,
  type ConversionType,
  type ConvertBody,
  type Language,
  type PointConfigInput,
  type PointGoodsInput,
  type RedeemBody,
  type RedemptionStatus,
} from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext, MerchantContext } from '../../http/context.ts';
import { notifyInbox } from '../agents/contracts/contracts.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import type { PaymentPasswords } from '../cashier/payee-accounts/payment-password.ts';
import { payFromHouse } from '../ledger/house-payout.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { pointBalanceOf, postPoints } from './points-ledger.ts';
import { sortedPageOfRows, type SortedPageQuery } from '../cashier/records.ts';

const REDEMPTION_SORT_COLUMNS = {
  createdAt: 'r.created_at',
  points: 'r.points',
  quantity: 'r.quantity',
} as const satisfies Record<(typeof ADMIN_REDEMPTION_SORTS)[number], string>;

/** Ledger transactions of cash ⇄ points conversions. */
export const POINTS_CONVERT_KIND = 'points_convert';
const ORDER = new Map<string, number>(POINT_TYPES.map((type, i) => [type, i]));
const STATUS: Record<'pending' | 'approved' | 'rejected', RedemptionStatus> = {
  pending: 'IN_PROCESS',
  approved: 'APPROVED',
  rejected: 'REJECTED',
};
const localized = (text: { bn: string; en: string }, language: Language) => text[language] || text.en;
const num = (value: bigint) => Number(value);

interface Rate {
  amount: bigint;
  points: bigint;
}

function referenceNumber(): string {
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return `PM${day}${randomBytes(5).toString('hex').toUpperCase()}`;
}

/** Operator input to stored rates: amount above 0 with at most 2 decimals, whole points above 0, each type once. */
export function parsePointRates(
  rates: PointConfigInput['rates'],
): { pointType: string; amount: bigint; points: bigint }[] {
  const seen = new Set<string>();
  return rates.map((rate) => {
    if (seen.has(rate.pointType)) throw new AppError('points.duplicate_type');
    seen.add(rate.pointType);
    const amountText = String(rate.amount).trim();
    const pointsText = String(rate.points).trim();
    if (!AMOUNT_PATTERN.test(amountText) || !/^\d{1,13}$/.test(pointsText)) throw new AppError('points.invalid_rate');
    const amount = parseMinor(amountText);
    const points = BigInt(pointsText);
    if (amount <= 0n || points <= 0n || points > BigInt(POINT_MAX)) throw new AppError('points.invalid_rate');
    return { pointType: rate.pointType, amount, points };
  });
}

/**
 * The points mall (issue 14 item 3, §3 PTSYS3; docs/adr/0018-points-mall.md): balance, goods,
 * redemptions reserved at once and decided by an operator, conversions between cash and points at
 * the `redeem` ratio, the points details, and the operator's settings, goods and queue.
 */
export function pointsMall({
  db,
  ledger,
  paymentPasswords,
}: {
  db: Db;
  ledger: Ledger;
  paymentPasswords: PaymentPasswords;
}) {
  async function checkPaymentPassword(memberId: number, given: string | undefined) {
    if (!(await paymentPasswords.isSet(memberId))) throw new AppError('cashier.payment_password_required');
    if (!given) throw new AppError('wallet.payment_password_required');
    await paymentPasswords.verify(memberId, given);
  }

  async function ratesOf(trx: Db, merchantId: number) {
    const rows = await trx
      .selectFrom('point_rates')
      .select(['point_type', 'amount', 'points'])
      .where('merchant_id', '=', merchantId)
      .execute();
    return rows.sort((a, b) => (ORDER.get(a.point_type) ?? 99) - (ORDER.get(b.point_type) ?? 99));
  }
  const rateView = (row: { point_type: string; amount: bigint; points: bigint }) => ({
    pointType: row.point_type as (typeof POINT_TYPES)[number],
    amount: toDecimalString(row.amount),
    points: num(row.points),
  });

  async function conversions(
    merchantId: number,
  ): Promise<{ rate: Rate | null; cashToPoints: boolean; pointsToCash: boolean }> {
    const settings = await db
      .selectFrom('point_settings')
      .select(['cash_to_points', 'points_to_cash'])
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
    const rate = await db
      .selectFrom('point_rates')
      .select(['amount', 'points'])
      .where('merchant_id', '=', merchantId)
      .where('point_type', '=', 'redeem')
      .executeTakeFirst();
    return {
      rate: rate ?? null,
      cashToPoints: Boolean(rate && settings?.cash_to_points),
      pointsToCash: Boolean(rate && settings?.points_to_cash),
    };
  }

  const cashOf = (merchant: MerchantContext, memberId: number, trx?: Db) =>
    ledger.balanceOf(merchant.id, merchant.currency, { kind: 'member_main', memberId }, trx);

  async function configView(trx: Db, merchantId: number): Promise<AdminPointConfig> {
    const row = await trx
      .selectFrom('point_settings')
      .select(['enabled', 'cash_to_points', 'points_to_cash', 'earned_through'])
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
    return {
      enabled: row?.enabled ?? false,
      cashToPoints: row?.cash_to_points ?? true,
      pointsToCash: row?.points_to_cash ?? true,
      rates: (await ratesOf(trx, merchantId)).map(rateView),
      earnedThrough: row?.earned_through?.toISOString() ?? null,
    };
  }

  const goodsView = (row: {
    id: number;
    name: { bn: string; en: string };
    image_url: string;
    quantity: number;
    stock: number;
    points_required: bigint;
    amount_required: bigint;
    enabled: boolean;
    sort: number;
  }): AdminPointGoods => ({
    id: row.id,
    name: row.name,
    imageUrl: row.image_url,
    quantity: row.quantity,
    stock: row.stock,
    pointsRequired: num(row.points_required),
    amountRequired: toDecimalString(row.amount_required),
    enabled: row.enabled,
    sort: row.sort,
  });

  const redemptionQuery = (trx: Db) =>
    trx
      .selectFrom('point_redemptions as r')
      .innerJoin('members as m', 'm.id', 'r.member_id')
      .select([
        'r.id',
        'r.reference_number',
        'r.member_id',
        'm.username',
        'r.goods_id',
        'r.goods_name',
        'r.quantity',
        'r.points',
        'r.address',
        'r.mobile',
        'r.status',
        'r.reason',
        'r.created_at',
        'r.reviewed_at',
      ]);
  type RedemptionRow = Awaited<ReturnType<ReturnType<typeof redemptionQuery>['executeTakeFirstOrThrow']>>;
  const redemptionView = (row: RedemptionRow): AdminRedemption => ({
    id: Number(row.id),
    referenceNumber: row.reference_number,
    memberId: row.member_id,
    username: row.username,
    goodsId: row.goods_id,
    name: row.goods_name.en,
    quantity: row.quantity,
    points: num(row.points),
    address: row.address,
    mobile: row.mobile,
    status: row.status,
    reason: row.reason,
    createdAt: row.created_at.toISOString(),
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
  });

  async function decide(
    actor: AuditActor & { operatorId: number },
    id: number,
    decision: 'approved' | 'rejected',
    reason: string | null,
  ) {
    return db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('point_redemptions')
        .set({ status: decision, reason, reviewed_by: actor.operatorId, reviewed_at: new Date() })
        .where('id', '=', BigInt(id))
        .where('merchant_id', '=', actor.merchantId)
        .where('status', '=', 'pending')
        .returning(['id', 'member_id', 'goods_id', 'quantity', 'points', 'reference_number', 'goods_name'])
        .executeTakeFirst();
      if (!row) {
        const current = await redemptionQuery(trx)
          .where('r.id', '=', BigInt(id))
          .where('r.merchant_id', '=', actor.merchantId)
          .executeTakeFirst();
        if (!current) throw new AppError('points.redemption_not_found');
        if (current.status === decision) return redemptionView(current);
        throw new AppError('points.redemption_decided');
      }
      if (decision === 'rejected') {
        await trx
          .updateTable('point_goods')
          .set({ stock: sql<number>`stock + ${row.quantity}` })
          .where('id', '=', row.goods_id)
          .execute();
        await postPoints(trx, {
          merchantId: actor.merchantId,
          memberId: row.member_id,
          idempotencyKey: `redeem-refund:${row.id}`,
          kind: 'redeem_refund',
          amount: row.points,
          remark: row.reference_number,
          reference: { redemptionId: row.id.toString() },
        });
      }
      const name = row.goods_name;
      await notifyInbox(
        trx,
        actor.merchantId,
        row.member_id,
        `points.redemption_${decision}`,
        decision === 'approved'
          ? { en: 'Redemption approved', bn: 'রিডিম অনুমোদিত হয়েছে' }
          : { en: 'Redemption rejected', bn: 'রিডিম প্রত্যাখ্যাত হয়েছে' },
        decision === 'approved'
          ? {
              en: `Your redemption ${row.reference_number} of ${row.quantity} × ${name.en} was approved.`,
              bn: `আপনার রিডিম ${row.reference_number} (${row.quantity} × ${name.bn}) অনুমোদিত হয়েছে।`,
            }
          : {
              en: `Your redemption ${row.reference_number} was rejected and its ${row.points} points returned.`,
              bn: `আপনার রিডিম ${row.reference_number} প্রত্যাখ্যাত হয়েছে এবং ${row.points} পয়েন্ট ফেরত দেওয়া হয়েছে।`,
            },
        { redemptionId: row.id.toString(), referenceNumber: row.reference_number },
      );
      const view = redemptionView(await redemptionQuery(trx).where('r.id', '=', row.id).executeTakeFirstOrThrow());
      await recordAudit(trx, actor, {
        action: decision === 'approved' ? 'approve' : 'reject',
        entity: 'pointRedemptions',
        entityId: id,
        before: { ...view, status: 'pending', reason: null, reviewedAt: null },
        after: view,
      });
      return view;
    });
  }

  return {
    /** MCS2_getPointBalance */
    async balance(member: MemberContext, merchant: MerchantContext) {
      const [points, cash] = await Promise.all([pointBalanceOf(db, member.id), cashOf(merchant, member.id)]);
      return { points: num(points), cashBalance: toDecimalString(cash), currency: merchant.currency };
    },

    /** MCS2_getPointReward: goods on sale, in the operator's order. */
    async rewards(merchantId: number, language: Language) {
      const rows = await db
        .selectFrom('point_goods')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('enabled', '=', true)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return {
        list: rows.map((row) => ({
          id: row.id,
          name: localized(row.name, language),
          imageUrl: row.image_url,
          quantity: row.quantity,
          pointsRequired: num(row.points_required),
          amountRequired: toDecimalString(row.amount_required),
          availableQuantity: row.stock,
        })),
      };
    },

    /** MCSFE_getPointRewardConversionType */
    async conversionTypes(merchantId: number): Promise<{ list: ConversionType[] }> {
      const { rate, cashToPoints, pointsToCash } = await conversions(merchantId);
      const ratio = { amount: toDecimalString(rate?.amount ?? 0n), points: num(rate?.points ?? 0n) };
      return {
        list: [
          { direction: 'cashToPoints', enabled: cashToPoints, ...ratio },
          { direction: 'pointsToCash', enabled: pointsToCash, ...ratio },
        ],
      };
    },

    /** MCS2_getPointConfig: the exchange-rate table members see (empty while off). */
    async config(merchantId: number) {
      const view = await configView(db, merchantId);
      return { enabled: view.enabled, list: view.rates };
    },

    /** MCS2_getRedeemPointList */
    async redeemList(
      member: MemberContext,
      query: { pageNo?: number | undefined; pageSize?: number | undefined },
      language: Language,
    ) {
      const pageNo = query.pageNo ?? 1;
      const pageSize = query.pageSize ?? 20;
      const base = db.selectFrom('point_redemptions').where('member_id', '=', member.id);
      const [rows, total] = await Promise.all([
        base
          .select(['reference_number', 'created_at', 'goods_name', 'quantity', 'points', 'status', 'reason'])
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        list: rows.map((row) => ({
          referenceNumber: row.reference_number,
          applyTime: row.created_at.toISOString(),
          type: 'REDEEM' as const,
          name: localized(row.goods_name, language),
          quantity: row.quantity,
          points: num(row.points),
          status: STATUS[row.status],
          remark: row.reason,
        })),
        total: Number(total.n),
        pageNo,
        pageSize,
      };
    },

    /** ODSFE2_MemTransDet: the points details. */
    async details(member: MemberContext, query: { pageNo?: number | undefined; pageSize?: number | undefined }) {
      const pageNo = query.pageNo ?? 1;
      const pageSize = query.pageSize ?? 20;
      const base = db.selectFrom('point_entries').where('member_id', '=', member.id);
      const [rows, total] = await Promise.all([
        base
          .select(['id', 'created_at', 'kind', 'amount', 'balance_after', 'remark'])
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        list: rows.map((row) => ({
          id: row.id.toString(),
          time: row.created_at.toISOString(),
          kind: row.kind,
          change: num(row.amount),
          balance: num(row.balance_after),
          remark: row.remark,
        })),
        total: Number(total.n),
        pageNo,
        pageSize,
      };
    },

    /**
     * passwordCheck/MCS2_redeemPointReward: the redemption row, the stock and the points are taken in
     * one transaction — stock by a conditional update (never below zero), points by the points
     * ledger (never below zero) — so parallel redeems of the last item leave one winner. The same
     * requestId again answers the first redemption.
     */
    async redeem(member: MemberContext, merchant: MerchantContext, body: RedeemBody) {
      if (isTrialType(member.type)) throw new AppError('auth.trial_account');
      await checkPaymentPassword(member.id, body.paymentPassword);
      return db.transaction().execute(async (trx) => {
        const goods = await trx
          .selectFrom('point_goods')
          .selectAll()
          .where('id', '=', body.goodsId)
          .where('merchant_id', '=', merchant.id)
          .executeTakeFirst();
        if (!goods || !goods.enabled) throw new AppError('points.goods_not_found');
        const points = goods.points_required * BigInt(body.quantity);
        const inserted = await trx
          .insertInto('point_redemptions')
          .values({
            merchant_id: merchant.id,
            member_id: member.id,
            goods_id: goods.id,
            reference_number: referenceNumber(),
            request_id: body.requestId,
            goods_name: JSON.stringify(goods.name),
            quantity: body.quantity,
            points,
            address: body.address,
            mobile: body.mobile,
          } as never)
          .onConflict((oc) => oc.columns(['member_id', 'request_id']).doNothing())
          .returning(['id', 'reference_number'])
          .executeTakeFirst();
        if (!inserted) {
          const first = await trx
            .selectFrom('point_redemptions')
            .select(['reference_number', 'status', 'points', 'goods_id', 'quantity'])
            .where('member_id', '=', member.id)
            .where('request_id', '=', body.requestId)
            .executeTakeFirstOrThrow();
          if (first.goods_id !== body.goodsId || first.quantity !== body.quantity) {
            throw new AppError('points.request_reused');
          }
          return {
            referenceNumber: first.reference_number,
            status: STATUS[first.status],
            pointsSpent: num(first.points),
            points: num(await pointBalanceOf(trx, member.id)),
            replayed: true,
          };
        }
        if (goods.amount_required > 0n) {
          const deposited = await trx
            .selectFrom('deposits')
            .select(sql<string>`coalesce(sum(amount), 0)::text`.as('total'))
            .where('member_id', '=', member.id)
            .where('status', '=', 'approved')
            .executeTakeFirstOrThrow();
          if (BigInt(deposited.total) < goods.amount_required) throw new AppError('points.amount_requirement');
        }
        const taken = await trx
          .updateTable('point_goods')
          .set({ stock: sql<number>`stock - ${body.quantity}` })
          .where('id', '=', goods.id)
          .where('enabled', '=', true)
          .where('stock', '>=', body.quantity)
          .returning('stock')
          .executeTakeFirst();
        if (!taken) throw new AppError('points.out_of_stock');
        const posted = await postPoints(trx, {
          merchantId: merchant.id,
          memberId: member.id,
          idempotencyKey: `redeem:${inserted.id}`,
          kind: 'redeem',
          amount: -points,
          remark: inserted.reference_number,
          reference: { redemptionId: inserted.id.toString(), goodsId: goods.id, quantity: body.quantity },
        });
        return {
          referenceNumber: inserted.reference_number,
          status: 'IN_PROCESS' as const,
          pointsSpent: num(points),
          points: num(posted.balance),
          replayed: false,
        };
      });
    },

    /**
     * passwordCheck/MCS2_convertPoint at the `redeem` ratio (`points` points for `amount` cash):
     * cash to points charges only the cash of whole points; points to cash pays the floor of the
     * points' value from the house with a turnover requirement (bonus money). Each side is one entry
     * of its own ledger, keyed by the requestId, in one database transaction.
     */
    async convert(member: MemberContext, merchant: MerchantContext, body: ConvertBody) {
      if (isTrialType(member.type)) throw new AppError('auth.trial_account');
      const { rate, cashToPoints, pointsToCash } = await conversions(merchant.id);
      const toPoints = body.direction === 'cashToPoints';
      if (!rate || !(toPoints ? cashToPoints : pointsToCash)) throw new AppError('points.conversion_off');
      if (toPoints ? body.amount === undefined : body.points === undefined) {
        throw new AppError('points.conversion_amount_required');
      }
      let cash: bigint;
      let points: bigint;
      if (toPoints) {
        points = (parseMinor(body.amount!) * rate.points) / rate.amount;
        cash = (points * rate.amount + rate.points - 1n) / rate.points;
      } else {
        points = BigInt(body.points!);
        cash = (points * rate.amount) / rate.points;
      }
      if (points <= 0n || cash <= 0n) throw new AppError('points.conversion_too_small');
      await checkPaymentPassword(member.id, body.paymentPassword);
      const key = `points-convert:${member.id}:${body.requestId}`;
      return db.transaction().execute(async (trx) => {
        const posted = await postPoints(trx, {
          merchantId: merchant.id,
          memberId: member.id,
          idempotencyKey: key,
          kind: toPoints ? 'convert_in' : 'convert_out',
          amount: toPoints ? points : -points,
          remark: toPoints ? `cash ${toDecimalString(cash)}` : `cash ${toDecimalString(cash)}`,
          reference: { requestId: body.requestId, cash: cash.toString() },
        });
        const reference = { requestId: body.requestId, points: points.toString(), direction: body.direction };
        if (toPoints) {
          await ledger.post(
            {
              merchantId: merchant.id,
              currency: merchant.currency,
              idempotencyKey: key,
              kind: POINTS_CONVERT_KIND,
              postings: [
                { account: { kind: 'member_main', memberId: member.id }, amount: -cash },
                { account: { kind: 'house' }, amount: cash },
              ],
              reference,
            },
            trx,
          );
        } else if (!posted.replayed) {
          await payFromHouse(trx, ledger, {
            merchant,
            memberId: member.id,
            amount: cash,
            idempotencyKey: key,
            kind: POINTS_CONVERT_KIND,
            reference,
            turnover: true,
          });
        }
        return {
          direction: body.direction,
          cash: toDecimalString(cash),
          pointsChanged: num(toPoints ? points : -points),
          points: num(posted.balance),
          cashBalance: toDecimalString(await cashOf(merchant, member.id, trx)),
          replayed: posted.replayed,
        };
      });
    },

    // Operator calls

    configGet: (merchantId: number) => configView(db, merchantId),

    /** PUT /admin/point-config (audited): switching on starts earning from now; earlier play never earns. */
    async configUpdate(actor: AuditActor, input: PointConfigInput): Promise<AdminPointConfig> {
      const rates = parsePointRates(input.rates);
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('point_settings')
          .values({ merchant_id: actor.merchantId })
          .onConflict((oc) => oc.column('merchant_id').doNothing())
          .execute();
        await trx
          .selectFrom('point_settings')
          .select('merchant_id')
          .where('merchant_id', '=', actor.merchantId)
          .forUpdate()
          .execute();
        const before = await configView(trx, actor.merchantId);
        await trx
          .updateTable('point_settings')
          .set({
            enabled: input.enabled,
            cash_to_points: input.cashToPoints,
            points_to_cash: input.pointsToCash,
            updated_at: new Date(),
            ...(input.enabled && !before.enabled && { earned_through: sql<Date>`greatest(earned_through, now())` }),
          })
          .where('merchant_id', '=', actor.merchantId)
          .execute();
        await trx.deleteFrom('point_rates').where('merchant_id', '=', actor.merchantId).execute();
        if (rates.length > 0) {
          await trx
            .insertInto('point_rates')
            .values(
              rates.map((rate) => ({
                merchant_id: actor.merchantId,
                point_type: rate.pointType,
                amount: rate.amount,
                points: rate.points,
              })),
            )
            .execute();
        }
        const after = await configView(trx, actor.merchantId);
        await recordAudit(trx, actor, {
          action: 'update',
          entity: 'pointConfig',
          entityId: actor.merchantId,
          before,
          after,
        });
        return after;
      });
    },

    async goodsList(merchantId: number) {
      const rows = await db
        .selectFrom('point_goods')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return rows.map(goodsView);
    },

    async goodsCreate(actor: AuditActor, input: PointGoodsInput) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('point_goods')
          .values({
            merchant_id: actor.merchantId,
            name: JSON.stringify(input.name),
            image_url: input.imageUrl,
            quantity: input.stock,
            stock: input.stock,
            points_required: BigInt(input.pointsRequired),
            amount_required: parseMinor(input.amountRequired),
            enabled: input.enabled,
            sort: input.sort,
          } as never)
          .returningAll()
          .executeTakeFirstOrThrow();
        const view = goodsView(row);
        await recordAudit(trx, actor, {
          action: 'create',
          entity: 'pointGoods',
          entityId: row.id,
          before: null,
          after: view,
        });
        return view;
      });
    },

    /** Stock set by the operator; what redemptions reserve meanwhile is kept (the issued quantity grows with stock added). */
    async goodsUpdate(actor: AuditActor, id: number, input: PointGoodsInput) {
      return db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('point_goods')
          .selectAll()
          .where('id', '=', id)
          .where('merchant_id', '=', actor.merchantId)
          .forUpdate()
          .executeTakeFirst();
        if (!current) throw new AppError('points.goods_not_found');
        const added = input.stock - current.stock;
        const row = await trx
          .updateTable('point_goods')
          .set({
            name: JSON.stringify(input.name),
            image_url: input.imageUrl,
            stock: input.stock,
            quantity: Math.max(0, current.quantity + Math.max(0, added)),
            points_required: BigInt(input.pointsRequired),
            amount_required: parseMinor(input.amountRequired),
            enabled: input.enabled,
            sort: input.sort,
            updated_at: new Date(),
          } as never)
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        const view = goodsView(row);
        await recordAudit(trx, actor, {
          action: 'update',
          entity: 'pointGoods',
          entityId: id,
          before: goodsView(current),
          after: view,
        });
        return view;
      });
    },

    async goodsDelete(actor: AuditActor, id: number) {
      return db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('point_goods')
          .selectAll()
          .where('id', '=', id)
          .where('merchant_id', '=', actor.merchantId)
          .forUpdate()
          .executeTakeFirst();
        if (!current) throw new AppError('points.goods_not_found');
        const used = await trx
          .selectFrom('point_redemptions')
          .select('id')
          .where('goods_id', '=', id)
          .limit(1)
          .executeTakeFirst();
        if (used) {
          await trx
            .updateTable('point_goods')
            .set({ enabled: false, updated_at: new Date() })
            .where('id', '=', id)
            .execute();
        } else {
          await trx.deleteFrom('point_goods').where('id', '=', id).execute();
        }
        await recordAudit(trx, actor, {
          action: 'delete',
          entity: 'pointGoods',
          entityId: id,
          before: goodsView(current),
          after: null,
        });
        return { id };
      });
    },

    /**
     * GET /admin/point-redemptions: paged and sorted on the server (issue 16 Quality); unless asked,
     * the pending queue oldest first (served in turn), decided ones newest first.
     */
    redemptions(
      merchantId: number,
      query: SortedPageQuery<(typeof ADMIN_REDEMPTION_SORTS)[number]> & {
        status?: 'pending' | 'approved' | 'rejected' | undefined;
      },
    ) {
      let rows = redemptionQuery(db).where('r.merchant_id', '=', merchantId);
      if (query.status) rows = rows.where('r.status', '=', query.status);
      return sortedPageOfRows(
        rows,
        { ...query, order: query.order ?? (query.status === 'pending' ? 'asc' : 'desc') },
        REDEMPTION_SORT_COLUMNS[query.sort ?? 'createdAt'],
        (found) => found.map(redemptionView),
        'r.id',
      );
    },

    approve: (actor: AuditActor & { operatorId: number }, id: number) => decide(actor, id, 'approved', null),
    reject: (actor: AuditActor & { operatorId: number }, id: number, reason: string) =>
      decide(actor, id, 'rejected', reason),
  };
}
export type PointsMall = ReturnType<typeof pointsMall>;

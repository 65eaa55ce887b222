import { sql, type Selectable } from 'kysely';
import type { z } from 'zod';
import { formatMinor, parseMinor, toDecimalString } from '@khela/money';
import {
  bpToRate,
  MEMBER_TYPES,
  rateToBp,
  type ActivityStatus,
  type ErrorCode,
  type Language,
  type PromotionInput,
  type PromotionView,
  type ADMIN_PROMOTION_SORTS,
  type PROMOTION_APPLICATION_SORTS,
  type promotionAdminEndpoints,
} from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import type { PromotionParticipationsTable, PromotionsTable } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext } from '../../http/context.ts';
import { sanitizeLocalizedRichText } from '../admin/content/rich-text.ts';
import { notifyInbox } from '../agents/contracts/contracts.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import { containsPattern, sortedPageOfRows, type SortedPageQuery } from '../cashier/records.ts';
import { addTurnoverRequirement } from '../cashier/withdrawals/turnover.ts';
import { missionBadge } from '../missions/badge.ts';
import { addDays, payFromHouse } from '../ledger/house-payout.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { postPoints } from '../points/points-ledger.ts';
import { grantRaffleTickets, raffleOpenForTickets } from '../lucky/raffles.ts';
import { canMove } from './status-machine.ts';

/** Ledger transactions of this kind pay a promotion bonus; bonusDetails lists them (wallet/records.ts). */
export const PROMOTION_BONUS_KIND = 'promotion_bonus';
/** Rewards in money (the ledger); the others are points (modules/points) or raffle tickets (modules/lucky). */
const MONEY_KINDS: readonly string[] = ['fixed', 'percent'];
export const isMoneyReward = (kind: string) => MONEY_KINDS.includes(kind);
const TRIAL = MEMBER_TYPES.TRIAL;
/** pg_advisory_xact_lock(namespace, promotion): one-per-device and one-per-account joins of a promotion queue. */
const JOIN_LOCK = 14_016;
/** Bets settle late: a day counts as closed a minute after it ends (as rebates, ADR 0014). */
const GRACE_MS = 60_000;

type PromotionRow = Selectable<PromotionsTable>;
type ParticipationRow = Selectable<PromotionParticipationsTable>;
interface Merchant {
  id: number;
  currency: string;
}
interface Period {
  key: string;
  start: string;
  end: string | null;
}

/** The merchant-local calendar day of `at`. */
export function localDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The period of a promotion that `day` (merchant-local) falls in: the whole promotion, the day, or its Monday-to-Sunday week. */
export function periodOf(
  promotion: Pick<PromotionRow, 'period' | 'starts_at' | 'ends_at'>,
  day: string,
  timeZone: string,
): Period {
  if (promotion.period === 'daily') return { key: day, start: day, end: day };
  if (promotion.period === 'weekly') {
    const monday = addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
    return { key: `W${monday}`, start: monday, end: addDays(monday, 6) };
  }
  return {
    key: 'once',
    start: localDay(promotion.starts_at, timeZone),
    end: promotion.ends_at ? localDay(new Date(promotion.ends_at.getTime() - 1), timeZone) : null,
  };
}

/**
 * The reward for a basis (deposit or bet volume): the fixed amount, or the percent floored to the
 * minor unit, at most the cap; for points and raffle tickets their fixed count.
 */
export function rewardOf(
  promotion: Pick<PromotionRow, 'reward_kind' | 'reward_amount' | 'reward_rate_bp' | 'reward_cap' | 'reward_units'>,
  basis: bigint | null,
): bigint {
  if (promotion.reward_kind === 'fixed') return promotion.reward_amount ?? 0n;
  if (!isMoneyReward(promotion.reward_kind)) return promotion.reward_units ?? 0n;
  if (promotion.reward_kind !== 'percent' || basis === null) return 0n;
  const amount = (basis * BigInt(promotion.reward_rate_bp ?? 0)) / 10_000n;
  return promotion.reward_cap !== null && amount > promotion.reward_cap ? promotion.reward_cap : amount;
}

const text = (value: { bn: string; en: string }, language: Language) => value[language] || value.en || value.bn;
const money = (value: bigint | null) => (value === null ? null : toDecimalString(value));
const units = (value: bigint | null) => (value === null ? null : Number(value));
/** How a reward reads in a message: money, points or tickets. */
function shownReward(kind: string, value: bigint): { en: string; bn: string } {
  if (kind === 'points') return { en: `${value} points`, bn: `${value} পয়েন্ট` };
  if (kind === 'raffle_tickets') return { en: `${value} raffle tickets`, bn: `${value}টি র‍্যাফেল টিকিট` };
  const shown = formatMinor(value);
  return { en: shown, bn: shown };
}
const fail = (code: ErrorCode): never => {
  throw new AppError(code);
};

/** Operator input to a stored promotion, or the stable code of what is wrong (nothing is stored). */
export function parsePromotionInput(input: PromotionInput) {
  const minor = (value: string | null) => (value === null ? null : parseMinor(value));
  const startsAt = new Date(input.startsAt);
  const endsAt = input.endsAt === null ? null : new Date(input.endsAt);
  if (endsAt && endsAt <= startsAt) return { ok: false as const, code: 'promotion.invalid_conditions' as const };
  if (input.minDepositCount !== null && input.maxDepositCount !== null && input.minDepositCount > input.maxDepositCount)
    return { ok: false as const, code: 'promotion.invalid_conditions' as const };
  // A bet-volume promotion pays when its period closes: a one-off needs an end.
  if (input.trigger === 'bet_volume' && input.period === 'once' && !endsAt)
    return { ok: false as const, code: 'promotion.invalid_conditions' as const };
  let rewardAmount: bigint | null = null;
  let rewardRateBp: number | null = null;
  const rewardCap = minor(input.rewardCap);
  const rewardUnits = input.rewardUnits ?? null;
  const rewardRaffleId = input.rewardRaffleId ?? null;
  if (!isMoneyReward(input.rewardKind)) {
    if (rewardUnits === null || input.rewardAmount !== null || input.rewardRate !== null || rewardCap !== null)
      return { ok: false as const, code: 'promotion.invalid_reward' as const };
    if ((input.rewardKind === 'raffle_tickets') !== (rewardRaffleId !== null))
      return { ok: false as const, code: 'promotion.invalid_reward' as const };
  } else if (rewardUnits !== null || rewardRaffleId !== null) {
    return { ok: false as const, code: 'promotion.invalid_reward' as const };
  } else if (input.rewardKind === 'fixed') {
    rewardAmount = minor(input.rewardAmount);
    if (rewardAmount === null || input.rewardRate !== null)
      return { ok: false as const, code: 'promotion.invalid_reward' as const };
  } else {
    rewardRateBp = input.rewardRate === null ? null : rateToBp(input.rewardRate);
    const hasBasis = input.trigger === 'deposit' || input.trigger === 'bet_volume';
    if (!hasBasis || !rewardRateBp || rewardCap === null || input.rewardAmount !== null)
      return { ok: false as const, code: 'promotion.invalid_reward' as const };
  }
  return {
    ok: true as const,
    values: {
      category: input.category,
      title: JSON.stringify({ bn: input.title.bn, en: input.title.en }),
      body: JSON.stringify(sanitizeLocalizedRichText(input.body)),
      image_url: input.imageUrl || null,
      enabled: input.enabled,
      starts_at: startsAt,
      ends_at: endsAt,
      trigger: input.trigger,
      reward_kind: input.rewardKind,
      reward_amount: rewardAmount,
      reward_rate_bp: rewardRateBp,
      reward_cap: rewardCap,
      reward_units: rewardUnits === null ? null : BigInt(rewardUnits),
      reward_raffle_id: rewardRaffleId === null ? null : BigInt(rewardRaffleId),
      min_basis: minor(input.minBasis),
      turnover_multiple: input.turnoverMultiple,
      requires_approval: input.requiresApproval,
      period: input.period,
      new_member_days: input.newMemberDays,
      min_deposit_count: input.minDepositCount,
      max_deposit_count: input.maxDepositCount,
      min_vip_level: input.minVipLevel,
      one_per_device: input.onePerDevice,
      one_per_payment_account: input.onePerPaymentAccount,
      sort: input.sort,
    },
  };
}

function adminView(row: PromotionRow) {
  return {
    id: row.id,
    category: row.category as PromotionInput['category'],
    title: row.title,
    body: row.body,
    imageUrl: row.image_url,
    enabled: row.enabled,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at?.toISOString() ?? null,
    trigger: row.trigger,
    rewardKind: row.reward_kind,
    rewardAmount: money(row.reward_amount),
    rewardRate: row.reward_rate_bp === null ? null : bpToRate(row.reward_rate_bp),
    rewardCap: money(row.reward_cap),
    rewardUnits: units(row.reward_units),
    rewardRaffleId: units(row.reward_raffle_id),
    minBasis: money(row.min_basis),
    turnoverMultiple: row.turnover_multiple,
    requiresApproval: row.requires_approval,
    period: row.period,
    newMemberDays: row.new_member_days,
    minDepositCount: row.min_deposit_count,
    maxDepositCount: row.max_deposit_count,
    minVipLevel: row.min_vip_level,
    onePerDevice: row.one_per_device,
    onePerPaymentAccount: row.one_per_payment_account,
    sort: row.sort,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

const INBOX: Record<'paid' | 'applying' | 'rejected', { title: { bn: string; en: string } }> = {
  paid: { title: { en: 'Promotion bonus paid', bn: 'প্রোমোশন বোনাস প্রদান করা হয়েছে' } },
  applying: { title: { en: 'Promotion application received', bn: 'প্রোমোশনের আবেদন গ্রহণ করা হয়েছে' } },
  rejected: { title: { en: 'Promotion application rejected', bn: 'প্রোমোশনের আবেদন প্রত্যাখ্যাত হয়েছে' } },
};

/**
 * Promotions (issue 14 items 1–2; §2, §4; docs/adr/0016-promotions.md).
 *
 * - A member joins a promotion for its current period (once, the merchant-local day, or the week):
 *   one participation row per (promotion, member, period), whose status moves only through the §4
 *   machine (status-machine.ts), each move a conditional UPDATE on the row locked FOR UPDATE.
 * - Bonus money: one ledger transaction from the house to the member's main wallet keyed
 *   `promotion:<promotion>:<member>:<period>`, with a turnover requirement of turnoverMultiple ×
 *   the bonus; the row, the key and the lock each refuse a second payment.
 * - Triggers: join and sign-up make the reward claimable; a check-in pays on joining; a deposit pays
 *   when the cashier credits it (onDepositCredited); bet volume pays when its period closes (runPass).
 * - Trial accounts (§4) get nothing and see no count.
 */
export function promotions({ db, ledger }: { db: Db; ledger: Ledger }) {
  async function merchantOf(trx: Db, merchantId: number) {
    return trx
      .selectFrom('merchants')
      .select(['id', 'currency', 'time_zone'])
      .where('id', '=', merchantId)
      .executeTakeFirstOrThrow();
  }

  async function move(
    trx: Db,
    row: ParticipationRow,
    to: ActivityStatus,
    set: Partial<{
      basis: bigint | null;
      amount: bigint | null;
      deposit_id: bigint | null;
      decided_by: number | null;
      reason: string | null;
      ledger_transaction_id: bigint | null;
      units: bigint | null;
    }> = {},
  ): Promise<ParticipationRow> {
    if (!canMove(row.status as ActivityStatus, to)) fail('promotion.invalid_transition');
    return trx
      .updateTable('promotion_participations')
      .set({ ...set, status: to, updated_at: sql`now()` })
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Pays `amount` (money, points or tickets by the reward kind) for the participation and moves it
   * to `to` (signed, claimed or issued), in the caller's transaction. Points and tickets carry the
   * same key as money: the points ledger and the raffle's bonus tickets each take it once.
   */
  async function pay(
    trx: Db,
    merchant: Merchant,
    promotion: PromotionRow,
    row: ParticipationRow,
    amount: bigint,
    to: ActivityStatus,
    set: Parameters<typeof move>[3] = {},
  ): Promise<ParticipationRow> {
    const idempotencyKey = `promotion:${promotion.id}:${row.member_id}:${row.period_key}`;
    if (!isMoneyReward(promotion.reward_kind)) {
      if (promotion.reward_kind === 'points') {
        await postPoints(trx, {
          merchantId: merchant.id,
          memberId: row.member_id,
          idempotencyKey,
          kind: 'promotion',
          amount,
          remark: promotion.title.en || promotion.title.bn,
          reference: { promotionId: promotion.id, period: row.period_key },
        });
      } else {
        await grantRaffleTickets(trx, {
          raffleId: promotion.reward_raffle_id!,
          merchantId: merchant.id,
          memberId: row.member_id,
          source: idempotencyKey,
          tickets: amount,
        });
      }
      const moved = await move(trx, row, to, { ...set, units: amount });
      const shown = shownReward(promotion.reward_kind, amount);
      await notifyInbox(
        trx,
        merchant.id,
        row.member_id,
        'promotion.paid',
        INBOX.paid.title,
        {
          en: `You received ${shown.en} from "${promotion.title.en}".`,
          bn: `"${promotion.title.bn}" থেকে আপনি ${shown.bn} পেয়েছেন।`,
        },
        { promotionId: promotion.id, period: row.period_key, units: amount.toString() },
      );
      return moved;
    }
    const transactionId = await payFromHouse(trx, ledger, {
      merchant,
      memberId: row.member_id,
      amount,
      idempotencyKey,
      kind: PROMOTION_BONUS_KIND,
      reference: { promotionId: promotion.id, period: row.period_key },
    });
    if (promotion.turnover_multiple > 0) {
      await addTurnoverRequirement(trx, {
        merchantId: merchant.id,
        memberId: row.member_id,
        amount: amount * BigInt(promotion.turnover_multiple),
        source: idempotencyKey,
      });
    }
    const moved = await move(trx, row, to, { ...set, amount, ledger_transaction_id: transactionId });
    const shown = formatMinor(amount);
    await notifyInbox(
      trx,
      merchant.id,
      row.member_id,
      'promotion.paid',
      INBOX.paid.title,
      {
        en: `${shown} of "${promotion.title.en}" has been added to your wallet. Wager ${promotion.turnover_multiple}× the bonus before you withdraw it.`,
        bn: `"${promotion.title.bn}"-এর ${shown} আপনার ওয়ালেটে যোগ হয়েছে। উত্তোলনের আগে বোনাসের ${promotion.turnover_multiple} গুণ বাজি ধরুন।`,
      },
      { promotionId: promotion.id, period: row.period_key, amount: amount.toString() },
    );
    return moved;
  }

  /** Pays at once or, where the promotion says so, waits for the operator (applying). */
  async function payOrApply(
    trx: Db,
    merchant: Merchant,
    promotion: PromotionRow,
    row: ParticipationRow,
    amount: bigint,
    paid: ActivityStatus,
    set: Parameters<typeof move>[3] = {},
  ): Promise<ParticipationRow> {
    if (!promotion.requires_approval) return pay(trx, merchant, promotion, row, amount, paid, set);
    const value = isMoneyReward(promotion.reward_kind) ? { amount } : { units: amount };
    const moved = await move(trx, row, 'applying', { ...set, ...value });
    const shown = shownReward(promotion.reward_kind, amount);
    await notifyInbox(
      trx,
      merchant.id,
      row.member_id,
      'promotion.applying',
      INBOX.applying.title,
      {
        en: `Your reward of ${shown.en} from "${promotion.title.en}" is waiting for approval.`,
        bn: `"${promotion.title.bn}"-এর আপনার ${shown.bn} পুরস্কার অনুমোদনের অপেক্ষায়।`,
      },
      { promotionId: promotion.id, period: row.period_key },
    );
    return moved;
  }

  /** §2 eligibility at joining; the stable code of the first condition not met. */
  async function assertEligible(trx: Db, promotion: PromotionRow, memberId: number, now: Date): Promise<void> {
    const member = await trx
      .selectFrom('members')
      .select(['created_at', 'status'])
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    if (member.status !== 'active') fail('promotion.not_eligible');
    if (
      promotion.new_member_days !== null &&
      member.created_at.getTime() < now.getTime() - promotion.new_member_days * 86_400_000
    )
      fail('promotion.not_eligible');
    if (promotion.min_deposit_count !== null || promotion.max_deposit_count !== null) {
      const { n } = await trx
        .selectFrom('deposits')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('member_id', '=', memberId)
        .where('status', '=', 'approved')
        .executeTakeFirstOrThrow();
      if (promotion.min_deposit_count !== null && n < promotion.min_deposit_count) fail('promotion.not_eligible');
      if (promotion.max_deposit_count !== null && n > promotion.max_deposit_count) fail('promotion.not_eligible');
    }
    if (promotion.min_vip_level !== null && promotion.min_vip_level > 0) {
      const rank = await trx
        .selectFrom('vip_rank_history')
        .select('level')
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if ((rank?.level ?? 0) < promotion.min_vip_level) fail('promotion.not_eligible');
    }
  }

  async function paymentAccountsOf(trx: Db, memberId: number): Promise<string[]> {
    const rows = await trx
      .selectFrom('payee_accounts')
      .select('account_number')
      .where('member_id', '=', memberId)
      .where('removed_at', 'is', null)
      .execute();
    return rows.map((row) => row.account_number);
  }

  async function loadPromotion(trx: Db, merchantId: number, id: number): Promise<PromotionRow> {
    const row = await trx
      .selectFrom('promotions')
      .selectAll()
      .where('id', '=', id)
      .where('merchant_id', '=', merchantId)
      .where('enabled', '=', true)
      .executeTakeFirst();
    return row ?? fail('promotion.not_found');
  }

  function assertOpen(promotion: PromotionRow, now: Date) {
    if (promotion.starts_at > now) fail('promotion.not_started');
    if (promotion.ends_at && promotion.ends_at <= now) fail('promotion.ended');
  }

  const result = (row: ParticipationRow) => ({
    promotionId: row.promotion_id,
    status: row.status as ActivityStatus,
    amount: money(row.amount),
    units: units(row.units),
  });

  /** Shown promotions (enabled, not ended) of a merchant, in order. */
  const shown = (merchantId: number, now: Date) =>
    db
      .selectFrom('promotions')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('enabled', '=', true)
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
      .orderBy('sort')
      .orderBy('id')
      .execute();

  function view(
    promotion: PromotionRow,
    language: Language,
    status: ActivityStatus,
    amount: bigint | null,
    given: bigint | null = null,
  ): PromotionView {
    return {
      id: promotion.id,
      category: promotion.category as PromotionView['category'],
      title: text(promotion.title, language),
      body: text(promotion.body, language),
      imageUrl: promotion.image_url,
      startsAt: promotion.starts_at.toISOString(),
      endsAt: promotion.ends_at?.toISOString() ?? null,
      trigger: promotion.trigger,
      rewardKind: promotion.reward_kind,
      rewardAmount: money(promotion.reward_amount),
      rewardRate: promotion.reward_rate_bp === null ? null : bpToRate(promotion.reward_rate_bp),
      rewardCap: money(promotion.reward_cap),
      rewardUnits: units(promotion.reward_units),
      rewardRaffleId: units(promotion.reward_raffle_id),
      minBasis: money(promotion.min_basis),
      turnoverMultiple: promotion.turnover_multiple,
      requiresApproval: promotion.requires_approval,
      period: promotion.period,
      status,
      amount: money(amount),
      units: units(given),
    };
  }

  /** Each shown promotion with the member's status in its current period, and whether it counts on the badge. */
  async function memberViews(member: MemberContext, language: Language, now: Date) {
    const merchant = await merchantOf(db, member.merchantId);
    const list = await shown(member.merchantId, now);
    const day = localDay(now, merchant.time_zone);
    const periods = new Map(list.map((p) => [p.id, periodOf(p, day, merchant.time_zone).key]));
    const rows = list.length
      ? await db
          .selectFrom('promotion_participations')
          .selectAll()
          .where('member_id', '=', member.id)
          .where(
            'promotion_id',
            'in',
            list.map((p) => p.id),
          )
          .execute()
      : [];
    const current = new Map(
      rows.filter((row) => periods.get(row.promotion_id) === row.period_key).map((row) => [row.promotion_id, row]),
    );
    const trial = member.type === TRIAL;
    const views: { view: PromotionView; counts: boolean }[] = [];
    for (const promotion of list) {
      const row = current.get(promotion.id);
      let status: ActivityStatus;
      let counts = false;
      if (row) {
        status = row.status as ActivityStatus;
        counts = status === 'claim';
      } else if (promotion.starts_at > now) status = 'coming_soon';
      else {
        status = 'join';
        counts = await eligible(promotion, member.id, now);
      }
      views.push({
        view: view(promotion, language, status, row?.amount ?? null, row?.units ?? null),
        counts: counts && !trial,
      });
    }
    return views;
  }

  async function eligible(promotion: PromotionRow, memberId: number, now: Date): Promise<boolean> {
    try {
      await assertEligible(db, promotion, memberId, now);
      return true;
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  }

  /** A bet-volume participation's valid bets from the day it joined through the end of its period. */
  async function volumeOf(trx: Db, row: ParticipationRow, timeZone: string, through: string): Promise<bigint> {
    const joinedDay = localDay(row.created_at, timeZone);
    const from = joinedDay > row.period_start ? joinedDay : row.period_start;
    const { volume } = await trx
      .selectFrom('member_daily_stats')
      .select(sql<string>`coalesce(sum(valid_bet), 0)::text`.as('volume'))
      .where('member_id', '=', row.member_id)
      .where('day', '>=', from as never)
      .where('day', '<=', through as never)
      .executeTakeFirstOrThrow();
    return BigInt(volume);
  }

  const PARTICIPATION_COLUMNS = [
    'id',
    'merchant_id',
    'promotion_id',
    'member_id',
    'period_key',
    sql<string>`period_start::text`.as('period_start'),
    sql<string | null>`period_end::text`.as('period_end'),
    'status',
    'basis',
    'amount',
    'units',
    'device_key',
    'payment_accounts',
    'deposit_id',
    'ledger_transaction_id',
    'decided_by',
    'reason',
    'created_at',
    'updated_at',
  ] as const;

  async function lockRow(trx: Db, id: bigint, skipLocked = false): Promise<ParticipationRow | undefined> {
    let query = trx
      .selectFrom('promotion_participations')
      .select(PARTICIPATION_COLUMNS)
      .where('id', '=', id)
      .forUpdate();
    if (skipLocked) query = query.skipLocked();
    return query.executeTakeFirst();
  }

  async function applicationView(trx: Db, id: bigint) {
    const row = await trx
      .selectFrom('promotion_participations as pp')
      .innerJoin('promotions as p', 'p.id', 'pp.promotion_id')
      .innerJoin('members as m', 'm.id', 'pp.member_id')
      .select([
        'pp.id',
        'pp.promotion_id',
        'p.title',
        'pp.member_id',
        'm.username',
        'pp.period_key',
        'pp.status',
        'pp.basis',
        'p.reward_kind',
        'pp.amount',
        'pp.units',
        'pp.reason',
        'pp.created_at',
      ])
      .where('pp.id', '=', id)
      .executeTakeFirstOrThrow();
    return {
      id: row.id.toString(),
      promotionId: row.promotion_id,
      title: row.title.en || row.title.bn,
      memberId: row.member_id,
      username: row.username,
      period: row.period_key,
      status: row.status as ActivityStatus,
      basis: money(row.basis),
      rewardKind: row.reward_kind,
      amount: money(row.amount),
      units: units(row.units),
      reason: row.reason,
      createdAt: row.created_at.toISOString(),
    };
  }

  /** The operator decides an application (applying → issued, paid; or → rejected), audited. */
  async function decide(
    actor: AuditActor & { operatorId: number },
    id: number,
    approve: boolean,
    reason: string | null,
  ) {
    return db.transaction().execute(async (trx) => {
      const owned = await trx
        .selectFrom('promotion_participations')
        .select('id')
        .where('id', '=', BigInt(id))
        .where('merchant_id', '=', actor.merchantId)
        .executeTakeFirst();
      if (!owned) throw new AppError('promotion.not_found');
      const row = (await lockRow(trx, owned.id))!;
      const before = await applicationView(trx, row.id);
      if (row.status !== 'applying') fail('promotion.invalid_transition');
      const promotion = await trx
        .selectFrom('promotions')
        .selectAll()
        .where('id', '=', row.promotion_id)
        .executeTakeFirstOrThrow();
      const merchant = await merchantOf(trx, actor.merchantId);
      if (approve) {
        await pay(trx, merchant, promotion, row, (row.amount ?? row.units)!, 'issued', {
          decided_by: actor.operatorId,
        });
      } else {
        await move(trx, row, 'rejected', { decided_by: actor.operatorId, reason });
        await notifyInbox(
          trx,
          merchant.id,
          row.member_id,
          'promotion.rejected',
          INBOX.rejected.title,
          {
            en: `Your application for "${promotion.title.en}" was rejected: ${reason ?? ''}`,
            bn: `"${promotion.title.bn}"-এর জন্য আপনার আবেদন প্রত্যাখ্যাত হয়েছে: ${reason ?? ''}`,
          },
          { promotionId: promotion.id, period: row.period_key },
        );
      }
      const after = await applicationView(trx, row.id);
      await recordAudit(trx, actor, {
        action: approve ? 'approve' : 'reject',
        entity: 'promotionApplications',
        entityId: id,
        before,
        after,
      });
      return after;
    });
  }

  return {
    /** MCSFE_getAvailablePromotions: every shown promotion with the member's status, and the badge count. */
    async available(member: MemberContext, language: Language, now = new Date()) {
      const views = await memberViews(member, language, now);
      const count = views.filter((v) => v.counts).length;
      const referral = await db
        .selectFrom('referral_settings')
        .select('enabled')
        .where('merchant_id', '=', member.merchantId)
        .executeTakeFirst();
      return {
        availablePromo: count > 0,
        availablePromoCount: count,
        REFERRAL: { enabled: referral?.enabled ?? false },
        MISSION: await missionBadge(db, member.id),
        list: views.map((v) => v.view),
      };
    },

    /** The reward-centre badge alone (the header adds it to the unread messages). */
    async availableCount(member: MemberContext, now = new Date()): Promise<number> {
      if (member.type === TRIAL) return 0;
      return (await memberViews(member, 'en', now)).filter((v) => v.counts).length;
    },

    /** MCSFE_getMerchantAvailablePromotions: for visitors, open (join) or coming soon. */
    async merchantAvailable(merchantId: number, language: Language, now = new Date()) {
      const list = await shown(merchantId, now);
      return {
        list: list.map((p) => view(p, language, p.starts_at > now ? 'coming_soon' : 'join', null)),
      };
    },

    /** PROMOFE_getPromotionAnnouncementCategory: "all" and each category with shown promotions. */
    async categories(merchantId: number, now = new Date()) {
      const list = await shown(merchantId, now);
      const counts = new Map<string, number>();
      for (const p of list) counts.set(p.category, (counts.get(p.category) ?? 0) + 1);
      return { list: [{ code: 'all', count: list.length }, ...[...counts].map(([code, count]) => ({ code, count }))] };
    },

    /** MCS2_getPromotionClaimList: the member's participations, newest first (the activity centre). */
    async claimList(
      member: MemberContext,
      language: Language,
      query: { pageNo?: number | undefined; pageSize?: number | undefined },
    ) {
      const pageNo = query.pageNo ?? 1;
      const pageSize = query.pageSize ?? 20;
      const base = db
        .selectFrom('promotion_participations as pp')
        .innerJoin('promotions as p', 'p.id', 'pp.promotion_id')
        .where('pp.member_id', '=', member.id);
      const [rows, total] = await Promise.all([
        base
          .select([
            'pp.id',
            'pp.promotion_id',
            'p.title',
            'p.category',
            'pp.period_key',
            'pp.status',
            'p.reward_kind',
            'pp.amount',
            'pp.units',
            'pp.reason',
            'pp.created_at',
            'pp.updated_at',
          ])
          .orderBy('pp.created_at', 'desc')
          .orderBy('pp.id', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        list: rows.map((row) => ({
          id: row.id.toString(),
          promotionId: row.promotion_id,
          title: text(row.title, language),
          category: row.category as PromotionView['category'],
          period: row.period_key,
          status: row.status as ActivityStatus,
          rewardKind: row.reward_kind,
          amount: money(row.amount),
          units: units(row.units),
          reason: row.reason,
          createdAt: row.created_at.toISOString(),
          updatedAt: row.updated_at.toISOString(),
        })),
        total: total.n,
        pageNo,
        pageSize,
      };
    },

    /**
     * MCSFE_joinPromotion: the participation of the current period (joining again answers it).
     * Join and sign-up promotions become claimable; a check-in signs and pays at once.
     */
    async join(
      member: MemberContext,
      input: { promotionId: number; deviceId?: string | undefined },
      ip: string,
      now = new Date(),
    ) {
      if (member.type === TRIAL) throw new AppError('auth.trial_account');
      return db.transaction().execute(async (trx) => {
        const promotion = await loadPromotion(trx, member.merchantId, input.promotionId);
        assertOpen(promotion, now);
        const merchant = await merchantOf(trx, member.merchantId);
        const period = periodOf(promotion, localDay(now, merchant.time_zone), merchant.time_zone);
        const existing = () =>
          trx
            .selectFrom('promotion_participations')
            .select(PARTICIPATION_COLUMNS)
            .where('promotion_id', '=', promotion.id)
            .where('member_id', '=', member.id)
            .where('period_key', '=', period.key)
            .executeTakeFirst();
        const found = await existing();
        if (found) return result(found);
        await assertEligible(trx, promotion, member.id, now);
        const deviceKey = input.deviceId ?? (ip || null);
        const accounts = promotion.one_per_payment_account ? await paymentAccountsOf(trx, member.id) : [];
        if (promotion.one_per_device || promotion.one_per_payment_account) {
          await sql`SELECT pg_advisory_xact_lock(${JOIN_LOCK}, ${promotion.id})`.execute(trx);
          const others = trx
            .selectFrom('promotion_participations')
            .select('id')
            .where('promotion_id', '=', promotion.id)
            .where('period_key', '=', period.key)
            .where('member_id', '<>', member.id)
            .where('status', '<>', 'rejected');
          if (
            promotion.one_per_device &&
            deviceKey &&
            (await others.where('device_key', '=', deviceKey).executeTakeFirst())
          )
            fail('promotion.device_used');
          if (
            accounts.length > 0 &&
            (await others.where(sql<boolean>`payment_accounts && ${sql.val(accounts)}::text[]`).executeTakeFirst())
          )
            fail('promotion.payment_account_used');
        }
        const inserted = await trx
          .insertInto('promotion_participations')
          .values({
            merchant_id: member.merchantId,
            promotion_id: promotion.id,
            member_id: member.id,
            period_key: period.key,
            period_start: period.start,
            period_end: period.end,
            status: 'join',
            device_key: deviceKey,
            payment_accounts: accounts,
          })
          .onConflict((oc) => oc.columns(['promotion_id', 'member_id', 'period_key']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) return result((await existing())!);
        const row = (await lockRow(trx, inserted.id))!;
        if (promotion.trigger === 'deposit' || promotion.trigger === 'bet_volume')
          return result(await move(trx, row, 'joined'));
        if (promotion.trigger === 'check_in') {
          return result(await payOrApply(trx, merchant, promotion, row, rewardOf(promotion, null), 'signed'));
        }
        return result(await move(trx, row, 'claim'));
      });
    },

    /**
     * MCS2_claimPromotion: pays the claimable reward of the current period (or applies for it where
     * the promotion needs approval). The row is locked: of 20 claims at once, one pays.
     */
    async claim(member: MemberContext, input: { promotionId: number }, now = new Date()) {
      if (member.type === TRIAL) throw new AppError('auth.trial_account');
      return db.transaction().execute(async (trx) => {
        const promotion = await loadPromotion(trx, member.merchantId, input.promotionId);
        const merchant = await merchantOf(trx, member.merchantId);
        const period = periodOf(promotion, localDay(now, merchant.time_zone), merchant.time_zone);
        const found = await trx
          .selectFrom('promotion_participations')
          .select('id')
          .where('promotion_id', '=', promotion.id)
          .where('member_id', '=', member.id)
          .where('period_key', '=', period.key)
          .executeTakeFirst();
        if (!found) fail('promotion.not_joined');
        const row = (await lockRow(trx, found!.id))!;
        if (row.status !== 'claim') fail('promotion.nothing_to_claim');
        if (promotion.ends_at && promotion.ends_at <= now) fail('promotion.ended');
        return result(await payOrApply(trx, merchant, promotion, row, rewardOf(promotion, null), 'claimed'));
      });
    },

    /**
     * The cashier credited a deposit (deposit-service settleIn, same transaction): a joined deposit
     * promotion of the current period pays on it (or applies). The deposit id keeps it to one deposit.
     */
    async onDepositCredited(
      trx: Db,
      deposit: { merchantId: number; memberId: number; depositId: bigint; amount: bigint },
    ) {
      const merchant = await merchantOf(trx, deposit.merchantId);
      const today = localDay(new Date(), merchant.time_zone);
      const open = await trx
        .selectFrom('promotion_participations as pp')
        .innerJoin('promotions as p', 'p.id', 'pp.promotion_id')
        .select('pp.id')
        .where('pp.member_id', '=', deposit.memberId)
        .where('pp.status', '=', 'joined')
        .where('p.trigger', '=', 'deposit')
        .where('p.enabled', '=', true)
        .where((eb) => eb.or([eb('p.ends_at', 'is', null), eb('p.ends_at', '>', new Date())]))
        .where((eb) => eb.or([eb('pp.period_end', 'is', null), eb('pp.period_end', '>=', today as never)]))
        .orderBy('pp.id')
        .execute();
      for (const { id } of open) {
        const row = await lockRow(trx, id);
        if (!row || row.status !== 'joined') continue;
        const promotion = await trx
          .selectFrom('promotions')
          .selectAll()
          .where('id', '=', row.promotion_id)
          .executeTakeFirstOrThrow();
        if (promotion.min_basis !== null && deposit.amount < promotion.min_basis) continue;
        const amount = rewardOf(promotion, deposit.amount);
        if (amount <= 0n || !(await raffleOpenForTickets(trx, promotion))) continue;
        await payOrApply(trx, merchant, promotion, row, amount, 'issued', {
          basis: deposit.amount,
          deposit_id: deposit.depositId,
        });
      }
    },

    /**
     * The job (settlement worker): pays bet-volume participations whose period has closed, marks
     * those counting (process), and closes what expired unpaid. Each row in its own transaction,
     * locked and re-checked: a re-run or a parallel run pays nothing twice.
     */
    async runPass(now: Date): Promise<{ issued: number; applying: number; closed: number; process: number }> {
      const counts = { issued: 0, applying: 0, closed: 0, process: 0 };
      const candidates = await db
        .selectFrom('promotion_participations as pp')
        .innerJoin('promotions as p', 'p.id', 'pp.promotion_id')
        .innerJoin('merchants as m', 'm.id', 'pp.merchant_id')
        .select(['pp.id', 'm.time_zone'])
        .where('pp.status', 'in', ['join', 'joined', 'process', 'claim'])
        .orderBy('pp.id')
        .execute();
      for (const candidate of candidates) {
        const closedDay = addDays(localDay(new Date(now.getTime() - GRACE_MS), candidate.time_zone), -1);
        await db.transaction().execute(async (trx) => {
          const row = await lockRow(trx, candidate.id, true);
          if (!row || !['join', 'joined', 'process', 'claim'].includes(row.status)) return;
          const promotion = await trx
            .selectFrom('promotions')
            .selectAll()
            .where('id', '=', row.promotion_id)
            .executeTakeFirstOrThrow();
          const promotionOver = !promotion.enabled || (promotion.ends_at !== null && promotion.ends_at <= now);
          const periodOver = promotionOver || (row.period_end !== null && row.period_end <= closedDay);
          if (promotion.trigger === 'bet_volume' && (row.status === 'joined' || row.status === 'process')) {
            const through = periodOver
              ? row.period_end !== null && row.period_end < closedDay
                ? row.period_end
                : closedDay
              : closedDay;
            const volume = await volumeOf(trx, row, candidate.time_zone, through);
            if (!periodOver) {
              if (row.status === 'joined' && volume > 0n) {
                await move(trx, row, 'process', { basis: volume });
                counts.process += 1;
              }
              return;
            }
            const amount =
              volume >= (promotion.min_basis ?? 1n) && (await raffleOpenForTickets(trx, promotion))
                ? rewardOf(promotion, volume)
                : 0n;
            if (amount > 0n) {
              const moved = await payOrApply(
                trx,
                { id: row.merchant_id, currency: await currencyOf(trx, row.merchant_id) },
                promotion,
                row,
                amount,
                'issued',
                { basis: volume },
              );
              if (moved.status === 'issued') counts.issued += 1;
              else counts.applying += 1;
              return;
            }
          }
          if (periodOver) {
            await move(trx, row, 'close');
            counts.closed += 1;
          }
        });
      }
      return counts;
    },

    approve: (actor: AuditActor & { operatorId: number }, id: number) => decide(actor, id, true, null),
    reject: (actor: AuditActor & { operatorId: number }, id: number, reason: string) =>
      decide(actor, id, false, reason),

    /** GET /admin/promotion-applications: the approval queue, oldest first unless asked (issue 16 Quality). */
    async applications(merchantId: number, query: SortedPageQuery<(typeof PROMOTION_APPLICATION_SORTS)[number]>) {
      const base = db
        .selectFrom('promotion_participations')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('status', '=', 'applying');
      return sortedPageOfRows(
        base,
        { ...query, order: query.order ?? 'asc' },
        APPLICATION_SORT_COLUMNS[query.sort ?? 'createdAt'],
        async (ids) => {
          const list = [];
          for (const { id } of ids) list.push(await applicationView(db, id));
          return list;
        },
      );
    },

    /** GET /admin/promotions: paged, filtered and sorted on the server (issue 16 Quality). */
    async list(merchantId: number, query: AdminPromotionQuery) {
      let base = db.selectFrom('promotions').selectAll().where('merchant_id', '=', merchantId);
      if (query.category) base = base.where('category', '=', query.category);
      if (query.trigger) base = base.where('trigger', '=', query.trigger);
      if (query.enabled) base = base.where('enabled', '=', query.enabled === 'true');
      if (query.q) {
        const like = containsPattern(query.q);
        base = base.where(sql<boolean>`(title->>'en' ilike ${like} or title->>'bn' ilike ${like})`);
      }
      return sortedPageOfRows(
        base,
        { ...query, order: query.order ?? 'asc' },
        PROMOTION_SORT_COLUMNS[query.sort ?? 'sort'],
        (rows) => rows.map(adminView),
      );
    },

    /** POST /admin/promotions (audited). */
    async create(actor: AuditActor, input: PromotionInput) {
      const parsed = parsePromotionInput(input);
      if (!parsed.ok) throw new AppError(parsed.code);
      return db.transaction().execute(async (trx) => {
        await assertRewardIssuable(trx, actor.merchantId, parsed.values);
        const row = await trx
          .insertInto('promotions')
          .values({ merchant_id: actor.merchantId, ...parsed.values })
          .returningAll()
          .executeTakeFirstOrThrow();
        const after = adminView(row);
        await recordAudit(trx, actor, { action: 'create', entity: 'promotions', entityId: row.id, after });
        return after;
      });
    },

    /** PUT /admin/promotions/:id (audited): later participations follow the new terms; paid ones stay as paid. */
    async update(actor: AuditActor, id: number, input: PromotionInput) {
      const parsed = parsePromotionInput(input);
      if (!parsed.ok) throw new AppError(parsed.code);
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('promotions')
          .selectAll()
          .where('id', '=', id)
          .where('merchant_id', '=', actor.merchantId)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw new AppError('promotion.not_found');
        await assertRewardIssuable(trx, actor.merchantId, parsed.values);
        const row = await trx
          .updateTable('promotions')
          .set({ ...parsed.values, updated_at: sql`now()` })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        const after = adminView(row);
        await recordAudit(trx, actor, {
          action: 'update',
          entity: 'promotions',
          entityId: id,
          before: adminView(before),
          after,
        });
        return after;
      });
    },
  };
}
export type Promotions = ReturnType<typeof promotions>;

type AdminPromotionQuery = z.output<NonNullable<(typeof promotionAdminEndpoints.list)['query']>>;
const PROMOTION_SORT_COLUMNS = {
  sort: 'sort',
  startsAt: 'starts_at',
  endsAt: 'ends_at',
  updated: 'updated_at',
  id: 'id',
} as const satisfies Record<(typeof ADMIN_PROMOTION_SORTS)[number], string>;
const APPLICATION_SORT_COLUMNS = {
  createdAt: 'created_at',
  basis: 'basis',
  amount: 'amount',
} as const satisfies Record<(typeof PROMOTION_APPLICATION_SORTS)[number], string>;

async function currencyOf(trx: Db, merchantId: number): Promise<string> {
  const row = await trx
    .selectFrom('merchants')
    .select('currency')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return row.currency;
}

/** Points need the merchant's points mall on; tickets need a raffle of the merchant still taking them. */
async function assertRewardIssuable(
  trx: Db,
  merchantId: number,
  values: { reward_kind: string; reward_raffle_id: bigint | null },
): Promise<void> {
  if (values.reward_kind === 'points') {
    const settings = await trx
      .selectFrom('point_settings')
      .select('enabled')
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
    if (!settings?.enabled) fail('promotion.reward_kind_unavailable');
  }
  if (values.reward_kind === 'raffle_tickets') {
    const raffle = await trx
      .selectFrom('raffles')
      .select('id')
      .where('id', '=', values.reward_raffle_id!)
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
    if (!raffle) fail('promotion.invalid_reward');
    if (!(await raffleOpenForTickets(trx, { reward_kind: 'raffle_tickets', reward_raffle_id: raffle!.id })))
      fail('promotion.raffle_closed');
  }
}

import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import type { ErrorCode } from '../errors.ts';
import { moneyValueSchema } from './amount.ts';

/**
 * VIP ranks (§1 "VIP and rank benefits", §2 VIP Bonus, issue 14 item 4; docs/adr/0015-vip-ranks.md):
 * ranks by the member's valid bet in the merchant-local month, a promotion bonus once per rank and
 * a monthly bonus per month. Amounts on the wire are decimal strings of the currency.
 */

export const VIP_MAX_RANKS = 20;

export const vipRankSchema = z.object({
  level: z.number().int(),
  /** In the caller's language. */
  name: z.string(),
  /** The month's valid bet that reaches this rank. */
  monthlyTurnover: moneyValueSchema,
  promotionBonus: moneyValueSchema,
  monthlyBonus: moneyValueSchema,
});
export type VipRank = z.infer<typeof vipRankSchema>;

/** MCSFE_getPlayerRankProgress (endpoints.md: `playerRankName`, `monthlyTurnover` {actual, expected}, `totalTurnover`). */
export const playerRankProgressSchema = z.object({
  hasVip: z.boolean(),
  /** 0: no rank yet (and always for trial accounts, §4). */
  vipRankLevel: z.number().int(),
  playerRankName: z.string().nullable(),
  vipLabelName: z.string().nullable(),
  /** The merchant-local month, `YYYY-MM`. */
  month: z.string(),
  monthlyTurnover: z.object({
    /** Valid bet so far this month. */
    actual: moneyValueSchema,
    /** What the next rank needs this month (at the top rank: what keeps it); null without ranks. */
    expected: moneyValueSchema.nullable(),
  }),
  totalTurnover: moneyValueSchema,
  nextRank: vipRankSchema.nullable(),
  ranks: z.array(vipRankSchema),
  /** VIP bonuses paid to the member so far. */
  bonusesPaid: moneyValueSchema,
});
export type PlayerRankProgress = z.infer<typeof playerRankProgressSchema>;

export const vipEndpoints = {
  rankProgress: defineEndpoint({
    name: 'MCSFE_getPlayerRankProgress',
    method: 'GET',
    path: '/wps/relay/MCSFE_getPlayerRankProgress',
    auth: 'member',
    summary: 'The caller’s VIP rank, this month’s turnover against the next rank, the ranks and their bonuses',
    tags: ['vip'] as const,
    response: playerRankProgressSchema,
  }),
};

const looseNumber = z.union([z.string().max(32), z.number()]);
export const vipRankInputSchema = z.object({
  nameBn: z.string().trim().min(1).max(40),
  nameEn: z.string().trim().min(1).max(40),
  monthlyTurnover: looseNumber,
  promotionBonus: looseNumber,
  monthlyBonus: looseNumber,
});
/** The whole ladder, lowest rank first: its position is the level. */
export const vipRanksInputSchema = z.object({ ranks: z.array(vipRankInputSchema).max(VIP_MAX_RANKS) });
export type VipRanksInput = z.infer<typeof vipRanksInputSchema>;

export interface StoredVipRank {
  level: number;
  nameBn: string;
  nameEn: string;
  monthlyTurnover: bigint;
  promotionBonus: bigint;
  monthlyBonus: bigint;
}

const AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;
function toMinor(value: unknown): bigint | null {
  const text = (typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value ?? '')).trim();
  if (!AMOUNT.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
}

export type VipRanksResult = { ok: true; ranks: StoredVipRank[] } | { ok: false; code: ErrorCode };

/**
 * Operator input to stored ranks: amounts of at most 2 decimals, never negative
 * (vip.invalid_amount); thresholds above 0 and strictly rising with the level, so no two ranks
 * overlap (vip.invalid_threshold).
 */
export function parseVipRanks(input: VipRanksInput): VipRanksResult {
  const ranks: StoredVipRank[] = [];
  for (const [i, rank] of input.ranks.entries()) {
    const monthlyTurnover = toMinor(rank.monthlyTurnover);
    const promotionBonus = toMinor(rank.promotionBonus);
    const monthlyBonus = toMinor(rank.monthlyBonus);
    if (monthlyTurnover === null || promotionBonus === null || monthlyBonus === null) {
      return { ok: false, code: 'vip.invalid_amount' };
    }
    const previous = ranks[i - 1];
    if (monthlyTurnover === 0n || (previous && monthlyTurnover <= previous.monthlyTurnover)) {
      return { ok: false, code: 'vip.invalid_threshold' };
    }
    ranks.push({
      level: i + 1,
      nameBn: rank.nameBn,
      nameEn: rank.nameEn,
      monthlyTurnover,
      promotionBonus,
      monthlyBonus,
    });
  }
  return { ok: true, ranks };
}

export const vipAdminRankSchema = z.object({
  level: z.number().int(),
  nameBn: z.string(),
  nameEn: z.string(),
  monthlyTurnover: moneyValueSchema,
  promotionBonus: moneyValueSchema,
  monthlyBonus: moneyValueSchema,
});
const adminRanksView = z.object({
  ranks: z.array(vipAdminRankSchema),
  /** The last month whose 1st-of-month review and monthly bonuses have run (`YYYY-MM`). */
  reviewedMonth: z.string().nullable(),
});

const tags = ['admin', 'vip'] as const;
/** Operator calls under /admin (audited). */
export const vipAdminEndpoints = {
  ranksGet: defineEndpoint({
    name: 'admin.vip.ranks',
    method: 'GET',
    path: '/admin/vip-ranks',
    auth: 'operator',
    summary: 'The VIP ranks of this merchant, lowest first',
    tags,
    response: adminRanksView,
  }),
  ranksUpdate: defineEndpoint({
    name: 'admin.vip.ranksUpdate',
    method: 'PUT',
    path: '/admin/vip-ranks',
    auth: 'operator',
    summary: 'Replace the VIP ranks (names, monthly turnover thresholds, promotion and monthly bonuses); audited',
    tags,
    body: vipRanksInputSchema,
    response: adminRanksView,
  }),
};

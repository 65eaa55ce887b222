import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import type { ErrorCode } from '../errors.ts';
import { AMOUNT_PATTERN, moneyValueSchema } from './amount.ts';
import { rateToBp } from './agent-contracts.ts';
import { page, pagingShape } from './wallet.ts';

/**
 * Player rebates (issue 14 item 5; §3 PLYRBT and MANPLAYREB3; docs/adr/0014-rebates.md): a share of
 * each member's valid bet per merchant-local day and §3 product type, paid into the bonus wallet by
 * the daily job (auto) or claimed by the member (manual). On the wire a rate is a percentage as
 * text ("0.8" = 0.8 %) and an amount a decimal string; stored settings keep basis points and minor units.
 */

/** §3 product types (the vendor lanes) a rebate rate can be set for. */
export const REBATE_PRODUCT_TYPES = [
  'LIVE',
  'RNG',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'LOTT',
  'ELOTT',
  'INHOUSE',
] as const;
export type RebateProductType = (typeof REBATE_PRODUCT_TYPES)[number];

/** A rate above this (5 % of valid bet) is refused: a typo must not drain the house. */
export const REBATE_MAX_RATE_BP = 500;
export const REBATE_MODES = ['auto', 'manual'] as const;

export const rebateRateSchema = z.object({
  productType: z.enum(REBATE_PRODUCT_TYPES),
  /** Percent of the member's valid bet of the day in this product type. */
  rate: z.string(),
  /** Most one member's rebate of this product type pays in a day; null: no cap. */
  dailyCap: moneyValueSchema.nullable(),
  /** auto: paid by the daily job; manual: the member claims it (MANPLAYREB3). */
  mode: z.enum(REBATE_MODES),
  /**
   * Operator calls: the rate per VIP level where it differs (a level without one earns `rate`).
   * The member's call leaves it out: there `rate` is the member's own, at its current level.
   */
  vipRates: z.array(z.object({ level: z.number().int(), rate: z.string() })).optional(),
});
export type RebateRate = z.infer<typeof rebateRateSchema>;

export const rebateSettingSchema = z.object({
  /** §7 getRebate: the site runs rebates (some rate above 0). */
  hasRebate: z.boolean(),
  /** Manual claims are served (MANPLAYREB3 in force). */
  manualRebate: z.boolean(),
  /** The member's VIP level the rates in `list` are for (0: no rank). */
  vipLevel: z.number().int(),
  list: z.array(rebateRateSchema),
});
export type RebateSetting = z.infer<typeof rebateSettingSchema>;

export const rebateSummarySchema = z.object({
  /** Accrued on closed days, not yet paid, for the product types claimed by hand. */
  claimable: moneyValueSchema,
  claimableByProduct: z.array(z.object({ productType: z.string(), amount: moneyValueSchema })),
  totalPaid: moneyValueSchema,
});
export type RebateSummary = z.infer<typeof rebateSummarySchema>;

export const rebateRecordSchema = z.object({
  id: z.string(),
  /** The merchant-local day of the bets. */
  day: z.string(),
  productType: z.string(),
  mode: z.enum(REBATE_MODES),
  validBet: moneyValueSchema,
  rate: z.string(),
  amount: moneyValueSchema,
  paidAt: z.iso.datetime({ offset: true }),
});
export type RebateRecord = z.infer<typeof rebateRecordSchema>;

const tags = ['rebate'] as const;

export const rebateEndpoints = {
  setting: defineEndpoint({
    name: 'MCSFE_getCustomerRebateSettingByProductType',
    method: 'GET',
    path: '/wps/relay/MCSFE_getCustomerRebateSettingByProductType',
    auth: 'member',
    switch: 'PLYRBT',
    summary: 'Rebate rates per product type (sets hasRebate), and whether rebates are claimed by hand',
    tags,
    response: rebateSettingSchema,
  }),
  summary: defineEndpoint({
    name: 'rebate.summary',
    method: 'GET',
    path: '/wps/member/rebate/summary',
    auth: 'member',
    switch: 'PLYRBT',
    summary: 'Rebate accrued on closed days and not yet paid (claimable by hand), and everything paid',
    tags,
    response: rebateSummarySchema,
  }),
  records: defineEndpoint({
    name: 'rebate.records',
    method: 'GET',
    path: '/wps/member/rebate/records',
    auth: 'member',
    switch: 'PLYRBT',
    summary: 'Rebates paid to the member, newest first: day, product type, valid bet, rate and amount',
    tags,
    query: z.object(pagingShape),
    response: page(rebateRecordSchema).extend({ totalPaid: moneyValueSchema }),
  }),
  claim: defineEndpoint({
    name: 'rebate.claim',
    method: 'POST',
    path: '/wps/member/rebate/claim',
    auth: 'member',
    switch: 'MANPLAYREB3',
    summary: 'Claim the rebate accrued on closed days not yet paid; sent twice or at once, it pays once',
    tags,
    response: z.object({ amount: moneyValueSchema, records: z.number().int() }),
  }),
};

const looseNumber = z.union([z.string().max(32), z.number()]);
/** As sent: loosely typed, so a bad rate or amount gets its own stable code (parseRebateSettings). */
export const rebateSettingsInputSchema = z.object({
  enabled: z.boolean(),
  rates: z
    .array(
      z.object({
        productType: z.enum(REBATE_PRODUCT_TYPES),
        rate: looseNumber,
        dailyCap: looseNumber.nullable(),
        mode: z.enum(REBATE_MODES),
        /** A rate for members of a VIP level instead of `rate` (issue 14 items 4–5). */
        vipRates: z
          .array(z.object({ level: z.number().int().min(1).max(50), rate: looseNumber }))
          .max(50)
          .optional(),
      }),
    )
    .max(REBATE_PRODUCT_TYPES.length),
});
export type RebateSettingsInput = z.infer<typeof rebateSettingsInputSchema>;

export interface StoredRebateRate {
  productType: RebateProductType;
  rateBp: number;
  dailyCap: bigint | null;
  mode: 'auto' | 'manual';
  /** By VIP level, ascending; a level not listed earns `rateBp`. */
  vipRates: { level: number; rateBp: number }[];
}

function amountToMinor(value: unknown): bigint | null {
  const text = (typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value ?? '')).trim();
  if (!AMOUNT_PATTERN.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
}

export type RebateSettingsResult =
  { ok: true; enabled: boolean; rates: StoredRebateRate[] } | { ok: false; code: ErrorCode };

/**
 * Operator input to stored settings: each rate 0–5 % with at most 2 decimals (rebate.invalid_rate),
 * VIP levels' rates too, a cap above 0 with at most 2 decimals (rebate.invalid_amount), a product
 * type at most once (rebate.duplicate_product) and a level at most once in it
 * (rebate.duplicate_level); switched on, some rate above 0 (rebate.nothing_to_pay).
 */
export function parseRebateSettings(input: RebateSettingsInput): RebateSettingsResult {
  const rates: StoredRebateRate[] = [];
  const seen = new Set<string>();
  for (const rate of input.rates) {
    if (seen.has(rate.productType)) return { ok: false, code: 'rebate.duplicate_product' };
    seen.add(rate.productType);
    const rateBp = rateToBp(rate.rate);
    if (rateBp === null || rateBp > REBATE_MAX_RATE_BP) return { ok: false, code: 'rebate.invalid_rate' };
    const dailyCap = rate.dailyCap === null ? null : amountToMinor(rate.dailyCap);
    if (rate.dailyCap !== null && (dailyCap === null || dailyCap === 0n)) {
      return { ok: false, code: 'rebate.invalid_amount' };
    }
    const vipRates: StoredRebateRate['vipRates'] = [];
    for (const vip of rate.vipRates ?? []) {
      if (vipRates.some((v) => v.level === vip.level)) return { ok: false, code: 'rebate.duplicate_level' };
      const vipBp = rateToBp(vip.rate);
      if (vipBp === null || vipBp > REBATE_MAX_RATE_BP) return { ok: false, code: 'rebate.invalid_rate' };
      vipRates.push({ level: vip.level, rateBp: vipBp });
    }
    vipRates.sort((a, b) => a.level - b.level);
    rates.push({ productType: rate.productType, rateBp, dailyCap, mode: rate.mode, vipRates });
  }
  if (input.enabled && !rates.some((r) => r.rateBp > 0 || r.vipRates.some((v) => v.rateBp > 0)))
    return { ok: false, code: 'rebate.nothing_to_pay' };
  return { ok: true, enabled: input.enabled, rates };
}

export const rebateSettingsViewSchema = z.object({
  enabled: z.boolean(),
  rates: z.array(rebateRateSchema),
  /** The first merchant-local day that earns (set when switched on). */
  startsOn: z.string().nullable(),
  /** Every day up to this one has been paid by the automatic job. */
  paidThrough: z.string().nullable(),
});

/** Operator calls under /admin (audited). */
export const rebateAdminEndpoints = {
  settingsGet: defineEndpoint({
    name: 'admin.rebate.settings',
    method: 'GET',
    path: '/admin/rebate-settings',
    auth: 'operator',
    summary: 'Rebate settings of this merchant: rate, daily cap and auto or manual per product type',
    tags: ['admin', 'rebate'],
    response: rebateSettingsViewSchema,
  }),
  settingsUpdate: defineEndpoint({
    name: 'admin.rebate.settingsUpdate',
    method: 'PUT',
    path: '/admin/rebate-settings',
    auth: 'operator',
    summary: 'Change the rebate settings (the rates given replace all rates), on or off; audited',
    tags: ['admin', 'rebate'],
    body: rebateSettingsInputSchema,
    response: rebateSettingsViewSchema,
  }),
};

import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { amountSchema, moneyValueSchema } from './amount.ts';
import { MAX_BIGSERIAL, MAX_SERIAL, pathId } from './ids.ts';
import { hasControlCharacters } from './support.ts';
import { page, pagingShape, requestIdSchema, sortShape } from './wallet.ts';

/**
 * The points mall (issue 14 item 3; §3 PTSYS3, points never expire; docs/adr/0018-points-mall.md).
 * Points are whole numbers (JSON numbers); money is a decimal string as everywhere else.
 */

/** endpoints.md §6 point types: earned per valid bet of a product type, per deposit; `redeem` is the cash ⇄ points ratio. */
export const POINT_TYPES = ['LIVE', 'LOTT', 'PVP', 'RNG', 'SPORTS', 'deposit', 'redeem'] as const;
export type PointType = (typeof POINT_TYPES)[number];
export const POINT_EARN_BET_TYPES = ['LIVE', 'LOTT', 'PVP', 'RNG', 'SPORTS'] as const;
/** Most goods one redemption may take. */
export const POINT_REDEEM_MAX_QUANTITY = 99;
/** Beyond any sane balance, and far inside JavaScript's safe integers. */
export const POINT_MAX = 1_000_000_000_000;

/** §4 redeem statuses: In Process, Rejected, Approved. */
export const REDEMPTION_STATUSES = ['IN_PROCESS', 'REJECTED', 'APPROVED'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];
export const CONVERSION_DIRECTIONS = ['cashToPoints', 'pointsToCash'] as const;
export type ConversionDirection = (typeof CONVERSION_DIRECTIONS)[number];

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !hasControlCharacters(value));
const secret = () =>
  z
    .string()
    .max(128)
    .refine((value) => !hasControlCharacters(value));
const wholePoints = z.number().int().min(1).max(POINT_MAX);

export const pointRateSchema = z.object({
  pointType: z.enum(POINT_TYPES),
  /** Valid bet, deposit or (redeem) cash that goes with `points` points. */
  amount: moneyValueSchema,
  points: z.number().int(),
});
export type PointRate = z.infer<typeof pointRateSchema>;

export const pointBalanceSchema = z.object({
  points: z.number().int(),
  /** The main wallet, for "get points by cash". */
  cashBalance: moneyValueSchema,
  currency: z.string(),
});
export type PointBalance = z.infer<typeof pointBalanceSchema>;

export const pointGoodsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  imageUrl: z.string(),
  /** Issued in all. */
  quantity: z.number().int(),
  pointsRequired: z.number().int(),
  /** The member's approved deposits must reach this before the goods can be redeemed. */
  amountRequired: moneyValueSchema,
  availableQuantity: z.number().int(),
});
export type PointGoods = z.infer<typeof pointGoodsSchema>;

export const conversionTypeSchema = z.object({
  direction: z.enum(CONVERSION_DIRECTIONS),
  enabled: z.boolean(),
  /** `points` points for `amount` cash. */
  amount: moneyValueSchema,
  points: z.number().int(),
});
export type ConversionType = z.infer<typeof conversionTypeSchema>;

export const redemptionRecordSchema = z.object({
  referenceNumber: z.string(),
  applyTime: z.iso.datetime({ offset: true }),
  type: z.literal('REDEEM'),
  name: z.string(),
  quantity: z.number().int(),
  points: z.number().int(),
  status: z.enum(REDEMPTION_STATUSES),
  remark: z.string().nullable(),
});
export type RedemptionRecord = z.infer<typeof redemptionRecordSchema>;

export const POINT_ENTRY_KINDS = [
  'earn',
  'redeem',
  'redeem_refund',
  'convert_in',
  'convert_out',
  'adjust',
  'promotion',
] as const;
export const pointDetailSchema = z.object({
  id: z.string(),
  time: z.iso.datetime({ offset: true }),
  kind: z.enum(POINT_ENTRY_KINDS),
  change: z.number().int(),
  balance: z.number().int(),
  remark: z.string(),
});
export type PointDetail = z.infer<typeof pointDetailSchema>;

export const pointConfigSchema = z.object({
  enabled: z.boolean(),
  list: z.array(pointRateSchema),
});
export type PointConfig = z.infer<typeof pointConfigSchema>;

export const redeemBodySchema = z.object({
  goodsId: z.number().int().min(1).max(MAX_SERIAL),
  quantity: z.number().int().min(1).max(POINT_REDEEM_MAX_QUANTITY),
  address: text(300).pipe(z.string().min(5)),
  mobile: z
    .string()
    .trim()
    .refine((value) => /^\+?\d{6,20}$/.test(value)),
  paymentPassword: secret().optional(),
  requestId: requestIdSchema,
});
export type RedeemBody = z.infer<typeof redeemBodySchema>;

export const convertBodySchema = z.object({
  direction: z.enum(CONVERSION_DIRECTIONS),
  /** cashToPoints: the cash to pay. */
  amount: amountSchema.optional(),
  /** pointsToCash: the points to give. */
  points: wholePoints.optional(),
  paymentPassword: secret().optional(),
  requestId: requestIdSchema,
});
export type ConvertBody = z.infer<typeof convertBodySchema>;

export const redeemResultSchema = z.object({
  referenceNumber: z.string(),
  status: z.enum(REDEMPTION_STATUSES),
  pointsSpent: z.number().int(),
  points: z.number().int(),
  replayed: z.boolean(),
});
export const convertResultSchema = z.object({
  direction: z.enum(CONVERSION_DIRECTIONS),
  cash: moneyValueSchema,
  pointsChanged: z.number().int(),
  points: z.number().int(),
  cashBalance: moneyValueSchema,
  replayed: z.boolean(),
});

const tags = ['points'] as const;
const relay = (name: string) => `/wps/relay/${name}`;

export const pointEndpoints = {
  balance: defineEndpoint({
    name: 'MCS2_getPointBalance',
    method: 'GET',
    path: relay('MCS2_getPointBalance'),
    aliases: [relay('MCSFE_getPointBalance')],
    auth: 'member',
    switch: 'PTSYS3',
    summary: "The member's points, and the main wallet for conversions",
    tags,
    response: pointBalanceSchema,
  }),
  rewards: defineEndpoint({
    name: 'MCS2_getPointReward',
    method: 'GET',
    path: relay('MCS2_getPointReward'),
    aliases: [relay('MCSFE_getPointReward')],
    auth: 'member',
    switch: 'PTSYS3',
    summary: 'Goods of the points mall: name, image, quantity, points and amount requirement, available stock',
    tags,
    response: z.object({ list: z.array(pointGoodsSchema) }),
  }),
  conversionTypes: defineEndpoint({
    name: 'MCSFE_getPointRewardConversionType',
    method: 'GET',
    path: relay('MCSFE_getPointRewardConversionType'),
    auth: 'member',
    switch: 'PTSYS3',
    summary: 'Which conversions between cash and points are served, at which ratio',
    tags,
    response: z.object({ list: z.array(conversionTypeSchema) }),
  }),
  redeemList: defineEndpoint({
    name: 'MCS2_getRedeemPointList',
    method: 'GET',
    path: relay('MCS2_getRedeemPointList'),
    aliases: [relay('MCSFE_getRedeemPointList')],
    auth: 'member',
    switch: 'PTSYS3',
    summary: 'Redeem history, newest first: reference number, apply time, goods, quantity, status',
    tags,
    query: z.object(pagingShape),
    response: page(redemptionRecordSchema),
  }),
  config: defineEndpoint({
    name: 'MCS2_getPointConfig',
    method: 'GET',
    path: relay('MCS2_getPointConfig'),
    aliases: [relay('MCSFE_getPointConfig')],
    auth: 'member',
    switch: 'PTSYS3',
    summary: 'The exchange-rate table: points per valid bet of each product type, per deposit, and the redeem ratio',
    tags,
    response: pointConfigSchema,
  }),
  redeem: defineEndpoint({
    name: 'MCS2_redeemPointReward',
    method: 'POST',
    path: relay('passwordCheck/MCS2_redeemPointReward'),
    aliases: [relay('passwordCheck/MCSFE_redeemPointReward')],
    auth: 'member',
    encrypted: true,
    switch: 'PTSYS3',
    summary: 'Redeem goods with the payment password: reserves points and stock at once; an operator decides',
    tags,
    body: redeemBodySchema,
    response: redeemResultSchema,
  }),
  convert: defineEndpoint({
    name: 'MCS2_convertPoint',
    method: 'POST',
    path: relay('passwordCheck/MCS2_convertPoint'),
    aliases: [relay('passwordCheck/MCSFE_convertPoint')],
    auth: 'member',
    encrypted: true,
    switch: 'PTSYS3',
    summary: 'Convert cash to points or points to cash at the redeem ratio, with the payment password',
    tags,
    body: convertBodySchema,
    response: convertResultSchema,
  }),
  details: defineEndpoint({
    name: 'ODSFE2_MemTransDet',
    method: 'GET',
    path: relay('ODSFE2_MemTransDet'),
    auth: 'member',
    switch: 'MEMTRANS3',
    summary: 'Points details, newest first: time, change, points balance, remark',
    tags,
    query: z.object(pagingShape),
    response: page(pointDetailSchema),
  }),
};

// Operator calls (/admin, audited).

const looseNumber = z.union([z.string().max(32), z.number()]);
export const pointConfigInputSchema = z.object({
  enabled: z.boolean(),
  cashToPoints: z.boolean(),
  pointsToCash: z.boolean(),
  rates: z
    .array(z.object({ pointType: z.enum(POINT_TYPES), amount: looseNumber, points: looseNumber }))
    .max(POINT_TYPES.length),
});
export type PointConfigInput = z.infer<typeof pointConfigInputSchema>;

export const adminPointConfigSchema = z.object({
  enabled: z.boolean(),
  cashToPoints: z.boolean(),
  pointsToCash: z.boolean(),
  rates: z.array(pointRateSchema),
  earnedThrough: z.iso.datetime({ offset: true }).nullable(),
});
export type AdminPointConfig = z.infer<typeof adminPointConfigSchema>;

/** Relative, or http(s): a goods picture can never be a javascript: or data: URL. */
function isImageUrl(text: string): boolean {
  if (/[\s<>"']/.test(text)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(text, 'https://relative.invalid/').protocol);
  } catch {
    return false;
  }
}
const imageUrl = z.string().trim().max(2048).refine(isImageUrl);
const goodsName = z.object({ bn: text(100).pipe(z.string().min(1)), en: text(100).pipe(z.string().min(1)) });
export const pointGoodsInputSchema = z.object({
  name: goodsName,
  imageUrl,
  /** Stock available now; the issued quantity grows with each increase. */
  stock: z.number().int().min(0).max(1_000_000),
  pointsRequired: wholePoints,
  amountRequired: z
    .string()
    .trim()
    .max(16)
    .refine((value) => /^\d{1,13}(\.\d{1,2})?$/.test(value)),
  enabled: z.boolean(),
  sort: z.number().int().min(0).max(10_000),
});
export type PointGoodsInput = z.infer<typeof pointGoodsInputSchema>;

export const adminPointGoodsSchema = z.object({
  id: z.number().int(),
  name: z.object({ bn: z.string(), en: z.string() }),
  imageUrl: z.string(),
  quantity: z.number().int(),
  stock: z.number().int(),
  pointsRequired: z.number().int(),
  amountRequired: moneyValueSchema,
  enabled: z.boolean(),
  sort: z.number().int(),
});
export type AdminPointGoods = z.infer<typeof adminPointGoodsSchema>;

export const ADMIN_REDEMPTION_STATUSES = ['pending', 'approved', 'rejected'] as const;
/** What the redemption queue sorts by (issue 16 Quality). */
export const ADMIN_REDEMPTION_SORTS = ['createdAt', 'points', 'quantity'] as const;
export const adminRedemptionSchema = z.object({
  id: z.number().int(),
  referenceNumber: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  goodsId: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  points: z.number().int(),
  address: z.string(),
  mobile: z.string(),
  status: z.enum(ADMIN_REDEMPTION_STATUSES),
  reason: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  reviewedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type AdminRedemption = z.infer<typeof adminRedemptionSchema>;

const adminTags = ['admin', 'points'] as const;
const goodsParams = pathId(MAX_SERIAL);
const redemptionParams = pathId(MAX_BIGSERIAL);

export const pointAdminEndpoints = {
  configGet: defineEndpoint({
    name: 'admin.points.config',
    method: 'GET',
    path: '/admin/point-config',
    auth: 'operator',
    summary: 'The points programme: on or off, conversions, and the exchange-rate table',
    tags: adminTags,
    response: adminPointConfigSchema,
  }),
  configUpdate: defineEndpoint({
    name: 'admin.points.configUpdate',
    method: 'PUT',
    path: '/admin/point-config',
    auth: 'operator',
    summary: 'Change the points programme (the rates given replace all rates); audited',
    tags: adminTags,
    body: pointConfigInputSchema,
    response: adminPointConfigSchema,
  }),
  goodsList: defineEndpoint({
    name: 'admin.points.goodsList',
    method: 'GET',
    path: '/admin/point-goods',
    auth: 'operator',
    summary: 'Goods of the points mall, with stock',
    tags: adminTags,
    response: z.array(adminPointGoodsSchema),
  }),
  goodsCreate: defineEndpoint({
    name: 'admin.points.goodsCreate',
    method: 'POST',
    path: '/admin/point-goods',
    auth: 'operator',
    summary: 'Add goods to the points mall; audited',
    tags: adminTags,
    body: pointGoodsInputSchema,
    response: adminPointGoodsSchema,
  }),
  goodsUpdate: defineEndpoint({
    name: 'admin.points.goodsUpdate',
    method: 'PUT',
    path: '/admin/point-goods/:id',
    auth: 'operator',
    summary: 'Change goods (stock, points, name, image); audited',
    tags: adminTags,
    params: goodsParams,
    body: pointGoodsInputSchema,
    response: adminPointGoodsSchema,
  }),
  goodsDelete: defineEndpoint({
    name: 'admin.points.goodsDelete',
    method: 'DELETE',
    path: '/admin/point-goods/:id',
    auth: 'operator',
    summary: 'Remove goods from the mall (kept for the redemptions that name them); audited',
    tags: adminTags,
    params: goodsParams,
    response: z.object({ id: z.number().int() }),
  }),
  redemptions: defineEndpoint({
    name: 'admin.points.redemptions',
    method: 'GET',
    path: '/admin/point-redemptions',
    auth: 'operator',
    summary:
      'The redemption queue by status, paged, sorted by time, points or quantity (pending oldest first, decided newest first)',
    tags: adminTags,
    query: z.object({
      ...pagingShape,
      status: z.enum(ADMIN_REDEMPTION_STATUSES).optional(),
      ...sortShape(ADMIN_REDEMPTION_SORTS),
    }),
    response: page(adminRedemptionSchema),
  }),
  redemptionApprove: defineEndpoint({
    name: 'admin.points.redemptionApprove',
    method: 'POST',
    path: '/admin/point-redemptions/:id/approve',
    auth: 'operator',
    summary: 'Approve a redemption: the reserved stock is consumed; a repeat answers the state; audited',
    tags: adminTags,
    params: redemptionParams,
    response: adminRedemptionSchema,
  }),
  redemptionReject: defineEndpoint({
    name: 'admin.points.redemptionReject',
    method: 'POST',
    path: '/admin/point-redemptions/:id/reject',
    auth: 'operator',
    summary: 'Reject a redemption: points and stock are returned exactly once; audited',
    tags: adminTags,
    params: redemptionParams,
    body: z.object({ reason: text(500).pipe(z.string().min(1)) }),
    response: adminRedemptionSchema,
  }),
};

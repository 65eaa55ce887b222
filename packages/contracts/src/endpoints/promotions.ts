import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { amountSchema, moneyValueSchema } from './amount.ts';
import { MAX_BIGSERIAL, MAX_SERIAL, pathId } from './ids.ts';
import { page, pagingShape, sortShape } from './wallet.ts';

/**
 * Promotions (issue 14 items 1–2; §2 /promotions, reward centre and activity centre; §4 activity
 * statuses; endpoints.md §6; docs/adr/0016-promotions.md). Operators define promotions; members
 * join and claim them; bonus money is paid from the house into the main wallet with a turnover
 * requirement of `turnoverMultiple` × the bonus, once per member and promotion period.
 */

/** §2 locale tabs of /promotions ("all" is the tab of every category). */
export const PROMOTION_CATEGORIES = [
  'sports',
  'live',
  'slots',
  'cards',
  'fish',
  'lotto',
  'rebate',
  'pointsMall',
  'ranking',
  'deposit',
  'newbie',
  'others',
] as const;
export type PromotionCategory = (typeof PROMOTION_CATEGORIES)[number];

/** What earns the reward: a new account, a deposit, joining, the daily check-in, or the bet volume of the period. */
export const PROMOTION_TRIGGERS = ['sign_up', 'deposit', 'join', 'check_in', 'bet_volume'] as const;
export type PromotionTrigger = (typeof PROMOTION_TRIGGERS)[number];

/** fixed: an amount; percent: of the triggering deposit or of the bet volume, up to a cap; points: into the points ledger; raffle_tickets: into one raffle. */
export const PROMOTION_REWARD_KINDS = ['fixed', 'percent', 'points', 'raffle_tickets'] as const;
export type PromotionRewardKind = (typeof PROMOTION_REWARD_KINDS)[number];

export const PROMOTION_PERIODS = ['once', 'daily', 'weekly'] as const;
export type PromotionPeriod = (typeof PROMOTION_PERIODS)[number];

/** §4 activity statuses (snake case of Join, Claim, Applying, Close, Rejected, Issued, Claimed, Process, Joined, Signed, coming soon). */
export const ACTIVITY_STATUSES = [
  'coming_soon',
  'join',
  'joined',
  'process',
  'signed',
  'claim',
  'applying',
  'issued',
  'claimed',
  'rejected',
  'close',
] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

const localized = z.object({ bn: z.string(), en: z.string() });

export const promotionViewSchema = z.object({
  id: z.number().int(),
  category: z.enum(PROMOTION_CATEGORIES),
  /** In the request's language (the other when it is empty). */
  title: z.string(),
  /** Sanitised HTML (modules/admin/content/rich-text.ts). */
  body: z.string(),
  imageUrl: z.string().nullable(),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }).nullable(),
  trigger: z.enum(PROMOTION_TRIGGERS),
  rewardKind: z.enum(PROMOTION_REWARD_KINDS),
  rewardAmount: moneyValueSchema.nullable(),
  /** Percent of the deposit or bet volume ("100.00"). */
  rewardRate: z.string().nullable(),
  rewardCap: moneyValueSchema.nullable(),
  /** The points (rewardKind points) or raffle tickets (raffle_tickets) it gives. */
  rewardUnits: z.number().int().nullable(),
  /** The raffle a raffle_tickets promotion's tickets go to. */
  rewardRaffleId: z.number().int().nullable(),
  minBasis: moneyValueSchema.nullable(),
  turnoverMultiple: z.number().int(),
  requiresApproval: z.boolean(),
  period: z.enum(PROMOTION_PERIODS),
  /** The caller's §4 status in the current period (visitors: join, coming_soon or close). */
  status: z.enum(ACTIVITY_STATUSES),
  /** The reward of the caller's participation, once known. */
  amount: moneyValueSchema.nullable(),
  /** The points or tickets of the caller's participation, once known. */
  units: z.number().int().nullable(),
});
export type PromotionView = z.infer<typeof promotionViewSchema>;

export const availablePromotionsSchema = z.object({
  /** Something can be joined or claimed now (Public `availablePromo`). */
  availablePromo: z.boolean(),
  /** Promotions the member may join now plus rewards ready to claim: the reward-centre badge. */
  availablePromoCount: z.number().int(),
  REFERRAL: z.object({ enabled: z.boolean() }),
  MISSION: z.object({ enabled: z.boolean(), count: z.number().int() }),
  list: z.array(promotionViewSchema),
});

export const promotionClaimRecordSchema = z.object({
  id: z.string(),
  promotionId: z.number().int(),
  title: z.string(),
  category: z.enum(PROMOTION_CATEGORIES),
  period: z.string(),
  status: z.enum(ACTIVITY_STATUSES),
  rewardKind: z.enum(PROMOTION_REWARD_KINDS),
  amount: moneyValueSchema.nullable(),
  /** Points or raffle tickets (by rewardKind). */
  units: z.number().int().nullable(),
  reason: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type PromotionClaimRecord = z.infer<typeof promotionClaimRecordSchema>;

const promotionIdSchema = z.number().int().min(1).max(MAX_SERIAL);
export const participationResultSchema = z.object({
  promotionId: z.number().int(),
  status: z.enum(ACTIVITY_STATUSES),
  amount: moneyValueSchema.nullable(),
  units: z.number().int().nullable(),
});

const tags = ['promotion'] as const;

export const promotionEndpoints = {
  available: defineEndpoint({
    name: 'MCSFE_getAvailablePromotions',
    method: 'GET',
    path: '/wps/relay/MCSFE_getAvailablePromotions',
    auth: 'member',
    switch: 'REWCEN3',
    summary:
      "Promotions with the member's §4 status, availablePromoCount (the reward-centre badge) and the REFERRAL and MISSION keys",
    tags,
    response: availablePromotionsSchema,
  }),
  merchantAvailable: defineEndpoint({
    name: 'MCSFE_getMerchantAvailablePromotions',
    method: 'GET',
    path: '/wps/relay/MCSFE_getMerchantAvailablePromotions',
    auth: 'none',
    switch: 'REWCEN3',
    summary: 'Promotions for visitors: open and coming soon',
    tags,
    response: z.object({ list: z.array(promotionViewSchema) }),
  }),
  claimList: defineEndpoint({
    name: 'MCS2_getPromotionClaimList',
    method: 'GET',
    path: '/wps/relay/MCS2_getPromotionClaimList',
    aliases: ['/wps/relay/MCSFE_getPromotionClaimList'],
    auth: 'member',
    switch: 'REWCEN3',
    summary: "The member's participations, newest first: promotion, period, §4 status and reward (the activity centre)",
    tags,
    query: z.object(pagingShape),
    response: page(promotionClaimRecordSchema),
  }),
  categories: defineEndpoint({
    name: 'PROMOFE_getPromotionAnnouncementCategory',
    method: 'GET',
    path: '/wps/relay/PROMOFE_getPromotionAnnouncementCategory',
    auth: 'none',
    summary: 'The tabs of /promotions: "all" and each category with promotions shown now, with counts',
    tags,
    response: z.object({ list: z.array(z.object({ code: z.string(), count: z.number().int() })) }),
  }),
  join: defineEndpoint({
    name: 'MCSFE_joinPromotion',
    method: 'POST',
    path: '/wps/relay/MCSFE_joinPromotion',
    auth: 'member',
    switch: 'REWCEN3',
    summary:
      'Join a promotion for the current period (a check-in signs and pays at once); joining twice answers the same participation',
    tags,
    body: z.object({
      promotionId: promotionIdSchema,
      /** A device id the site keeps in local storage, for one-per-device promotions. */
      deviceId: z.string().trim().min(1).max(64).optional(),
    }),
    response: participationResultSchema,
  }),
  claim: defineEndpoint({
    name: 'MCS2_claimPromotion',
    method: 'POST',
    path: '/wps/relay/MCS2_claimPromotion',
    aliases: ['/wps/relay/MCSFE_claimPromotion'],
    auth: 'member',
    switch: 'REWCEN3',
    summary: 'Claim the reward of the current period; sent twice or in parallel it pays once',
    tags,
    body: z.object({ promotionId: promotionIdSchema }),
    response: participationResultSchema,
  }),
};

const nullableAmount = amountSchema.nullable();
/** Operator input; amounts are decimal strings, the rate a percent ("100" = 100 %). */
export const promotionInputSchema = z.object({
  category: z.enum(PROMOTION_CATEGORIES),
  title: z.object({ bn: z.string().trim().min(1).max(200), en: z.string().trim().min(1).max(200) }),
  body: z.object({ bn: z.string().max(20_000), en: z.string().max(20_000) }),
  imageUrl: z.string().trim().max(500).nullable(),
  enabled: z.boolean(),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }).nullable(),
  trigger: z.enum(PROMOTION_TRIGGERS),
  rewardKind: z.enum(PROMOTION_REWARD_KINDS),
  rewardAmount: nullableAmount,
  rewardRate: z.string().trim().max(8).nullable(),
  rewardCap: nullableAmount,
  /** Whole points or raffle tickets: required by (and only for) those reward kinds. */
  rewardUnits: z.number().int().min(1).max(1_000_000).nullable().optional(),
  /** The raffle (not drawn nor cancelled) a raffle_tickets promotion's tickets go to. */
  rewardRaffleId: z.number().int().min(1).max(MAX_BIGSERIAL).nullable().optional(),
  minBasis: nullableAmount,
  turnoverMultiple: z.number().int().min(0).max(100),
  requiresApproval: z.boolean(),
  period: z.enum(PROMOTION_PERIODS),
  newMemberDays: z.number().int().min(1).max(3650).nullable(),
  minDepositCount: z.number().int().min(0).max(10_000).nullable(),
  maxDepositCount: z.number().int().min(0).max(10_000).nullable(),
  minVipLevel: z.number().int().min(0).max(100).nullable(),
  onePerDevice: z.boolean(),
  onePerPaymentAccount: z.boolean(),
  sort: z.number().int().min(-10_000).max(10_000),
});
export type PromotionInput = z.infer<typeof promotionInputSchema>;

export const adminPromotionSchema = promotionInputSchema
  .omit({ rewardAmount: true, rewardCap: true, minBasis: true, title: true, body: true })
  .extend({
    id: z.number().int(),
    title: localized,
    body: localized,
    rewardAmount: moneyValueSchema.nullable(),
    rewardCap: moneyValueSchema.nullable(),
    rewardUnits: z.number().int().nullable(),
    rewardRaffleId: z.number().int().nullable(),
    minBasis: moneyValueSchema.nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  });

/** What the approval queue sorts by (oldest first unless asked). */
export const PROMOTION_APPLICATION_SORTS = ['createdAt', 'basis', 'amount'] as const;
export const promotionApplicationSchema = z.object({
  id: z.string(),
  promotionId: z.number().int(),
  title: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  period: z.string(),
  status: z.enum(ACTIVITY_STATUSES),
  basis: moneyValueSchema.nullable(),
  rewardKind: z.enum(PROMOTION_REWARD_KINDS),
  amount: moneyValueSchema.nullable(),
  units: z.number().int().nullable(),
  reason: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});

/** Columns the operators' promotion list sorts by (`sort` is the operator's own order). */
export const ADMIN_PROMOTION_SORTS = ['sort', 'startsAt', 'endsAt', 'updated', 'id'] as const;

const adminTags = ['admin', 'promotion'] as const;
const applicationParams = pathId(MAX_BIGSERIAL);

/** Operator calls under /admin (audited). */
export const promotionAdminEndpoints = {
  list: defineEndpoint({
    name: 'admin.promotions.list',
    method: 'GET',
    path: '/admin/promotions',
    auth: 'operator',
    summary:
      'Promotions of this merchant, as kept (both languages), paged; filter by category, trigger, on/off and title; sort by a column',
    tags: adminTags,
    query: z.object({
      ...pagingShape,
      category: z.enum(PROMOTION_CATEGORIES).optional(),
      trigger: z.enum(PROMOTION_TRIGGERS).optional(),
      enabled: z.enum(['true', 'false']).optional(),
      /** Part of the title, in either language. */
      q: z.string().trim().max(100).optional(),
      sort: z.enum(ADMIN_PROMOTION_SORTS).optional(),
      order: z.enum(['asc', 'desc']).optional(),
    }),
    response: page(adminPromotionSchema),
  }),
  create: defineEndpoint({
    name: 'admin.promotions.create',
    method: 'POST',
    path: '/admin/promotions',
    auth: 'operator',
    summary: 'Create a promotion (rich text sanitised); audited',
    tags: adminTags,
    body: promotionInputSchema,
    response: adminPromotionSchema,
  }),
  update: defineEndpoint({
    name: 'admin.promotions.update',
    method: 'PUT',
    path: '/admin/promotions/:id',
    auth: 'operator',
    summary: 'Change a promotion; participations already paid are not re-priced; audited',
    tags: adminTags,
    params: pathId(MAX_SERIAL),
    body: promotionInputSchema,
    response: adminPromotionSchema,
  }),
  applications: defineEndpoint({
    name: 'admin.promotions.applications',
    method: 'GET',
    path: '/admin/promotion-applications',
    auth: 'operator',
    summary: 'Participations waiting for approval (Applying), sorted by time, basis or reward (oldest first)',
    tags: adminTags,
    query: z.object({ ...pagingShape, ...sortShape(PROMOTION_APPLICATION_SORTS) }),
    response: page(promotionApplicationSchema),
  }),
  approve: defineEndpoint({
    name: 'admin.promotions.approve',
    method: 'POST',
    path: '/admin/promotion-applications/:id/approve',
    auth: 'operator',
    summary: 'Approve an application: the bonus is paid (Issued); audited',
    tags: adminTags,
    params: applicationParams,
    response: promotionApplicationSchema,
  }),
  reject: defineEndpoint({
    name: 'admin.promotions.reject',
    method: 'POST',
    path: '/admin/promotion-applications/:id/reject',
    auth: 'operator',
    summary: 'Reject an application (Rejected), with a reason the member sees; audited',
    tags: adminTags,
    params: applicationParams,
    body: z.object({ reason: z.string().trim().min(1).max(140) }),
    response: promotionApplicationSchema,
  }),
};

import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { moneyValueSchema } from './amount.ts';
import { pageShape, pagingShape, recordsShape } from './wallet.ts';

/**
 * Issue 14 item 8: blog and news (operator-written articles, public), the member's credit report
 * and the live hosts with their chat (§7 CBS_modelList, CBS_launchChat; switch CBS3). Articles and
 * hosts are content kinds of the operator console (/admin/articles, /admin/live-hosts).
 */

export const ARTICLE_CATEGORIES = ['blog', 'news'] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];
export const ARTICLE_STATUSES = ['draft', 'published'] as const;

/** Lower-case words joined by hyphens: what an article's address ends with (`/blog/<slug>`). */
export const ARTICLE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const articleSlugSchema = z
  .string()
  .trim()
  .min(1)
  .max(96)
  .refine((value) => ARTICLE_SLUG_PATTERN.test(value));

const isoDate = z.iso.datetime({ offset: true });
const languageQuery = z.enum(['bn', 'en']).optional();

/** One article as the lists show it, in the asked language. */
export const articleSummarySchema = z.object({
  slug: z.string(),
  category: z.enum(ARTICLE_CATEGORIES),
  title: z.string(),
  summary: z.string(),
  coverUrl: z.string(),
  publishedAt: isoDate,
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

/** One article whole: its body is rich text the server sanitised when the operator saved it. */
export const articleSchema = articleSummarySchema.extend({ content: z.string() });
export type Article = z.infer<typeof articleSchema>;

/** A live host as the live page lists it. */
export const liveHostSchema = z.object({
  modelId: z.number().int(),
  name: z.string(),
  avatarUrl: z.string(),
  online: z.boolean(),
  viewers: z.number().int(),
  tags: z.array(z.string()),
});
export type LiveHost = z.infer<typeof liveHostSchema>;

const dayFigures = {
  deposits: moneyValueSchema,
  withdrawals: moneyValueSchema,
  bonuses: moneyValueSchema,
  /** Turnover: valid bets. */
  validBet: moneyValueSchema,
};

export const creditReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The merchant's time zone: the days are its calendar days. */
  timeZone: z.string(),
  totals: z.object({
    ...dayFigures,
    depositCount: z.number().int(),
    withdrawalCount: z.number().int(),
    betCount: z.number().int(),
  }),
  /** Bonus money per ledger kind (rebate, vip_monthly_bonus, referral_reward, …), largest first. */
  bonusesByKind: z.array(z.object({ kind: z.string(), amount: moneyValueSchema })),
  /** One entry per day of the window, newest first; days without activity included, as zeros. */
  days: z.array(z.object({ day: z.string(), ...dayFigures })),
});
export type CreditReport = z.infer<typeof creditReportSchema>;

const tags = ['content'] as const;

export const contentEndpoints = {
  articles: defineEndpoint({
    name: 'content.articles',
    method: 'GET',
    path: '/wps/system/articles',
    auth: 'none',
    summary:
      'Published blog posts or news, newest first, in the requested language (articles without a title in it are left out)',
    tags,
    query: z.object({ category: z.enum(ARTICLE_CATEGORIES), lang: languageQuery, ...pagingShape }),
    response: z.object(pageShape(articleSummarySchema)),
  }),
  article: defineEndpoint({
    name: 'content.article',
    method: 'GET',
    path: '/wps/system/articles/:slug',
    auth: 'none',
    summary: 'One published article by its slug, in the requested language; a draft answers 404',
    tags,
    params: z.object({ slug: articleSlugSchema }),
    query: z.object({ lang: languageQuery }),
    response: articleSchema,
  }),
  creditReport: defineEndpoint({
    name: 'MCSFE_getCreditReport',
    method: 'GET',
    path: '/wps/relay/MCSFE_getCreditReport',
    auth: 'member',
    switch: 'COMM3',
    summary:
      "The member's deposits, withdrawals, bonuses and turnover (valid bets) for a window of the merchant's days, with totals per day",
    tags,
    query: z.object({ from: recordsShape.from, to: recordsShape.to }),
    response: creditReportSchema,
  }),
  modelList: defineEndpoint({
    name: 'live.getModelList',
    method: 'GET',
    path: '/wps/relay/CBS_modelList',
    auth: 'none',
    switch: 'CBS3',
    summary: 'Live hosts: name, avatar, online status, viewers and tags; online hosts first',
    tags,
    response: z.array(liveHostSchema),
  }),
  launchChat: defineEndpoint({
    name: 'live.launchChat',
    method: 'GET',
    path: '/wps/relay/CBS_launchChat',
    auth: 'member',
    switch: 'CBS3',
    summary:
      "The chat room of one online host: `chatUrl` carries a short-lived ticket of its own, never the member's session",
    tags,
    query: z.object({
      modelId: z
        .string()
        .trim()
        .refine((value) => /^\d{1,9}$/.test(value))
        .transform(Number)
        .pipe(
          z
            .number()
            .int()
            .min(1)
            .max(2 ** 31 - 1),
        ),
    }),
    response: z.object({ chatUrl: z.string() }),
  }),
};

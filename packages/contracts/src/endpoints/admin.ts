import { z } from 'zod';
import {
  ANNOUNCEMENT_TYPES,
  BANNER_GROUPS,
  CS_TYPES,
  DEVICES,
  LINKAGE_TYPES,
  POPUP_EXECUTIONS,
  REGISTRATION_FIELDS,
  SWITCH_IDS,
} from '../constants.ts';
import { defineEndpoint, type EndpointDef } from '../endpoint.ts';
import { MAX_SERIAL, pathId } from './ids.ts';
import { page, pagingShape } from './wallet.ts';
import { cashierAdminEndpoints } from './cashier-admin.ts';
import { gamesAdminEndpoints } from './games-admin.ts';
import { vendorAdminEndpoints } from './vendors-admin.ts';
import { agentSettlementAdminEndpoints } from './agent-contracts.ts';
import { referralAdminEndpoints } from './referral-rewards.ts';
import { vipAdminEndpoints } from './vip.ts';
import { rebateAdminEndpoints } from './rebates.ts';
import { luckyAdminEndpoints } from './lucky.ts';
import { cockfightAdminEndpoints } from './cockfight.ts';
import { lotteryAdminEndpoints } from './lottery.ts';
import { sportsAdminEndpoints } from './sports.ts';
import { missionAdminEndpoints } from './missions.ts';
import { pointAdminEndpoints } from './points.ts';
import { inboxAdminEndpoints } from './inbox-admin.ts';
import { dashboardAdminEndpoints } from './dashboard-admin.ts';
import { transferAdminEndpoints } from './transfers-admin.ts';
import { promotionAdminEndpoints } from './promotions.ts';
import { operatorAdminEndpoints, operatorMeSchema, operatorSchema, totpAdminEndpoints } from './operators-admin.ts';
import { memberAdminEndpoints } from './members-admin.ts';
import { contentImageAdminEndpoints } from './content-images.ts';
import { reportAdminEndpoints } from './reports-admin.ts';
import { ARTICLE_CATEGORIES, ARTICLE_STATUSES, articleSlugSchema } from './content.ts';

const tags = ['admin'] as const;

/** Content kept in both languages; the player API picks one by the `Language` header. */
export const localizedTextSchema = z.object({
  bn: z.string().trim().max(20_000),
  en: z.string().trim().max(20_000),
});
export type LocalizedText = z.infer<typeof localizedTextSchema>;

const SAFE_URL_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/** Relative, or http(s), mailto or tel: an operator can never publish a javascript: or data: link. */
export function isSafeUrl(text: string): boolean {
  try {
    return SAFE_URL_PROTOCOLS.has(new URL(text, 'https://relative.invalid/').protocol);
  } catch {
    return false;
  }
}

const url = z.string().trim().max(2048).refine(isSafeUrl);
const idParams = pathId(MAX_SERIAL);
const isoDate = z.iso.datetime({ offset: true });

export const merchantSettingsSchema = z.object({
  name: z.string().trim().min(1).max(100),
  defaultLanguage: z.enum(['bn', 'en']),
  mainDomain: z.string().trim().max(253),
  gtagId: z.string().trim().max(64).nullable(),
  imageCDNs: z.array(url).max(20),
  launchGameCDNs: z.array(url).max(20),
  /** Member sessions (issue 4): idle timeout, sliding with each call; left out, unchanged. */
  sessionIdleMinutes: z.number().int().min(5).max(1440).optional(),
  /** Member sessions: lifetime from log-in, whatever the activity; left out, unchanged. */
  sessionAbsoluteHours: z.number().int().min(1).max(720).optional(),
});

export const switchSchema = z.object({
  modId: z.enum(SWITCH_IDS),
  name: z.string(),
  enabled: z.boolean(),
  parent: z.string().nullable(),
});

export const registerRuleInputSchema = z
  .object({
    enabled: z.boolean(),
    required: z.boolean(),
    patternId: z.number().int().positive(),
    minLength: z.number().int().min(0).max(255),
    maxLength: z.number().int().min(1).max(255),
  })
  .refine((r) => r.minLength <= r.maxLength, { message: 'minLength must not exceed maxLength', path: ['minLength'] });

export const bannerInputSchema = z
  .object({
    groupName: z.enum(BANNER_GROUPS),
    title: localizedTextSchema,
    url,
    linkage: z.string().trim().max(2048).default(''),
    linkageType: z.enum(LINKAGE_TYPES).default('NONE'),
    video: z.boolean().default(false),
    sequence: z.number().int().min(0).max(10_000).default(0),
    active: z.boolean().default(true),
  })
  // A URL or route linkage becomes a link on the site; a game or promotion linkage is an id.
  .refine((b) => (b.linkageType !== 'URL' && b.linkageType !== 'ROUTE') || isSafeUrl(b.linkage), {
    path: ['linkage'],
  });

export const announcementInputSchema = z.object({
  type: z.enum(ANNOUNCEMENT_TYPES),
  title: localizedTextSchema,
  content: localizedTextSchema,
  execution: z.enum(POPUP_EXECUTIONS).nullable().default(null),
  images: z
    .array(z.object({ sequence: z.number().int().min(0), url }))
    .max(20)
    .default([]),
  sequence: z.number().int().min(0).max(10_000).default(0),
  active: z.boolean().default(true),
  publishedAt: isoDate.optional(),
});

export const helpArticleInputSchema = z.object({
  tag: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,64}$/),
  title: localizedTextSchema,
  content: localizedTextSchema,
  device: z.enum([...DEVICES, 'ALL']).default('ALL'),
  sequence: z.number().int().min(0).max(10_000).default(0),
  active: z.boolean().default(true),
});

export const customerServiceInputSchema = z.object({
  csType: z.enum(CS_TYPES),
  csPosition: z.string().trim().max(32).default('FLOAT'),
  title: localizedTextSchema,
  url,
  sequence: z.number().int().min(0).max(10_000).default(0),
  active: z.boolean().default(true),
});

export const resourceInputSchema = z.object({
  resourceType: z.string().trim().min(1).max(32),
  url,
  label: localizedTextSchema,
  active: z.boolean().default(true),
});

export const domainInputSchema = z.object({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?=.{1,253}$)[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/),
  kind: z.enum(['main', 'mirror', 'agent']).default('mirror'),
  affiliateCode: z.string().trim().max(32).nullable().default(null),
});

export const maintenanceInputSchema = z
  .object({
    startsAt: isoDate,
    endsAt: isoDate.nullable().default(null),
    message: localizedTextSchema,
  })
  .refine((m) => m.endsAt === null || Date.parse(m.endsAt) > Date.parse(m.startsAt), {
    message: 'endsAt must be after startsAt',
    path: ['endsAt'],
  });

export const regionRuleInputSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('country'),
    value: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/),
  }),
  z.object({ kind: z.literal('cidr'), value: z.string().trim().max(64) }),
]);

/** Issue 14 item 8: a blog post or news item; published without a date, it is published now. */
export const articleInputSchema = z
  .object({
    category: z.enum(ARTICLE_CATEGORIES),
    slug: articleSlugSchema,
    title: z.object({ bn: z.string().trim().max(200), en: z.string().trim().max(200) }),
    summary: z.object({ bn: z.string().trim().max(500), en: z.string().trim().max(500) }),
    content: localizedTextSchema,
    coverUrl: url,
    status: z.enum(ARTICLE_STATUSES).default('draft'),
    publishedAt: isoDate.nullable().default(null),
  })
  .refine((a) => a.title.bn !== '' || a.title.en !== '', { message: 'a title in bn or en', path: ['title'] });

/** Issue 14 item 8: a live host of the live page (CBS_modelList). */
export const liveHostInputSchema = z.object({
  name: z.string().trim().min(1).max(64),
  avatarUrl: url,
  online: z.boolean().default(false),
  viewers: z.number().int().min(0).max(10_000_000).default(0),
  tags: z.array(z.string().trim().min(1).max(24)).max(8).default([]),
  sequence: z.number().int().min(0).max(10_000).default(0),
  active: z.boolean().default(true),
});

const withId = <T extends z.ZodObject>(schema: T) => schema.extend({ id: z.number().int() });

const ON_OFF = ['true', 'false'] as const;

/**
 * How each kind's operator list is sorted and filtered on the server (issue 16: every list paged,
 * filterable and sortable): the fields it sorts by (the first is the default order's lead) and the
 * fields it filters on, each with the values it takes. `q` also searches each kind's text fields.
 */
export const CONTENT_LISTS = {
  banners: { sorts: ['sequence', 'groupName', 'id'], filters: { groupName: BANNER_GROUPS, active: ON_OFF } },
  announcements: {
    sorts: ['type', 'sequence', 'publishedAt', 'id'],
    filters: { type: ANNOUNCEMENT_TYPES, active: ON_OFF },
  },
  helpArticles: { sorts: ['sequence', 'tag', 'id'], filters: { device: [...DEVICES, 'ALL'], active: ON_OFF } },
  customerService: { sorts: ['sequence', 'csType', 'id'], filters: { csType: CS_TYPES, active: ON_OFF } },
  resources: { sorts: ['resourceType', 'id'], filters: { active: ON_OFF } },
  domains: { sorts: ['domain', 'kind', 'id'], filters: { kind: ['main', 'mirror', 'agent'] } },
  maintenance: { sorts: ['startsAt', 'endsAt', 'id'], filters: {} },
  regionRules: { sorts: ['kind', 'value', 'id'], filters: { kind: ['country', 'cidr'] } },
  articles: {
    sorts: ['publishedAt', 'slug', 'id'],
    filters: { category: ARTICLE_CATEGORIES, status: ARTICLE_STATUSES },
  },
  liveHosts: { sorts: ['sequence', 'viewers', 'id'], filters: { online: ON_OFF, active: ON_OFF } },
} as const satisfies Record<
  string,
  { sorts: readonly [string, ...string[]]; filters: Record<string, readonly string[]> }
>;
export type ContentListKind = keyof typeof CONTENT_LISTS;

/** A content list's query: the page, `q`, a sort field and order, and the kind's filters. */
function contentListQuery(listing: (typeof CONTENT_LISTS)[ContentListKind]) {
  const filters: Record<string, z.ZodOptional<z.ZodEnum>> = {};
  for (const [field, values] of Object.entries(listing.filters)) {
    filters[field] = z.enum(values as readonly [string, ...string[]]).optional();
  }
  return z.object({
    ...pagingShape,
    q: z.string().trim().max(100).optional(),
    sort: z.enum(listing.sorts).optional(),
    order: z.enum(['asc', 'desc']).optional(),
    ...filters,
  });
}

/**
 * The standard set of calls for one kind of operator-edited content:
 * list (paged), create, update (whole record), delete. One definition serves every kind.
 */
function contentEndpoints<N extends ContentListKind, I extends z.ZodType>(
  name: N,
  path: string,
  input: I,
  item: z.ZodType,
) {
  const base = { auth: 'operator', tags } as const;
  return {
    list: defineEndpoint({
      ...base,
      name: `admin.${name}.list`,
      method: 'GET',
      path,
      summary: `List ${name}, paged; search, filter and sort on the server`,
      query: contentListQuery(CONTENT_LISTS[name]),
      response: page(item),
    }),
    create: defineEndpoint({
      ...base,
      name: `admin.${name}.create`,
      method: 'POST',
      path,
      summary: `Create ${name}`,
      body: input,
      response: item,
    }),
    update: defineEndpoint({
      ...base,
      name: `admin.${name}.update`,
      method: 'PUT',
      path: `${path}/:id`,
      summary: `Replace one of ${name}`,
      params: idParams,
      body: input,
      response: item,
    }),
    remove: defineEndpoint({
      ...base,
      name: `admin.${name}.remove`,
      method: 'DELETE',
      path: `${path}/:id`,
      summary: `Delete one of ${name}`,
      params: idParams,
      response: z.object({ id: z.number().int() }),
    }),
  } satisfies Record<string, EndpointDef>;
}

export const CONTENT_KINDS = {
  banners: { path: '/admin/banners', input: bannerInputSchema },
  announcements: { path: '/admin/announcements', input: announcementInputSchema },
  helpArticles: { path: '/admin/help-articles', input: helpArticleInputSchema },
  customerService: { path: '/admin/customer-service', input: customerServiceInputSchema },
  resources: { path: '/admin/resources', input: resourceInputSchema },
  domains: { path: '/admin/domains', input: domainInputSchema },
  maintenance: { path: '/admin/maintenance', input: maintenanceInputSchema },
  regionRules: { path: '/admin/region-rules', input: regionRuleInputSchema },
  articles: { path: '/admin/articles', input: articleInputSchema },
  liveHosts: { path: '/admin/live-hosts', input: liveHostInputSchema },
} as const;

const content = {
  banners: contentEndpoints('banners', CONTENT_KINDS.banners.path, bannerInputSchema, withId(bannerInputSchema)),
  announcements: contentEndpoints(
    'announcements',
    CONTENT_KINDS.announcements.path,
    announcementInputSchema,
    withId(announcementInputSchema),
  ),
  helpArticles: contentEndpoints(
    'helpArticles',
    CONTENT_KINDS.helpArticles.path,
    helpArticleInputSchema,
    withId(helpArticleInputSchema),
  ),
  customerService: contentEndpoints(
    'customerService',
    CONTENT_KINDS.customerService.path,
    customerServiceInputSchema,
    withId(customerServiceInputSchema),
  ),
  resources: contentEndpoints(
    'resources',
    CONTENT_KINDS.resources.path,
    resourceInputSchema,
    withId(resourceInputSchema),
  ),
  domains: contentEndpoints('domains', CONTENT_KINDS.domains.path, domainInputSchema, withId(domainInputSchema)),
  maintenance: contentEndpoints(
    'maintenance',
    CONTENT_KINDS.maintenance.path,
    maintenanceInputSchema,
    z.object({ id: z.number().int(), startsAt: isoDate, endsAt: isoDate.nullable(), message: localizedTextSchema }),
  ),
  regionRules: contentEndpoints(
    'regionRules',
    CONTENT_KINDS.regionRules.path,
    regionRuleInputSchema,
    z.object({ id: z.number().int(), kind: z.enum(['country', 'cidr']), value: z.string() }),
  ),
  articles: contentEndpoints(
    'articles',
    CONTENT_KINDS.articles.path,
    articleInputSchema,
    z.object({
      id: z.number().int(),
      category: z.enum(ARTICLE_CATEGORIES),
      slug: z.string(),
      title: localizedTextSchema,
      summary: localizedTextSchema,
      content: localizedTextSchema,
      coverUrl: z.string(),
      status: z.enum(ARTICLE_STATUSES),
      publishedAt: isoDate.nullable(),
    }),
  ),
  liveHosts: contentEndpoints(
    'liveHosts',
    CONTENT_KINDS.liveHosts.path,
    liveHostInputSchema,
    withId(liveHostInputSchema),
  ),
};

export const auditEntrySchema = z.object({
  id: z.number().int(),
  operatorId: z.number().int().nullable(),
  operatorUsername: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  createdAt: isoDate,
});

/** A member as the operator console lists it (the mobile masked). */
export const adminMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  /** §6: 0 member; 1, 2, 41, 42 agent; 4 trial. */
  type: z.number().int(),
  status: z.enum(['active', 'frozen', 'closed']),
  mobile: z.string().nullable(),
  passwordMustChange: z.boolean(),
  createdAt: isoDate,
});

export const adminEndpoints = {
  login: defineEndpoint({
    name: 'admin.session.login',
    method: 'POST',
    path: '/admin/session/login',
    auth: 'none',
    summary: 'Operator log-in; value.token goes in the Authorization header',
    tags,
    body: z.object({ username: z.string().trim().min(1).max(64), password: z.string().min(1).max(256) }),
    // An operator with two-factor gets a challenge instead (ADR 0025): POST /admin/session/totp ends the log-in.
    response: z.union([
      z.object({ token: z.string(), operator: operatorSchema }),
      z.object({ secondFactor: z.literal('totp'), challenge: z.string() }),
    ]),
  }),
  logout: defineEndpoint({
    name: 'admin.session.logout',
    method: 'DELETE',
    path: '/admin/session/logout',
    auth: 'operator',
    summary: 'Revoke the operator session',
    tags,
    response: z.null(),
  }),
  me: defineEndpoint({
    name: 'admin.me',
    method: 'GET',
    path: '/admin/me',
    auth: 'operator',
    summary:
      'The signed-in operator, the permissions of their role (what the console shows), the merchant the session works on and every merchant they may switch to',
    tags,
    response: operatorMeSchema,
  }),
  sessionMerchant: defineEndpoint({
    name: 'admin.session.merchant',
    method: 'PUT',
    path: '/admin/session/merchant',
    auth: 'operator',
    summary:
      'Switch the session to another merchant the operator works on (issue 16 item 2): every later call is scoped by it; audited',
    tags,
    body: z.object({ merchantCode: z.string().trim().min(1).max(32) }),
    response: operatorMeSchema,
  }),
  merchantGet: defineEndpoint({
    name: 'admin.merchant.get',
    method: 'GET',
    path: '/admin/merchant',
    auth: 'operator',
    summary: 'Merchant settings',
    tags,
    response: merchantSettingsSchema.extend({ code: z.string(), currency: z.string() }),
  }),
  merchantUpdate: defineEndpoint({
    name: 'admin.merchant.update',
    method: 'PUT',
    path: '/admin/merchant',
    auth: 'operator',
    summary: 'Change merchant settings',
    tags,
    body: merchantSettingsSchema,
    response: merchantSettingsSchema.extend({ code: z.string(), currency: z.string() }),
  }),
  switchesList: defineEndpoint({
    name: 'admin.switches.list',
    method: 'GET',
    path: '/admin/switches',
    auth: 'operator',
    summary: 'White-label switches',
    tags,
    response: z.array(switchSchema),
  }),
  switchesUpdate: defineEndpoint({
    name: 'admin.switches.update',
    method: 'PUT',
    path: '/admin/switches/:modId',
    auth: 'operator',
    summary: 'Turn a switch on or off',
    tags,
    params: z.object({ modId: z.enum(SWITCH_IDS) }),
    body: z.object({ enabled: z.boolean() }),
    response: switchSchema,
  }),
  registerRulesList: defineEndpoint({
    name: 'admin.registerRules.list',
    method: 'GET',
    path: '/admin/register-rules',
    auth: 'operator',
    summary: 'Registration rules per field',
    tags,
    response: z.array(z.object({ field: z.enum(REGISTRATION_FIELDS) }).and(registerRuleInputSchema)),
  }),
  registerRulesUpdate: defineEndpoint({
    name: 'admin.registerRules.update',
    method: 'PUT',
    path: '/admin/register-rules/:field',
    auth: 'operator',
    summary: 'Change the rule of one registration field',
    tags,
    params: z.object({ field: z.enum(REGISTRATION_FIELDS) }),
    body: registerRuleInputSchema,
    response: z.object({ field: z.enum(REGISTRATION_FIELDS) }).and(registerRuleInputSchema),
  }),
  auditLog: defineEndpoint({
    name: 'admin.auditLog',
    method: 'GET',
    path: '/admin/audit-log',
    auth: 'operator',
    summary:
      'Append-only log of operator changes, newest first or (order=asc) oldest first; filters by object (entity, entityId), action and operator; keyset pages: beforeId (newest first: the last id of the previous page) and afterId (oldest first: likewise)',
    tags,
    query: z.object({
      entity: z.string().max(64).optional(),
      entityId: z.string().trim().max(64).optional(),
      action: z.string().max(64).optional(),
      operatorId: z.coerce.number().int().min(1).max(MAX_SERIAL).optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
      beforeId: z.coerce.number().int().positive().optional(),
      afterId: z.coerce.number().int().min(0).optional(),
      /** By time: the log's id is its order of writing. */
      order: z.enum(['asc', 'desc']).default('desc'),
    }),
    response: z.array(auditEntrySchema),
  }),
  feedbackList: defineEndpoint({
    name: 'admin.feedback.list',
    method: 'GET',
    path: '/admin/feedback',
    auth: 'operator',
    summary: 'Feedback sent by players, newest first',
    tags,
    query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
    response: z.array(
      z.object({
        id: z.number().int(),
        type: z.number().int(),
        content: z.string(),
        sender: z.string(),
        ip: z.string().nullable(),
        createdAt: isoDate,
      }),
    ),
  }),
  membersList: defineEndpoint({
    name: 'admin.members.list',
    method: 'GET',
    path: '/admin/members',
    auth: 'operator',
    summary: 'Members of this merchant, newest first; `username` narrows to names starting with it',
    tags,
    query: z.object({
      username: z.string().trim().max(64).optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    response: z.array(adminMemberSchema),
  }),
  memberPasswordReset: defineEndpoint({
    name: 'admin.members.passwordReset',
    method: 'POST',
    path: '/admin/members/:id/password/reset',
    auth: 'operator',
    summary:
      "Give a member a random temporary password (shown once) that must be changed at the next log-in; ends the member's sessions",
    tags,
    params: idParams,
    response: z.object({ id: z.number().int(), username: z.string(), temporaryPassword: z.string() }),
  }),
  cashier: cashierAdminEndpoints,
  vendors: vendorAdminEndpoints,
  games: gamesAdminEndpoints,
  agentPayouts: agentSettlementAdminEndpoints,
  referral: referralAdminEndpoints,
  vip: vipAdminEndpoints,
  rebates: rebateAdminEndpoints,
  lucky: luckyAdminEndpoints,
  cockfight: cockfightAdminEndpoints,
  lottery: lotteryAdminEndpoints,
  sports: sportsAdminEndpoints,
  missions: missionAdminEndpoints,
  points: pointAdminEndpoints,
  inbox: inboxAdminEndpoints,
  promotions: promotionAdminEndpoints,
  dashboard: dashboardAdminEndpoints,
  gameTransfers: transferAdminEndpoints,
  operators: operatorAdminEndpoints,
  totp: totpAdminEndpoints,
  members: memberAdminEndpoints,
  contentImages: contentImageAdminEndpoints,
  reports: reportAdminEndpoints,
  content,
};

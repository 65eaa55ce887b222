import { z } from 'zod';
import {
  ANNOUNCEMENT_TYPES,
  BANNER_GROUPS,
  CS_TYPES,
  DEVICES,
  LINKAGE_TYPES,
  POPUP_EXECUTIONS,
  REGISTRATION_FIELDS,
} from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';

const tags = ['system'] as const;

export const registrationRuleSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  acceptedPattern: z.string(),
  patternId: z.number().int(),
  minLength: z.number().int(),
  maxLength: z.number().int(),
});
export type RegistrationRule = z.infer<typeof registrationRuleSchema>;
export const registrationRulesSchema = z.partialRecord(z.enum(REGISTRATION_FIELDS), registrationRuleSchema);

export interface WhitelabelNode {
  modId: string;
  enabled: '0' | '1';
  name: string;
  childrenNodes: WhitelabelNode[];
}
export const whitelabelNodeSchema: z.ZodType<WhitelabelNode> = z.lazy(() =>
  z.object({
    modId: z.string(),
    enabled: z.enum(['0', '1']),
    name: z.string(),
    childrenNodes: z.array(whitelabelNodeSchema),
  }),
);

export const domainRouteSchema = z.object({
  domain: z.string(),
  kind: z.enum(['main', 'mirror', 'agent']),
  /** An agent's own domain attaches sign-ups to that agent (affiliate check: code + domain). */
  affiliateCode: z.string().nullable(),
});

export const customerServiceSchema = z.object({
  id: z.number().int(),
  csType: z.enum(CS_TYPES),
  csPosition: z.string(),
  title: z.string(),
  url: z.string(),
});

export const resourceSchema = z.object({
  id: z.number().int(),
  resourceType: z.string(),
  url: z.string(),
  label: z.string(),
});

export const maintenanceSchema = z.object({
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }).nullable(),
  message: z.string(),
});

export const merchantInfoSchema = z.object({
  code: z.string(),
  name: z.string(),
  currency: z.string(),
  defaultLanguage: z.enum(['bn', 'en']),
  languages: z.array(z.enum(['bn', 'en'])),
  /** The IANA zone the merchant's days are counted in (ARCHITECTURE §5a): the site shows every time in it. */
  timeZone: z.string(),
});

export const systemInfoSchema = z.object({
  merchant: merchantInfoSchema,
  customerService: z.array(customerServiceSchema),
  domainRoute: z.array(domainRouteSchema),
  resources: z.array(resourceSchema),
  whitelabel: z.array(whitelabelNodeSchema),
  register: registrationRulesSchema,
  mainDomain: z.string(),
  analytics: z.object({ gtagId: z.string().nullable() }),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  /** §2 Refer and Earn: the merchant's referral programme pays inviters (the invite shortcut shows). */
  referralProgramme: z.boolean(),
});

/** §4: 0 normal, 1 maintenance, 2 region restricted; maintenance wins. */
export const systemStatusSchema = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  maintenance: maintenanceSchema.nullable(),
  regionRestriction: z.boolean(),
  location: z.object({ ip: z.string(), country: z.string().nullable() }),
  info: systemInfoSchema,
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

export const bannerSchema = z.object({
  id: z.number().int(),
  groupName: z.enum(BANNER_GROUPS),
  title: z.string(),
  url: z.string(),
  linkage: z.string(),
  linkageType: z.enum(LINKAGE_TYPES),
  video: z.boolean(),
  sequence: z.number().int(),
});

export const announcementImageSchema = z.object({ sequence: z.number().int(), url: z.string() });

export const announcementSchema = z.object({
  id: z.number().int(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  title: z.string(),
  /** Rich text, sanitised on the server when stored and again in the browser when shown. */
  content: z.string(),
  execution: z.enum(POPUP_EXECUTIONS).nullable(),
  time: z.iso.datetime({ offset: true }),
  announcementImages: z.array(announcementImageSchema),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const noticeQuerySchema = z.object({
  types: z
    .string()
    .default('B,PL,PU,PR')
    .transform((s) =>
      s
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(ANNOUNCEMENT_TYPES)).min(1)),
  platform: z.enum(['W']).default('W'),
  execution: z.enum(POPUP_EXECUTIONS).optional(),
});

export const noticeSchema = z.object({
  banners: z.partialRecord(z.enum(BANNER_GROUPS), z.array(bannerSchema)),
  player: z.array(announcementSchema),
  popup: z.array(announcementSchema),
  promotion: z.array(announcementSchema),
  announcements: z.array(announcementSchema),
});

export const helpArticleSchema = z.object({
  tag: z.string(),
  title: z.string(),
  content: z.string(),
});

export const systemEndpoints = {
  status: defineEndpoint({
    name: 'login.permission',
    method: 'GET',
    path: '/wps/system/status',
    auth: 'none',
    summary: 'Boot call: status (0 normal, 1 maintenance, 2 region restricted), location and site info',
    tags,
    response: systemStatusSchema,
  }),
  whitelabel: defineEndpoint({
    name: 'login.menu',
    method: 'GET',
    path: '/wps/system/whitelabel',
    auth: 'none',
    summary: 'White-label switch tree of the merchant',
    tags,
    response: z.array(whitelabelNodeSchema),
  }),
  domainRoute: defineEndpoint({
    name: 'common.routers',
    method: 'GET',
    path: '/wps/system/domainRoute',
    auth: 'none',
    summary: 'Domains of the merchant and what each serves',
    tags,
    response: z.array(domainRouteSchema),
  }),
  registerSettings: defineEndpoint({
    name: 'login.regValidata',
    method: 'GET',
    path: '/wps/system/setting/register',
    auth: 'none',
    summary: 'Registration validation rules per field (§3), with the §5 pattern of each',
    tags,
    response: registrationRulesSchema,
  }),
  helpCenter: defineEndpoint({
    name: 'help.getHelp',
    method: 'GET',
    path: '/wps/system/helpCenter',
    auth: 'none',
    summary: 'Help centre articles in the requested language',
    tags,
    query: z.object({ lang: z.enum(['bn', 'en']).optional(), device: z.enum(DEVICES).default('WEB') }),
    response: z.array(helpArticleSchema),
  }),
  publicKey: defineEndpoint({
    name: 'system.publicKey',
    method: 'GET',
    path: '/wps/system/publicKey',
    auth: 'none',
    summary: 'RSA-2048 public key (SPKI PEM) for encrypted calls',
    tags,
    response: z.object({ keyId: z.string(), publicKey: z.string() }),
  }),
  notice: defineEndpoint({
    name: 'home.notice',
    method: 'GET',
    path: '/wps/relay/MCSFE_getListAnnouncements',
    auth: 'optional-member',
    summary: 'Banners, marquee notices, popups, promotions and announcements (types B, PL, PU, PR, H)',
    tags,
    query: noticeQuerySchema,
    response: noticeSchema,
  }),
  countries: defineEndpoint({
    name: 'register.countryCode',
    method: 'GET',
    path: '/wps/system/country',
    auth: 'none',
    summary: 'Country dialing codes offered on registration and SMS forms',
    tags,
    response: z.array(z.object({ country: z.string(), dialingCode: z.string(), name: z.string() })),
  }),
};

import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { captchaAnswerSchema, hasControlCharacters } from './support.ts';

const tags = ['member'] as const;

/** §6 account types. */
export const MEMBER_TYPES = { MEMBER: 0, TRIAL: 4 } as const;
export const AGENT_TYPES = [1, 2, 41, 42] as const;
export const isAgentType = (type: number): boolean => (AGENT_TYPES as readonly number[]).includes(type);
export const isTrialType = (type: number): boolean => type === MEMBER_TYPES.TRIAL;

/**
 * A single-line text field of a form: trimmed, no control characters. The per-field rules of the
 * merchant (§5 patterns, min and max) are checked by the server with bn/en messages; this bound
 * only keeps absurd input out.
 */
const text = (max = 128) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !hasControlCharacters(value));
/** Secrets are never trimmed: a space may be part of them. */
const secret = () =>
  z
    .string()
    .max(128)
    .refine((value) => !hasControlCharacters(value));

/**
 * §3 registration user. Every field is optional here: which ones are required, and their
 * patterns and lengths, come from the merchant's registration rules. Unknown fields are dropped.
 */
export const registerBodySchema = z.object({
  username: text(64).optional(),
  password: secret().optional(),
  confirmPassword: secret().optional(),
  payeeName: text().optional(),
  email: text(254).optional(),
  qqNum: text().optional(),
  mobileNum: text(32).optional(),
  countryDialingCode: text(8).optional(),
  recommenderId: text().optional(),
  ...captchaAnswerSchema,
  verificationCode: text(32).optional(),
  affiliateCode: text(64).optional(),
  paymentPassword: secret().optional(),
  line: text().optional(),
  whatsapp: text().optional(),
  facebook: text().optional(),
  wechat: text().optional(),
  idNumber: text().optional(),
  referralCode: text(64).optional(),
  domain: text(255).optional(),
  registerUrl: text(2048).optional(),
  registerMethod: text(16).optional(),
  login: z.boolean().optional(),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const LOGIN_TYPES = ['username', 'sms', ''] as const;

/** §3 log-in payload; `agent` is sent by the agent log-in form (/agent), which admits agents only (§6). */
export const loginBodySchema = z.object({
  username: text(64),
  password: secret(),
  /** 'username' (or '' after a phone password reset, §7) or 'sms'. */
  type: z.enum(LOGIN_TYPES).optional(),
  ...captchaAnswerSchema,
  agent: z.boolean().optional(),
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** §3 member info; `account` and `userName` are both the log-in name. */
export const memberInfoSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  userName: z.string(),
  nickname: z.string(),
  /** §6: 0 member; 1, 2, 41, 42 agent; 4 trial. */
  type: z.number().int(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  /** Masked (last four digits shown), or null. */
  mobile: z.string().nullable(),
  currency: z.string(),
  merchantCode: z.string(),
  /** An agent's own code, to hand out to downlines. */
  affiliateCode: z.string().nullable(),
  regDate: z.iso.datetime({ offset: true }),
  /** The log-in before the current one (§2: the member sees it). */
  previousLoginAt: z.iso.datetime({ offset: true }).nullable(),
  previousLoginIp: z.string().nullable(),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

/** Log-in, registration and free play answer with a session (§3 login response). */
export const memberSessionSchema = z.object({
  ...memberInfoSchema.shape,
  /** 256-bit opaque token: sent back as `Authorization: <token>`; never put in a URL. */
  token: z.string(),
  firstTimeLogin: z.boolean(),
  /** §4: the change-password modal opens (default password, or expired while PWDEXPFORCECHANGE3 is on). */
  passwordExpired: z.boolean(),
});
export type MemberSession = z.infer<typeof memberSessionSchema>;

/** Without an uploaded picture the avatar is the name's initial on a colour derived from the id. */
export const memberIconSchema = z.object({
  avatarType: z.enum(['INITIALS', 'IMAGE']),
  avatar: z.string().nullable(),
  initials: z.string(),
  color: z.string(),
});

export const memberEndpoints = {
  register: defineEndpoint({
    name: 'login.register',
    method: 'PUT',
    path: '/wps/member/register',
    auth: 'none',
    encrypted: true,
    switch: 'USERNAMEREG3',
    summary: 'Register by username (§3 user, validated by the registration rules); logs in',
    tags,
    body: registerBodySchema,
    response: memberSessionSchema,
  }),
  registerMobile: defineEndpoint({
    name: 'login.registerMobile',
    method: 'PUT',
    path: '/wps/member/register/mobile',
    auth: 'none',
    encrypted: true,
    switch: 'MOBILENUMREG3',
    summary: 'Register by mobile number (the username is the number); logs in',
    tags,
    body: registerBodySchema,
    response: memberSessionSchema,
  }),
  affiliate: defineEndpoint({
    name: 'login.affiliate',
    method: 'GET',
    path: '/wps/agent/affiliate',
    auth: 'none',
    switch: 'AFFMAN3',
    summary: "Whether an affiliate code (or the domain's) belongs to an active agent of this merchant",
    tags,
    query: z.object({ code: text(64).optional(), domain: text(255).optional() }),
    response: z.object({ valid: z.boolean() }),
  }),
  login: defineEndpoint({
    name: 'login.login',
    method: 'POST',
    path: '/wps/session/login',
    auth: 'none',
    encrypted: true,
    switch: 'COMM3',
    summary: 'Log in (§3); after 3 failures the error value carries { captcha: true } (§4)',
    tags,
    body: loginBodySchema,
    response: memberSessionSchema,
  }),
  freePlay: defineEndpoint({
    name: 'login.freePlay',
    method: 'POST',
    path: '/wps/session/login/freeplay',
    auth: 'none',
    switch: 'FREEPLAY3',
    summary: 'Create a trial account (type 4) and log it in',
    tags,
    body: z.object({ os: text(32).optional(), platform: text(8).optional() }).optional(),
    response: memberSessionSchema,
  }),
  logout: defineEndpoint({
    name: 'logout',
    method: 'DELETE',
    path: '/wps/session/logout',
    auth: 'member',
    switch: 'COMM3',
    summary: 'Revoke the session',
    tags,
    response: z.null(),
  }),
  info: defineEndpoint({
    name: 'login.mbInfo',
    method: 'GET',
    path: '/wps/member/info',
    auth: 'member',
    switch: 'COMM3',
    summary: 'The logged-in member',
    tags,
    response: memberInfoSchema,
  }),
  icon: defineEndpoint({
    name: 'login.icon',
    method: 'GET',
    path: '/wps/member/info/icon',
    auth: 'member',
    switch: 'COMM3',
    summary: "The member's avatar",
    tags,
    response: memberIconSchema,
  }),
};

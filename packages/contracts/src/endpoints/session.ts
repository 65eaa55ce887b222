import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { hasControlCharacters } from './support.ts';

// The member calls of every first load (issue 3 item 11): a module of their own, so the web
// bundle keeps the account forms of member.ts in the chunks that use them.

const tags = ['member'] as const;

/** As member.ts's form fields: trimmed, bounded, no control characters. */
const text = (max = 128) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !hasControlCharacters(value));

/** §6 account types. */
export const MEMBER_TYPES = { MEMBER: 0, TRIAL: 4 } as const;
export const AGENT_TYPES = [1, 2, 41, 42] as const;
export const isAgentType = (type: number): boolean => (AGENT_TYPES as readonly number[]).includes(type);
export const isTrialType = (type: number): boolean => type === MEMBER_TYPES.TRIAL;

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

/**
 * What the site header needs on every first load (restore the session, show the member, log out).
 * `endpoints.member` holds these and member.ts's `memberEndpoints`.
 */
export const sessionEndpoints = {
  logout: defineEndpoint({
    name: 'logout',
    method: 'DELETE',
    path: '/wps/session/logout',
    // Works without a live session too, so an expired session can still forget its remember-me cookie.
    auth: 'optional-member',
    switch: 'COMM3',
    summary: 'Revoke the session and the remember-me token of the cookie, and clear the cookies',
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
  remembered: defineEndpoint({
    name: 'login.remembered',
    method: 'POST',
    path: '/wps/session/remember',
    auth: 'none',
    switch: 'COMM3',
    summary: 'Log in with the remember-me cookie (§4, 1 day); the cookie is rotated on use',
    tags,
    response: memberSessionSchema,
  }),
  exchangeTicket: defineEndpoint({
    name: 'login.exchangeTicket',
    method: 'POST',
    path: '/wps/session/ticket/exchange',
    auth: 'none',
    switch: 'COMM3',
    summary: 'Trade a one-time ticket from the URL for a session; the ticket dies on first use',
    tags,
    body: z.object({ ticket: text(128) }),
    response: memberSessionSchema,
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

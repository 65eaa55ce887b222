import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { MAX_SERIAL } from './ids.ts';
import { AGENT_TYPES, MEMBER_TYPES } from './session.ts';
import { pageShape, pagingShape, sortShape } from './wallet.ts';

const tags = ['admin'] as const;

/**
 * Operator broadcasts to the inbox (issue 14 item 7): to the whole merchant, to the members of one
 * §6 member type, to the members now at one VIP level (issue 14 item 4), or to one member.
 */
export const BROADCAST_TARGETS = ['merchant', 'memberType', 'vipLevel', 'member'] as const;
/** §4: trial accounts get no messages, so they are no target. */
export const BROADCAST_MEMBER_TYPES = [MEMBER_TYPES.MEMBER, ...AGENT_TYPES] as const;

const broadcastTitleSchema = z.object({
  bn: z.string().trim().max(200),
  en: z.string().trim().max(200),
});
/** Rich text (HTML), sanitised on the server before it is stored. */
const broadcastBodySchema = z.object({
  bn: z.string().trim().max(20_000),
  en: z.string().trim().max(20_000),
});
const memberTypeSchema = z.union(BROADCAST_MEMBER_TYPES.map((type) => z.literal(type)));

const text = { title: broadcastTitleSchema, body: broadcastBodySchema };
export const broadcastInputSchema = z.discriminatedUnion('target', [
  z.object({ target: z.literal('merchant'), ...text }),
  z.object({ target: z.literal('memberType'), memberType: memberTypeSchema, ...text }),
  z.object({ target: z.literal('vipLevel'), vipLevel: z.number().int().min(1).max(50), ...text }),
  z.object({ target: z.literal('member'), memberId: z.number().int().min(1).max(MAX_SERIAL), ...text }),
]);
export type BroadcastInput = z.infer<typeof broadcastInputSchema>;

export const broadcastViewSchema = z.object({
  id: z.string(),
  target: z.enum(BROADCAST_TARGETS),
  memberType: z.number().int().nullable(),
  memberId: z.number().int().nullable(),
  vipLevel: z.number().int().nullable(),
  title: z.object({ bn: z.string(), en: z.string() }),
  body: z.object({ bn: z.string(), en: z.string() }),
  operatorId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type BroadcastView = z.infer<typeof broadcastViewSchema>;

/** What the operators' list of sent messages sorts by (newest first unless asked). */
export const BROADCAST_SORTS = ['createdAt', 'title'] as const;

export const inboxAdminEndpoints = {
  broadcastsList: defineEndpoint({
    name: 'admin.inbox.broadcasts',
    method: 'GET',
    path: '/admin/inbox-broadcasts',
    auth: 'operator',
    summary:
      'Messages operators sent to the inbox of this merchant, sorted by time or title (in the request’s language; newest first)',
    tags,
    query: z.object({ ...pagingShape, ...sortShape(BROADCAST_SORTS) }),
    response: z.object(pageShape(broadcastViewSchema)),
  }),
  broadcastsCreate: defineEndpoint({
    name: 'admin.inbox.broadcastsCreate',
    method: 'POST',
    path: '/admin/inbox-broadcasts',
    auth: 'operator',
    summary:
      'Send a message (title and rich-text body in bn and en) to the whole merchant, a member type, a VIP level or one member; audited',
    tags,
    body: broadcastInputSchema,
    response: broadcastViewSchema,
  }),
};

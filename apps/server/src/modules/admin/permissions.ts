import { endpoints, type EndpointDef, type OperatorRole } from '@khela/contracts';
import { AppError } from '../../http/app-error.ts';

const CONTENT_PERMISSIONS = [
  'banners',
  'announcements',
  'helpArticles',
  'customerService',
  'resources',
  'domains',
  'maintenance',
  'regionRules',
  'articles',
  'liveHosts',
] as const satisfies readonly (keyof typeof endpoints.admin.content)[];

export const PERMISSIONS = [
  'operators',
  'auditLog',
  'merchant',
  'switches',
  'registerRules',
  'feedback',
  'members',
  'cashier',
  'vendors',
  'gameVendors',
  'games',
  'inbox',
  'dashboard',
  'reports',
  ...CONTENT_PERMISSIONS,
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * What each operator role may read and change: the one place this rule lives. Only the
 * superadmin manages operators and reads the audit log (it shows every operator's work).
 */
const ROLE_PERMISSIONS: Record<OperatorRole, readonly Permission[]> = {
  superadmin: PERMISSIONS,
  content: [
    'banners',
    'announcements',
    'helpArticles',
    'customerService',
    'resources',
    'games',
    'inbox',
    'articles',
    'liveHosts',
  ],
  settings: ['merchant', 'switches', 'registerRules', 'domains', 'maintenance', 'regionRules'],
  support: ['feedback', 'members'],
};

const admin = endpoints.admin;

/** The permission each operator call needs; `null`: any signed-in operator. */
const ENDPOINT_PERMISSIONS = new Map<EndpointDef, Permission | null>([
  [admin.logout, null],
  [admin.me, null],
  // Issue 16 item 2: any operator switches among the merchants they work on (the grants decide which).
  [admin.sessionMerchant, null],
  // Issue 16 item 1: managing operators; one's own two-factor is every operator's (ADR 0025).
  ...Object.values(admin.operators).map((def): [EndpointDef, Permission] => [def, 'operators']),
  ...Object.values(admin.totp).map((def): [EndpointDef, null] => [def, null]),
  [admin.merchantGet, 'merchant'],
  [admin.merchantUpdate, 'merchant'],
  [admin.switchesList, 'switches'],
  [admin.switchesUpdate, 'switches'],
  [admin.registerRulesList, 'registerRules'],
  [admin.registerRulesUpdate, 'registerRules'],
  [admin.auditLog, 'auditLog'],
  [admin.feedbackList, 'feedback'],
  [admin.membersList, 'members'],
  [admin.memberPasswordReset, 'members'],
  // Issue 16 item 4: the members desk (search, a member's page, notes, freeze and close, the agent tree).
  ...Object.values(admin.members).map((def): [EndpointDef, Permission] => [def, 'members']),
  // Issue 16 item 2: the house's takings and the cashier's queue sizes, the superadmin's.
  [admin.dashboard.get, 'dashboard'],
  [admin.dashboard.merchants, 'dashboard'],
  // Issue 16 item 9: the house's takings per product, member, agent and day, like the dashboard's.
  ...Object.values(admin.reports).map((def): [EndpointDef, Permission] => [def, 'reports']),
  // Issue 5: deposits, withdrawals, uploads and adjustments move or show money: the superadmin's.
  ...Object.values(admin.cashier).map((def): [EndpointDef, Permission] => [def, 'cashier']),
  // Issue 13: the house's agent contracts and their payouts move money too (offer and end a house
  // contract, hold and re-run a period).
  ...Object.values(admin.agentPayouts).map((def): [EndpointDef, Permission] => [def, 'cashier']),
  // Referral rewards are paid from the house: their settings are the superadmin's too.
  ...Object.values(admin.referral).map((def): [EndpointDef, Permission] => [def, 'cashier']),
  // VIP rank bonuses are paid from the house too (issue 14 item 4).
  ...Object.values(admin.vip).map((def): [EndpointDef, Permission] => [def, 'cashier']),
  ...Object.values(admin.rebates).map((def): [EndpointDef, Permission] => [def, 'cashier']),
  // Red envelopes, raffle prizes and sign-up rewards are paid from the house (issue 14 item 2).
  ...Object.values(admin.lucky).map((def): [EndpointDef, Permission] => [def, 'cashier']),
  // Cockfight fights settle and refund bets from the house's book (issue 15 item 4).
  ...Object.values(admin.cockfight).map((def): [EndpointDef, Permission] => [def, 'cashier']),
  // Sports results settle and resettle slips from the house's book (issue 15 item 3).
  ...Object.values(admin.sports).map((def): [EndpointDef, Permission] => [def, 'cashier']),
  // Mission rewards are paid from the house too (issue 14 item 6).
  ...Object.values(admin.missions).map((def): [EndpointDef, Permission] => [def, 'cashier']),
  // Promotions pay bonuses from the house (issue 14 items 1–2): their terms and approvals are the superadmin's.
  ...Object.values(admin.promotions).map((def): [EndpointDef, Permission] => [def, 'cashier']),
  // The points mall converts points to cash and hands out goods (issue 14 item 3).
  ...Object.values(admin.points).map((def): [EndpointDef, Permission] => [def, 'cashier']),
  // Issue 15: lottery settings are the catalogue's; voiding a draw refunds tickets, so it is the superadmin's.
  ...Object.values(admin.lottery).map((def): [EndpointDef, Permission] => [
    def,
    def === admin.lottery.voidDraw ? 'cashier' : 'games',
  ]),
  // Issue 16 item 5: transfers move members' money between wallets: read by the cashier.
  ...Object.values(admin.gameTransfers).map((def): [EndpointDef, Permission] => [def, 'cashier']),
  // Game vendors hold the keys that move money through the seamless wallet: the superadmin's too.
  ...Object.values(admin.vendors).map((def): [EndpointDef, Permission] => [def, 'vendors']),
  // Issue 11: the catalogue's games, lanes and its vendor list are content; which integration and
  // wallet a catalogue vendor plays through routes money, so creating and changing one is the superadmin's.
  ...Object.values(admin.games).map((def): [EndpointDef, Permission] => [
    def,
    def === admin.games.vendorsCreate || def === admin.games.vendorsUpdate ? 'gameVendors' : 'games',
  ]),
  // Issue 16 item 7: banner and article images; every role that edits banners edits articles too.
  [admin.contentImages.upload, 'banners'],
  // Issue 14 item 7: messages to the members' inboxes are content.
  ...Object.values(admin.inbox).map((def): [EndpointDef, Permission] => [def, 'inbox']),
  ...CONTENT_PERMISSIONS.flatMap((kind) =>
    Object.values(admin.content[kind]).map((def): [EndpointDef, Permission] => [def, kind]),
  ),
]);

/** What the role may use (the console shows only these sections; the server still checks each call). */
export function permissionsOf(role: OperatorRole): readonly Permission[] {
  return ROLE_PERMISSIONS[role];
}

export function hasPermission(role: OperatorRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * Whether an operator of role `actor` may hand out (or take away) `role`: only a role whose every
 * permission the actor holds too, so nobody raises anyone above themselves (issue 16 item 1).
 */
export function mayManageRole(
  actor: OperatorRole,
  role: OperatorRole,
  roles: Record<OperatorRole, readonly Permission[]> = ROLE_PERMISSIONS,
): boolean {
  return roles[actor].includes('operators') && roles[role].every((p) => roles[actor].includes(p));
}

/** Throws auth.forbidden unless `role` may call `endpoint`; a call missing from the map is refused. */
export function assertMayCall(role: OperatorRole, endpoint: EndpointDef | undefined): void {
  const permission = endpoint ? ENDPOINT_PERMISSIONS.get(endpoint) : undefined;
  if (permission === null) return;
  if (permission === undefined || !hasPermission(role, permission)) throw new AppError('auth.forbidden');
}

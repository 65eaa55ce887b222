/** The console's sections and the /admin permission each needs (modules/admin/permissions.ts). */
export const SECTIONS = [
  { id: 'dashboard', path: '/console/', permission: 'dashboard', label: 'nav.dashboard' },
  { id: 'cashier', path: '/console/cashier', permission: 'cashier', label: 'nav.cashier' },
  { id: 'members', path: '/console/members', permission: 'members', label: 'nav.members' },
  { id: 'games', path: '/console/games', permission: 'games', label: 'nav.games' },
  // Results, cancels and voids settle or refund bets from the house's book: the cashier's permission.
  { id: 'books', path: '/console/books', permission: 'cashier', label: 'nav.books' },
  // Issue 16 item 6: agent payouts move the house's money (cashier); engagement's tabs each need their
  // own permission (redemptions and promotions: cashier, inbox messages: inbox), so either opens it.
  { id: 'agents', path: '/console/agents', permission: 'cashier', label: 'nav.agents' },
  { id: 'engagement', path: '/console/engagement', permission: ['cashier', 'inbox'], label: 'nav.engagement' },
  // Issue 16 item 7: each kind's tab needs its own permission too (content.tsx, settings.tsx).
  { id: 'content', path: '/console/content', permission: 'banners', label: 'nav.content' },
  { id: 'settings', path: '/console/settings', permission: 'switches', label: 'nav.settings' },
  { id: 'reports', path: '/console/reports', permission: 'reports', label: 'nav.reports' },
  { id: 'operators', path: '/console/operators', permission: 'operators', label: 'nav.operators' },
  { id: 'audit', path: '/console/audit', permission: 'auditLog', label: 'nav.audit' },
  // Every operator's own two-factor.
  { id: 'security', path: '/console/security', permission: null, label: 'nav.security' },
] as const;
export type Section = (typeof SECTIONS)[number];
export type SectionId = Section['id'];

export function allowedSections(permissions: readonly string[]): Section[] {
  return SECTIONS.filter((section) => {
    const needs: readonly string[] | null =
      typeof section.permission === 'string' ? [section.permission] : section.permission;
    return needs === null || needs.some((permission) => permissions.includes(permission));
  });
}

/** The engagement section's tabs, in the order shown. */
export const ENGAGEMENT_TABS = [
  'redemptions',
  'pointGoods',
  'pointSettings',
  'promotions',
  'applications',
  'missions',
  'redEnvelopes',
  'raffles',
  'broadcasts',
] as const;
export type EngagementTab = (typeof ENGAGEMENT_TABS)[number];

/**
 * The engagement tabs the operator may open: every tab but the inbox messages pays from the house
 * (the server's `cashier` on points, promotions, missions and lucky events); inbox messages are
 * content (`inbox`).
 */
export function engagementTabs(permissions: readonly string[]): EngagementTab[] {
  return ENGAGEMENT_TABS.filter((tab) => permissions.includes(tab === 'broadcasts' ? 'inbox' : 'cashier'));
}

/** The section a path shows, if the operator may open it; else the first they may. */
export function sectionFor(pathname: string, allowed: readonly Section[]): Section | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  return allowed.find((section) => section.path.replace(/\/+$/, '') === path) ?? allowed[0] ?? null;
}

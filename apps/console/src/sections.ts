/** The console's sections and the /admin permission each needs (modules/admin/permissions.ts). */
export const SECTIONS = [
  { id: 'dashboard', path: '/console/', permission: 'dashboard', label: 'nav.dashboard' },
  { id: 'cashier', path: '/console/cashier', permission: 'cashier', label: 'nav.cashier' },
  { id: 'members', path: '/console/members', permission: 'members', label: 'nav.members' },
  { id: 'operators', path: '/console/operators', permission: 'operators', label: 'nav.operators' },
  { id: 'audit', path: '/console/audit', permission: 'auditLog', label: 'nav.audit' },
  // Every operator's own two-factor.
  { id: 'security', path: '/console/security', permission: null, label: 'nav.security' },
] as const;
export type Section = (typeof SECTIONS)[number];
export type SectionId = Section['id'];

export function allowedSections(permissions: readonly string[]): Section[] {
  return SECTIONS.filter((section) => section.permission === null || permissions.includes(section.permission));
}

/** The section a path shows, if the operator may open it; else the first they may. */
export function sectionFor(pathname: string, allowed: readonly Section[]): Section | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  return allowed.find((section) => section.path.replace(/\/+$/, '') === path) ?? allowed[0] ?? null;
}

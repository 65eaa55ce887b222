/** What the cashier's search matches: the id, the member's name or id, the reference number. */
export interface QueueRow {
  id: number;
  memberId: number;
  username: string;
  referenceNumber?: string | null;
}

export function matchesSearch(row: QueueRow, search: string): boolean {
  const needle = search.trim().toLowerCase().replace(/^#/, '');
  if (needle === '') return true;
  return (
    String(row.id) === needle ||
    String(row.memberId) === needle ||
    row.username.toLowerCase().includes(needle) ||
    (row.referenceNumber ?? '').toLowerCase().includes(needle)
  );
}

/** Requests that arrived after the queue was first seen (ids only grow). */
export function arrivedSince(rows: readonly { id: number }[], newestSeenId: number | null): number {
  if (newestSeenId === null) return 0;
  return rows.filter((row) => row.id > newestSeenId).length;
}

export type Action = 'approve' | 'reject' | 'pay' | 'fail';

/** What may be done to a request in its state (cashier-admin.ts; the server checks it again). */
export function actionsFor(row: { kind: 'deposits' | 'withdrawals'; status: string }): Action[] {
  if (row.kind === 'deposits') return row.status === 'pending' ? ['approve', 'reject'] : [];
  if (row.status === 'pending') return ['approve', 'reject'];
  if (row.status === 'approved') return ['pay', 'fail', 'reject'];
  return [];
}

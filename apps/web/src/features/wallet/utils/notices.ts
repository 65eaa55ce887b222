/** §4 money notifications that also pop up as a notice (besides the inbox entry). */
const NOTICE_KINDS = new Set([
  'deposit.arrived',
  'deposit.approved',
  'deposit.rejected',
  'deposit.failed',
  'withdrawal.approved',
  'withdrawal.rejected',
  'withdrawal.paid',
  'withdrawal.failed',
]);

export function isMoneyNotice(kind: string): boolean {
  return NOTICE_KINDS.has(kind);
}

/** Good news is shown as success; refusals and failures as a warning. */
export function noticeTone(kind: string): 'success' | 'warning' | 'info' {
  if (kind.endsWith('.rejected') || kind.endsWith('.failed')) return 'warning';
  if (kind.endsWith('.approved') || kind.endsWith('.paid')) return 'success';
  return 'info';
}

/** The member's cached data a notification makes stale, by registry entry name. */
export function staleAfter(event: { kind: string; balanceChanged: boolean }): string[] {
  const names = ['inbox', 'inboxUnread'];
  if (event.balanceChanged) names.push('balance', 'transactionHistory', 'bonusDetails', 'MCSFE_getWithdrawSettings');
  if (event.kind.startsWith('deposit.')) names.push('cashier.deposits', 'MCSFE_getDepositSettings');
  if (event.kind.startsWith('withdrawal.')) names.push('cashier.withdrawals', 'MCSFE_getWithdrawSettings');
  return [...new Set(names)];
}

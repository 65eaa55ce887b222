import { describe, expect, it } from 'vitest';
import { isMoneyNotice, noticeTone, staleAfter } from './notices.ts';
import { MASK, shownBalance } from './balance-visibility.ts';

describe('money notices', () => {
  it('pops up the §4 deposit and withdrawal outcomes only', () => {
    expect(isMoneyNotice('deposit.approved')).toBe(true);
    expect(isMoneyNotice('withdrawal.rejected')).toBe(true);
    expect(isMoneyNotice('promotion.new')).toBe(false);
  });
  it('tones refusals as warnings', () => {
    expect(noticeTone('deposit.rejected')).toBe('warning');
    expect(noticeTone('withdrawal.paid')).toBe('success');
    expect(noticeTone('deposit.arrived')).toBe('info');
  });
  it('refreshes the balance only when money moved', () => {
    expect(staleAfter({ kind: 'deposit.approved', balanceChanged: true })).toEqual(
      expect.arrayContaining(['balance', 'cashier.deposits', 'inbox', 'transactionHistory']),
    );
    expect(staleAfter({ kind: 'deposit.arrived', balanceChanged: false })).not.toContain('balance');
  });
});

describe('balance masking', () => {
  it('shows *** when hidden and the amount otherwise', () => {
    expect(shownBalance('10,000.00', true)).toBe(MASK);
    expect(shownBalance('10,000.00', false)).toBe('10,000.00');
  });
});

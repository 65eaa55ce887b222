import { describe, expect, it } from 'vitest';
import { parseReferralSettings } from './referral-rewards.ts';

const base = {
  enabled: true,
  commissionRate: '1.5',
  dailyCap: '20',
  firstDepositBonus: '5.00',
  firstDepositMinimum: 100,
};

describe('parseReferralSettings', () => {
  it('keeps basis points and minor units', () => {
    expect(parseReferralSettings(base)).toEqual({
      ok: true,
      settings: {
        enabled: true,
        commissionBp: 150,
        dailyCap: 2_000n,
        firstDepositBonus: 500n,
        firstDepositMin: 10_000n,
      },
    });
    expect(parseReferralSettings({ ...base, dailyCap: null, commissionRate: 10 })).toMatchObject({
      ok: true,
      settings: { commissionBp: 1_000, dailyCap: null },
    });
    // Off, nothing needs to be paid.
    expect(parseReferralSettings({ ...base, enabled: false, commissionRate: '0', firstDepositBonus: '0' }).ok).toBe(
      true,
    );
  });

  it('refuses bad rates and amounts with their own codes', () => {
    for (const commissionRate of ['10.01', '-1', 'x', '1.234', '', 'NaN']) {
      expect(parseReferralSettings({ ...base, commissionRate })).toEqual({ ok: false, code: 'referral.invalid_rate' });
    }
    for (const bad of [
      { dailyCap: '0' },
      { dailyCap: '-1' },
      { firstDepositBonus: '1.001' },
      { firstDepositMinimum: 'a' },
    ]) {
      expect(parseReferralSettings({ ...base, ...bad })).toEqual({ ok: false, code: 'referral.invalid_amount' });
    }
    expect(parseReferralSettings({ ...base, commissionRate: '0', firstDepositBonus: '0.00' })).toEqual({
      ok: false,
      code: 'referral.nothing_to_pay',
    });
  });
});

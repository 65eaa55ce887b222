import { describe, expect, it } from 'vitest';
import { canTerminate, offerErrors, termsOf } from './agents-contracts-logic.ts';

describe('agent contracts in the console (issue 16 item 6)', () => {
  it('puts the server codes beside the input they are about', () => {
    const failure = (code: string, fields?: { field: string; message: string }[]) => ({ code, message: code, fields });
    expect(offerErrors(failure('contract.member_not_found'), 'daily_salary', 'x')).toEqual({
      fields: { username: 'contract.member_not_found' },
      form: null,
    });
    expect(offerErrors(failure('contract.invalid_rate'), 'daily_salary', 'x').fields).toEqual({
      tiers: 'contract.invalid_rate',
    });
    expect(offerErrors(failure('contract.invalid_rate'), 'realtime_salary', 'x').fields).toEqual({
      profitRate: 'contract.invalid_rate',
    });
    expect(
      offerErrors(failure('request.invalid', [{ field: 'body.username', message: 'Too long' }]), 'dividend', 'x'),
    ).toEqual({ fields: { username: 'Too long' }, form: null });
    expect(offerErrors(failure('auth.forbidden'), 'dividend', 'x')).toEqual({ fields: {}, form: 'auth.forbidden' });
    expect(offerErrors(new Error('offline'), 'dividend', 'Failed')).toEqual({ fields: {}, form: 'Failed' });
  });

  it('ends only the house contracts that are still pending or live', () => {
    expect(canTerminate({ offererId: null, state: 'active' })).toBe(true);
    expect(canTerminate({ offererId: null, state: 'offered' })).toBe(true);
    expect(canTerminate({ offererId: null, state: 'terminated' })).toBe(false);
    expect(canTerminate({ offererId: 7, state: 'active' })).toBe(false);
  });

  it('sends the terms each kind takes, without blank tier rows', () => {
    const draft = {
      period: 'Weekly',
      tiers: [
        { activeMembers: ' 1 ', validBet: '100', rate: '1.5' },
        { activeMembers: '', validBet: '', rate: '' },
      ],
      profitRate: '0.5',
      lossRate: '1',
    };
    expect(termsOf('dividend', draft)).toEqual({
      period: 'Weekly',
      tiers: [{ activeMembers: '1', validBet: '100', rate: '1.5' }],
    });
    expect(termsOf('daily_salary', draft)).toEqual({ tiers: [{ activeMembers: '1', validBet: '100', rate: '1.5' }] });
    expect(termsOf('realtime_salary', draft)).toEqual({ profitRate: '0.5', lossRate: '1' });
  });
});

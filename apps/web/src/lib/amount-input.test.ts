import { describe, expect, it } from 'vitest';
import { checkAmount } from './amount-input.ts';

describe('checkAmount', () => {
  it('accepts plain decimals and gives the exact wire string, without floats', () => {
    expect(checkAmount('1250')).toEqual({ ok: true, minor: 125000n, wire: '1250.00' });
    expect(checkAmount(' 0.1 ')).toEqual({ ok: true, minor: 10n, wire: '0.10' });
    expect(checkAmount('1,000.05')).toEqual({ ok: true, minor: 100005n, wire: '1000.05' });
    // A float would make this 0.30000000000000004; minor units stay exact.
    expect(checkAmount('0.3')).toMatchObject({ minor: 30n, wire: '0.30' });
    expect(checkAmount('9999999999999.99')).toMatchObject({ ok: true, wire: '9999999999999.99' });
  });

  it('refuses empty, negative, non-numeric, exponent, fractional-minor-unit, zero and huge input', () => {
    expect(checkAmount('')).toEqual({ ok: false, problem: 'required' });
    expect(checkAmount('-5')).toEqual({ ok: false, problem: 'format' });
    expect(checkAmount('abc')).toEqual({ ok: false, problem: 'format' });
    expect(checkAmount('1e3')).toEqual({ ok: false, problem: 'format' });
    expect(checkAmount('10.001')).toEqual({ ok: false, problem: 'decimals' });
    expect(checkAmount('0.00')).toEqual({ ok: false, problem: 'zero' });
    expect(checkAmount('12345678901234')).toEqual({ ok: false, problem: 'format' });
  });

  it('checks min, max and balance exactly at the boundaries', () => {
    const bounds = { min: '100.00', max: '25000.00', balance: '500.50' };
    expect(checkAmount('99.99', bounds)).toEqual({ ok: false, problem: 'belowMin' });
    expect(checkAmount('100', bounds).ok).toBe(true);
    expect(checkAmount('500.50', bounds).ok).toBe(true);
    expect(checkAmount('500.51', bounds)).toEqual({ ok: false, problem: 'overBalance' });
    expect(checkAmount('25000.01', { max: '25000.00' })).toEqual({ ok: false, problem: 'aboveMax' });
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { deviceOf, fieldError, normalizeAmount, pageCount, resultingBalance, statusActions } from './members-logic.ts';
import { allowedSections } from './sections.ts';

describe('members desk logic', () => {
  it('shows the members section only to a role with the members permission', () => {
    expect(allowedSections(['members']).map((s) => s.id)).toContain('members');
    expect(allowedSections(['banners', 'games']).map((s) => s.id)).not.toContain('members');
  });

  it('offers only the status changes the server allows; a closed account none', () => {
    expect(statusActions('active')).toEqual(['frozen', 'closed']);
    expect(statusActions('frozen')).toEqual(['active', 'closed']);
    expect(statusActions('closed')).toEqual([]);
  });

  it('reads an amount as the server takes it and computes the resulting balance exactly', () => {
    expect(normalizeAmount('250')).toBe('250.00');
    expect(normalizeAmount(' 0012.5 ')).toBe('12.50');
    expect(normalizeAmount('0')).toBeNull();
    expect(normalizeAmount('1.005')).toBeNull();
    expect(normalizeAmount('-5')).toBeNull();
    expect(normalizeAmount('1e3')).toBeNull();
    expect(resultingBalance('100.10', 'credit', '0.20')).toBe('100.30');
    expect(resultingBalance('10.00', 'debit', '25.50')).toBe('-15.50');
    expect(resultingBalance('9007199254740993.01', 'credit', '0.01')).toBe('9007199254740993.02');
  });

  it('finds the server message of a field, whatever prefix it names', () => {
    const error = new ApiError('request.invalid', 'Some fields are not valid.', 400, [
      { field: 'query.q', message: 'An id is digits only.' },
      { field: 'body.reason', message: 'Too short' },
    ]);
    expect(fieldError(error, 'q')).toBe('An id is digits only.');
    expect(fieldError(error, 'reason')).toBe('Too short');
    expect(fieldError(error, 'amount')).toBeNull();
    expect(fieldError(new Error('x'), 'q')).toBeNull();
  });

  it('pages and names devices', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
    expect(deviceOf('Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36')).toBe(
      'Chrome · Android',
    );
    expect(deviceOf(null)).toBe('—');
    expect(deviceOf('curl/8.0')).toBe('curl/8.0');
  });
});

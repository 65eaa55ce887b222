import { describe, expect, it } from 'vitest';
import { roleOf } from './roles.ts';

describe('roleOf (§4/§6)', () => {
  it('is visitor without member info', () => {
    expect(roleOf(null)).toBe('visitor');
    expect(roleOf(undefined)).toBe('visitor');
  });
  it.each([1, 2, 41, 42])('is agent for type %i', (type) => expect(roleOf({ type })).toBe('agent'));
  it('is trial for type 4', () => expect(roleOf({ type: 4 })).toBe('trial'));
  it.each([0, 3, 5, 40, 43])('is member for type %i', (type) => expect(roleOf({ type })).toBe('member'));
});

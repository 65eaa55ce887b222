import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatMinor, MoneyFormatError, parseMinor, toDecimalString } from './index.ts';

describe('parseMinor', () => {
  it.each([
    ['1250.00', 125000n],
    ['1250.5', 125050n],
    ['1250', 125000n],
    ['0.01', 1n],
    ['-3.20', -320n],
    [' 7 ', 700n],
  ])('parses %s', (input, expected) => expect(parseMinor(input)).toBe(expected));

  it.each(['', 'abc', '1.234', '1e5', '1,000.00', '.5', '5.', 'NaN', '99999999999999999999'])('refuses %j', (input) =>
    expect(() => parseMinor(input)).toThrow(MoneyFormatError),
  );
});

describe('formatting', () => {
  it('pads to two places', () => {
    expect(toDecimalString(5n)).toBe('0.05');
    expect(toDecimalString(-125000n)).toBe('-1250.00');
  });
  it('groups thousands (§9)', () => {
    expect(formatMinor(123456789n)).toBe('1,234,567.89');
    expect(formatMinor(-100000n)).toBe('-1,000.00');
    expect(formatMinor(0n)).toBe('0.00');
  });
  it('round-trips every amount through the wire string', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (minor) => {
        expect(parseMinor(toDecimalString(minor))).toBe(minor);
        expect(parseMinor(formatMinor(minor).replaceAll(',', ''))).toBe(minor);
      }),
    );
  });
});

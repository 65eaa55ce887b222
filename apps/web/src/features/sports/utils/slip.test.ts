import { describe, expect, it } from 'vitest';
import {
  canCombine,
  combinedLimits,
  combinedOdds,
  lineText,
  oddsMove,
  potentialReturn,
  toggleLeg,
  type SlipLeg,
} from './slip.ts';

const leg = (
  selectionId: number,
  eventId: number,
  odds = '2.00',
  minStake = '10.00',
  maxStake = '500.00',
): SlipLeg => ({
  selectionId,
  eventId,
  marketId: eventId * 10,
  eventName: `E${eventId}`,
  pick: `S${selectionId}`,
  odds,
  minStake,
  maxStake,
});

describe('bet slip arithmetic', () => {
  it('multiplies the legs and rounds down to hundredths as the book does', () => {
    expect(combinedOdds(['2.00', '2.00'])).toBe('4.00');
    expect(combinedOdds(['1.85', '1.90', '2.05'])).toBe('7.20'); // 7.205625
    expect(combinedOdds(['1.33', '1.33'])).toBe('1.76'); // 1.7689
  });
  it('pays stake × odds rounded down in minor units', () => {
    expect(potentialReturn(5_000n, '4.00')).toBe(20_000n);
    expect(potentialReturn(333n, '1.85')).toBe(616n); // 616.05
  });
  it('keeps one pick per event, and a second tap takes a pick off', () => {
    let legs = toggleLeg([], leg(1, 1));
    legs = toggleLeg(legs, leg(2, 1));
    expect(legs.map((l) => l.selectionId)).toEqual([2]);
    legs = toggleLeg(legs, leg(3, 2));
    expect(canCombine(legs)).toBe(true);
    expect(toggleLeg(legs, leg(3, 2)).map((l) => l.selectionId)).toEqual([2]);
    expect(canCombine([leg(1, 1)])).toBe(false);
  });
  it('takes the strictest stake limits of a multiple', () => {
    expect(combinedLimits([leg(1, 1, '2.00', '10.00', '500.00'), leg(2, 2, '2.00', '20.00', '300.00')])).toEqual({
      min: '20.00',
      max: '300.00',
    });
  });
  it('shows lines and price moves for people', () => {
    expect(lineText('-0.25', true)).toBe('\u22120.25');
    expect(lineText('1.50', true)).toBe('+1.5');
    expect(lineText('2.50', false)).toBe('2.5');
    expect(oddsMove('1.85', '1.90')).toBe('up');
    expect(oddsMove('1.85', '1.80')).toBe('down');
    expect(oddsMove('1.85', '1.85')).toBeNull();
  });
});

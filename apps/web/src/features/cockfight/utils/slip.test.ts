import { describe, expect, it } from 'vitest';
import { isVideoUrl, possibleReturn, stakeIsValid } from './slip.ts';

describe('cockfight bet slip', () => {
  it('checks the stake against the amount format and the fight’s limits', () => {
    expect(stakeIsValid('10', '10.00', '1000.00')).toBe(true);
    expect(stakeIsValid('1000.00', '10.00', '1000.00')).toBe(true);
    expect(stakeIsValid('9.99', '10.00', '1000.00')).toBe(false);
    expect(stakeIsValid('1000.01', '10.00', '1000.00')).toBe(false);
    expect(stakeIsValid('0', '0.01', '1000.00')).toBe(false);
    expect(stakeIsValid('-5', '0.01', '1000.00')).toBe(false);
    expect(stakeIsValid('1.234', '0.01', '1000.00')).toBe(false);
    expect(stakeIsValid('abc', '0.01', '1000.00')).toBe(false);
  });

  it('prices the return as stake × odds rounded down to the minor unit', () => {
    expect(possibleReturn('100', '1.90')).toBe(19_000n);
    expect(possibleReturn('10.01', '1.85')).toBe(1_851n);
  });

  it('plays video files in <video> and pages in <iframe>', () => {
    expect(isVideoUrl('https://cdn.example/live.m3u8')).toBe(true);
    expect(isVideoUrl('https://cdn.example/fight.mp4?t=1')).toBe(true);
    expect(isVideoUrl('https://player.example/embed/42')).toBe(false);
  });
});

// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatCountdown, useServerNow } from './countdown.ts';

describe('useServerNow', () => {
  it("reads the server's clock from the first render that has its time", () => {
    const serverTime = '2020-01-01T00:00:00.000Z';
    const rendered: number[] = [];
    renderHook(() => rendered.push(useServerNow(serverTime)));
    // Not this device's clock in any frame, the first included (before any effect has run).
    for (const now of rendered) expect(Math.abs(now - Date.parse(serverTime))).toBeLessThan(1_000);
  });

  it('moves to a later answer in the render that brings it, and keeps the last offset without one', () => {
    const rendered: number[] = [];
    const { rerender } = renderHook(({ time }: { time: string | undefined }) => rendered.push(useServerNow(time)), {
      initialProps: { time: '2020-01-01T00:00:00.000Z' as string | undefined },
    });
    const later = Date.parse('2030-01-01T00:00:00.000Z');
    const from = rendered.length;
    rerender({ time: '2030-01-01T00:00:00.000Z' });
    rerender({ time: undefined });
    expect(rendered.length).toBeGreaterThan(from);
    for (const now of rendered.slice(from)) expect(Math.abs(now - later)).toBeLessThan(1_000);
  });
});

describe('formatCountdown', () => {
  it('pads hours, minutes and seconds, names whole days, and stops at zero', () => {
    expect(formatCountdown(3_723_000)).toBe('01:02:03');
    expect(formatCountdown(90_061_000, (n) => `${n} days`)).toBe('1 days 01:01:01');
    expect(formatCountdown(-5_000)).toBe('00:00:00');
  });
});

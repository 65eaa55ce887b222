import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle, throttleLeading } from './throttle.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('throttle (§9 captcha refresh at most once per second)', () => {
  it('runs the first call at once', () => {
    const fn = vi.fn();
    throttle(fn, 1000).call();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('runs a burst of calls once now and once when the second is over', () => {
    const fn = vi.fn();
    const t = throttle(fn, 1000);
    for (let i = 0; i < 5; i++) t.call();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(999);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5000);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('never runs twice within one second, however it is called', () => {
    const fn = vi.fn();
    const t = throttle(fn, 1000);
    const runs: number[] = [];
    fn.mockImplementation(() => runs.push(Date.now()));
    for (let ms = 0; ms < 10_000; ms += 150) {
      t.call();
      vi.advanceTimersByTime(150);
    }
    for (let i = 1; i < runs.length; i++) expect(runs[i]! - runs[i - 1]!).toBeGreaterThanOrEqual(1000);
    expect(runs.length).toBeGreaterThanOrEqual(9);
  });

  it('runs a call made after the wait at once', () => {
    const fn = vi.fn();
    const t = throttle(fn, 1000);
    t.call();
    vi.advanceTimersByTime(1500);
    t.call();
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('run() goes now and restarts the wait; cancel() drops a pending run', () => {
    const fn = vi.fn();
    const t = throttle(fn, 1000);
    t.run();
    t.call();
    expect(fn).toHaveBeenCalledTimes(1);
    t.cancel();
    vi.advanceTimersByTime(2000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe('throttleLeading (§9 favourite toggle: 1000 ms, leading only)', () => {
  it('runs the first call at once and drops calls within the wait', () => {
    const fn = vi.fn();
    const gate = throttleLeading<number>(1000);
    expect(gate(1, fn)).toBe(true);
    vi.advanceTimersByTime(500);
    expect(gate(1, fn)).toBe(false);
    vi.advanceTimersByTime(499);
    expect(gate(1, fn)).toBe(false);
    expect(fn).toHaveBeenCalledTimes(1);
    // Dropped calls are never run later (no trailing run).
    vi.advanceTimersByTime(5000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('runs again once the wait since the last run is over', () => {
    const fn = vi.fn();
    const gate = throttleLeading<number>(1000);
    gate(1, fn);
    vi.advanceTimersByTime(1000);
    expect(gate(1, fn)).toBe(true);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('keeps a separate wait for each key', () => {
    const fn = vi.fn();
    const gate = throttleLeading<number>(1000);
    expect(gate(1, fn)).toBe(true);
    expect(gate(2, fn)).toBe(true);
    expect(gate(1, fn)).toBe(false);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});

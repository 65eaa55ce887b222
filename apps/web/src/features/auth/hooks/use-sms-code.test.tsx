// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { countdownSeconds, useSmsCode } from './use-sms-code.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('countdownSeconds (§4)', () => {
  it('is expiredMinutes × 60, one minute by default', () => {
    expect(countdownSeconds(5)).toBe(300);
    expect(countdownSeconds(undefined)).toBe(60);
  });
});

describe('useSmsCode', () => {
  it('counts down expiredMinutes × 60 s, disabled until zero, then sends again', async () => {
    const send = vi.fn(async () => 2);
    const { result } = renderHook(() => useSmsCode(send));
    await act(() => result.current.sendCode());
    expect(send).toHaveBeenCalledTimes(1);
    expect(result.current.remaining).toBe(120);
    expect(result.current.disabled).toBe(true);

    await act(async () => vi.advanceTimersByTime(60_000));
    expect(result.current.remaining).toBe(60);
    await act(() => result.current.sendCode()); // still counting: no second send
    expect(send).toHaveBeenCalledTimes(1);

    await act(async () => vi.advanceTimersByTime(60_000));
    expect(result.current.remaining).toBe(0);
    expect(result.current.disabled).toBe(false);
    await act(() => result.current.sendCode());
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('takes one press per second (§9 throttle 1000 ms): a refused send does not start a countdown', async () => {
    const send = vi.fn(async () => {
      throw new ApiError('sms.invalid_mobile', 'Please enter a valid mobile number.', 400);
    });
    const { result } = renderHook(() => useSmsCode(send));
    let outcome: Awaited<ReturnType<typeof result.current.sendCode>> | undefined;
    await act(async () => {
      outcome = await result.current.sendCode();
    });
    expect(outcome?.error?.code).toBe('sms.invalid_mobile');
    expect(result.current.remaining).toBe(0);

    await act(async () => vi.advanceTimersByTime(500));
    await act(() => result.current.sendCode());
    expect(send).toHaveBeenCalledTimes(1); // within the second: dropped

    await act(async () => vi.advanceTimersByTime(500));
    await act(() => result.current.sendCode());
    expect(send).toHaveBeenCalledTimes(2);
  });
});

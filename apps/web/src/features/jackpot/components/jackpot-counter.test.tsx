// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en.ts';
import { JackpotCounter } from './jackpot-counter.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const digits = () => Number(screen.getByTestId('jackpot-value').textContent!.replace(/[^\d.]/g, ''));

describe('JackpotCounter', () => {
  it('grows by a step after the random delay and never announces itself', () => {
    vi.useFakeTimers();
    // 0 → start 300,000,000.00, step 100.00, delay 3 s.
    render(<JackpotCounter random={() => 0} currency="BDT" />);
    const value = screen.getByTestId('jackpot-value');
    expect(value.getAttribute('aria-live')).toBe('off');
    expect(value.textContent).toContain('300,000,000.00');
    expect(value.textContent).toContain('৳');

    act(() => vi.advanceTimersByTime(2999));
    expect(digits()).toBe(300_000_000);
    act(() => vi.advanceTimersByTime(1));
    expect(digits()).toBe(300_000_100);
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByTestId('jackpot-value').textContent).toContain('300,000,200.00');
  });

  it('clears its timer when it goes away', () => {
    vi.useFakeTimers();
    const { unmount } = render(<JackpotCounter random={() => 0.5} />);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

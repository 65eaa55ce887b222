import { describe, expect, it } from 'vitest';
import { FEED_IDLE_MAX_MS, feedDelayAfter, type FeedPassResult } from './pass.ts';

const pass = (over: Partial<FeedPassResult> = {}): FeedPassResult => ({
  feeds: 1,
  applied: 0,
  refused: 0,
  failed: 0,
  ...over,
});

describe('feedDelayAfter (an idle server backs off its feed passes)', () => {
  it('doubles the wait while nothing changes, up to the cap, and is back to the tick after a change', () => {
    const waits: number[] = [];
    let delay = 3_000;
    for (let i = 0; i < 6; i++) waits.push((delay = feedDelayAfter(pass(), delay, 3_000)));
    expect(waits).toEqual([6_000, 12_000, 24_000, FEED_IDLE_MAX_MS, FEED_IDLE_MAX_MS, FEED_IDLE_MAX_MS]);
    expect(feedDelayAfter(pass({ applied: 1 }), delay, 3_000)).toBe(3_000);
    expect(feedDelayAfter(pass({ refused: 1 }), delay, 3_000)).toBe(3_000);
    expect(feedDelayAfter(pass({ feeds: 0 }), 3_000, 3_000)).toBe(6_000);
  });

  it('never waits less than the tick (a tick longer than the cap)', () => {
    expect(feedDelayAfter(pass(), 60_000, 60_000)).toBe(60_000);
  });
});

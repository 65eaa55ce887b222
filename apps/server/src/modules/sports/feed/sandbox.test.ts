import { describe, expect, it } from 'vitest';
import { sandboxFeedBook } from './sandbox.ts';

describe('the sandbox feed book: finish (the e2e control)', () => {
  it('ends a fixture now with the score asked, live first when it had not started, once', () => {
    const book = sandboxFeedBook({ seed: 1 });
    book.tick(0);
    const before = book.size();
    // SBX-1 starts at once; SBX-2 is scheduled later.
    expect(book.finish('SBX-2', { home: 2, away: 0 })).toBe(true);
    expect(book.entries(String(before), 10).map((e) => e.change)).toEqual([
      { type: 'event_status', ref: 'SBX-2', status: 'live', score: { home: 0, away: 0 } },
      { type: 'result', ref: 'SBX-2', score: { home: 2, away: 0 } },
    ]);
    expect(book.finish('SBX-2', { home: 3, away: 0 })).toBe(false);
    expect(book.finish('SBX-999', { home: 1, away: 0 })).toBe(false);
    // The next tick forgets it and publishes nothing more about it.
    const after = book.size();
    book.tick(1_000);
    expect(book.entries(String(after), 100).filter((e) => e.change.ref === 'SBX-2')).toEqual([]);
  });
});

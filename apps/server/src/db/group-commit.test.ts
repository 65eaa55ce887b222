import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupCommit, type GroupCommitOptions } from './group-commit.ts';

/** A group commit whose batches commit when the test says so; it records each batch's items. */
function controlled(options: GroupCommitOptions) {
  const batches: number[][] = [];
  const commits: (() => void)[] = [];
  const add = groupCommit(
    (items: number[]) =>
      new Promise<number[]>((resolve) => {
        batches.push(items);
        commits.push(() => resolve(items));
      }),
    options,
  );
  return {
    add,
    batches,
    /** Commits the oldest batch in flight and lets its callers run. */
    async commit() {
      commits.shift()!();
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

describe('group commit', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes at once when idle, and what waited as soon as the batch in flight commits', async () => {
    vi.useFakeTimers();
    const gc = controlled({});
    void gc.add(1);
    void gc.add(2);
    void gc.add(3);
    expect(gc.batches).toEqual([[1]]);
    await gc.commit();
    expect(gc.batches).toEqual([[1], [2, 3]]);
  });

  it('with gatherMs, waits for the callers of the batch that committed to come back, at most gatherMs', async () => {
    vi.useFakeTimers();
    const gc = controlled({ gatherMs: 2 });
    expect(await Promise.all([gc.add(1), gc.commit()])).toEqual([1, undefined]);
    // Idle: one item is written at once (a batch of one expects no more).
    void gc.add(2);
    void gc.add(3);
    void gc.add(4);
    expect(gc.batches).toEqual([[1], [2]]);
    // 2 committed with 3 and 4 waiting: they wait for a third item (2's caller coming back) …
    await gc.commit();
    expect(gc.batches).toEqual([[1], [2]]);
    void gc.add(5);
    expect(gc.batches).toEqual([[1], [2], [3, 4, 5]]);
    // … and leave without it after gatherMs.
    void gc.add(6);
    await gc.commit();
    await vi.advanceTimersByTimeAsync(1);
    expect(gc.batches).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(gc.batches).toEqual([[1], [2], [3, 4, 5], [6]]);
  });
});

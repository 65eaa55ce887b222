import { describe, expect, it } from 'vitest';
import { keptPerKey } from './kept-per-key.ts';

describe('keptPerKey', () => {
  it('loads a key once, shared by callers while it loads and after', async () => {
    const kept = keptPerKey<number, string>();
    let loads = 0;
    const load = async () => `value ${++loads}`;
    const [a, b] = await Promise.all([kept.get(1, load), kept.get(1, load)]);
    expect([a, b, await kept.get(1, load)]).toEqual(['value 1', 'value 1', 'value 1']);
    expect(await kept.get(2, load)).toBe('value 2');
  });

  it('forgets a failed load, so the next call tries again', async () => {
    const kept = keptPerKey<string, number>();
    await expect(kept.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await kept.get('k', async () => 7)).toBe(7);
  });

  it('loads a forgotten key again', async () => {
    const kept = keptPerKey<number, number>();
    let loads = 0;
    const load = async () => ++loads;
    await kept.get(1, load);
    kept.forget(1);
    expect(await kept.get(1, load)).toBe(2);
  });

  it('starts again from empty past maxEntries', async () => {
    const kept = keptPerKey<number, number>({ maxEntries: 2 });
    let loads = 0;
    const load = async () => ++loads;
    await kept.get(1, load);
    await kept.get(2, load);
    await kept.get(3, load); // drops 1 and 2
    expect(await kept.get(1, load)).toBe(4);
  });
});

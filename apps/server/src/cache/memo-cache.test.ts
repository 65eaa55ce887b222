import { describe, expect, it } from 'vitest';
import { fakeChangeFeed as fakeFeed } from './fake-change-feed.ts';
import { memoCache } from './memo-cache.ts';

function counter() {
  let loads = 0;
  return { load: async () => ++loads, loads: () => loads };
}

describe('memo cache', () => {
  it('loads once for many callers, and again after the TTL (the backstop of a lost change)', async () => {
    let now = 1000;
    const cache = memoCache<number>({ feed: fakeFeed(), scope: 'catalogue', ttlMs: 30_000, now: () => now });
    const source = counter();
    expect(await Promise.all([cache.get(1, 'k', source.load), cache.get(1, 'k', source.load)])).toEqual([1, 1]);
    now += 29_999;
    expect(await cache.get(1, 'k', source.load)).toBe(1);
    now += 1;
    expect(await cache.get(1, 'k', source.load)).toBe(2);
    expect(source.loads()).toBe(2);
  });

  it('drops the merchant of a change of its scope, and everything when the feed was lost', async () => {
    const feed = fakeFeed();
    const cache = memoCache<number>({ feed, scope: 'catalogue', ttlMs: 30_000 });
    const one = counter();
    const two = counter();
    await cache.get(1, 'k', one.load);
    await cache.get(2, 'k', two.load);
    feed.announce({ scope: 'site', merchantId: 1 });
    feed.announce({ scope: 'catalogue', merchantId: 2 });
    expect([await cache.get(1, 'k', one.load), await cache.get(2, 'k', two.load)]).toEqual([1, 2]);
    feed.announce({ scope: null, merchantId: null });
    expect([await cache.get(1, 'k', one.load), await cache.get(2, 'k', two.load)]).toEqual([2, 3]);
  });

  it('never keeps what was read before a change that came during the read', async () => {
    const feed = fakeFeed();
    const cache = memoCache<string>({ feed, scope: 'catalogue', ttlMs: 30_000 });
    let release!: (value: string) => void;
    const slow = cache.get(1, 'k', () => new Promise<string>((resolve) => (release = resolve)));
    feed.announce({ scope: 'catalogue', merchantId: 1 });
    // A caller after the change does not share the read that began before it.
    const fresh = cache.get(1, 'k', async () => 'new');
    release('old');
    expect(await slow).toBe('old');
    expect(await fresh).toBe('new');
    expect(await cache.get(1, 'k', async () => 'third')).toBe('new');
  });

  it('keeps nothing while changes cannot be heard, and nothing with a TTL of 0', async () => {
    const feed = fakeFeed();
    feed.listening = false;
    const source = counter();
    const cache = memoCache<number>({ feed, scope: 'site', ttlMs: 30_000 });
    await cache.get(1, 'k', source.load);
    await cache.get(1, 'k', source.load);
    expect(source.loads()).toBe(2);
    feed.listening = true;
    const off = memoCache<number>({ feed, scope: 'site', ttlMs: 0 });
    await off.get(1, 'k', source.load);
    await off.get(1, 'k', source.load);
    expect(source.loads()).toBe(4);
  });

  it('forgets a failed read', async () => {
    const cache = memoCache<number>({ feed: fakeFeed(), scope: 'site', ttlMs: 30_000 });
    await expect(cache.get(1, 'k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(1, 'k', async () => 7)).toBe(7);
  });

  it('peeks at a kept value without loading, never past its TTL or while deaf', async () => {
    let now = 1000;
    const feed = fakeFeed();
    const cache = memoCache<number>({ feed, scope: 'site', ttlMs: 1000, now: () => now });
    expect(cache.peek(1, 'k')).toBeUndefined();
    await cache.get(1, 'k', async () => 7);
    expect(cache.peek(1, 'k')).toBe(7);
    expect(cache.peek(2, 'k')).toBeUndefined();
    feed.listening = false;
    expect(cache.peek(1, 'k')).toBeUndefined();
    feed.listening = true;
    now += 1000;
    expect(cache.peek(1, 'k')).toBeUndefined();
  });
});

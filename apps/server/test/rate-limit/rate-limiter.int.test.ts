import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockouts } from '../../src/modules/rate-limit/lockouts.ts';
import { rateLimiter } from '../../src/modules/rate-limit/rate-limiter.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A clock the test moves by hand, starting at `start`. */
function handClock(start: string) {
  let now = new Date(start);
  return {
    read: () => now,
    set: (at: string) => {
      now = new Date(at);
    },
  };
}

describe('throttles (sliding windows shared in PostgreSQL)', () => {
  it('allows up to the limit, then refuses with the time until the oldest hit leaves the window', async () => {
    const clock = handClock('2026-03-01T10:00:00Z');
    const limiter = rateLimiter(t.db, clock.read);
    const key = `test:${randomUUID()}`;
    const rule = { limit: 3, windowSeconds: 60 };
    const results = [];
    for (const at of ['10:00:00', '10:00:10', '10:00:20', '10:00:30', '10:00:40']) {
      clock.set(`2026-03-01T${at}Z`);
      results.push(await limiter.hit(key, rule));
    }
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    // The first hit (10:00:00) leaves the window at 10:01:00.
    expect(results[4]!.retryAfterSeconds).toBe(20);
    // Refused hits are not recorded.
    expect(await limiter.peek(key, rule)).toBe(3);
    clock.set('2026-03-01T10:01:00.001Z');
    expect((await limiter.hit(key, rule)).allowed).toBe(true);
  });

  it('counts concurrent hits exactly: no more than the limit get through', async () => {
    const limiter = rateLimiter(t.db);
    const key = `test:${randomUUID()}`;
    const rule = { limit: 10, windowSeconds: 60 };
    const results = await Promise.all(Array.from({ length: 25 }, () => limiter.hit(key, rule)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(await limiter.peek(key, rule)).toBe(10);
  });

  it('holds every rule of a key at once (one a minute and five in ten minutes)', async () => {
    const clock = handClock('2026-03-01T10:00:00Z');
    const limiter = rateLimiter(t.db, clock.read);
    const key = `test:${randomUUID()}`;
    const rules = [
      { limit: 1, windowSeconds: 60 },
      { limit: 5, windowSeconds: 600 },
    ];
    expect((await limiter.hit(key, rules)).allowed).toBe(true);
    clock.set('2026-03-01T10:00:30Z');
    expect(await limiter.hit(key, rules)).toMatchObject({ allowed: false, retryAfterSeconds: 30 });
    for (const minute of [1, 2, 3, 4]) {
      clock.set(`2026-03-01T10:0${minute}:01Z`);
      expect((await limiter.hit(key, rules)).allowed).toBe(true);
    }
    clock.set('2026-03-01T10:05:30Z');
    // Five in ten minutes: the sixth waits until the first (10:00:00) is ten minutes old.
    expect(await limiter.hit(key, rules)).toMatchObject({ allowed: false, retryAfterSeconds: 270 });
  });

  it('keeps keys apart', async () => {
    const limiter = rateLimiter(t.db);
    const rule = { limit: 1, windowSeconds: 60 };
    const a = `test:${randomUUID()}`;
    const b = `test:${randomUUID()}`;
    expect((await limiter.hit(a, rule)).allowed).toBe(true);
    expect((await limiter.hit(b, rule)).allowed).toBe(true);
    await expect(limiter.consume(a, rule)).rejects.toMatchObject({ code: 'request.rate_limited' });
  });
});

describe('lockouts (consecutive failures per account)', () => {
  const rule = { maxFailures: 3, lockSeconds: 900 };

  it('locks at the limit until lockSeconds after the last failure, then starts a new streak', async () => {
    const clock = handClock('2026-03-01T10:00:00Z');
    const locks = lockouts(t.db, clock.read);
    const key = `test:${randomUUID()}`;
    expect(await locks.fail(key, rule)).toMatchObject({ failures: 1, locked: false });
    expect(await locks.fail(key, rule)).toMatchObject({ failures: 2, locked: false });
    clock.set('2026-03-01T10:05:00Z');
    expect(await locks.fail(key, rule)).toMatchObject({ failures: 3, locked: true, retryAfterSeconds: 900 });
    clock.set('2026-03-01T10:19:59Z');
    expect(await locks.status(key, rule)).toMatchObject({ locked: true, retryAfterSeconds: 1 });
    // Attempts while locked are refused and not counted: the lock does not move.
    expect(await locks.attempt(key, rule)).toMatchObject({ locked: true });
    clock.set('2026-03-01T10:20:00Z');
    expect(await locks.status(key, rule)).toEqual({ failures: 0, locked: false, retryAfterSeconds: 0 });
    expect(await locks.fail(key, rule)).toMatchObject({ failures: 1, locked: false });
  });

  it('forgets a streak left alone for lockSeconds, and a success clears it at once', async () => {
    const clock = handClock('2026-03-01T10:00:00Z');
    const locks = lockouts(t.db, clock.read);
    const key = `test:${randomUUID()}`;
    await locks.fail(key, rule);
    await locks.fail(key, rule);
    clock.set('2026-03-01T10:15:01Z');
    expect(await locks.fail(key, rule)).toMatchObject({ failures: 1, locked: false });
    expect(await locks.checked(key, rule, async () => true)).toEqual({ outcome: 'passed' });
    expect((await locks.status(key, rule)).failures).toBe(0);
  });

  it('lets no more than the limit of concurrent attempts be checked', async () => {
    const locks = lockouts(t.db);
    const key = `test:${randomUUID()}`;
    let checked = 0;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        locks.checked(key, rule, async () => {
          checked++;
          return false;
        }),
      ),
    );
    expect(checked).toBe(3);
    expect(results.filter((r) => r.outcome === 'locked')).toHaveLength(17);
    expect(await locks.status(key, rule)).toMatchObject({ failures: 3, locked: true });
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimiter } from '../../src/modules/rate-limit/rate-limiter.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('rate limiter (shared in PostgreSQL)', () => {
  it('allows up to the limit in a window, then refuses with a retry time', async () => {
    const limiter = rateLimiter(t.db);
    const key = `test:${randomUUID()}`;
    const rule = { limit: 3, windowSeconds: 60 };
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await limiter.hit(key, rule));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    expect(results[4]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(results[4]!.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(await limiter.peek(key, rule)).toBe(5);
  });

  it('counts concurrent hits exactly once each', async () => {
    const limiter = rateLimiter(t.db);
    const key = `test:${randomUUID()}`;
    const rule = { limit: 10, windowSeconds: 60 };
    const results = await Promise.all(Array.from({ length: 25 }, () => limiter.hit(key, rule)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(await limiter.peek(key, rule)).toBe(25);
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

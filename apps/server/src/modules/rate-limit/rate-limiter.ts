import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
}

export interface RateLimitRule {
  /** Most hits allowed in one window. */
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters in PostgreSQL, so every server instance shares them (ARCHITECTURE §1:
 * no rate limit lives in process memory). One upsert per hit.
 */
export function rateLimiter(db: Db) {
  async function hit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    const window = `${rule.windowSeconds} seconds`;
    const { rows } = await sql<{ hits: number; retry_after: number }>`
      INSERT INTO rate_limits (key, window_start, hits)
      VALUES (${key}, date_bin(${window}::interval, now(), timestamptz 'epoch'), 1)
      ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limits.hits + 1
      RETURNING hits, ceil(extract(epoch FROM window_start + ${window}::interval - now()))::int AS retry_after
    `.execute(db);
    const row = rows[0]!;
    if (Math.random() < 0.01) {
      await sql`DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'`.execute(db);
    }
    return { allowed: row.hits <= rule.limit, hits: row.hits, retryAfterSeconds: Math.max(1, row.retry_after) };
  }

  return {
    hit,
    /** Counts a hit and throws request.rate_limited (429, with retryAfterSeconds) past the limit. */
    async consume(key: string, rule: RateLimitRule): Promise<void> {
      const result = await hit(key, rule);
      if (!result.allowed) throw new AppError('request.rate_limited', { retryAfterSeconds: result.retryAfterSeconds });
    },
    /** Hits so far in the current window, without counting one. */
    async peek(key: string, rule: RateLimitRule): Promise<number> {
      const { rows } = await sql<{ hits: number }>`
        SELECT hits FROM rate_limits
        WHERE key = ${key} AND window_start = date_bin(${`${rule.windowSeconds} seconds`}::interval, now(), timestamptz 'epoch')
      `.execute(db);
      return rows[0]?.hits ?? 0;
    },
  };
}
export type RateLimiter = ReturnType<typeof rateLimiter>;

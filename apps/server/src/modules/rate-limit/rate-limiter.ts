import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';

export interface RateLimitResult {
  allowed: boolean;
  /** Hits recorded in the longest window, this one included when allowed. */
  hits: number;
  retryAfterSeconds: number;
}

export interface RateLimitRule {
  /** Most hits allowed in any span of `windowSeconds`. */
  limit: number;
  windowSeconds: number;
}

/**
 * The instant limits are measured at: the database's clock, unless a test sets one
 * (AppOptions.clock) to step across what used to be a window boundary.
 */
export type Clock = () => Date | undefined;
export const databaseClock: Clock = () => undefined;

const rulesOf = (rule: RateLimitRule | readonly RateLimitRule[]) =>
  (Array.isArray(rule) ? rule : [rule]) as RateLimitRule[];

/**
 * Throttles (ADR 0004): sliding logs in PostgreSQL, so every instance shares them
 * (ARCHITECTURE §1) and no span of a rule's window ever holds more than its limit — there is no
 * boundary to straddle. One statement per hit; refused hits are not recorded.
 */
export function rateLimiter(db: Db, clock: Clock = databaseClock) {
  const at = () => sql<Date>`coalesce(${clock() ?? null}::timestamptz, now())`;

  async function hit(key: string, rule: RateLimitRule | readonly RateLimitRule[]): Promise<RateLimitResult> {
    const rules = rulesOf(rule);
    const { rows } = await sql<{ allowed: boolean; hits: number; retry_after: number }>`
      SELECT * FROM throttle_hit(
        ${key},
        ${rules.map((r) => r.limit)}::integer[],
        ${rules.map((r) => r.windowSeconds)}::integer[],
        ${at()}
      )
    `.execute(db);
    const row = rows[0]!;
    if (Math.random() < 0.01) {
      await sql`DELETE FROM throttles WHERE expires_at < ${at()} - interval '1 day'`.execute(db);
    }
    return { allowed: row.allowed, hits: row.hits, retryAfterSeconds: row.retry_after };
  }

  return {
    /** Records a hit when the rules allow one; the answer says whether they did. */
    hit,
    /** Records a hit, or throws request.rate_limited (429, with retryAfterSeconds) when the rules are full. */
    async consume(key: string, rule: RateLimitRule | readonly RateLimitRule[]): Promise<void> {
      const result = await hit(key, rule);
      if (!result.allowed) throw new AppError('request.rate_limited', { retryAfterSeconds: result.retryAfterSeconds });
    },
    /** Hits in the last `windowSeconds`, without recording one. */
    async peek(key: string, rule: RateLimitRule): Promise<number> {
      const { rows } = await sql<{ hits: number }>`
        SELECT count(*)::int AS hits FROM throttles t, unnest(t.hits) h
        WHERE t.key = ${key} AND h > ${at()} - make_interval(secs => ${rule.windowSeconds})
      `.execute(db);
      return rows[0]?.hits ?? 0;
    },
  };
}
export type RateLimiter = ReturnType<typeof rateLimiter>;

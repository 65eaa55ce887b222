import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { databaseClock, type Clock } from './rate-limiter.ts';

export interface LockoutRule {
  /** Consecutive failures that lock the account; null counts a streak that never locks (a captcha threshold reads it). */
  maxFailures: number | null;
  /** A lock ends this long after the failure that set it; a streak left alone this long is forgotten. */
  lockSeconds: number;
}

export interface LockoutState {
  /** Consecutive failures still remembered (this attempt included, for `attempt`). */
  failures: number;
  locked: boolean;
  retryAfterSeconds: number;
}

/** How one guarded check went: not made (locked), passed (streak cleared) or failed (counted). */
export type CheckedAttempt =
  | { outcome: 'locked'; retryAfterSeconds: number }
  | { outcome: 'passed' }
  | { outcome: 'failed'; failures: number; failuresLeft: number; locked: boolean; retryAfterSeconds: number };

interface StateRow {
  failures: number;
  retry_after: number | null;
}

const toState = (row: StateRow | undefined): LockoutState => ({
  failures: row?.failures ?? 0,
  locked: (row?.retry_after ?? 0) > 0,
  retryAfterSeconds: Math.max(0, row?.retry_after ?? 0),
});

/**
 * Lockouts after wrong tries (ADR 0004, ARCHITECTURE §5a): consecutive failures per account,
 * never a time window, so no boundary doubles the tries. A success clears the streak.
 *
 * `attempt` counts the attempt as a failure *before* the secret is checked and the caller clears it
 * on success: concurrent guesses are then counted as they arrive, and the one that reaches the
 * limit locks the others out while it is still being checked.
 */
export function lockouts(db: Db, clock: Clock = databaseClock) {
  const at = () => sql<Date>`coalesce(${clock() ?? null}::timestamptz, now())`;

  /**
   * Adds one failure to the streak (a forgotten streak starts again at one) and locks at the limit;
   * while locked nothing is added and the answer is undefined. One statement: concurrent failures
   * are each counted once, and none gets past a lock another has just set.
   */
  async function addFailure(key: string, rule: LockoutRule): Promise<number | undefined> {
    const lock = sql`make_interval(secs => ${rule.lockSeconds})`;
    const streak = sql`CASE WHEN l.last_failure_at > EXCLUDED.last_failure_at - ${lock} THEN l.failures + 1 ELSE 1 END`;
    const { rows } = await sql<{ failures: number }>`
      INSERT INTO lockouts AS l (key, failures, last_failure_at, locked_until)
      SELECT ${key}, 1, t, CASE WHEN ${rule.maxFailures}::int <= 1 THEN t + ${lock} END FROM (SELECT ${at()} AS t) now
      ON CONFLICT (key) DO UPDATE SET
        failures = ${streak},
        last_failure_at = EXCLUDED.last_failure_at,
        locked_until = CASE WHEN ${streak} >= ${rule.maxFailures}::int THEN EXCLUDED.last_failure_at + ${lock} END
      WHERE l.locked_until IS NULL OR l.locked_until <= EXCLUDED.last_failure_at
      RETURNING failures
    `.execute(db);
    return rows[0]?.failures;
  }

  async function status(key: string, rule: LockoutRule): Promise<LockoutState> {
    const { rows } = await sql<StateRow>`
      WITH now AS (SELECT ${at()} AS t)
      SELECT
        CASE WHEN l.last_failure_at > now.t - make_interval(secs => ${rule.lockSeconds}) THEN l.failures ELSE 0 END AS failures,
        ceil(extract(epoch FROM l.locked_until - now.t))::int AS retry_after
      FROM lockouts l, now WHERE l.key = ${key}
    `.execute(db);
    return toState(rows[0]);
  }

  /**
   * Opens an attempt: refused (`locked`, nothing counted) while the account is locked; else the
   * attempt counts as a failure — `failures` includes it — until `reset` clears the streak on
   * success. The attempt that reaches the limit is still checked; the lock holds if it fails.
   */
  async function attempt(key: string, rule: LockoutRule): Promise<LockoutState> {
    const failures = await addFailure(key, rule);
    if (failures === undefined) return status(key, rule);
    return { failures, locked: false, retryAfterSeconds: 0 };
  }

  /** A success: the streak is over. */
  async function reset(key: string): Promise<void> {
    await db.deleteFrom('lockouts').where('key', '=', key).execute();
    if (Math.random() < 0.01) {
      // A streak a day old is forgotten by every rule, and its lock (at most a day here) is over.
      await sql`DELETE FROM lockouts WHERE last_failure_at < ${at()} - interval '1 day'`.execute(db);
    }
  }

  return {
    status,
    attempt,
    reset,
    /** Records a failure found after the fact (member log-ins: the captcha threshold). */
    async fail(key: string, rule: LockoutRule): Promise<LockoutState> {
      const failures = await addFailure(key, rule);
      if (failures === undefined) return status(key, rule);
      const locked = rule.maxFailures !== null && failures >= rule.maxFailures;
      return { failures, locked, retryAfterSeconds: locked ? rule.lockSeconds : 0 };
    },
    /**
     * One attempt at a secret, guarded: `verify` runs only while the account is not locked; a pass
     * clears the streak, a failure stays counted (and locks at the limit).
     */
    async checked(key: string, rule: LockoutRule, verify: () => Promise<boolean>): Promise<CheckedAttempt> {
      const opened = await attempt(key, rule);
      if (opened.locked) return { outcome: 'locked', retryAfterSeconds: opened.retryAfterSeconds };
      if (await verify()) {
        await reset(key);
        return { outcome: 'passed' };
      }
      const locked = rule.maxFailures !== null && opened.failures >= rule.maxFailures;
      return {
        outcome: 'failed',
        failures: opened.failures,
        failuresLeft: rule.maxFailures === null ? Infinity : Math.max(0, rule.maxFailures - opened.failures),
        locked,
        retryAfterSeconds: locked ? rule.lockSeconds : 0,
      };
    },
  };
}
export type Lockouts = ReturnType<typeof lockouts>;

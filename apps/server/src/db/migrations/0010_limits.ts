import { sql, type Kysely } from 'kysely';

/**
 * Issue 10 item 1 (ADR 0004, ARCHITECTURE §5a "Throttles vs lockouts"): fixed windows let a
 * client make twice its tries across a window boundary. They give way to:
 * - throttles: the instants of the latest hits per key (a sliding log, at most as many as the
 *   largest limit), so no span of `window` seconds ever holds more than `limit` allowed hits.
 *   throttle_hit() checks and records one hit against one or more (limit, window) rules under the
 *   row's lock; refused hits are not recorded.
 * - lockouts: consecutive failures per account. A lock ends `lock` seconds after the failure that
 *   set it; a streak left alone that long is forgotten; a success clears it (the row is deleted).
 * Both take the instant as a parameter (the database's now() unless a test sets its clock).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE throttles (
      key        text PRIMARY KEY,
      hits       timestamptz[] NOT NULL,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX throttles_expiry ON throttles (expires_at);

    CREATE FUNCTION throttle_hit(p_key text, p_limits integer[], p_windows integer[], p_at timestamptz)
      RETURNS TABLE (allowed boolean, hits integer, retry_after integer)
      LANGUAGE plpgsql AS $$
    DECLARE
      longest  interval := make_interval(secs => (SELECT max(w) FROM unnest(p_windows) w));
      keep     integer := (SELECT max(l) FROM unnest(p_limits) l);
      recent   timestamptz[];
      in_rule  integer;
      wait     integer := 0;
    BEGIN
      INSERT INTO throttles (key, hits, expires_at) VALUES (p_key, '{}', p_at)
        ON CONFLICT (key) DO NOTHING;
      SELECT t.hits INTO recent FROM throttles t WHERE t.key = p_key FOR UPDATE;
      SELECT coalesce(array_agg(h ORDER BY h), '{}') INTO recent FROM unnest(recent) h WHERE h > p_at - longest;
      FOR i IN 1 .. cardinality(p_limits) LOOP
        SELECT count(*) INTO in_rule FROM unnest(recent) h WHERE h > p_at - make_interval(secs => p_windows[i]);
        IF in_rule >= p_limits[i] THEN
          -- Allowed again once the oldest hit that keeps this window full has left it.
          wait := greatest(wait, ceil(extract(epoch FROM
            recent[cardinality(recent) - p_limits[i] + 1] + make_interval(secs => p_windows[i]) - p_at))::integer);
        END IF;
      END LOOP;
      allowed := wait = 0;
      IF allowed THEN
        recent := recent || p_at;
      END IF;
      recent := recent[greatest(1, cardinality(recent) - keep + 1):];
      UPDATE throttles SET hits = recent, expires_at = p_at + longest WHERE key = p_key;
      hits := cardinality(recent);
      retry_after := greatest(wait, CASE WHEN allowed THEN 0 ELSE 1 END);
      RETURN NEXT;
    END $$;

    CREATE TABLE lockouts (
      key             text PRIMARY KEY,
      failures        integer NOT NULL CHECK (failures > 0),
      last_failure_at timestamptz NOT NULL,
      locked_until    timestamptz
    );
    CREATE INDEX lockouts_last_failure ON lockouts (last_failure_at);

    DROP TABLE rate_limits;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE lockouts;
    DROP FUNCTION throttle_hit(text, integer[], integer[], timestamptz);
    DROP TABLE throttles;
    CREATE TABLE rate_limits (
      key          text NOT NULL,
      window_start timestamptz NOT NULL,
      hits         integer NOT NULL,
      PRIMARY KEY (key, window_start)
    );
  `.execute(db);
}

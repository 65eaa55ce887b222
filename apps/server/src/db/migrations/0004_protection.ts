import { sql, type Kysely } from 'kysely';

/**
 * Issue 4, the rest of sessions and player protection: per-merchant session timeouts, remember-me
 * tokens (§4, 1 day), one-time log-in tickets (§4 "login restored from token in URL"), and the
 * member's self-exclusions and cooling-off breaks (issue 4 item 10), append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE merchants
      ADD COLUMN session_idle_minutes   integer NOT NULL DEFAULT 30 CHECK (session_idle_minutes BETWEEN 5 AND 1440),
      ADD COLUMN session_absolute_hours integer NOT NULL DEFAULT 24 CHECK (session_absolute_hours BETWEEN 1 AND 720);

    -- Only the SHA-256 of each token is kept. A rotated token points at its successor, so that
    -- presenting it again is recognised as a reuse (a stolen cookie) rather than an old log-out.
    CREATE TABLE member_remember_tokens (
      token_hash  bytea PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      member_id   integer NOT NULL REFERENCES members(id),
      created_at  timestamptz NOT NULL DEFAULT now(),
      expires_at  timestamptz NOT NULL,
      revoked_at  timestamptz,
      replaced_by bytea REFERENCES member_remember_tokens(token_hash)
    );
    CREATE INDEX member_remember_tokens_member ON member_remember_tokens (member_id) WHERE revoked_at IS NULL;

    CREATE TABLE member_login_tickets (
      ticket_hash bytea PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      member_id   integer NOT NULL REFERENCES members(id),
      created_at  timestamptz NOT NULL DEFAULT now(),
      expires_at  timestamptz NOT NULL,
      used_at     timestamptz
    );
    CREATE INDEX member_login_tickets_member ON member_login_tickets (member_id);

    -- One row per decision of the member; what is in force is the latest end of each kind, so a
    -- later request can extend a break but never shorten it.
    CREATE TABLE member_protections (
      id          bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      member_id   integer NOT NULL REFERENCES members(id),
      kind        text NOT NULL CHECK (kind IN ('self_exclusion', 'cooling_off')),
      term        text NOT NULL CHECK (term IN ('1d', '3d', '1w', '2w', '1m', '3m', '6m', '1y', '5y')),
      starts_at   timestamptz NOT NULL DEFAULT now(),
      ends_at     timestamptz NOT NULL,
      ip          text,
      CHECK (ends_at > starts_at)
    );
    CREATE INDEX member_protections_member ON member_protections (member_id, kind, ends_at DESC);
    CREATE TRIGGER member_protections_append_only BEFORE UPDATE OR DELETE ON member_protections
      FOR EACH ROW EXECUTE FUNCTION refuse_change();
    CREATE TRIGGER member_protections_no_truncate BEFORE TRUNCATE ON member_protections
      FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE member_protections, member_login_tickets, member_remember_tokens;
    ALTER TABLE merchants DROP COLUMN session_idle_minutes, DROP COLUMN session_absolute_hours;
  `.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * Issue 16 item 1: two-factor for operators (docs/adr/0025-operator-two-factor.md).
 * - operators.totp_secret: the RFC 6238 secret, sealed (modules/secrets, purpose operator-totp);
 *   set at enrolment, in force once totp_enabled_at is set by a first good code.
 * - operators.totp_last_step: the time step of the last code accepted, so a code is used once.
 * - operator_recovery_codes: ten one-time codes per enrolment, argon2id hashes only.
 * - operator_login_challenges: a log-in whose password was right and whose code is still due;
 *   it is no session (the /admin calls never read it) and lives five minutes.
 * - audit_log_operator: the console's audit filters (by operator, by action) read newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE operators
      ADD COLUMN totp_secret     text,
      ADD COLUMN totp_enabled_at timestamptz,
      ADD COLUMN totp_last_step  bigint,
      ADD CONSTRAINT operators_totp_needs_secret CHECK (totp_enabled_at IS NULL OR totp_secret IS NOT NULL);

    CREATE TABLE operator_recovery_codes (
      id          serial PRIMARY KEY,
      operator_id integer NOT NULL REFERENCES operators(id),
      code_hash   text NOT NULL,
      used_at     timestamptz,
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX operator_recovery_codes_unused ON operator_recovery_codes (operator_id) WHERE used_at IS NULL;

    CREATE TABLE operator_login_challenges (
      token_hash  bytea PRIMARY KEY,
      operator_id integer NOT NULL REFERENCES operators(id),
      expires_at  timestamptz NOT NULL,
      used_at     timestamptz,
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX operator_login_challenges_expiry ON operator_login_challenges (expires_at);

    CREATE INDEX audit_log_operator ON audit_log (merchant_id, operator_id, id DESC);
    CREATE INDEX audit_log_action ON audit_log (merchant_id, action, id DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX audit_log_action;
    DROP INDEX audit_log_operator;
    DROP TABLE operator_login_challenges;
    DROP TABLE operator_recovery_codes;
    ALTER TABLE operators
      DROP CONSTRAINT operators_totp_needs_secret,
      DROP COLUMN totp_last_step,
      DROP COLUMN totp_enabled_at,
      DROP COLUMN totp_secret;
  `.execute(db);
}

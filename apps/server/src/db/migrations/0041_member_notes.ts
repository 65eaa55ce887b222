import { sql, type Kysely } from 'kysely';

/**
 * Issue 16 item 4: the console's members desk.
 * - member_notes: operators' notes on a member, append-only (each addition is in the audit log too).
 * - Prefix searches by mobile and by IP (log-in, registration, sessions) read these indexes
 *   (text_pattern_ops: `LIKE 'prefix%'` under any collation).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE member_notes (
      id          serial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      member_id   integer NOT NULL REFERENCES members(id),
      operator_id integer REFERENCES operators(id),
      text        text NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX member_notes_member ON member_notes (member_id, id DESC);

    CREATE INDEX members_mobile_prefix ON members (merchant_id, mobile text_pattern_ops) WHERE mobile IS NOT NULL;
    CREATE INDEX members_last_login_ip_prefix ON members (merchant_id, last_login_ip text_pattern_ops)
      WHERE last_login_ip IS NOT NULL;
    CREATE INDEX members_register_ip_prefix ON members (merchant_id, register_ip text_pattern_ops)
      WHERE register_ip IS NOT NULL;
    CREATE INDEX member_sessions_ip_prefix ON member_sessions (merchant_id, ip text_pattern_ops) WHERE ip IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX member_sessions_ip_prefix;
    DROP INDEX members_register_ip_prefix;
    DROP INDEX members_last_login_ip_prefix;
    DROP INDEX members_mobile_prefix;
    DROP TABLE member_notes;
  `.execute(db);
}

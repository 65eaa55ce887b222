import { sql, type Kysely } from 'kysely';

/**
 * Issue 4 verification: the outbox of the default SMS and e-mail providers, one-time codes
 * (SMS log-in, registration, e-mail reset, log-in challenges; only a hash kept) and the
 * challenges of the unrecognised-IP step (§2 LOGINIPVERF3; only a hash of the token kept).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE outbound_messages (
      id          bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      channel     text NOT NULL CHECK (channel IN ('sms', 'email')),
      -- E.164 (+8801712345678) for SMS, the lower-cased address for e-mail.
      destination text NOT NULL,
      subject     text,
      body        text NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX outbound_messages_destination ON outbound_messages (destination, id DESC);

    CREATE TABLE verification_codes (
      id          bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      purpose     text NOT NULL CHECK (purpose IN ('sms-login', 'register', 'email-reset', 'login-challenge')),
      channel     text NOT NULL CHECK (channel IN ('sms', 'email')),
      destination text NOT NULL,
      code_hash   bytea NOT NULL,
      expires_at  timestamptz NOT NULL,
      attempts    integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      consumed_at timestamptz,
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX verification_codes_destination ON verification_codes (merchant_id, purpose, destination, id DESC);
    -- The per-merchant daily SMS quota counts today's rows.
    CREATE INDEX verification_codes_quota ON verification_codes (merchant_id, created_at) WHERE channel = 'sms';

    CREATE TABLE login_challenges (
      token_hash  bytea PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      member_id   integer NOT NULL REFERENCES members(id),
      ip          text NOT NULL,
      expires_at  timestamptz NOT NULL,
      attempts    integer NOT NULL DEFAULT 0,
      consumed_at timestamptz,
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX login_challenges_member ON login_challenges (member_id);
    -- Whether an IP is known to a member is read from its sessions (every session is a log-in).
    CREATE INDEX member_sessions_member_ip ON member_sessions (member_id, ip);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX member_sessions_member_ip;
    DROP TABLE login_challenges, verification_codes, outbound_messages;
  `.execute(db);
}

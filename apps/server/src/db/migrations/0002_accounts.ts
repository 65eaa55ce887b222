import { sql, type Kysely } from 'kysely';

/**
 * Issue 4 accounts: members (players, agents and trial accounts, §3 and §6), the upline
 * hierarchy as a closure table, and member sessions (hashed tokens).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE members (
      id                    serial PRIMARY KEY,
      merchant_id           integer NOT NULL REFERENCES merchants(id),
      username              text NOT NULL CHECK (length(username) BETWEEN 1 AND 64),
      password_hash         text NOT NULL,
      password_changed_at   timestamptz NOT NULL DEFAULT now(),
      -- Set when an operator resets the password to the merchant's default (§4: forced change).
      password_must_change  boolean NOT NULL DEFAULT false,
      payment_password_hash text,
      nickname              text,
      -- §6: 0 member; 1, 2, 41, 42 agents; 4 trial.
      type                  smallint NOT NULL DEFAULT 0 CHECK (type IN (0, 1, 2, 4, 41, 42)),
      status                text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'frozen', 'closed')),
      country_dialing_code  text,
      mobile                text,
      email                 text,
      payee_name            text,
      -- The other §3 profile fields (qqNum, line, whatsapp, facebook, wechat, idNumber, …).
      profile               jsonb NOT NULL DEFAULT '{}',
      affiliate_code        text CHECK (affiliate_code ~ '^[A-Za-z0-9]{1,32}$'),
      upline_id             integer REFERENCES members(id),
      referral_code         text,
      register_domain       text,
      register_ip           text,
      last_login_at         timestamptz,
      last_login_ip         text,
      previous_login_at     timestamptz,
      previous_login_ip     text,
      created_at            timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX members_username ON members (merchant_id, lower(username));
    CREATE UNIQUE INDEX members_mobile ON members (merchant_id, country_dialing_code, mobile) WHERE mobile IS NOT NULL;
    CREATE UNIQUE INDEX members_affiliate_code ON members (merchant_id, upper(affiliate_code))
      WHERE affiliate_code IS NOT NULL;
    CREATE INDEX members_upline ON members (upline_id);

    -- Every (ancestor, descendant) pair with its distance, self included at depth 0: "all
    -- downlines of X" and "is Y under X" are one indexed look-up each (issue 4 item 7).
    CREATE TABLE member_tree (
      merchant_id   integer NOT NULL REFERENCES merchants(id),
      ancestor_id   integer NOT NULL REFERENCES members(id),
      descendant_id integer NOT NULL REFERENCES members(id),
      depth         integer NOT NULL CHECK (depth >= 0),
      PRIMARY KEY (ancestor_id, descendant_id)
    );
    CREATE INDEX member_tree_descendant ON member_tree (descendant_id, depth);

    CREATE TABLE member_sessions (
      token_hash  bytea PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      member_id   integer NOT NULL REFERENCES members(id),
      created_at  timestamptz NOT NULL DEFAULT now(),
      last_seen   timestamptz NOT NULL DEFAULT now(),
      expires_at  timestamptz NOT NULL,
      revoked_at  timestamptz,
      ip          text,
      user_agent  text
    );
    CREATE INDEX member_sessions_member ON member_sessions (member_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE member_sessions, member_tree, members`.execute(db);
}

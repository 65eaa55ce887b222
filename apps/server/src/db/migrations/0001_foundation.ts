import { sql, type Kysely } from 'kysely';

/**
 * Issue 2 foundation: merchants (white label), their switches, registration rules, site
 * content, maintenance and region rules, captchas, feedback, operators and the audit log.
 * Every tenant-owned table carries merchant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE merchants (
      id               serial PRIMARY KEY,
      code             text NOT NULL UNIQUE CHECK (code ~ '^[a-z0-9_-]{2,32}$'),
      name             text NOT NULL,
      currency         text NOT NULL DEFAULT 'BDT' CHECK (currency ~ '^[A-Z]{3}$'),
      default_language text NOT NULL DEFAULT 'bn' CHECK (default_language IN ('bn', 'en')),
      languages        text[] NOT NULL DEFAULT '{bn,en}',
      main_domain      text NOT NULL DEFAULT '',
      gtag_id          text,
      image_cdns       text[] NOT NULL DEFAULT '{}',
      launch_game_cdns text[] NOT NULL DEFAULT '{}',
      created_at       timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE merchant_domains (
      id             serial PRIMARY KEY,
      merchant_id    integer NOT NULL REFERENCES merchants(id),
      domain         text NOT NULL UNIQUE,
      kind           text NOT NULL DEFAULT 'mirror' CHECK (kind IN ('main', 'mirror', 'agent')),
      affiliate_code text
    );
    CREATE INDEX merchant_domains_merchant ON merchant_domains (merchant_id);

    CREATE TABLE whitelabel_switches (
      merchant_id integer NOT NULL REFERENCES merchants(id),
      mod_id      text NOT NULL,
      enabled     boolean NOT NULL,
      PRIMARY KEY (merchant_id, mod_id)
    );

    CREATE TABLE registration_rules (
      merchant_id integer NOT NULL REFERENCES merchants(id),
      field       text NOT NULL,
      enabled     boolean NOT NULL,
      required    boolean NOT NULL,
      pattern_id  integer NOT NULL,
      min_length  integer NOT NULL CHECK (min_length >= 0),
      max_length  integer NOT NULL CHECK (max_length >= min_length),
      PRIMARY KEY (merchant_id, field)
    );

    CREATE TABLE banners (
      id           serial PRIMARY KEY,
      merchant_id  integer NOT NULL REFERENCES merchants(id),
      group_name   text NOT NULL,
      title        jsonb NOT NULL,
      url          text NOT NULL,
      linkage      text NOT NULL DEFAULT '',
      linkage_type text NOT NULL DEFAULT 'NONE',
      video        boolean NOT NULL DEFAULT false,
      sequence     integer NOT NULL DEFAULT 0,
      active       boolean NOT NULL DEFAULT true
    );
    CREATE INDEX banners_merchant ON banners (merchant_id, group_name, sequence);

    CREATE TABLE announcements (
      id           serial PRIMARY KEY,
      merchant_id  integer NOT NULL REFERENCES merchants(id),
      type         text NOT NULL CHECK (type IN ('B', 'PL', 'PU', 'PR', 'H')),
      title        jsonb NOT NULL,
      content      jsonb NOT NULL,
      execution    text CHECK (execution IN ('A', 'B', 'F')),
      images       jsonb NOT NULL DEFAULT '[]',
      sequence     integer NOT NULL DEFAULT 0,
      active       boolean NOT NULL DEFAULT true,
      published_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX announcements_merchant ON announcements (merchant_id, type, sequence);

    CREATE TABLE help_articles (
      id          serial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      tag         text NOT NULL,
      title       jsonb NOT NULL,
      content     jsonb NOT NULL,
      device      text NOT NULL DEFAULT 'ALL' CHECK (device IN ('WEB', 'MOBILE', 'ALL')),
      sequence    integer NOT NULL DEFAULT 0,
      active      boolean NOT NULL DEFAULT true,
      UNIQUE (merchant_id, tag)
    );

    CREATE TABLE customer_service (
      id          serial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      cs_type     text NOT NULL,
      cs_position text NOT NULL DEFAULT 'FLOAT',
      title       jsonb NOT NULL,
      url         text NOT NULL,
      sequence    integer NOT NULL DEFAULT 0,
      active      boolean NOT NULL DEFAULT true
    );
    CREATE INDEX customer_service_merchant ON customer_service (merchant_id);

    CREATE TABLE resources (
      id            serial PRIMARY KEY,
      merchant_id   integer NOT NULL REFERENCES merchants(id),
      resource_type text NOT NULL,
      url           text NOT NULL,
      label         jsonb NOT NULL,
      active        boolean NOT NULL DEFAULT true
    );
    CREATE INDEX resources_merchant ON resources (merchant_id);

    CREATE TABLE maintenance_windows (
      id          serial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      starts_at   timestamptz NOT NULL,
      ends_at     timestamptz CHECK (ends_at IS NULL OR ends_at > starts_at),
      message     jsonb NOT NULL
    );
    CREATE INDEX maintenance_windows_merchant ON maintenance_windows (merchant_id, starts_at);

    CREATE TABLE region_rules (
      id          serial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      kind        text NOT NULL CHECK (kind IN ('country', 'cidr')),
      value       text NOT NULL,
      UNIQUE (merchant_id, kind, value)
    );

    CREATE TABLE captchas (
      id          uuid PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      answer_hash text NOT NULL,
      expires_at  timestamptz NOT NULL,
      used_at     timestamptz
    );
    CREATE INDEX captchas_expiry ON captchas (expires_at);

    -- Fixed-window counters shared by every instance (login, SMS and captcha throttles).
    CREATE TABLE rate_limits (
      key          text NOT NULL,
      window_start timestamptz NOT NULL,
      hits         integer NOT NULL,
      PRIMARY KEY (key, window_start)
    );

    CREATE TABLE feedback (
      id          serial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      type        smallint NOT NULL CHECK (type IN (0, 1, 2, 3, 4, 6)),
      content     text NOT NULL,
      sender      text NOT NULL,
      ip          text,
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX feedback_merchant ON feedback (merchant_id, created_at DESC);

    CREATE TABLE operators (
      id            serial PRIMARY KEY,
      merchant_id   integer NOT NULL REFERENCES merchants(id),
      username      text NOT NULL,
      password_hash text NOT NULL,
      role          text NOT NULL CHECK (role IN ('superadmin', 'content', 'settings', 'support')),
      active        boolean NOT NULL DEFAULT true,
      created_at    timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_id, username)
    );

    CREATE TABLE operator_sessions (
      token_hash  bytea PRIMARY KEY,
      operator_id integer NOT NULL REFERENCES operators(id),
      created_at  timestamptz NOT NULL DEFAULT now(),
      last_seen   timestamptz NOT NULL DEFAULT now(),
      expires_at  timestamptz NOT NULL,
      revoked_at  timestamptz
    );
    CREATE INDEX operator_sessions_operator ON operator_sessions (operator_id);

    CREATE TABLE audit_log (
      id          bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      operator_id integer REFERENCES operators(id),
      action      text NOT NULL,
      entity      text NOT NULL,
      entity_id   text,
      before      jsonb,
      after       jsonb,
      ip          text,
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_log_merchant ON audit_log (merchant_id, id DESC);

    -- Append-only tables refuse change in the database itself, whatever the code does.
    CREATE FUNCTION refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
    END $$;
    CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION refuse_change();
    CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('The foundation migration is not reversible');
}

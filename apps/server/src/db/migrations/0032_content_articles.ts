import { sql, type Kysely } from 'kysely';

/**
 * Issue 14 item 8: blog and news articles, live hosts and their sandbox chat (modules/content).
 *
 * - content_articles: operator-written articles in bn and en (title, summary, sanitised rich text),
 *   a cover image, a slug unique per merchant; only 'published' rows with a publish time reach the
 *   public. Served through the generic operator content CRUD (modules/admin/content/kinds.ts).
 * - live_hosts: the hosts of the live page (CBS_modelList), operator-managed the same way.
 * - live_chat_tickets: what a chat URL carries instead of the member's session: a random ticket
 *   (its SHA-256 kept here) for one member and one host, valid for minutes.
 * - live_chat_messages: the development sandbox chat's messages (the real chat is a vendor's).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE content_articles (
      id           serial PRIMARY KEY,
      merchant_id  integer NOT NULL REFERENCES merchants(id),
      category     text NOT NULL CHECK (category IN ('blog', 'news')),
      slug         text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 96),
      title        jsonb NOT NULL,
      summary      jsonb NOT NULL,
      content      jsonb NOT NULL,
      cover_url    text NOT NULL,
      status       text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
      published_at timestamptz,
      CHECK (status = 'draft' OR published_at IS NOT NULL),
      UNIQUE (merchant_id, slug)
    );
    CREATE INDEX content_articles_public ON content_articles (merchant_id, category, published_at DESC, id DESC)
      WHERE status = 'published';

    CREATE TABLE live_hosts (
      id          serial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
      avatar_url  text NOT NULL,
      online      boolean NOT NULL DEFAULT false,
      viewers     integer NOT NULL DEFAULT 0 CHECK (viewers >= 0),
      tags        jsonb NOT NULL DEFAULT '[]',
      sequence    integer NOT NULL DEFAULT 0,
      active      boolean NOT NULL DEFAULT true
    );
    CREATE INDEX live_hosts_merchant ON live_hosts (merchant_id, sequence);

    CREATE TABLE live_chat_tickets (
      ticket_hash bytea PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      member_id   integer NOT NULL REFERENCES members(id),
      host_id     integer NOT NULL REFERENCES live_hosts(id) ON DELETE CASCADE,
      expires_at  timestamptz NOT NULL
    );
    CREATE INDEX live_chat_tickets_expiry ON live_chat_tickets (expires_at);

    CREATE TABLE live_chat_messages (
      id          bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      host_id     integer NOT NULL REFERENCES live_hosts(id) ON DELETE CASCADE,
      member_id   integer NOT NULL REFERENCES members(id),
      body        text NOT NULL CHECK (length(body) BETWEEN 1 AND 500),
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX live_chat_messages_host ON live_chat_messages (host_id, id DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE live_chat_messages;
    DROP TABLE live_chat_tickets;
    DROP TABLE live_hosts;
    DROP TABLE content_articles;
  `.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * Issue 16 item 7: images operators upload for banners and articles, served to every visitor at
 * /media/<sha256>.<ext> (content-addressed: an image never changes under its address, so it is
 * cached for good). One row per merchant and image; uploading the same bytes again finds it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE content_images (
      id           bigserial PRIMARY KEY,
      merchant_id  integer NOT NULL REFERENCES merchants(id),
      operator_id  integer REFERENCES operators(id),
      content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
      size         integer NOT NULL CHECK (size > 0),
      sha256       bytea NOT NULL,
      bytes        bytea NOT NULL,
      created_at   timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_id, sha256)
    );
    CREATE INDEX content_images_sha256 ON content_images (sha256);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE content_images;`.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * A red envelope's and a raffle's title in both languages ({"bn", "en"}), as banners,
 * announcements and promotions keep theirs: the bn site showed the demo's English titles. An
 * existing title becomes both languages' text, and so does a title the console sends as one text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE red_envelopes DROP CONSTRAINT red_envelopes_title_check,
      ALTER COLUMN title TYPE jsonb USING jsonb_build_object('bn', title, 'en', title),
      ADD CONSTRAINT red_envelopes_title_check CHECK (jsonb_typeof(title) = 'object');
    ALTER TABLE raffles DROP CONSTRAINT raffles_title_check,
      ALTER COLUMN title TYPE jsonb USING jsonb_build_object('bn', title, 'en', title),
      ADD CONSTRAINT raffles_title_check CHECK (jsonb_typeof(title) = 'object');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE red_envelopes DROP CONSTRAINT red_envelopes_title_check,
      ALTER COLUMN title TYPE text USING coalesce(nullif(title ->> 'en', ''), title ->> 'bn'),
      ADD CONSTRAINT red_envelopes_title_check CHECK (length(title) BETWEEN 1 AND 80);
    ALTER TABLE raffles DROP CONSTRAINT raffles_title_check,
      ALTER COLUMN title TYPE text USING coalesce(nullif(title ->> 'en', ''), title ->> 'bn'),
      ADD CONSTRAINT raffles_title_check CHECK (length(title) BETWEEN 1 AND 80);
  `.execute(db);
}

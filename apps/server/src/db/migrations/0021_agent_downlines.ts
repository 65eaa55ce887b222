import { sql, type Kysely } from 'kysely';

/**
 * Issue 13 item 6, referral: each member's own referral code (made once, on the first ask with
 * autoGenerate=true, then kept), unique per merchant in any case; and an index to count and list
 * the members who registered with a code (members.referral_code, as typed at sign-up).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE member_referral_codes (
      member_id integer PRIMARY KEY REFERENCES members(id) ON DELETE CASCADE,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      code text NOT NULL CHECK (code ~ '^[A-Z0-9]{4,16}$'),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX member_referral_codes_code ON member_referral_codes (merchant_id, code);
    CREATE INDEX members_referred_by ON members (merchant_id, upper(referral_code), created_at)
      WHERE referral_code IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX members_referred_by;
    DROP TABLE member_referral_codes;
  `.execute(db);
}

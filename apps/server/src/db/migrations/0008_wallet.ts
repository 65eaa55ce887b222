import { sql, type Kysely } from 'kysely';

/**
 * Issue 5 wallet side (items 2, 6, 7, 9):
 * - member_inbox: the member's notifications (deposit and withdrawal arrived, approved,
 *   rejected, failed — §4), texts in both languages, written in the transaction of the event.
 * - merchants.wallet_single: the merchant wallet mode (`GCS_merchantWallet` isSingle). A single
 *   wallet hides the transferFund page; the demo is single.
 * - an index for the member records (postings of one account by time).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE member_inbox (
      id          bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      member_id   integer NOT NULL REFERENCES members(id),
      kind        text NOT NULL CHECK (length(kind) BETWEEN 1 AND 64),
      title       jsonb NOT NULL,
      body        jsonb NOT NULL,
      reference   jsonb NOT NULL DEFAULT '{}',
      read_at     timestamptz,
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX member_inbox_member ON member_inbox (member_id, id DESC);
    CREATE INDEX member_inbox_unread ON member_inbox (member_id) WHERE read_at IS NULL;

    ALTER TABLE merchants ADD COLUMN wallet_single boolean NOT NULL DEFAULT true;

    CREATE INDEX ledger_postings_account_time ON ledger_postings (account_id, created_at DESC, id DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX ledger_postings_account_time;
    ALTER TABLE merchants DROP COLUMN wallet_single;
    DROP TABLE member_inbox;
  `.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * Issue 14 item 7, the inbox:
 * - inbox_broadcasts: what an operator sent to the whole merchant, to one §6 member type, to the
 *   members of one VIP level (vip_rank_history, migration 0027) or to one member. A message to many members is ONE row, matched to each member when its inbox is read
 *   (docs/api.md "Inbox"); its ids come from member_inbox's sequence, so one id names one message
 *   of either table and the merged inbox sorts by id.
 * - inbox_broadcast_states: a member's read and deleted marks on a broadcast, written only when
 *   the member acts on it.
 * - member_inbox.deleted_at is not needed: a member's own system message is deleted outright.
 * - INBOX3 now gates the inbox (it was under COMM3): merchants keep what they had.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE inbox_broadcasts (
      id          bigint PRIMARY KEY DEFAULT nextval('member_inbox_id_seq'),
      merchant_id integer NOT NULL REFERENCES merchants(id),
      member_type smallint,
      member_id   integer REFERENCES members(id),
      vip_level   integer CHECK (vip_level BETWEEN 1 AND 50),
      title       jsonb NOT NULL,
      body        jsonb NOT NULL,
      operator_id integer REFERENCES operators(id),
      created_at  timestamptz NOT NULL DEFAULT now(),
      CHECK (num_nonnulls(member_type, member_id, vip_level) <= 1)
    );
    CREATE INDEX inbox_broadcasts_merchant ON inbox_broadcasts (merchant_id, id DESC) WHERE member_id IS NULL;
    CREATE INDEX inbox_broadcasts_member ON inbox_broadcasts (member_id, id DESC) WHERE member_id IS NOT NULL;

    CREATE TABLE inbox_broadcast_states (
      member_id    integer NOT NULL REFERENCES members(id),
      broadcast_id bigint NOT NULL REFERENCES inbox_broadcasts(id),
      read_at      timestamptz,
      deleted_at   timestamptz,
      PRIMARY KEY (member_id, broadcast_id)
    );

    INSERT INTO whitelabel_switches (merchant_id, mod_id, enabled)
    SELECT merchant_id, 'INBOX3', enabled FROM whitelabel_switches WHERE mod_id = 'COMM3'
    ON CONFLICT DO NOTHING;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE inbox_broadcast_states;
    DROP TABLE inbox_broadcasts;
  `.execute(db);
}

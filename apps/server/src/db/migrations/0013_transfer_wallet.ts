import { sql, type Kysely } from 'kysely';

/**
 * Issue 11 item 5, the transfer wallet (ARCHITECTURE §5, ADR 0009):
 * - vendors.api_url: where a transfer-mode integration takes our calls (launch, balance,
 *   deposit, withdraw, status).
 * - game_wallet_transfers: every move between a member's main wallet and a vendor's wallet,
 *   under our unique reference. `pending` until the vendor's answer is known; at most one pending
 *   per member and vendor, so the member_game ledger account (our mirror of the vendor's balance)
 *   is only ever compared with the vendor's balance when no transfer is in flight.
 *   request_id: the member's key on GCS_walletTransfer (a repeat answers the first);
 *   game_balance_after: the vendor's balance it confirmed the transfer with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE vendors ADD COLUMN api_url text CHECK (api_url ~ '^https?://' AND length(api_url) <= 2048);

    CREATE TABLE game_wallet_transfers (
      id             bigserial PRIMARY KEY,
      reference      text NOT NULL UNIQUE,
      merchant_id    integer NOT NULL REFERENCES merchants(id),
      member_id      integer NOT NULL REFERENCES members(id),
      integration_id integer NOT NULL REFERENCES vendors(id),
      direction      text NOT NULL CHECK (direction IN ('deposit', 'withdraw')),
      amount         bigint NOT NULL CHECK (amount > 0),
      state          text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'failed')),
      origin         text NOT NULL CHECK (origin IN ('member', 'launch', 'logout', 'switch')),
      request_id     text,
      attempts       integer NOT NULL DEFAULT 1,
      game_balance_after bigint,
      last_error     text,
      created_at     timestamptz NOT NULL DEFAULT now(),
      settled_at     timestamptz
    );
    CREATE UNIQUE INDEX game_wallet_transfers_one_pending
      ON game_wallet_transfers (member_id, integration_id) WHERE state = 'pending';
    CREATE UNIQUE INDEX game_wallet_transfers_request
      ON game_wallet_transfers (member_id, request_id) WHERE request_id IS NOT NULL;
    CREATE INDEX game_wallet_transfers_pending ON game_wallet_transfers (created_at) WHERE state = 'pending';
    CREATE INDEX game_wallet_transfers_member ON game_wallet_transfers (member_id, integration_id, id DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE game_wallet_transfers;
    ALTER TABLE vendors DROP COLUMN api_url;
  `.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * Issue 12, the in-house games (ARCHITECTURE §5):
 * - fair_seed_pairs: a member's provably fair seed pairs. The server seed stays secret (only its
 *   SHA-256 is shown) until the pair is rotated (revealed_at); one pair in use per member. The
 *   nonce is taken by the round's own transaction (next_nonce), so no two rounds share one.
 * - inhouse_rounds: every round of our own games, with the bet as the player chose it, the outcome
 *   as the engine drew it, the money (one stake, at most one win or refund, posted by the in-house
 *   wallet under keys of the round id) and the balance before and after. `open` rounds are those
 *   still running (mines, a crash bet) or interrupted: the sweeper completes or refunds them.
 *   request_id: the member's key on the bet call (a repeat answers the first round).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE fair_seed_pairs (
      id               bigserial PRIMARY KEY,
      merchant_id      integer NOT NULL REFERENCES merchants(id),
      member_id        integer NOT NULL REFERENCES members(id),
      server_seed      text NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
      server_seed_hash text NOT NULL CHECK (server_seed_hash ~ '^[0-9a-f]{64}$'),
      client_seed      text NOT NULL CHECK (length(client_seed) BETWEEN 1 AND 64),
      next_nonce       integer NOT NULL DEFAULT 0 CHECK (next_nonce >= 0),
      created_at       timestamptz NOT NULL DEFAULT now(),
      revealed_at      timestamptz
    );
    CREATE UNIQUE INDEX fair_seed_pairs_in_use ON fair_seed_pairs (member_id) WHERE revealed_at IS NULL;
    CREATE INDEX fair_seed_pairs_member ON fair_seed_pairs (member_id, id DESC);

    CREATE TABLE inhouse_rounds (
      id               bigserial PRIMARY KEY,
      merchant_id      integer NOT NULL REFERENCES merchants(id),
      member_id        integer NOT NULL REFERENCES members(id),
      game_id          integer NOT NULL REFERENCES games(id),
      game_session_id  bigint NOT NULL REFERENCES game_sessions(id),
      game             text NOT NULL CHECK (game IN ('dice', 'mines', 'slot', 'andar-bahar', 'crash')),
      request_id       text CHECK (length(request_id) BETWEEN 1 AND 64),
      seed_pair_id     bigint REFERENCES fair_seed_pairs(id),
      nonce            integer CHECK (nonce >= 0),
      currency         text NOT NULL,
      stake            bigint NOT NULL CHECK (stake > 0),
      payout           bigint CHECK (payout >= 0),
      state            text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'settled', 'refunded')),
      bet              jsonb NOT NULL,
      outcome          jsonb,
      progress         jsonb,
      balance_before   bigint NOT NULL,
      balance_after    bigint NOT NULL,
      created_at       timestamptz NOT NULL DEFAULT now(),
      updated_at       timestamptz NOT NULL DEFAULT now(),
      settled_at       timestamptz,
      CHECK ((state = 'open') = (settled_at IS NULL)),
      CHECK ((state = 'settled') = (payout IS NOT NULL)),
      CHECK ((seed_pair_id IS NULL) = (nonce IS NULL)),
      UNIQUE (seed_pair_id, nonce)
    );
    CREATE UNIQUE INDEX inhouse_rounds_request ON inhouse_rounds (member_id, request_id) WHERE request_id IS NOT NULL;
    CREATE INDEX inhouse_rounds_member ON inhouse_rounds (member_id, id DESC);
    CREATE INDEX inhouse_rounds_member_game ON inhouse_rounds (member_id, game, id DESC);
    CREATE INDEX inhouse_rounds_open ON inhouse_rounds (updated_at) WHERE state = 'open';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE inhouse_rounds; DROP TABLE fair_seed_pairs;`.execute(db);
}

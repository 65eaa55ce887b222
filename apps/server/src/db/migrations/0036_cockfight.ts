import { sql, type Kysely } from 'kysely';

/**
 * Issue 15 item 4: cockfight, our own book (docs/adr/0022-cockfight.md).
 * - cockfight_arenas: a merchant's arenas, their names per language and live stream URL.
 * - cockfight_fights: numbered fights of an arena; state scheduled → open (betting) → closed →
 *   settled, or cancelled; odds per side in hundredths (190 = 1.90), changed only while the fight
 *   is not yet closed (odds_version counts the changes); the stake limits of one bet.
 * - cockfight_bets: a member's bet at the odds it was accepted at; (member, request_id) makes a
 *   bet idempotent; state open → won, lost or refunded exactly once (the money is the ledger's).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE cockfight_arenas (
      id          serial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      name        jsonb NOT NULL,
      stream_url  text CHECK (stream_url ~ '^https?://' AND length(stream_url) <= 2048),
      status      text NOT NULL DEFAULT 'on' CHECK (status IN ('on', 'off')),
      sort_order  integer NOT NULL DEFAULT 0,
      created_at  timestamptz NOT NULL DEFAULT now(),
      updated_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX cockfight_arenas_merchant ON cockfight_arenas (merchant_id, sort_order, id);

    CREATE TABLE cockfight_fights (
      id           bigserial PRIMARY KEY,
      merchant_id  integer NOT NULL REFERENCES merchants(id),
      arena_id     integer NOT NULL REFERENCES cockfight_arenas(id),
      fight_no     integer NOT NULL CHECK (fight_no > 0),
      scheduled_at timestamptz NOT NULL,
      state        text NOT NULL DEFAULT 'scheduled'
                   CHECK (state IN ('scheduled', 'open', 'closed', 'settled', 'cancelled')),
      odds_meron   integer NOT NULL CHECK (odds_meron > 100 AND odds_meron <= 1000000),
      odds_wala    integer NOT NULL CHECK (odds_wala > 100 AND odds_wala <= 1000000),
      odds_draw    integer NOT NULL CHECK (odds_draw > 100 AND odds_draw <= 1000000),
      odds_version integer NOT NULL DEFAULT 1,
      min_stake    bigint NOT NULL CHECK (min_stake > 0),
      max_stake    bigint NOT NULL CHECK (max_stake >= min_stake),
      result       text CHECK (result IN ('MERON', 'WALA', 'DRAW')),
      opened_at    timestamptz,
      closed_at    timestamptz,
      settled_at   timestamptz,
      created_at   timestamptz NOT NULL DEFAULT now(),
      updated_at   timestamptz NOT NULL DEFAULT now(),
      UNIQUE (arena_id, fight_no),
      CHECK ((state = 'settled') = (result IS NOT NULL))
    );
    CREATE INDEX cockfight_fights_merchant ON cockfight_fights (merchant_id, scheduled_at DESC);

    CREATE TABLE cockfight_bets (
      id              bigserial PRIMARY KEY,
      merchant_id     integer NOT NULL REFERENCES merchants(id),
      member_id       integer NOT NULL REFERENCES members(id),
      fight_id        bigint NOT NULL REFERENCES cockfight_fights(id),
      side            text NOT NULL CHECK (side IN ('MERON', 'WALA', 'DRAW')),
      stake           bigint NOT NULL CHECK (stake > 0),
      odds            integer NOT NULL CHECK (odds > 100 AND odds < 1000000),
      request_id      text NOT NULL,
      currency        text NOT NULL,
      game_session_id bigint NOT NULL REFERENCES game_sessions(id),
      state           text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'won', 'lost', 'refunded')),
      payout          bigint CHECK (payout >= 0),
      created_at      timestamptz NOT NULL DEFAULT now(),
      settled_at      timestamptz,
      UNIQUE (member_id, request_id),
      CHECK ((state = 'open') = (payout IS NULL))
    );
    CREATE INDEX cockfight_bets_fight ON cockfight_bets (fight_id) WHERE state = 'open';
    CREATE INDEX cockfight_bets_member ON cockfight_bets (member_id, id DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE cockfight_bets, cockfight_fights, cockfight_arenas`.execute(db);
}

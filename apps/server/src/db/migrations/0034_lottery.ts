import { sql, type Kysely } from 'kysely';

/**
 * Issue 15 items 1 and 5: our own lottery and e-lottery (docs/adr/0021-lottery.md).
 *
 * - lottery_games: a catalogue game (games.id) drawn by our engine: its format, schedule (every N
 *   seconds or daily at a local time), close seconds, odds (basis points by odds key), §4 prize
 *   mode, limits and status. `drawn_through` is the draw time up to which every slot has been
 *   handled (drawn, drawn late or recorded as missed): the draw pass's cursor.
 * - lottery_draws: one per (game, issue), made before betting on it opens with its server seed
 *   committed (server_seed_hash); the seed is shown once drawn. `state` moves open → drawn →
 *   settled, or to void (operator, or a slot missed while no draw of it existed).
 * - lottery_purchases: one per member and request id: the tickets of one buy, staked by one ledger
 *   transaction, paid (or refunded) by at most one more; `odds` are the game's odds when bought.
 * - lottery_tickets: one bet of a purchase, its payout once settled.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE lottery_games (
      id                    serial PRIMARY KEY,
      merchant_id           integer NOT NULL REFERENCES merchants(id),
      game_id               integer NOT NULL UNIQUE REFERENCES games(id),
      code                  text NOT NULL,
      format                text NOT NULL CHECK (format IN ('digits5', 'vn_south', 'vn_north', 'sea4d')),
      schedule_kind         text NOT NULL CHECK (schedule_kind IN ('interval', 'daily')),
      every_seconds         integer CHECK (every_seconds IS NULL OR (every_seconds >= 30 AND 86400 % every_seconds = 0)),
      draw_time             text CHECK (draw_time IS NULL OR draw_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      time_zone             text NOT NULL,
      close_before_seconds  integer NOT NULL CHECK (close_before_seconds >= 0),
      odds                  jsonb NOT NULL,
      prize_mode            text NOT NULL CHECK (prize_mode IN ('LOTT', 'ELOTT', 'ZY', 'SEA')),
      group_code            text NOT NULL,
      min_bet               bigint NOT NULL CHECK (min_bet > 0),
      max_bet               bigint NOT NULL CHECK (max_bet >= min_bet),
      status                text NOT NULL DEFAULT 'on' CHECK (status IN ('on', 'off')),
      drawn_through         timestamptz NOT NULL DEFAULT now(),
      sort_order            integer NOT NULL DEFAULT 0,
      created_at            timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_id, code),
      CHECK ((schedule_kind = 'interval') = (every_seconds IS NOT NULL)),
      CHECK ((schedule_kind = 'daily') = (draw_time IS NOT NULL))
    );

    CREATE TABLE lottery_draws (
      id                bigserial PRIMARY KEY,
      merchant_id       integer NOT NULL REFERENCES merchants(id),
      lottery_game_id   integer NOT NULL REFERENCES lottery_games(id),
      issue             text NOT NULL CHECK (issue ~ '^[0-9]{8}(-[0-9]{4})?$'),
      opens_at          timestamptz NOT NULL,
      closes_at         timestamptz NOT NULL,
      draw_at           timestamptz NOT NULL,
      server_seed       text NOT NULL,
      server_seed_hash  text NOT NULL,
      client_seed       text NOT NULL,
      nonce             integer NOT NULL DEFAULT 0,
      state             text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'drawn', 'settled', 'void')),
      result            jsonb,
      drawn_at          timestamptz,
      late              boolean NOT NULL DEFAULT false,
      settled_at        timestamptz,
      void_reason       text,
      voided_by         integer REFERENCES operators(id),
      voided_at         timestamptz,
      created_at        timestamptz NOT NULL DEFAULT now(),
      UNIQUE (lottery_game_id, issue),
      CHECK ((state IN ('drawn', 'settled')) = (result IS NOT NULL AND drawn_at IS NOT NULL) OR state = 'void')
    );
    CREATE INDEX lottery_draws_due ON lottery_draws (draw_at) WHERE state IN ('open', 'drawn');
    CREATE INDEX lottery_draws_history ON lottery_draws (lottery_game_id, draw_at DESC);
    CREATE INDEX lottery_draws_merchant ON lottery_draws (merchant_id, draw_at DESC);

    CREATE TABLE lottery_purchases (
      id               bigserial PRIMARY KEY,
      merchant_id      integer NOT NULL REFERENCES merchants(id),
      member_id        integer NOT NULL REFERENCES members(id),
      draw_id          bigint NOT NULL REFERENCES lottery_draws(id),
      request_id       text NOT NULL,
      fingerprint      text NOT NULL,
      currency         text NOT NULL,
      total_stake      bigint NOT NULL CHECK (total_stake > 0),
      odds             jsonb NOT NULL,
      game_session_id  bigint NOT NULL REFERENCES game_sessions(id),
      state            text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'settled', 'void')),
      payout           bigint CHECK (payout IS NULL OR payout >= 0),
      created_at       timestamptz NOT NULL DEFAULT now(),
      settled_at       timestamptz,
      UNIQUE (member_id, request_id)
    );
    CREATE INDEX lottery_purchases_pending ON lottery_purchases (draw_id) WHERE state = 'pending';
    CREATE INDEX lottery_purchases_draw ON lottery_purchases (draw_id);
    CREATE INDEX lottery_purchases_member ON lottery_purchases (member_id, id DESC);

    CREATE TABLE lottery_tickets (
      id             bigserial PRIMARY KEY,
      purchase_id    bigint NOT NULL REFERENCES lottery_purchases(id),
      merchant_id    integer NOT NULL REFERENCES merchants(id),
      member_id      integer NOT NULL REFERENCES members(id),
      draw_id        bigint NOT NULL REFERENCES lottery_draws(id),
      bet_type       text NOT NULL,
      selection      jsonb NOT NULL,
      stake          bigint NOT NULL CHECK (stake > 0),
      odds_bp        integer NOT NULL CHECK (odds_bp > 0),
      potential_win  bigint NOT NULL CHECK (potential_win >= 0),
      state          text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'won', 'lost', 'void')),
      payout         bigint CHECK (payout IS NULL OR payout >= 0),
      hits           jsonb NOT NULL DEFAULT '[]',
      created_at     timestamptz NOT NULL DEFAULT now(),
      settled_at     timestamptz,
      CHECK ((state = 'pending') = (payout IS NULL))
    );
    CREATE INDEX lottery_tickets_purchase ON lottery_tickets (purchase_id);
    CREATE INDEX lottery_tickets_member ON lottery_tickets (member_id, id DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE lottery_tickets, lottery_purchases, lottery_draws, lottery_games`.execute(db);
}

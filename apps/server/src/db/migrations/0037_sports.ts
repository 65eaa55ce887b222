import { sql, type Kysely } from 'kysely';

/**
 * Issue 15 item 3: the sportsbook, our own book of sports and e-sports (docs/adr/0024-sportsbook.md).
 * - sports_sports / sports_competitions: a merchant's sports (kind SPORTS or ESPORTS) and competitions.
 * - sports_events: home and away names per language, start time, status scheduled → live → ended →
 *   settled (or cancelled), the score (live, then the final one), corrections counted.
 * - sports_markets: a market of an event (type, line in hundredths: -25 = -0.25), status open |
 *   suspended | settled | void, the stake limits of one slip.
 * - sports_selections: a market's selections and their odds in hundredths (185 = 1.85).
 * - sports_slips: a member's slip (single or multiple) at the odds it was accepted at; (member,
 *   request_id) makes it idempotent; `paid` is the money moved to the member so far (null before
 *   the first settlement), `outstanding` what a resettlement could not take back.
 * - sports_slip_legs: a slip's legs, one per event, each with its odds, line and outcome.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sports_sports (
      id          serial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      code        text NOT NULL,
      kind        text NOT NULL CHECK (kind IN ('SPORTS', 'ESPORTS')),
      name        jsonb NOT NULL,
      sort_order  integer NOT NULL DEFAULT 0,
      UNIQUE (merchant_id, code)
    );

    CREATE TABLE sports_competitions (
      id          serial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      sport_id    integer NOT NULL REFERENCES sports_sports(id),
      code        text NOT NULL,
      name        jsonb NOT NULL,
      sort_order  integer NOT NULL DEFAULT 0,
      UNIQUE (sport_id, code)
    );

    CREATE TABLE sports_events (
      id             bigserial PRIMARY KEY,
      merchant_id    integer NOT NULL REFERENCES merchants(id),
      sport_id       integer NOT NULL REFERENCES sports_sports(id),
      competition_id integer NOT NULL REFERENCES sports_competitions(id),
      external_id    text,
      home           jsonb NOT NULL,
      away           jsonb NOT NULL,
      starts_at      timestamptz NOT NULL,
      status         text NOT NULL DEFAULT 'scheduled'
                     CHECK (status IN ('scheduled', 'live', 'ended', 'settled', 'cancelled')),
      home_score     integer CHECK (home_score >= 0),
      away_score     integer CHECK (away_score >= 0),
      is_hot         boolean NOT NULL DEFAULT false,
      corrections    integer NOT NULL DEFAULT 0,
      settled_at     timestamptz,
      created_at     timestamptz NOT NULL DEFAULT now(),
      updated_at     timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_id, external_id),
      CHECK (status <> 'settled' OR (home_score IS NOT NULL AND away_score IS NOT NULL))
    );
    CREATE INDEX sports_events_list ON sports_events (merchant_id, status, starts_at);
    CREATE INDEX sports_events_competition ON sports_events (competition_id, starts_at);

    CREATE TABLE sports_markets (
      id          bigserial PRIMARY KEY,
      event_id    bigint NOT NULL REFERENCES sports_events(id),
      type        text NOT NULL
                  CHECK (type IN ('ONE_X_TWO', 'HANDICAP', 'OVER_UNDER', 'BTTS', 'MATCH_WINNER', 'MAP_HANDICAP')),
      line        integer CHECK (line % 25 = 0 AND line BETWEEN -999975 AND 999975),
      status      text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'suspended', 'settled', 'void')),
      min_stake   bigint NOT NULL CHECK (min_stake > 0),
      max_stake   bigint NOT NULL CHECK (max_stake >= min_stake),
      sort_order  integer NOT NULL DEFAULT 0,
      created_at  timestamptz NOT NULL DEFAULT now(),
      updated_at  timestamptz NOT NULL DEFAULT now(),
      UNIQUE NULLS NOT DISTINCT (event_id, type, line),
      CHECK ((type IN ('HANDICAP', 'OVER_UNDER', 'MAP_HANDICAP')) = (line IS NOT NULL))
    );

    CREATE TABLE sports_selections (
      id          bigserial PRIMARY KEY,
      event_id    bigint NOT NULL REFERENCES sports_events(id),
      market_id   bigint NOT NULL REFERENCES sports_markets(id),
      code        text NOT NULL CHECK (code IN ('HOME', 'DRAW', 'AWAY', 'OVER', 'UNDER', 'YES', 'NO')),
      odds        integer NOT NULL CHECK (odds > 100 AND odds < 1000000),
      updated_at  timestamptz NOT NULL DEFAULT now(),
      UNIQUE (market_id, code)
    );

    CREATE TABLE sports_slips (
      id              bigserial PRIMARY KEY,
      merchant_id     integer NOT NULL REFERENCES merchants(id),
      member_id       integer NOT NULL REFERENCES members(id),
      request_id      text NOT NULL,
      terms           text NOT NULL,
      currency        text NOT NULL,
      game_session_id bigint NOT NULL REFERENCES game_sessions(id),
      kind            text NOT NULL CHECK (kind IN ('single', 'multiple')),
      stake           bigint NOT NULL CHECK (stake > 0),
      odds            bigint NOT NULL CHECK (odds > 100),
      potential_return bigint NOT NULL CHECK (potential_return >= stake),
      status          text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'won', 'lost', 'void', 'cashed_out')),
      payout          bigint CHECK (payout >= 0),
      paid            bigint,
      outstanding     bigint NOT NULL DEFAULT 0 CHECK (outstanding >= 0),
      resettlements   integer NOT NULL DEFAULT 0,
      created_at      timestamptz NOT NULL DEFAULT now(),
      settled_at      timestamptz,
      updated_at      timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member_id, request_id),
      CHECK ((status = 'open') = (payout IS NULL))
    );
    CREATE INDEX sports_slips_member ON sports_slips (member_id, id DESC);
    CREATE INDEX sports_slips_outstanding ON sports_slips (merchant_id) WHERE outstanding > 0;

    CREATE TABLE sports_slip_legs (
      id           bigserial PRIMARY KEY,
      slip_id      bigint NOT NULL REFERENCES sports_slips(id),
      event_id     bigint NOT NULL REFERENCES sports_events(id),
      market_id    bigint NOT NULL REFERENCES sports_markets(id),
      selection_id bigint NOT NULL REFERENCES sports_selections(id),
      code         text NOT NULL,
      line         integer,
      odds         integer NOT NULL CHECK (odds > 100),
      outcome      text NOT NULL DEFAULT 'open'
                   CHECK (outcome IN ('open', 'won', 'half_won', 'void', 'half_lost', 'lost')),
      UNIQUE (slip_id, event_id)
    );
    CREATE INDEX sports_slip_legs_event ON sports_slip_legs (event_id, slip_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sports_slip_legs, sports_slips, sports_selections, sports_markets, sports_events,
    sports_competitions, sports_sports`.execute(db);
}

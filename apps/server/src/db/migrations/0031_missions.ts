import { sql, type Kysely } from 'kysely';

/**
 * Issue 14 item 6 (switch MISSIONLB3): missions with ordered milestones (docs/adr/0019-missions.md).
 *
 * - missions: per merchant, bilingual texts, a window, status O (open) or C (closed), and the one
 *   goal its milestones measure: valid bet (optionally some §3 product types or one game),
 *   deposits, or rounds of one game. `counted_through` is the progress job's cursor: everything
 *   that settled or was credited before it has been counted.
 * - mission_milestones: the ladder's steps, targets rising, each with a reward and turnover multiple.
 * - mission_progress: a member's reached value and when it was last raised (ties on the board).
 * - mission_rewards: one row per member and milestone reached (unique), paid once when claimed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE missions (
      id              serial PRIMARY KEY,
      merchant_id     integer NOT NULL REFERENCES merchants(id),
      title           jsonb NOT NULL,
      description     jsonb NOT NULL,
      starts_at       timestamptz NOT NULL,
      ends_at         timestamptz NOT NULL,
      status          text NOT NULL DEFAULT 'O' CHECK (status IN ('O', 'C')),
      goal_kind       text NOT NULL CHECK (goal_kind IN ('validBet', 'deposit', 'rounds')),
      product_types   text[],
      game_id         integer REFERENCES games(id),
      counted_through timestamptz NOT NULL,
      created_at      timestamptz NOT NULL DEFAULT now(),
      updated_at      timestamptz NOT NULL DEFAULT now(),
      CHECK (ends_at > starts_at),
      CHECK (goal_kind <> 'rounds' OR game_id IS NOT NULL)
    );
    CREATE INDEX missions_merchant_status ON missions (merchant_id, status, ends_at);

    CREATE TABLE mission_milestones (
      id                serial PRIMARY KEY,
      mission_id        integer NOT NULL REFERENCES missions(id) ON DELETE CASCADE,
      sequence          integer NOT NULL CHECK (sequence > 0),
      target            bigint NOT NULL CHECK (target > 0),
      reward_amount     bigint NOT NULL CHECK (reward_amount > 0),
      turnover_multiple integer NOT NULL CHECK (turnover_multiple BETWEEN 0 AND 50),
      UNIQUE (mission_id, sequence)
    );

    CREATE TABLE mission_progress (
      mission_id  integer NOT NULL REFERENCES missions(id),
      member_id   integer NOT NULL REFERENCES members(id),
      value       bigint NOT NULL DEFAULT 0,
      reached_at  timestamptz NOT NULL,
      PRIMARY KEY (mission_id, member_id)
    );
    -- The leaderboard and a member's rank read this index only.
    CREATE INDEX mission_progress_board ON mission_progress (mission_id, value DESC, reached_at, member_id);

    CREATE TABLE mission_rewards (
      id                    bigserial PRIMARY KEY,
      merchant_id           integer NOT NULL REFERENCES merchants(id),
      mission_id            integer NOT NULL REFERENCES missions(id),
      milestone_id          integer NOT NULL REFERENCES mission_milestones(id),
      member_id             integer NOT NULL REFERENCES members(id),
      reached_at            timestamptz NOT NULL,
      amount                bigint NOT NULL CHECK (amount > 0),
      turnover              bigint NOT NULL CHECK (turnover >= 0),
      claimed_at            timestamptz,
      ledger_transaction_id bigint REFERENCES ledger_transactions(id),
      UNIQUE (milestone_id, member_id)
    );
    CREATE INDEX mission_rewards_member ON mission_rewards (member_id, mission_id);
    CREATE INDEX mission_rewards_unclaimed ON mission_rewards (member_id) WHERE claimed_at IS NULL;

    -- Deposit goals read credited deposits by review time, slice by slice.
    CREATE INDEX deposits_approved_reviewed ON deposits (merchant_id, reviewed_at) WHERE status = 'approved';

    -- The switch for merchants that exist already: as their common member features.
    INSERT INTO whitelabel_switches (merchant_id, mod_id, enabled)
    SELECT merchant_id, 'MISSIONLB3', enabled FROM whitelabel_switches WHERE mod_id = 'COMM3'
    ON CONFLICT DO NOTHING;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM whitelabel_switches WHERE mod_id = 'MISSIONLB3';
    DROP INDEX deposits_approved_reviewed;
    DROP TABLE mission_rewards;
    DROP TABLE mission_progress;
    DROP TABLE mission_milestones;
    DROP TABLE missions;
  `.execute(db);
}

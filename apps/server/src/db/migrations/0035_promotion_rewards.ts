import { sql, type Kysely } from 'kysely';

/**
 * Issue 14 (the rest of items 1–2): promotion rewards in points and raffle tickets, and operators
 * editing and cancelling red envelopes and raffles.
 *
 * - promotions.reward_units: the points or tickets a `points` or `raffle_tickets` promotion gives;
 *   reward_raffle_id: the raffle its tickets go to. A participation paid in them keeps the count in
 *   `units` (its `amount` stays money only).
 * - point_entries may be of kind `promotion` (keyed `promotion:<promotion>:<member>:<period>`).
 * - raffle_bonus_tickets: tickets given outside deposits and bets, once per (raffle, source); the
 *   draw adds them to the member's earned tickets; voided_at once their raffle is cancelled.
 * - red_envelopes / raffles: cancelled_at and who cancelled; red_envelopes.revision counts the edits
 *   of its pool (each change of the pool is one ledger transaction keyed by it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE promotions
      ADD COLUMN reward_units bigint CHECK (reward_units IS NULL OR reward_units BETWEEN 1 AND 1000000),
      ADD COLUMN reward_raffle_id bigint REFERENCES raffles(id),
      ADD CONSTRAINT promotions_unit_rewards CHECK (
        (reward_kind NOT IN ('points', 'raffle_tickets') OR reward_units IS NOT NULL)
        AND (reward_kind = 'raffle_tickets') = (reward_raffle_id IS NOT NULL));
    ALTER TABLE promotion_participations
      ADD COLUMN units bigint CHECK (units IS NULL OR units > 0);

    ALTER TABLE point_entries DROP CONSTRAINT point_entries_kind_check;
    ALTER TABLE point_entries ADD CONSTRAINT point_entries_kind_check
      CHECK (kind IN ('earn', 'redeem', 'redeem_refund', 'convert_in', 'convert_out', 'adjust', 'promotion'));

    CREATE TABLE raffle_bonus_tickets (
      id          bigserial PRIMARY KEY,
      raffle_id   bigint NOT NULL REFERENCES raffles(id),
      merchant_id integer NOT NULL REFERENCES merchants(id),
      member_id   integer NOT NULL REFERENCES members(id),
      source      text NOT NULL CHECK (length(source) BETWEEN 1 AND 200),
      tickets     bigint NOT NULL CHECK (tickets > 0),
      voided_at   timestamptz,
      created_at  timestamptz NOT NULL DEFAULT now(),
      UNIQUE (raffle_id, source)
    );
    CREATE INDEX raffle_bonus_tickets_member ON raffle_bonus_tickets (raffle_id, member_id);

    ALTER TABLE red_envelopes
      ADD COLUMN revision integer NOT NULL DEFAULT 0,
      ADD COLUMN cancelled_at timestamptz,
      ADD COLUMN cancelled_by integer REFERENCES operators(id);
    ALTER TABLE raffles
      ADD COLUMN cancelled_at timestamptz,
      ADD COLUMN cancelled_by integer REFERENCES operators(id);
    DROP INDEX raffles_to_draw;
    CREATE INDEX raffles_to_draw ON raffles (draw_at) WHERE drawn_at IS NULL AND cancelled_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX raffles_to_draw;
    CREATE INDEX raffles_to_draw ON raffles (draw_at) WHERE drawn_at IS NULL;
    ALTER TABLE raffles DROP COLUMN cancelled_by, DROP COLUMN cancelled_at;
    ALTER TABLE red_envelopes DROP COLUMN cancelled_by, DROP COLUMN cancelled_at, DROP COLUMN revision;
    DROP TABLE raffle_bonus_tickets;
    ALTER TABLE point_entries DROP CONSTRAINT point_entries_kind_check;
    ALTER TABLE point_entries ADD CONSTRAINT point_entries_kind_check
      CHECK (kind IN ('earn', 'redeem', 'redeem_refund', 'convert_in', 'convert_out', 'adjust'));
    ALTER TABLE promotion_participations DROP COLUMN units;
    ALTER TABLE promotions DROP CONSTRAINT promotions_unit_rewards,
      DROP COLUMN reward_raffle_id, DROP COLUMN reward_units;
  `.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * Issue 13 item 7 (reports that scale), the 30-day whole-team windows: migration 0019's summaries
 * hold a row per member and day, so a month of a 10,000-member team is some 300,000 rows per report.
 *
 * - agent_daily_rollup: per agent (member types of AGENT_TYPES), CLOSED merchant-local day and
 *   product type, the sums of member_daily_stats over the agent's whole subtree, the agent itself
 *   included; agent_daily_active: per agent and day, how many of its subtree (itself included) had
 *   a row in member_active_days. Written by modules/agents/reports/rollup.ts (a graphile-worker task).
 * - agent_rollup_days: which (merchant, day) is rolled up and still fresh. A change to
 *   member_daily_stats for a day before the merchant's today (a late change, a backfill) upserts the
 *   day with dirty = true; reports read a dirty or missing day from the live tables, and the next
 *   roll-up pass rolls it again. The roll-up takes the same row first (dirty = false), so a late
 *   writer either waits for it and marks the day dirty again, or is seen by it.
 * - member_weekly_stats: per member and week whose 7 days are all closed, the bet figures (CASH
 *   aside), recomputed with each roll-up of one of its days: valid while none of its days is dirty.
 * - member_active_months: per member, month and product type, a bitmask of the days (bit d − 1) on
 *   which member_daily_stats' valid bet went up: the same days as member_active_days (a bet with a
 *   positive stake), per product. A distinct count of active members over a window then reads one
 *   row per member, month and product instead of every member-day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE agent_daily_rollup (
      merchant_id      integer NOT NULL REFERENCES merchants(id),
      agent_id         integer NOT NULL REFERENCES members(id),
      day              date NOT NULL,
      product_type     text NOT NULL,
      bet_count        bigint NOT NULL,
      valid_bet        bigint NOT NULL,
      payout           bigint NOT NULL,
      profit_loss      bigint NOT NULL,
      deposits         bigint NOT NULL,
      deposit_count    bigint NOT NULL,
      withdrawals      bigint NOT NULL,
      withdrawal_count bigint NOT NULL,
      member_rows      bigint NOT NULL, -- how many member_daily_stats rows were summed
      PRIMARY KEY (agent_id, day, product_type)
    );
    CREATE INDEX agent_daily_rollup_merchant_day ON agent_daily_rollup (merchant_id, day);

    CREATE TABLE agent_daily_active (
      merchant_id    integer NOT NULL REFERENCES merchants(id),
      agent_id       integer NOT NULL REFERENCES members(id),
      day            date NOT NULL,
      active_members integer NOT NULL,
      PRIMARY KEY (agent_id, day)
    );
    CREATE INDEX agent_daily_active_merchant_day ON agent_daily_active (merchant_id, day);

    CREATE TABLE agent_rollup_days (
      merchant_id integer NOT NULL REFERENCES merchants(id),
      day         date NOT NULL,
      dirty       boolean NOT NULL,
      rolled_at   timestamptz,
      PRIMARY KEY (merchant_id, day)
    );
    CREATE INDEX agent_rollup_days_dirty ON agent_rollup_days (merchant_id, day) WHERE dirty;

    -- Per member and closed week (Monday first) of rolled-up days, the bet figures (CASH aside):
    -- the user-loss report's per-member sums over a month read ~4 weeks and the edge days.
    CREATE TABLE member_weekly_stats (
      merchant_id integer NOT NULL REFERENCES merchants(id),
      member_id   integer NOT NULL REFERENCES members(id),
      week        date NOT NULL,
      bet_count   bigint NOT NULL,
      valid_bet   bigint NOT NULL,
      profit_loss bigint NOT NULL,
      last_bet_at timestamptz,
      PRIMARY KEY (member_id, week)
    );
    CREATE INDEX member_weekly_stats_merchant_week ON member_weekly_stats (merchant_id, week)
      INCLUDE (member_id, bet_count, valid_bet, profit_loss, last_bet_at);

    CREATE TABLE member_active_months (
      merchant_id  integer NOT NULL REFERENCES merchants(id),
      member_id    integer NOT NULL REFERENCES members(id),
      month        date NOT NULL,
      product_type text NOT NULL,
      days         integer NOT NULL,
      PRIMARY KEY (member_id, month, product_type)
    );
    CREATE INDEX member_active_months_merchant_month ON member_active_months (merchant_id, month)
      INCLUDE (member_id, product_type, days);

    CREATE FUNCTION agent_rollup_stats_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      v_row member_daily_stats := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
      v_bit integer := 1 << (extract(day FROM v_row.day)::integer - 1);
      v_zone text;
    BEGIN
      IF TG_OP = 'DELETE' THEN
        -- A rebuild (agent_stats_backfill) deletes and inserts again: the day's bit goes with the row.
        UPDATE member_active_months SET days = days & ~v_bit
         WHERE member_id = OLD.member_id AND month = date_trunc('month', OLD.day)::date
           AND product_type = OLD.product_type AND days & v_bit <> 0;
      ELSIF NEW.valid_bet > (CASE WHEN TG_OP = 'UPDATE' THEN OLD.valid_bet ELSE 0 END)
            -- Most bets fall on a day already marked: a look, not a locking upsert.
            AND NOT EXISTS (SELECT 1 FROM member_active_months
                             WHERE member_id = NEW.member_id AND month = date_trunc('month', NEW.day)::date
                               AND product_type = NEW.product_type AND days & v_bit <> 0) THEN
        INSERT INTO member_active_months AS a (merchant_id, member_id, month, product_type, days)
        VALUES (NEW.merchant_id, NEW.member_id, date_trunc('month', NEW.day)::date, NEW.product_type, v_bit)
        ON CONFLICT (member_id, month, product_type) DO UPDATE SET days = a.days | EXCLUDED.days
         WHERE a.days & EXCLUDED.days = 0;
      END IF;
      SELECT time_zone INTO v_zone FROM merchants WHERE id = v_row.merchant_id;
      IF v_row.day < (now() AT TIME ZONE coalesce(v_zone, 'Asia/Dhaka'))::date THEN
        INSERT INTO agent_rollup_days AS d (merchant_id, day, dirty) VALUES (v_row.merchant_id, v_row.day, true)
        ON CONFLICT (merchant_id, day) DO UPDATE SET dirty = true WHERE NOT d.dirty;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER agent_rollup_stats_changed AFTER INSERT OR UPDATE OR DELETE ON member_daily_stats
      FOR EACH ROW EXECUTE FUNCTION agent_rollup_stats_changed();

    -- The bits of the days already summed (migration 0019's backfill ran before this trigger).
    INSERT INTO member_active_months (merchant_id, member_id, month, product_type, days)
    SELECT merchant_id, member_id, date_trunc('month', day)::date, product_type,
           bit_or(1 << (extract(day FROM day)::integer - 1))
      FROM member_daily_stats WHERE valid_bet > 0
     GROUP BY 1, 2, 3, 4;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER agent_rollup_stats_changed ON member_daily_stats;
    DROP FUNCTION agent_rollup_stats_changed;
    DROP TABLE agent_daily_rollup, agent_daily_active, agent_rollup_days, member_weekly_stats, member_active_months;
  `.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * Issue 13 item 7 (reports that scale): team figures come from summary tables kept up to date by
 * triggers in the same transaction as each bet, win, rollback, deposit and withdrawal is written,
 * never by scanning bets.
 *
 * - merchants.time_zone: the calendar the merchant's days (and so `day`) are counted in.
 * - member_daily_stats (member_id, day, product_type): bets, valid bet, payout, profit and loss
 *   (payout − valid bet, the member's win/loss) per merchant-local day and §3 product type;
 *   deposits and withdrawals sit in the row of product type 'CASH'.
 * - member_hourly_stats (member_id, hour UTC, product_type): the bet figures per hour.
 * - settled_bets: one row per settled bet of every source (vendor rounds of the seamless wallet,
 *   our own games' rounds, crash included), for real-time salary and bet lists.
 *
 * Sources: vendor bets in seamless_transactions (a bet adds its stake, a win its payout, a
 * rollback takes the stake back); in-house rounds (their seamless rows are skipped: integration
 * code INHOUSE_<merchant>) when inhouse_rounds turns 'settled'; deposits when 'approved';
 * withdrawals when 'paid'. agent_stats_backfill() rebuilds everything from the sources (used
 * below and by the benchmark).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE merchants ADD COLUMN IF NOT EXISTS time_zone text NOT NULL DEFAULT 'Asia/Dhaka';

    CREATE TABLE member_daily_stats (
      merchant_id      integer NOT NULL REFERENCES merchants(id),
      member_id        integer NOT NULL REFERENCES members(id),
      day              date NOT NULL,
      product_type     text NOT NULL,
      bet_count        integer NOT NULL DEFAULT 0,
      valid_bet        bigint NOT NULL DEFAULT 0,
      payout           bigint NOT NULL DEFAULT 0,
      profit_loss      bigint NOT NULL DEFAULT 0,
      deposits         bigint NOT NULL DEFAULT 0,
      deposit_count    integer NOT NULL DEFAULT 0,
      withdrawals      bigint NOT NULL DEFAULT 0,
      withdrawal_count integer NOT NULL DEFAULT 0,
      first_bet_at     timestamptz,
      last_bet_at      timestamptz,
      PRIMARY KEY (member_id, day, product_type)
    );
    -- Team reports read a window of days for many members: an index-only scan of this, joined to the team.
    CREATE INDEX member_daily_stats_merchant_day ON member_daily_stats (merchant_id, day)
      INCLUDE (member_id, product_type, bet_count, valid_bet, payout, profit_loss, deposits, deposit_count,
               withdrawals, withdrawal_count, last_bet_at);

    -- A member's betting days (valid bet placed that day): active members per day are a count
    -- of rows here, with no distinct over the summary rows.
    CREATE TABLE member_active_days (
      merchant_id integer NOT NULL REFERENCES merchants(id),
      member_id   integer NOT NULL REFERENCES members(id),
      day         date NOT NULL,
      PRIMARY KEY (member_id, day)
    );
    CREATE INDEX member_active_days_merchant_day ON member_active_days (merchant_id, day) INCLUDE (member_id);

    CREATE TABLE member_hourly_stats (
      merchant_id  integer NOT NULL REFERENCES merchants(id),
      member_id    integer NOT NULL REFERENCES members(id),
      hour         timestamptz NOT NULL,
      product_type text NOT NULL,
      bet_count    integer NOT NULL DEFAULT 0,
      valid_bet    bigint NOT NULL DEFAULT 0,
      payout       bigint NOT NULL DEFAULT 0,
      profit_loss  bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (member_id, hour, product_type)
    );
    CREATE INDEX member_hourly_stats_merchant_hour ON member_hourly_stats (merchant_id, hour);

    -- The §3 product type of a seamless row: INHOUSE for our own games' integration, else the
    -- catalogue category of the game of its session (wins, rollbacks), or of the member's latest
    -- session at that vendor (bets name none), else the vendor's first category, else OTHER.
    CREATE FUNCTION agent_stats_product_type(p_vendor_id integer, p_member_id integer, p_session_id bigint)
    RETURNS text LANGUAGE sql STABLE AS $$
      SELECT CASE WHEN v.code LIKE 'INHOUSE\\_%' THEN 'INHOUSE'
                  ELSE coalesce(
                    (SELECT gv.category FROM game_sessions gs JOIN games g ON g.id = gs.game_id
                       JOIN game_vendors gv ON gv.id = g.vendor_id WHERE gs.id = p_session_id),
                    (SELECT gv.category FROM game_sessions gs JOIN games g ON g.id = gs.game_id
                       JOIN game_vendors gv ON gv.id = g.vendor_id
                      WHERE gs.member_id = p_member_id AND gs.vendor_id = p_vendor_id
                      ORDER BY gs.id DESC LIMIT 1),
                    (SELECT gv.category FROM game_vendors gv
                      WHERE gv.integration_id = v.id AND gv.merchant_id = v.merchant_id ORDER BY gv.id LIMIT 1),
                    'OTHER') END
        FROM vendors v WHERE v.id = p_vendor_id
    $$;

    CREATE FUNCTION agent_stats_add_bet(p_merchant_id integer, p_member_id integer, p_product text,
                                        p_at timestamptz, p_bets integer, p_valid bigint, p_payout bigint)
    RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      v_zone text;
    BEGIN
      SELECT time_zone INTO v_zone FROM merchants WHERE id = p_merchant_id;
      INSERT INTO member_daily_stats AS s (merchant_id, member_id, day, product_type, bet_count, valid_bet,
                                           payout, profit_loss, first_bet_at, last_bet_at)
      VALUES (p_merchant_id, p_member_id, (p_at AT TIME ZONE coalesce(v_zone, 'Asia/Dhaka'))::date, p_product,
              p_bets, p_valid, p_payout, p_payout - p_valid,
              CASE WHEN p_bets > 0 THEN p_at END, CASE WHEN p_bets > 0 THEN p_at END)
      ON CONFLICT (member_id, day, product_type) DO UPDATE
        SET bet_count = s.bet_count + EXCLUDED.bet_count,
            valid_bet = s.valid_bet + EXCLUDED.valid_bet,
            payout = s.payout + EXCLUDED.payout,
            profit_loss = s.profit_loss + EXCLUDED.profit_loss,
            first_bet_at = least(s.first_bet_at, EXCLUDED.first_bet_at),
            last_bet_at = greatest(s.last_bet_at, EXCLUDED.last_bet_at);
      IF p_valid > 0 THEN
        INSERT INTO member_active_days (merchant_id, member_id, day)
        VALUES (p_merchant_id, p_member_id, (p_at AT TIME ZONE coalesce(v_zone, 'Asia/Dhaka'))::date)
        ON CONFLICT DO NOTHING;
      END IF;
      INSERT INTO member_hourly_stats AS s (merchant_id, member_id, hour, product_type, bet_count, valid_bet,
                                            payout, profit_loss)
      VALUES (p_merchant_id, p_member_id, date_trunc('hour', p_at, 'UTC'), p_product,
              p_bets, p_valid, p_payout, p_payout - p_valid)
      ON CONFLICT (member_id, hour, product_type) DO UPDATE
        SET bet_count = s.bet_count + EXCLUDED.bet_count,
            valid_bet = s.valid_bet + EXCLUDED.valid_bet,
            payout = s.payout + EXCLUDED.payout,
            profit_loss = s.profit_loss + EXCLUDED.profit_loss;
    END $$;

    CREATE FUNCTION agent_stats_add_cash(p_merchant_id integer, p_member_id integer, p_at timestamptz,
                                         p_deposits bigint, p_deposit_count integer,
                                         p_withdrawals bigint, p_withdrawal_count integer)
    RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      v_zone text;
    BEGIN
      SELECT time_zone INTO v_zone FROM merchants WHERE id = p_merchant_id;
      INSERT INTO member_daily_stats AS s (merchant_id, member_id, day, product_type, deposits, deposit_count,
                                           withdrawals, withdrawal_count)
      VALUES (p_merchant_id, p_member_id, (p_at AT TIME ZONE coalesce(v_zone, 'Asia/Dhaka'))::date, 'CASH',
              p_deposits, p_deposit_count, p_withdrawals, p_withdrawal_count)
      ON CONFLICT (member_id, day, product_type) DO UPDATE
        SET deposits = s.deposits + EXCLUDED.deposits,
            deposit_count = s.deposit_count + EXCLUDED.deposit_count,
            withdrawals = s.withdrawals + EXCLUDED.withdrawals,
            withdrawal_count = s.withdrawal_count + EXCLUDED.withdrawal_count;
    END $$;

    -- Vendor rounds: a bet counts its stake, a win its payout, a rollback takes the stake back.
    CREATE FUNCTION agent_stats_seamless() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      v_product text;
    BEGIN
      IF NEW.kind NOT IN ('bet', 'win', 'rollback') OR (NEW.kind <> 'bet' AND NEW.amount = 0) THEN
        RETURN NULL;
      END IF;
      v_product := agent_stats_product_type(NEW.vendor_id, NEW.member_id, NEW.game_session_id);
      IF v_product = 'INHOUSE' THEN
        RETURN NULL; -- counted from inhouse_rounds when the round settles
      END IF;
      IF NEW.kind = 'bet' THEN
        PERFORM agent_stats_add_bet(NEW.merchant_id, NEW.member_id, v_product, NEW.created_at, 1, NEW.amount, 0);
      ELSIF NEW.kind = 'win' THEN
        PERFORM agent_stats_add_bet(NEW.merchant_id, NEW.member_id, v_product, NEW.created_at, 0, 0, NEW.amount);
      ELSE
        PERFORM agent_stats_add_bet(NEW.merchant_id, NEW.member_id, v_product, NEW.created_at, -1, -NEW.amount, 0);
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER agent_stats_seamless AFTER INSERT ON seamless_transactions
      FOR EACH ROW EXECUTE FUNCTION agent_stats_seamless();

    -- Our own games (crash included): a round counts once, when it turns 'settled'.
    CREATE FUNCTION agent_stats_inhouse() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.state = 'settled' AND (TG_OP = 'INSERT' OR OLD.state IS DISTINCT FROM 'settled') THEN
        PERFORM agent_stats_add_bet(NEW.merchant_id, NEW.member_id, 'INHOUSE', coalesce(NEW.settled_at, now()),
                                    1, NEW.stake, coalesce(NEW.payout, 0));
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER agent_stats_inhouse AFTER INSERT OR UPDATE OF state ON inhouse_rounds
      FOR EACH ROW EXECUTE FUNCTION agent_stats_inhouse();

    -- Deposits count when approved (credited), withdrawals when paid; a later change away undoes it.
    CREATE FUNCTION agent_stats_deposit() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      v_delta integer := (NEW.status = 'approved')::integer
                         - (TG_OP = 'UPDATE' AND OLD.status = 'approved')::integer;
    BEGIN
      IF v_delta <> 0 THEN
        PERFORM agent_stats_add_cash(NEW.merchant_id, NEW.member_id, coalesce(NEW.reviewed_at, now()),
                                     v_delta * NEW.amount, v_delta, 0, 0);
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER agent_stats_deposit AFTER INSERT OR UPDATE OF status ON deposits
      FOR EACH ROW EXECUTE FUNCTION agent_stats_deposit();

    CREATE FUNCTION agent_stats_withdrawal() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      v_delta integer := (NEW.status = 'paid')::integer - (TG_OP = 'UPDATE' AND OLD.status = 'paid')::integer;
    BEGIN
      IF v_delta <> 0 THEN
        PERFORM agent_stats_add_cash(NEW.merchant_id, NEW.member_id, coalesce(NEW.paid_at, NEW.reviewed_at, now()),
                                     0, 0, v_delta * NEW.amount, v_delta);
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER agent_stats_withdrawal AFTER INSERT OR UPDATE OF status ON withdrawals
      FOR EACH ROW EXECUTE FUNCTION agent_stats_withdrawal();

    -- Every settled bet: vendor bets with their win (a bet is settled once its win arrives) and
    -- settled rounds of our own games.
    CREATE VIEW settled_bets AS
      SELECT w.merchant_id, w.member_id, agent_stats_product_type(w.vendor_id, w.member_id, w.game_session_id) AS product_type,
             'seamless:' || w.vendor_id || ':' || b.vendor_tx_id AS bet_ref,
             b.amount AS stake, w.amount AS payout, w.created_at AS settled_at
        FROM seamless_transactions w
        JOIN seamless_transactions b
          ON b.merchant_id = w.merchant_id AND b.vendor_id = w.vendor_id
         AND b.vendor_tx_id = w.reference_tx_id AND b.kind = 'bet'
        JOIN vendors v ON v.id = w.vendor_id AND v.code NOT LIKE 'INHOUSE\\_%'
       WHERE w.kind = 'win'
      UNION ALL
      SELECT r.merchant_id, r.member_id, 'INHOUSE', 'inhouse:' || r.id, r.stake, coalesce(r.payout, 0), r.settled_at
        FROM inhouse_rounds r
       WHERE r.state = 'settled';

    -- Bet lists: newest first for one member, or for a whole (large) team by time.
    CREATE INDEX inhouse_rounds_settled ON inhouse_rounds (member_id, settled_at) WHERE state = 'settled';
    CREATE INDEX inhouse_rounds_settled_time ON inhouse_rounds (merchant_id, settled_at) WHERE state = 'settled';
    CREATE INDEX seamless_transactions_member_wins ON seamless_transactions (member_id, created_at) WHERE kind = 'win';
    CREATE INDEX seamless_transactions_win_time ON seamless_transactions (merchant_id, created_at) WHERE kind = 'win';

    -- Rebuilds the summary tables from the sources (the same rules as the triggers, set-based).
    CREATE FUNCTION agent_stats_backfill() RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM member_daily_stats;
      DELETE FROM member_hourly_stats;
      CREATE TEMP TABLE agent_stats_events ON COMMIT DROP AS
        SELECT s.merchant_id, s.member_id, agent_stats_product_type(s.vendor_id, s.member_id, s.game_session_id) AS product_type,
               s.created_at AS at,
               CASE s.kind WHEN 'bet' THEN 1 WHEN 'rollback' THEN -1 ELSE 0 END AS bets,
               CASE s.kind WHEN 'bet' THEN s.amount WHEN 'rollback' THEN -s.amount ELSE 0 END AS valid,
               CASE s.kind WHEN 'win' THEN s.amount ELSE 0 END AS payout
          FROM seamless_transactions s
          JOIN vendors v ON v.id = s.vendor_id AND v.code NOT LIKE 'INHOUSE\\_%'
         WHERE s.kind = 'bet' OR (s.kind IN ('win', 'rollback') AND s.amount > 0)
        UNION ALL
        SELECT r.merchant_id, r.member_id, 'INHOUSE', coalesce(r.settled_at, r.updated_at), 1, r.stake,
               coalesce(r.payout, 0)
          FROM inhouse_rounds r WHERE r.state = 'settled';
      INSERT INTO member_daily_stats (merchant_id, member_id, day, product_type, bet_count, valid_bet, payout,
                                      profit_loss, first_bet_at, last_bet_at)
      SELECT e.merchant_id, e.member_id, (e.at AT TIME ZONE m.time_zone)::date, e.product_type, sum(e.bets),
             sum(e.valid), sum(e.payout), sum(e.payout) - sum(e.valid),
             min(e.at) FILTER (WHERE e.bets > 0), max(e.at) FILTER (WHERE e.bets > 0)
        FROM agent_stats_events e JOIN merchants m ON m.id = e.merchant_id
       GROUP BY 1, 2, 3, 4;
      INSERT INTO member_hourly_stats (merchant_id, member_id, hour, product_type, bet_count, valid_bet, payout,
                                       profit_loss)
      SELECT e.merchant_id, e.member_id, date_trunc('hour', e.at, 'UTC'), e.product_type, sum(e.bets),
             sum(e.valid), sum(e.payout), sum(e.payout) - sum(e.valid)
        FROM agent_stats_events e
       GROUP BY 1, 2, 3, 4;
      DELETE FROM member_active_days;
      INSERT INTO member_active_days (merchant_id, member_id, day)
      SELECT DISTINCT merchant_id, member_id, day FROM member_daily_stats WHERE valid_bet > 0;
      DROP TABLE agent_stats_events;
      INSERT INTO member_daily_stats (merchant_id, member_id, day, product_type, deposits, deposit_count,
                                      withdrawals, withdrawal_count)
      SELECT c.merchant_id, c.member_id, (c.at AT TIME ZONE m.time_zone)::date, 'CASH',
             sum(c.deposit), sum(c.deposit_count), sum(c.withdrawal), sum(c.withdrawal_count)
        FROM (SELECT merchant_id, member_id, coalesce(reviewed_at, created_at) AS at, amount AS deposit,
                     1 AS deposit_count, 0::bigint AS withdrawal, 0 AS withdrawal_count
                FROM deposits WHERE status = 'approved'
              UNION ALL
              SELECT merchant_id, member_id, coalesce(paid_at, reviewed_at, created_at), 0, 0, amount, 1
                FROM withdrawals WHERE status = 'paid') c
        JOIN merchants m ON m.id = c.merchant_id
       GROUP BY 1, 2, 3;
    END $$;

    SELECT agent_stats_backfill();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER agent_stats_seamless ON seamless_transactions;
    DROP TRIGGER agent_stats_inhouse ON inhouse_rounds;
    DROP TRIGGER agent_stats_deposit ON deposits;
    DROP TRIGGER agent_stats_withdrawal ON withdrawals;
    DROP VIEW settled_bets;
    DROP INDEX inhouse_rounds_settled, inhouse_rounds_settled_time, seamless_transactions_member_wins,
               seamless_transactions_win_time;
    DROP FUNCTION agent_stats_backfill, agent_stats_seamless, agent_stats_inhouse, agent_stats_deposit,
                  agent_stats_withdrawal, agent_stats_add_bet, agent_stats_add_cash, agent_stats_product_type;
    DROP TABLE member_daily_stats, member_hourly_stats, member_active_days;
  `.execute(db);
}

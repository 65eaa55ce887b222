import { sql, type Kysely } from 'kysely';

/**
 * Issue 15 items 3 and 5: our own books (the sportsbook, the lottery, cockfight) in the summaries
 * as the catalogue names them, their corrected results counted, and a credit from any of them
 * collecting what a member owes.
 *
 * - The vendor of our books' records in vendor_daily_stats is the catalogue vendor of the bet's game
 *   (KHELA_SB, KHELA_ES, KHELA_CF, the lottery centres), as for our in-house games, not the book's
 *   integration (SPORTS_<merchant>, LOTTERY_<merchant>, COCKFIGHT_<merchant>: see each book's
 *   *IntegrationCode); their records name the session of the game on every kind, bets included.
 * - own_book_payout_adjust: a resettled sports slip posts no seamless record (ADR 0024), so the
 *   settlement pass counts the change of its payout here, one statement a batch, on the day of the
 *   correction, in member_daily_stats, member_hourly_stats and vendor_daily_stats (per member rows:
 *   no hot row).
 * - announce_credit: the one notify of a credit to members owing a sports correction (the cashier's
 *   credits call it; a statement trigger on seamless_transactions calls it for every game win,
 *   refund and our books' payouts), so the corrections are collected right after it commits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION vendor_stats_vendor(p_code text, p_session_id bigint) RETURNS text LANGUAGE sql STABLE AS $$
      SELECT CASE WHEN p_code ~ '^(SPORTS|LOTTERY|COCKFIGHT)_[0-9]+$'
                  THEN coalesce((SELECT gv.vassalage FROM game_sessions gs JOIN games g ON g.id = gs.game_id
                                   JOIN game_vendors gv ON gv.id = g.vendor_id WHERE gs.id = p_session_id), p_code)
                  ELSE p_code END
    $$;

    -- Grouped by session before the product type and vendor are looked up: once a member's game, not once a row.
    CREATE OR REPLACE FUNCTION vendor_stats_seamless() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO vendor_daily_stats AS s (merchant_id, day, product_type, vendor, member_id, bet_count, valid_bet, payout)
      SELECT g.merchant_id, g.day, agent_stats_product_type(g.vendor_id, g.member_id, g.game_session_id),
             vendor_stats_vendor(g.code, g.game_session_id), g.member_id, sum(g.bets), sum(g.valid), sum(g.payout)
        FROM (SELECT n.merchant_id, (n.created_at AT TIME ZONE m.time_zone)::date AS day, n.vendor_id, v.code,
                     n.member_id, n.game_session_id,
                     sum(CASE n.kind WHEN 'bet' THEN 1 WHEN 'rollback' THEN -1 ELSE 0 END) AS bets,
                     sum(CASE n.kind WHEN 'bet' THEN n.amount WHEN 'rollback' THEN -n.amount ELSE 0 END) AS valid,
                     sum(CASE n.kind WHEN 'win' THEN n.amount ELSE 0 END) AS payout
                FROM new_rows n
                JOIN vendors v ON v.id = n.vendor_id AND v.code NOT LIKE 'INHOUSE\\_%'
                JOIN merchants m ON m.id = n.merchant_id
               WHERE n.kind = 'bet' OR (n.kind IN ('win', 'rollback') AND n.amount <> 0)
               GROUP BY 1, 2, 3, 4, 5, 6) g
       GROUP BY 1, 2, 3, 4, 5
      ON CONFLICT (merchant_id, day, product_type, vendor, member_id) DO UPDATE
        SET bet_count = s.bet_count + EXCLUDED.bet_count,
            valid_bet = s.valid_bet + EXCLUDED.valid_bet,
            payout = s.payout + EXCLUDED.payout;
      RETURN NULL;
    END $$;

    CREATE FUNCTION own_book_payout_adjust(p_merchant_ids integer[], p_member_ids integer[], p_vendor_ids integer[],
                                           p_session_ids bigint[], p_differences bigint[])
    RETURNS void LANGUAGE sql AS $$
      WITH changes AS (
        SELECT c.merchant_id, c.member_id, (now() AT TIME ZONE m.time_zone)::date AS day,
               agent_stats_product_type(c.vendor_id, c.member_id, c.session_id) AS product_type,
               vendor_stats_vendor(v.code, c.session_id) AS vendor, sum(c.difference) AS difference
          FROM unnest(p_merchant_ids, p_member_ids, p_vendor_ids, p_session_ids, p_differences)
                 AS c(merchant_id, member_id, vendor_id, session_id, difference)
          JOIN vendors v ON v.id = c.vendor_id
          JOIN merchants m ON m.id = c.merchant_id
         WHERE c.difference <> 0
         GROUP BY 1, 2, 3, 4, 5),
      daily AS (
        INSERT INTO member_daily_stats AS s (merchant_id, member_id, day, product_type, payout, profit_loss)
        SELECT merchant_id, member_id, day, product_type, sum(difference), sum(difference)
          FROM changes GROUP BY 1, 2, 3, 4
        ON CONFLICT (member_id, day, product_type) DO UPDATE
          SET payout = s.payout + EXCLUDED.payout, profit_loss = s.profit_loss + EXCLUDED.profit_loss),
      hourly AS (
        INSERT INTO member_hourly_stats AS s (merchant_id, member_id, hour, product_type, payout, profit_loss)
        SELECT merchant_id, member_id, date_trunc('hour', now(), 'UTC'), product_type, sum(difference), sum(difference)
          FROM changes GROUP BY 1, 2, 3, 4
        ON CONFLICT (member_id, hour, product_type) DO UPDATE
          SET payout = s.payout + EXCLUDED.payout, profit_loss = s.profit_loss + EXCLUDED.profit_loss)
      INSERT INTO vendor_daily_stats AS s (merchant_id, day, product_type, vendor, member_id, payout)
      SELECT merchant_id, day, product_type, vendor, member_id, difference FROM changes
      ON CONFLICT (merchant_id, day, product_type, vendor, member_id) DO UPDATE SET payout = s.payout + EXCLUDED.payout
    $$;

    -- The channel is MEMBER_CREDITED_CHANNEL (modules/sports/corrections.ts), which listens on it.
    CREATE FUNCTION announce_credit(p_member_ids integer[]) RETURNS void LANGUAGE sql AS $$
      SELECT pg_notify('khela_sports_member_credited', owing.member_id::text)
        FROM (SELECT DISTINCT member_id FROM sports_slips
               WHERE outstanding > 0 AND member_id = ANY(p_member_ids)) owing
    $$;

    CREATE FUNCTION announce_credit_seamless() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM announce_credit(array_agg(DISTINCT n.member_id))
         FROM new_rows n WHERE n.kind IN ('win', 'rollback') AND n.amount > 0;
      RETURN NULL;
    END $$;
    CREATE TRIGGER announce_credit_seamless AFTER INSERT ON seamless_transactions
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_credit_seamless();

    -- The backfill: our books' vendor rows named again by the catalogue, and the corrections made so
    -- far (a settled slip whose payout is not what its records paid) counted on the day of the last one.
    DELETE FROM vendor_daily_stats WHERE vendor ~ '^(SPORTS|LOTTERY|COCKFIGHT)_[0-9]+$';
    INSERT INTO vendor_daily_stats AS d (merchant_id, day, product_type, vendor, member_id, bet_count, valid_bet, payout)
    SELECT s.merchant_id, (s.created_at AT TIME ZONE m.time_zone)::date,
           agent_stats_product_type(s.vendor_id, s.member_id, s.game_session_id),
           vendor_stats_vendor(v.code, s.game_session_id), s.member_id,
           sum(CASE s.kind WHEN 'bet' THEN 1 WHEN 'rollback' THEN -1 ELSE 0 END),
           sum(CASE s.kind WHEN 'bet' THEN s.amount WHEN 'rollback' THEN -s.amount ELSE 0 END),
           sum(CASE s.kind WHEN 'win' THEN s.amount ELSE 0 END)
      FROM seamless_transactions s
      JOIN vendors v ON v.id = s.vendor_id AND v.code ~ '^(SPORTS|LOTTERY|COCKFIGHT)_[0-9]+$'
      JOIN merchants m ON m.id = s.merchant_id
     WHERE s.kind = 'bet' OR (s.kind IN ('win', 'rollback') AND s.amount <> 0)
     GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (merchant_id, day, product_type, vendor, member_id) DO UPDATE
      SET bet_count = d.bet_count + EXCLUDED.bet_count, valid_bet = d.valid_bet + EXCLUDED.valid_bet,
          payout = d.payout + EXCLUDED.payout;

    CREATE TEMPORARY TABLE resettled_slips AS
    SELECT ss.merchant_id, ss.member_id, v.id AS vendor_id, ss.game_session_id, ss.updated_at AS at,
           (coalesce(ss.payout, 0) - coalesce(r.paid, 0))::bigint AS difference
      FROM sports_slips ss
      JOIN vendors v ON v.merchant_id = ss.merchant_id AND v.code = 'SPORTS_' || ss.merchant_id
      LEFT JOIN LATERAL (SELECT sum(s.amount) AS paid FROM seamless_transactions s
                          WHERE s.vendor_id = v.id AND s.round_id = ss.id::text AND s.kind IN ('win', 'rollback')) r ON true
     WHERE ss.paid IS NOT NULL AND ss.status <> 'cashed_out'
       AND coalesce(ss.payout, 0) <> coalesce(r.paid, 0);
    SELECT agent_stats_add_bet(merchant_id, member_id, agent_stats_product_type(vendor_id, member_id, game_session_id),
                               at, 0, 0, difference)
      FROM resettled_slips;
    INSERT INTO vendor_daily_stats AS d (merchant_id, day, product_type, vendor, member_id, payout)
    SELECT r.merchant_id, (r.at AT TIME ZONE m.time_zone)::date,
           agent_stats_product_type(r.vendor_id, r.member_id, r.game_session_id),
           vendor_stats_vendor(v.code, r.game_session_id), r.member_id, sum(r.difference)
      FROM resettled_slips r JOIN vendors v ON v.id = r.vendor_id JOIN merchants m ON m.id = r.merchant_id
     GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (merchant_id, day, product_type, vendor, member_id) DO UPDATE SET payout = d.payout + EXCLUDED.payout;
    DROP TABLE resettled_slips;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER announce_credit_seamless ON seamless_transactions;
    DROP FUNCTION announce_credit_seamless, announce_credit, own_book_payout_adjust;
    CREATE OR REPLACE FUNCTION vendor_stats_seamless() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO vendor_daily_stats AS s (merchant_id, day, product_type, vendor, member_id, bet_count, valid_bet, payout)
      SELECT n.merchant_id, (n.created_at AT TIME ZONE m.time_zone)::date,
             agent_stats_product_type(n.vendor_id, n.member_id, n.game_session_id), v.code, n.member_id,
             sum(CASE n.kind WHEN 'bet' THEN 1 WHEN 'rollback' THEN -1 ELSE 0 END),
             sum(CASE n.kind WHEN 'bet' THEN n.amount WHEN 'rollback' THEN -n.amount ELSE 0 END),
             sum(CASE n.kind WHEN 'win' THEN n.amount ELSE 0 END)
        FROM new_rows n
        JOIN vendors v ON v.id = n.vendor_id AND v.code NOT LIKE 'INHOUSE\\_%'
        JOIN merchants m ON m.id = n.merchant_id
       WHERE n.kind = 'bet' OR (n.kind IN ('win', 'rollback') AND n.amount <> 0)
       GROUP BY 1, 2, 3, 4, 5
      ON CONFLICT (merchant_id, day, product_type, vendor, member_id) DO UPDATE
        SET bet_count = s.bet_count + EXCLUDED.bet_count,
            valid_bet = s.valid_bet + EXCLUDED.valid_bet,
            payout = s.payout + EXCLUDED.payout;
      RETURN NULL;
    END $$;
    DROP FUNCTION vendor_stats_vendor;
  `.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * Issue 15 Performance, the statistics of a statement of seamless records in one trigger: migration
 * 0046's agent_stats_seamless (member_daily_stats, member_active_days, member_hourly_stats) and
 * 0045's vendor_stats_seamless (vendor_daily_stats) each read the transition table, joined the
 * merchants and looked up the product type of every (vendor, member, session) — agent_stats_product_type,
 * up to three index probes — once each. seamless_stats_rows() does it once for the four summaries,
 * with the same rules (migration 0019: a bet counts its stake, and the member's active day when
 * it is above zero; a win its payout; a rollback takes the stake back; our own games, INHOUSE, are
 * counted from inhouse_rounds; the vendor of our books' records is the catalogue's, 0045).
 * The two functions stay for down().
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION seamless_stats_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      WITH n AS MATERIALIZED (
        SELECT r.merchant_id, r.member_id, r.vendor_id, r.game_session_id, r.created_at AS at,
               CASE r.kind WHEN 'bet' THEN 1 WHEN 'rollback' THEN -1 ELSE 0 END AS bets,
               CASE r.kind WHEN 'bet' THEN r.amount WHEN 'rollback' THEN -r.amount ELSE 0 END AS valid,
               CASE r.kind WHEN 'win' THEN r.amount ELSE 0 END AS payout
          FROM new_rows r
         WHERE r.kind = 'bet' OR (r.kind IN ('win', 'rollback') AND r.amount <> 0)
      ), products AS MATERIALIZED (
        -- agent_stats_product_type and vendor_stats_vendor, the session's game looked up once for both.
        SELECT d.vendor_id, d.member_id, d.session,
               CASE WHEN v.code LIKE 'INHOUSE\\_%' THEN 'INHOUSE'
                    ELSE coalesce(sg.category, agent_stats_product_type(d.vendor_id, d.member_id, NULL)) END AS product,
               CASE WHEN v.code ~ '^(SPORTS|LOTTERY|COCKFIGHT)_[0-9]+$' THEN coalesce(sg.vassalage, v.code)
                    ELSE v.code END AS vendor
          FROM (SELECT DISTINCT vendor_id, member_id, game_session_id, coalesce(game_session_id, 0) AS session FROM n) d
          JOIN vendors v ON v.id = d.vendor_id
          LEFT JOIN LATERAL (SELECT gv.category, gv.vassalage FROM game_sessions gs JOIN games g ON g.id = gs.game_id
                               JOIN game_vendors gv ON gv.id = g.vendor_id
                              WHERE gs.id = d.game_session_id) sg ON true
      ), e AS MATERIALIZED (
        SELECT n.merchant_id, n.member_id, p.product, p.vendor, n.at, n.bets, n.valid, n.payout,
               (n.at AT TIME ZONE m.time_zone)::date AS day
          FROM n
          JOIN products p ON p.vendor_id = n.vendor_id AND p.member_id = n.member_id AND p.session = coalesce(n.game_session_id, 0)
          JOIN merchants m ON m.id = n.merchant_id
         WHERE p.product <> 'INHOUSE'
      ), daily AS (
        INSERT INTO member_daily_stats AS s (merchant_id, member_id, day, product_type, bet_count, valid_bet,
                                             payout, profit_loss, first_bet_at, last_bet_at)
        SELECT merchant_id, member_id, day, product, sum(bets), sum(valid), sum(payout), sum(payout) - sum(valid),
               min(at) FILTER (WHERE bets > 0), max(at) FILTER (WHERE bets > 0)
          FROM e GROUP BY merchant_id, member_id, day, product ORDER BY member_id, day, product
        ON CONFLICT (member_id, day, product_type) DO UPDATE
          SET bet_count = s.bet_count + EXCLUDED.bet_count,
              valid_bet = s.valid_bet + EXCLUDED.valid_bet,
              payout = s.payout + EXCLUDED.payout,
              profit_loss = s.profit_loss + EXCLUDED.profit_loss,
              first_bet_at = least(s.first_bet_at, EXCLUDED.first_bet_at),
              last_bet_at = greatest(s.last_bet_at, EXCLUDED.last_bet_at)
      ), active AS (
        INSERT INTO member_active_days (merchant_id, member_id, day)
        SELECT DISTINCT merchant_id, member_id, day FROM e WHERE valid > 0 ORDER BY member_id, day
        ON CONFLICT DO NOTHING
      ), hourly AS (
        INSERT INTO member_hourly_stats AS s (merchant_id, member_id, hour, product_type, bet_count, valid_bet,
                                              payout, profit_loss)
        SELECT merchant_id, member_id, date_trunc('hour', at, 'UTC'), product, sum(bets), sum(valid), sum(payout),
               sum(payout) - sum(valid)
          FROM e GROUP BY merchant_id, member_id, date_trunc('hour', at, 'UTC'), product ORDER BY member_id, 3, product
        ON CONFLICT (member_id, hour, product_type) DO UPDATE
          SET bet_count = s.bet_count + EXCLUDED.bet_count,
              valid_bet = s.valid_bet + EXCLUDED.valid_bet,
              payout = s.payout + EXCLUDED.payout,
              profit_loss = s.profit_loss + EXCLUDED.profit_loss
      )
      INSERT INTO vendor_daily_stats AS s (merchant_id, day, product_type, vendor, member_id, bet_count, valid_bet, payout)
      SELECT merchant_id, day, product, vendor, member_id, sum(bets), sum(valid), sum(payout)
        FROM e GROUP BY 1, 2, 3, 4, 5 ORDER BY member_id, day, product, vendor
      ON CONFLICT (merchant_id, day, product_type, vendor, member_id) DO UPDATE
        SET bet_count = s.bet_count + EXCLUDED.bet_count,
            valid_bet = s.valid_bet + EXCLUDED.valid_bet,
            payout = s.payout + EXCLUDED.payout;
      RETURN NULL;
    END $$;
    DROP TRIGGER agent_stats_seamless ON seamless_transactions;
    DROP TRIGGER vendor_stats_seamless ON seamless_transactions;
    CREATE TRIGGER seamless_stats AFTER INSERT ON seamless_transactions
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seamless_stats_rows();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER seamless_stats ON seamless_transactions;
    DROP FUNCTION seamless_stats_rows;
    CREATE TRIGGER agent_stats_seamless AFTER INSERT ON seamless_transactions
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_stats_seamless_rows();
    CREATE TRIGGER vendor_stats_seamless AFTER INSERT ON seamless_transactions
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vendor_stats_seamless();
  `.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * Issue 16 item 9 (GGR by product type AND vendor): member_daily_stats has no vendor, so the
 * console's vendor report reads vendor_daily_stats: per merchant-local day, §3 product type and
 * vendor, the bets, valid bet and payout — kept by triggers on the same sources and with the same
 * rules as member_daily_stats (migration 0019), and backfilled here so old days show too.
 *
 * The vendor: for vendor rounds the API partner's code (vendors.code); for our own games the
 * catalogue vendor (game_vendors.vassalage) of the round's game, else 'INHOUSE'.
 * One row per (merchant, day, product type, vendor, member), like member_daily_stats: a row per
 * vendor alone would be one hot row every bet of that vendor queues on until commit (bench:sports
 * found placement and both settlement lanes waiting on it). A window of days is one range scan of
 * the key, summed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE vendor_daily_stats (
      merchant_id  integer NOT NULL REFERENCES merchants(id),
      day          date NOT NULL,
      product_type text NOT NULL,
      vendor       text NOT NULL,
      member_id    integer NOT NULL,
      bet_count    bigint NOT NULL DEFAULT 0,
      valid_bet    bigint NOT NULL DEFAULT 0,
      payout       bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (merchant_id, day, product_type, vendor, member_id)
    );

    CREATE FUNCTION vendor_stats_add(p_merchant_id integer, p_product text, p_vendor text, p_member_id integer,
                                     p_at timestamptz,
                                     p_bets integer, p_valid bigint, p_payout bigint)
    RETURNS void LANGUAGE sql AS $$
      INSERT INTO vendor_daily_stats AS s (merchant_id, day, product_type, vendor, member_id, bet_count, valid_bet, payout)
      SELECT p_merchant_id, (p_at AT TIME ZONE m.time_zone)::date, p_product, p_vendor, p_member_id, p_bets, p_valid, p_payout
        FROM merchants m WHERE m.id = p_merchant_id
      ON CONFLICT (merchant_id, day, product_type, vendor, member_id) DO UPDATE
        SET bet_count = s.bet_count + EXCLUDED.bet_count,
            valid_bet = s.valid_bet + EXCLUDED.valid_bet,
            payout = s.payout + EXCLUDED.payout
    $$;

    -- Per statement, over its rows (a settlement batch inserts 2 000 records at once): one grouped
    -- upsert instead of a function call and an upsert a row. Our own games are counted from
    -- inhouse_rounds when a round settles.
    CREATE FUNCTION vendor_stats_seamless() RETURNS trigger LANGUAGE plpgsql AS $$
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
    CREATE TRIGGER vendor_stats_seamless AFTER INSERT ON seamless_transactions
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vendor_stats_seamless();

    CREATE FUNCTION vendor_stats_inhouse_vendor(p_game_id integer) RETURNS text LANGUAGE sql STABLE AS $$
      SELECT coalesce((SELECT gv.vassalage FROM games g JOIN game_vendors gv ON gv.id = g.vendor_id
                        WHERE g.id = p_game_id), 'INHOUSE')
    $$;

    CREATE FUNCTION vendor_stats_inhouse() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.state = 'settled' AND (TG_OP = 'INSERT' OR OLD.state IS DISTINCT FROM 'settled') THEN
        PERFORM vendor_stats_add(NEW.merchant_id, 'INHOUSE', vendor_stats_inhouse_vendor(NEW.game_id), NEW.member_id,
                                 coalesce(NEW.settled_at, now()), 1, NEW.stake, coalesce(NEW.payout, 0));
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER vendor_stats_inhouse AFTER INSERT OR UPDATE OF state ON inhouse_rounds
      FOR EACH ROW EXECUTE FUNCTION vendor_stats_inhouse();

    -- The backfill: the same rules over the sources, set-based.
    INSERT INTO vendor_daily_stats (merchant_id, day, product_type, vendor, member_id, bet_count, valid_bet, payout)
    SELECT e.merchant_id, (e.at AT TIME ZONE m.time_zone)::date, e.product_type, e.vendor, e.member_id,
           sum(e.bets), sum(e.valid), sum(e.payout)
      FROM (SELECT s.merchant_id, agent_stats_product_type(s.vendor_id, s.member_id, s.game_session_id) AS product_type,
                   v.code AS vendor, s.member_id, s.created_at AS at,
                   CASE s.kind WHEN 'bet' THEN 1 WHEN 'rollback' THEN -1 ELSE 0 END AS bets,
                   CASE s.kind WHEN 'bet' THEN s.amount WHEN 'rollback' THEN -s.amount ELSE 0 END AS valid,
                   CASE s.kind WHEN 'win' THEN s.amount ELSE 0 END AS payout
              FROM seamless_transactions s
              JOIN vendors v ON v.id = s.vendor_id AND v.code NOT LIKE 'INHOUSE\\_%'
             WHERE s.kind = 'bet' OR (s.kind IN ('win', 'rollback') AND s.amount > 0)
            UNION ALL
            SELECT r.merchant_id, 'INHOUSE', vendor_stats_inhouse_vendor(r.game_id), r.member_id,
                   coalesce(r.settled_at, r.updated_at),
                   1, r.stake, coalesce(r.payout, 0)
              FROM inhouse_rounds r WHERE r.state = 'settled') e
      JOIN merchants m ON m.id = e.merchant_id
     GROUP BY 1, 2, 3, 4, 5;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER vendor_stats_seamless ON seamless_transactions;
    DROP TRIGGER vendor_stats_inhouse ON inhouse_rounds;
    DROP FUNCTION vendor_stats_seamless, vendor_stats_inhouse, vendor_stats_inhouse_vendor, vendor_stats_add;
    DROP TABLE vendor_daily_stats;
  `.execute(db);
}

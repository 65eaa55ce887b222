import { sql, type Kysely } from 'kysely';

/**
 * Issue 11, the lobby beside the catalogue of 0011:
 * - game_lanes: the order of the lobby's lanes (§3 Vendor lane titles) per merchant; a title
 *   without a row keeps its default place (modules/games/catalogue/lanes.ts).
 * - catalogue triggers: every write to game_vendors, games or game_lanes bumps the merchant's
 *   catalogue_changes.version in the writer's transaction and announces it on the
 *   khela_cache_changes channel (delivered at commit), whoever writes: the operator API, a seed,
 *   a script. Instances drop their lobby cache when they hear it.
 * - site triggers: writes to what every request reads (merchants and their domains, switches,
 *   maintenance windows, region rules) are announced on the same channel, so instances that cache
 *   them per request drop them.
 * - seamless_transactions.game_session_id: the session a win came through (its token), so the
 *   winner board and the rank list know the game (game_sessions.game_id).
 * - jackpot_pools: the display-only jackpot of each merchant (modules/games/catalogue/jackpot.ts):
 *   a seed plus a share of the bet stakes, counted by id range as they settle.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE game_lanes (
      merchant_id integer NOT NULL REFERENCES merchants(id),
      title       text NOT NULL
                  CHECK (title IN ('LIVE','RNG','FISH','PVP','SPORTS','ESPORTS','COCKFIGHT','LOTT','ELOTT','INHOUSE')),
      sort_order  integer NOT NULL,
      PRIMARY KEY (merchant_id, title)
    );

    CREATE FUNCTION catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      v_merchant integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.merchant_id ELSE NEW.merchant_id END;
    BEGIN
      INSERT INTO catalogue_changes AS c (merchant_id) VALUES (v_merchant)
        ON CONFLICT (merchant_id) DO UPDATE SET version = c.version + 1, changed_at = now();
      -- One payload per merchant: PostgreSQL folds repeats of it within a transaction into one.
      PERFORM pg_notify('khela_cache_changes', json_build_object('scope', 'catalogue', 'merchantId', v_merchant)::text);
      RETURN NULL;
    END $$;
    CREATE TRIGGER game_vendors_changed AFTER INSERT OR UPDATE OR DELETE ON game_vendors
      FOR EACH ROW EXECUTE FUNCTION catalogue_changed();
    CREATE TRIGGER games_changed AFTER INSERT OR UPDATE OR DELETE ON games
      FOR EACH ROW EXECUTE FUNCTION catalogue_changed();
    CREATE TRIGGER game_lanes_changed AFTER INSERT OR UPDATE OR DELETE ON game_lanes
      FOR EACH ROW EXECUTE FUNCTION catalogue_changed();

    CREATE FUNCTION site_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      v_merchant integer;
    BEGIN
      IF TG_TABLE_NAME = 'merchants' THEN
        v_merchant := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
      ELSE
        v_merchant := CASE WHEN TG_OP = 'DELETE' THEN OLD.merchant_id ELSE NEW.merchant_id END;
      END IF;
      PERFORM pg_notify('khela_cache_changes', json_build_object('scope', 'site', 'merchantId', v_merchant)::text);
      RETURN NULL;
    END $$;
    CREATE TRIGGER merchants_changed AFTER INSERT OR UPDATE OR DELETE ON merchants
      FOR EACH ROW EXECUTE FUNCTION site_changed();
    CREATE TRIGGER merchant_domains_changed AFTER INSERT OR UPDATE OR DELETE ON merchant_domains
      FOR EACH ROW EXECUTE FUNCTION site_changed();
    CREATE TRIGGER whitelabel_switches_changed AFTER INSERT OR UPDATE OR DELETE ON whitelabel_switches
      FOR EACH ROW EXECUTE FUNCTION site_changed();
    CREATE TRIGGER maintenance_windows_changed AFTER INSERT OR UPDATE OR DELETE ON maintenance_windows
      FOR EACH ROW EXECUTE FUNCTION site_changed();
    CREATE TRIGGER region_rules_changed AFTER INSERT OR UPDATE OR DELETE ON region_rules
      FOR EACH ROW EXECUTE FUNCTION site_changed();

    ALTER TABLE seamless_transactions ADD COLUMN game_session_id bigint REFERENCES game_sessions(id);
    -- The winner board and the rank list: a merchant's wins of the last days.
    CREATE INDEX seamless_transactions_recent_wins ON seamless_transactions (merchant_id, created_at)
      WHERE kind = 'win' AND game_session_id IS NOT NULL;

    CREATE TABLE jackpot_pools (
      merchant_id         integer PRIMARY KEY REFERENCES merchants(id),
      seed_amount         bigint NOT NULL CHECK (seed_amount >= 0),
      share_basis_points  integer NOT NULL CHECK (share_basis_points BETWEEN 0 AND 10000),
      -- Stakes of the bets with ids up to counted_through_id; ids up to pending_through_id were
      -- handed out by pending_since and are counted once every transaction then open has ended.
      stakes              bigint NOT NULL DEFAULT 0,
      counted_through_id  bigint NOT NULL DEFAULT 0,
      pending_through_id  bigint NOT NULL DEFAULT 0,
      pending_since       timestamptz NOT NULL DEFAULT now(),
      updated_at          timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE jackpot_pools;
    DROP INDEX seamless_transactions_recent_wins;
    ALTER TABLE seamless_transactions DROP COLUMN game_session_id;
    DROP TRIGGER merchants_changed ON merchants;
    DROP TRIGGER merchant_domains_changed ON merchant_domains;
    DROP TRIGGER whitelabel_switches_changed ON whitelabel_switches;
    DROP TRIGGER maintenance_windows_changed ON maintenance_windows;
    DROP TRIGGER region_rules_changed ON region_rules;
    DROP FUNCTION site_changed();
    DROP TRIGGER game_vendors_changed ON game_vendors;
    DROP TRIGGER games_changed ON games;
    DROP TRIGGER game_lanes_changed ON game_lanes;
    DROP FUNCTION catalogue_changed();
    DROP TABLE game_lanes;
  `.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * Issue 11, the games platform (§3 Game and Vendor lane, ARCHITECTURE §5):
 * - game_vendors: the catalogue's vendors (the spec's vassalage) per merchant: display names per
 *   language, the §3 category, how money reaches their games (seamless: they call our wallet;
 *   transfer: we move money to their wallet; inhouse: our own engines, issue 12), the API
 *   partner (`vendors`, one integration may serve many vassalages and merchants), the launch URL
 *   template, lobby status and order. Unique per merchant, so two merchants may both offer "EVO".
 * - games: one row per game or VASSALAGE tile (§3 isGame): the vendor's game code, our node id
 *   (the row id: favourites and recents name it), names per language, icons, classification,
 *   hot and new flags, status and bet limits.
 * - favourite_games, recent_games: §4, per member; a recent row is updated at every launch.
 * - game_sessions.game_id: a launch names the game it opened (null only for the dev shortcut).
 * - catalogue_changes: one row per merchant whose version every operator change bumps (in the
 *   change's transaction); instances keep lobby caches keyed by it and hear changes by NOTIFY.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE game_vendors (
      id                  serial PRIMARY KEY,
      merchant_id         integer NOT NULL REFERENCES merchants(id),
      vassalage           text NOT NULL CHECK (vassalage ~ '^[A-Z0-9_]{2,32}$'),
      display_name        jsonb NOT NULL,
      logo_url            text CHECK (length(logo_url) <= 2048),
      category            text NOT NULL
                          CHECK (category IN ('LIVE','RNG','FISH','PVP','SPORTS','ESPORTS','COCKFIGHT','LOTT','ELOTT')),
      wallet_mode         text NOT NULL CHECK (wallet_mode IN ('seamless','transfer','inhouse')),
      integration_id      integer REFERENCES vendors(id),
      launch_url_template text NOT NULL DEFAULT '' CHECK (length(launch_url_template) <= 2048),
      currencies          text[] NOT NULL DEFAULT '{BDT}',
      status              text NOT NULL DEFAULT 'on' CHECK (status IN ('on','maintenance','off')),
      sort_order          integer NOT NULL DEFAULT 0,
      supports_trial      boolean NOT NULL DEFAULT false,
      created_at          timestamptz NOT NULL DEFAULT now(),
      updated_at          timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_id, vassalage),
      CHECK ((wallet_mode = 'inhouse') = (integration_id IS NULL))
    );

    CREATE TABLE games (
      id              serial PRIMARY KEY,
      merchant_id     integer NOT NULL REFERENCES merchants(id),
      vendor_id       integer NOT NULL REFERENCES game_vendors(id),
      game_code       text NOT NULL CHECK (game_code ~ '^[A-Za-z0-9_.:-]{1,64}$'),
      vendor_game_id  text NOT NULL CHECK (length(vendor_game_id) BETWEEN 1 AND 64),
      is_game         text NOT NULL DEFAULT 'GAME' CHECK (is_game IN ('GAME','VASSALAGE')),
      game_type       text NOT NULL CHECK (game_type ~ '^[A-Z0-9_]{2,16}$'),
      name            jsonb NOT NULL,
      icon_url        text CHECK (length(icon_url) <= 2048),
      large_icon_url  text CHECK (length(large_icon_url) <= 2048),
      game_classify   text CHECK (game_classify ~ '^[A-Z0-9_]{1,32}$'),
      hot             boolean NOT NULL DEFAULT false,
      hot_rank        integer,
      is_new          boolean NOT NULL DEFAULT false,
      status          text NOT NULL DEFAULT 'on' CHECK (status IN ('on','maintenance','off')),
      min_bet         bigint NOT NULL DEFAULT 100 CHECK (min_bet > 0),
      max_bet         bigint NOT NULL DEFAULT 10000000 CHECK (max_bet >= min_bet),
      sort_order      integer NOT NULL DEFAULT 0,
      created_at      timestamptz NOT NULL DEFAULT now(),
      updated_at      timestamptz NOT NULL DEFAULT now(),
      UNIQUE (vendor_id, game_code)
    );
    CREATE INDEX games_lobby ON games (merchant_id, game_type, sort_order, id) WHERE status <> 'off';
    CREATE INDEX games_hot ON games (merchant_id, hot_rank) WHERE hot AND status <> 'off';

    CREATE TABLE favourite_games (
      member_id  integer NOT NULL REFERENCES members(id),
      game_id    integer NOT NULL REFERENCES games(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, game_id)
    );

    CREATE TABLE recent_games (
      member_id        integer NOT NULL REFERENCES members(id),
      game_id          integer NOT NULL REFERENCES games(id),
      last_launched_at timestamptz NOT NULL DEFAULT now(),
      launches         integer NOT NULL DEFAULT 1,
      PRIMARY KEY (member_id, game_id)
    );
    CREATE INDEX recent_games_latest ON recent_games (member_id, last_launched_at DESC);

    ALTER TABLE game_sessions ADD COLUMN game_id integer REFERENCES games(id);

    CREATE TABLE catalogue_changes (
      merchant_id integer PRIMARY KEY REFERENCES merchants(id),
      version     bigint NOT NULL DEFAULT 1,
      changed_at  timestamptz NOT NULL DEFAULT now()
    );

    -- The lobby's switches (§7: hot games, favourites, recents) start as the game launch switch is.
    INSERT INTO whitelabel_switches (merchant_id, mod_id, enabled)
    SELECT s.merchant_id, m.mod_id, s.enabled
    FROM whitelabel_switches s CROSS JOIN (VALUES ('GAMELOHOT3'), ('GAMELOFAV3'), ('GAMELOREC3')) AS m(mod_id)
    WHERE s.mod_id = 'GAMELO3'
    ON CONFLICT DO NOTHING;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM whitelabel_switches WHERE mod_id IN ('GAMELOHOT3', 'GAMELOFAV3', 'GAMELOREC3');
    DROP TABLE catalogue_changes;
    ALTER TABLE game_sessions DROP COLUMN game_id;
    DROP TABLE recent_games, favourite_games, games, game_vendors;
  `.execute(db);
}

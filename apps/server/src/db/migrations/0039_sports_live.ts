import { sql, type Kysely } from 'kysely';

/**
 * Issue 15 item 3, the sportsbook's live side (modules/sports/live, modules/sports/feed):
 * - triggers on sports_selections (odds), sports_markets (status) and sports_events (new, status,
 *   score) NOTIFY 'sports_changes' with a small JSON, at commit, to every server instance; each
 *   passes it to its open pages over SSE (GET /wps/sports/live).
 * - sports_feeds: the data feeds a merchant's book follows (the sandbox feed in development), each
 *   with its cursor: the feed pass applies changes after it and moves it in the same transaction,
 *   so a restart neither loses nor repeats a change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION sports_notify_odds() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('sports_changes', json_build_object(
        'kind', 'odds',
        'merchantId', (SELECT merchant_id FROM sports_events WHERE id = NEW.event_id),
        'eventId', NEW.event_id, 'marketId', NEW.market_id, 'selectionId', NEW.id, 'odds', NEW.odds)::text);
      RETURN NULL;
    END $$;
    CREATE TRIGGER sports_selections_live AFTER UPDATE OF odds ON sports_selections
      FOR EACH ROW WHEN (OLD.odds IS DISTINCT FROM NEW.odds) EXECUTE FUNCTION sports_notify_odds();

    CREATE FUNCTION sports_notify_market() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('sports_changes', json_build_object(
        'kind', 'market',
        'merchantId', (SELECT merchant_id FROM sports_events WHERE id = NEW.event_id),
        'eventId', NEW.event_id, 'marketId', NEW.id, 'status', NEW.status)::text);
      RETURN NULL;
    END $$;
    CREATE TRIGGER sports_markets_live AFTER UPDATE OF status ON sports_markets
      FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION sports_notify_market();

    CREATE FUNCTION sports_notify_event() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('sports_changes', json_build_object(
        'kind', 'event', 'merchantId', NEW.merchant_id, 'eventId', NEW.id, 'status', NEW.status,
        'home', NEW.home_score, 'away', NEW.away_score)::text);
      RETURN NULL;
    END $$;
    CREATE TRIGGER sports_events_live_new AFTER INSERT ON sports_events
      FOR EACH ROW EXECUTE FUNCTION sports_notify_event();
    CREATE TRIGGER sports_events_live AFTER UPDATE OF status, home_score, away_score ON sports_events
      FOR EACH ROW WHEN (
        OLD.status IS DISTINCT FROM NEW.status
        OR OLD.home_score IS DISTINCT FROM NEW.home_score
        OR OLD.away_score IS DISTINCT FROM NEW.away_score
      ) EXECUTE FUNCTION sports_notify_event();

    CREATE TABLE sports_feeds (
      id             serial PRIMARY KEY,
      merchant_id    integer NOT NULL REFERENCES merchants(id),
      name           text NOT NULL CHECK (name ~ '^[A-Za-z0-9_-]{1,40}$'),
      url            text NOT NULL CHECK (url ~ '^https?://' AND length(url) <= 2048),
      status         text NOT NULL DEFAULT 'on' CHECK (status IN ('on', 'off')),
      cursor         text,
      applied        bigint NOT NULL DEFAULT 0,
      last_pulled_at timestamptz,
      last_error     text,
      created_at     timestamptz NOT NULL DEFAULT now(),
      updated_at     timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_id, name)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE sports_feeds;
    DROP TRIGGER sports_events_live ON sports_events;
    DROP TRIGGER sports_events_live_new ON sports_events;
    DROP TRIGGER sports_markets_live ON sports_markets;
    DROP TRIGGER sports_selections_live ON sports_selections;
    DROP FUNCTION sports_notify_event(), sports_notify_market(), sports_notify_odds();
  `.execute(db);
}

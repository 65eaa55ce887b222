import { sql, type Kysely } from 'kysely';

/**
 * Sessions checked once are trusted by an instance for a few seconds (modules/sessions
 * member-sessions.ts): whatever ends a session, or changes who its member is, announces it on
 * khela_cache_changes (scope `sessions`, as 0012 does for the catalogue and the site), delivered at
 * the writer's commit to every instance, which forgets the merchant's checked sessions. A session
 * revoked or cut short, deleted; a member's status, type or name changed, the member deleted. The
 * idle clock's slide (last_seen) announces nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      v_merchant integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.merchant_id ELSE NEW.merchant_id END;
    BEGIN
      -- One payload per merchant: PostgreSQL folds repeats of it within a transaction into one.
      PERFORM pg_notify('khela_cache_changes', json_build_object('scope', 'sessions', 'merchantId', v_merchant)::text);
      RETURN NULL;
    END $$;
    CREATE TRIGGER member_sessions_ended AFTER UPDATE ON member_sessions FOR EACH ROW
      WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
            OR OLD.member_id IS DISTINCT FROM NEW.member_id OR OLD.merchant_id IS DISTINCT FROM NEW.merchant_id)
      EXECUTE FUNCTION sessions_changed();
    CREATE TRIGGER member_sessions_deleted AFTER DELETE ON member_sessions
      FOR EACH ROW EXECUTE FUNCTION sessions_changed();
    CREATE TRIGGER members_sessions_changed AFTER UPDATE ON members FOR EACH ROW
      WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.type IS DISTINCT FROM NEW.type
            OR OLD.username IS DISTINCT FROM NEW.username OR OLD.merchant_id IS DISTINCT FROM NEW.merchant_id)
      EXECUTE FUNCTION sessions_changed();
    CREATE TRIGGER members_deleted_sessions AFTER DELETE ON members
      FOR EACH ROW EXECUTE FUNCTION sessions_changed();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER members_deleted_sessions ON members;
    DROP TRIGGER members_sessions_changed ON members;
    DROP TRIGGER member_sessions_deleted ON member_sessions;
    DROP TRIGGER member_sessions_ended ON member_sessions;
    DROP FUNCTION sessions_changed;
  `.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * Issue 13 item 6 (§2 Refer and Earn): referral rewards paid from the house to the inviter
 * (docs/adr/0013-referral-rewards.md).
 *
 * - referral_settings: one row per merchant, kept by operators; off by default. `starts_on` is the
 *   first merchant-local day that earns (set each time the programme is switched on) and
 *   `paid_through` the cursor: every day up to it has been paid.
 * - referral_rewards: one row per paid reward — an invitee's commission for a day, or the bonus for
 *   its first approved deposit (at most one per invitee) — with its one ledger transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE referral_settings (
      merchant_id         integer PRIMARY KEY REFERENCES merchants(id),
      enabled             boolean NOT NULL DEFAULT false,
      commission_bp       integer NOT NULL DEFAULT 0 CHECK (commission_bp BETWEEN 0 AND 10000),
      daily_cap           bigint CHECK (daily_cap IS NULL OR daily_cap > 0),
      first_deposit_bonus bigint NOT NULL DEFAULT 0 CHECK (first_deposit_bonus >= 0),
      first_deposit_min   bigint NOT NULL DEFAULT 0 CHECK (first_deposit_min >= 0),
      starts_on           date,
      paid_through        date,
      updated_at          timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE referral_rewards (
      id                    bigserial PRIMARY KEY,
      merchant_id           integer NOT NULL REFERENCES merchants(id),
      inviter_id            integer NOT NULL REFERENCES members(id),
      invitee_id            integer NOT NULL REFERENCES members(id),
      reason                text NOT NULL CHECK (reason IN ('commission', 'first_deposit')),
      day                   date NOT NULL,
      basis                 bigint NOT NULL CHECK (basis >= 0),
      rate_bp               integer NOT NULL DEFAULT 0,
      amount                bigint NOT NULL CHECK (amount > 0),
      ledger_transaction_id bigint REFERENCES ledger_transactions (id),
      created_at            timestamptz NOT NULL DEFAULT now(),
      UNIQUE (invitee_id, reason, day)
    );
    CREATE UNIQUE INDEX referral_rewards_one_first_deposit ON referral_rewards (invitee_id) WHERE reason = 'first_deposit';
    CREATE INDEX referral_rewards_inviter ON referral_rewards (inviter_id, invitee_id) INCLUDE (amount);

    -- The site info tells whether the programme runs (§2 invite shortcut): switching it drops the
    -- kept site answers (migration 0012's site_changed); the worker's cursor moving does not.
    CREATE TRIGGER referral_settings_added AFTER INSERT OR DELETE ON referral_settings
      FOR EACH ROW EXECUTE FUNCTION site_changed();
    CREATE TRIGGER referral_settings_switched AFTER UPDATE OF enabled ON referral_settings
      FOR EACH ROW WHEN (OLD.enabled IS DISTINCT FROM NEW.enabled) EXECUTE FUNCTION site_changed();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE referral_rewards;
    DROP TABLE referral_settings;
  `.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * Issue 14 items 1 and 2 (§2 /promotions, reward and activity centre; §4 activity statuses):
 * operator-defined promotions and each member's participation in them (docs/adr/0016-promotions.md).
 *
 * - promotions: one row per promotion of a merchant, with its §2 category, bilingual title and
 *   sanitised body, eligibility, trigger, reward, turnover multiple, approval flag and period.
 * - promotion_participations: one row per (promotion, member, period); its status moves only through
 *   the §4 state machine (modules/promotions/status-machine.ts). A paid row names its one ledger
 *   transaction, keyed `promotion:<promotion>:<member>:<period>`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE promotions (
      id                   serial PRIMARY KEY,
      merchant_id          integer NOT NULL REFERENCES merchants(id),
      category             text NOT NULL CHECK (category IN ('sports', 'live', 'slots', 'cards', 'fish', 'lotto',
                             'rebate', 'pointsMall', 'ranking', 'deposit', 'newbie', 'others')),
      title                jsonb NOT NULL,
      body                 jsonb NOT NULL,
      image_url            text,
      enabled              boolean NOT NULL DEFAULT true,
      starts_at            timestamptz NOT NULL,
      ends_at              timestamptz,
      trigger              text NOT NULL CHECK (trigger IN ('sign_up', 'deposit', 'join', 'check_in', 'bet_volume')),
      reward_kind          text NOT NULL CHECK (reward_kind IN ('fixed', 'percent', 'points', 'raffle_tickets')),
      reward_amount        bigint CHECK (reward_amount IS NULL OR reward_amount > 0),
      reward_rate_bp       integer CHECK (reward_rate_bp IS NULL OR reward_rate_bp BETWEEN 1 AND 100000),
      reward_cap           bigint CHECK (reward_cap IS NULL OR reward_cap > 0),
      min_basis            bigint CHECK (min_basis IS NULL OR min_basis > 0),
      turnover_multiple    integer NOT NULL DEFAULT 1 CHECK (turnover_multiple BETWEEN 0 AND 100),
      requires_approval    boolean NOT NULL DEFAULT false,
      period               text NOT NULL CHECK (period IN ('once', 'daily', 'weekly')),
      new_member_days      integer CHECK (new_member_days IS NULL OR new_member_days > 0),
      min_deposit_count    integer CHECK (min_deposit_count IS NULL OR min_deposit_count >= 0),
      max_deposit_count    integer CHECK (max_deposit_count IS NULL OR max_deposit_count >= 0),
      min_vip_level        integer CHECK (min_vip_level IS NULL OR min_vip_level >= 0),
      one_per_device       boolean NOT NULL DEFAULT false,
      one_per_payment_account boolean NOT NULL DEFAULT false,
      sort                 integer NOT NULL DEFAULT 0,
      created_at           timestamptz NOT NULL DEFAULT now(),
      updated_at           timestamptz NOT NULL DEFAULT now(),
      CHECK (ends_at IS NULL OR ends_at > starts_at)
    );
    CREATE INDEX promotions_merchant ON promotions (merchant_id, sort, id);

    CREATE TABLE promotion_participations (
      id                    bigserial PRIMARY KEY,
      merchant_id           integer NOT NULL REFERENCES merchants(id),
      promotion_id          integer NOT NULL REFERENCES promotions(id),
      member_id             integer NOT NULL REFERENCES members(id),
      period_key            text NOT NULL,
      period_start          date NOT NULL,
      period_end            date,
      status                text NOT NULL CHECK (status IN ('join', 'claim', 'applying', 'close', 'rejected',
                              'issued', 'claimed', 'process', 'joined', 'signed', 'coming_soon')),
      basis                 bigint,
      amount                bigint CHECK (amount IS NULL OR amount > 0),
      device_key            text,
      payment_accounts      text[] NOT NULL DEFAULT '{}',
      deposit_id            bigint,
      ledger_transaction_id bigint REFERENCES ledger_transactions (id),
      decided_by            integer,
      reason                text,
      created_at            timestamptz NOT NULL DEFAULT now(),
      updated_at            timestamptz NOT NULL DEFAULT now(),
      UNIQUE (promotion_id, member_id, period_key)
    );
    CREATE INDEX promotion_participations_member ON promotion_participations (member_id, created_at DESC, id DESC);
    CREATE INDEX promotion_participations_open ON promotion_participations (merchant_id, status)
      WHERE status IN ('joined', 'process', 'claim', 'applying');
    CREATE INDEX promotion_participations_device ON promotion_participations (promotion_id, device_key)
      WHERE device_key IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE promotion_participations;
    DROP TABLE promotions;
  `.execute(db);
}

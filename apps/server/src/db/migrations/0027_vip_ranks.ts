import { sql, type Kysely } from 'kysely';

/**
 * Issue 14 item 4 (§1 "VIP and rank benefits", §2 VIP Bonus): ranks by monthly turnover, their
 * bonuses from the house (docs/adr/0015-vip-ranks.md).
 *
 * - vip_ranks: a merchant's ranks, level 1 upwards; the monthly valid bet that reaches each one
 *   (strictly increasing with the level), the one-off promotion bonus and the monthly bonus.
 * - vip_rank_history: append-only; a member's current rank is its latest row (level 0: no rank).
 * - vip_bonuses: one row per paid bonus with its one ledger transaction: a promotion bonus at most
 *   once per (member, level), a monthly bonus at most once per (member, month).
 * - vip_review_state: per merchant, the last month whose 1st-of-month review has run (the cursor
 *   that catches up after downtime).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE vip_ranks (
      merchant_id      integer NOT NULL REFERENCES merchants(id),
      level            integer NOT NULL CHECK (level BETWEEN 1 AND 50),
      name_bn          text NOT NULL CHECK (length(name_bn) BETWEEN 1 AND 40),
      name_en          text NOT NULL CHECK (length(name_en) BETWEEN 1 AND 40),
      monthly_turnover bigint NOT NULL CHECK (monthly_turnover > 0),
      promotion_bonus  bigint NOT NULL DEFAULT 0 CHECK (promotion_bonus >= 0),
      monthly_bonus    bigint NOT NULL DEFAULT 0 CHECK (monthly_bonus >= 0),
      updated_at       timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_id, level)
    );

    CREATE TABLE vip_rank_history (
      id          bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      member_id   integer NOT NULL REFERENCES members(id),
      level       integer NOT NULL CHECK (level >= 0),
      from_at     timestamptz NOT NULL DEFAULT now(),
      reason      text NOT NULL CHECK (reason IN ('promotion', 'review')),
      month       date NOT NULL,
      turnover    bigint NOT NULL CHECK (turnover >= 0)
    );
    CREATE INDEX vip_rank_history_member ON vip_rank_history (member_id, id DESC) INCLUDE (level);
    CREATE INDEX vip_rank_history_merchant ON vip_rank_history (merchant_id, member_id);

    CREATE FUNCTION vip_rank_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'vip_rank_history is append-only';
    END $$;
    CREATE TRIGGER vip_rank_history_append_only BEFORE UPDATE OR DELETE ON vip_rank_history
      FOR EACH ROW EXECUTE FUNCTION vip_rank_history_append_only();

    CREATE TABLE vip_bonuses (
      id                    bigserial PRIMARY KEY,
      merchant_id           integer NOT NULL REFERENCES merchants(id),
      member_id             integer NOT NULL REFERENCES members(id),
      kind                  text NOT NULL CHECK (kind IN ('promotion', 'monthly')),
      level                 integer NOT NULL CHECK (level >= 1),
      month                 date NOT NULL,
      amount                bigint NOT NULL CHECK (amount > 0),
      ledger_transaction_id bigint REFERENCES ledger_transactions (id),
      created_at            timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX vip_bonuses_one_promotion ON vip_bonuses (member_id, level) WHERE kind = 'promotion';
    CREATE UNIQUE INDEX vip_bonuses_one_monthly ON vip_bonuses (member_id, month) WHERE kind = 'monthly';

    CREATE TABLE vip_review_state (
      merchant_id    integer PRIMARY KEY REFERENCES merchants(id),
      reviewed_month date NOT NULL
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE vip_review_state;
    DROP TABLE vip_bonuses;
    DROP TABLE vip_rank_history;
    DROP FUNCTION vip_rank_history_append_only();
    DROP TABLE vip_ranks;
  `.execute(db);
}

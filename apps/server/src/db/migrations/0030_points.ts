import { sql, type Kysely } from 'kysely';

/**
 * Issue 14 item 3 (§3 PTSYS3, points never expire): the points mall (docs/adr/0018-points-mall.md).
 *
 * - point_settings: one row per merchant (no row: earning off); `earned_through` is the earning
 *   job's cursor over settled bets and approved deposits; which conversions are served.
 * - point_rates: the "exchange rate table": per point type (LIVE, LOTT, PVP, RNG, SPORTS, deposit,
 *   redeem) `points` points for every `amount` minor units of valid bet or deposit; `redeem` is the
 *   cash ⇄ points ratio of conversions.
 * - point_accounts / point_entries: the points ledger, same rules as money: integer points, entries
 *   append-only and unique per (merchant, idempotency key), a stored balance never below zero.
 * - point_earned_sources: every bet or deposit that earned (or was counted towards) points, once;
 *   point_carry keeps what was below one point per member and type for the next pass.
 * - point_goods / point_redemptions: goods with stock; a redemption reserves points and stock at once
 *   and is approved (stock consumed) or rejected (points and stock back) by an operator.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE point_settings (
      merchant_id     integer PRIMARY KEY REFERENCES merchants(id),
      enabled         boolean NOT NULL DEFAULT false,
      earned_through  timestamptz,
      cash_to_points  boolean NOT NULL DEFAULT true,
      points_to_cash  boolean NOT NULL DEFAULT true,
      updated_at      timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE point_rates (
      merchant_id integer NOT NULL REFERENCES merchants(id),
      point_type  text NOT NULL CHECK (point_type IN ('LIVE', 'LOTT', 'PVP', 'RNG', 'SPORTS', 'deposit', 'redeem')),
      amount      bigint NOT NULL CHECK (amount > 0),
      points      bigint NOT NULL CHECK (points > 0),
      PRIMARY KEY (merchant_id, point_type)
    );

    CREATE TABLE point_accounts (
      member_id   integer PRIMARY KEY REFERENCES members(id),
      merchant_id integer NOT NULL REFERENCES merchants(id),
      balance     bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
      updated_at  timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE point_entries (
      id              bigserial PRIMARY KEY,
      merchant_id     integer NOT NULL REFERENCES merchants(id),
      member_id       integer NOT NULL REFERENCES members(id),
      idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 200),
      kind            text NOT NULL CHECK (kind IN ('earn', 'redeem', 'redeem_refund', 'convert_in', 'convert_out', 'adjust')),
      amount          bigint NOT NULL CHECK (amount <> 0),
      balance_after   bigint NOT NULL CHECK (balance_after >= 0),
      remark          text NOT NULL DEFAULT '',
      reference       jsonb NOT NULL DEFAULT '{}',
      created_at      timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_id, idempotency_key)
    );
    CREATE INDEX point_entries_member ON point_entries (member_id, id DESC);
    CREATE TRIGGER point_entries_append_only BEFORE UPDATE OR DELETE ON point_entries
      FOR EACH ROW EXECUTE FUNCTION refuse_change();
    CREATE TRIGGER point_entries_no_truncate BEFORE TRUNCATE ON point_entries
      FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();

    CREATE TABLE point_earned_sources (
      merchant_id integer NOT NULL REFERENCES merchants(id),
      source      text NOT NULL,
      member_id   integer NOT NULL REFERENCES members(id),
      point_type  text NOT NULL,
      basis       bigint NOT NULL CHECK (basis >= 0),
      created_at  timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_id, source)
    );

    CREATE TABLE point_carry (
      member_id  integer NOT NULL REFERENCES members(id),
      point_type text NOT NULL,
      basis      bigint NOT NULL CHECK (basis >= 0),
      PRIMARY KEY (member_id, point_type)
    );

    CREATE TABLE point_goods (
      id                 serial PRIMARY KEY,
      merchant_id        integer NOT NULL REFERENCES merchants(id),
      name               jsonb NOT NULL,
      image_url          text NOT NULL DEFAULT '',
      quantity           integer NOT NULL CHECK (quantity >= 0),
      stock              integer NOT NULL CHECK (stock >= 0),
      points_required    bigint NOT NULL CHECK (points_required > 0),
      amount_required    bigint NOT NULL DEFAULT 0 CHECK (amount_required >= 0),
      enabled            boolean NOT NULL DEFAULT true,
      sort               integer NOT NULL DEFAULT 0,
      created_at         timestamptz NOT NULL DEFAULT now(),
      updated_at         timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX point_goods_merchant ON point_goods (merchant_id, sort, id);

    CREATE TABLE point_redemptions (
      id               bigserial PRIMARY KEY,
      merchant_id      integer NOT NULL REFERENCES merchants(id),
      member_id        integer NOT NULL REFERENCES members(id),
      goods_id         integer NOT NULL REFERENCES point_goods(id),
      reference_number text NOT NULL UNIQUE,
      request_id       text NOT NULL,
      goods_name       jsonb NOT NULL,
      quantity         integer NOT NULL CHECK (quantity > 0),
      points           bigint NOT NULL CHECK (points > 0),
      address          text NOT NULL,
      mobile           text NOT NULL,
      status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
      reason           text,
      reviewed_by      integer REFERENCES operators(id),
      reviewed_at      timestamptz,
      created_at       timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member_id, request_id)
    );
    CREATE INDEX point_redemptions_member ON point_redemptions (member_id, id DESC);
    CREATE INDEX point_redemptions_queue ON point_redemptions (merchant_id, status, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE point_redemptions;
    DROP TABLE point_goods;
    DROP TABLE point_carry;
    DROP TABLE point_earned_sources;
    DROP TABLE point_entries;
    DROP TABLE point_accounts;
    DROP TABLE point_rates;
    DROP TABLE point_settings;
  `.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * Issue 14 item 5 (§3 PLYRBT, MANPLAYREB3): player rebates on valid bets, per §3 product type,
 * paid from the house into the bonus wallet (docs/adr/0014-rebates.md).
 *
 * - rebate_settings: one row per merchant (no row: off); `starts_on` is the first merchant-local
 *   day that earns (set when switched on) and `paid_through` the automatic job's cursor.
 * - rebate_rates: per merchant and product type a rate in basis points, a daily cap per member and
 *   whether it is paid by the job (auto) or claimed by the member (manual).
 * - rebates: one row per paid rebate, unique per (member, day, product type), with its one ledger
 *   transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rebate_settings (
      merchant_id  integer PRIMARY KEY REFERENCES merchants(id),
      enabled      boolean NOT NULL DEFAULT false,
      starts_on    date,
      paid_through date,
      updated_at   timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE rebate_rates (
      merchant_id  integer NOT NULL REFERENCES merchants(id),
      product_type text NOT NULL,
      rate_bp      integer NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000),
      daily_cap    bigint CHECK (daily_cap IS NULL OR daily_cap > 0),
      mode         text NOT NULL CHECK (mode IN ('auto', 'manual')),
      PRIMARY KEY (merchant_id, product_type)
    );

    CREATE TABLE rebates (
      id                    bigserial PRIMARY KEY,
      merchant_id           integer NOT NULL REFERENCES merchants(id),
      member_id             integer NOT NULL REFERENCES members(id),
      day                   date NOT NULL,
      product_type          text NOT NULL,
      mode                  text NOT NULL CHECK (mode IN ('auto', 'manual')),
      basis                 bigint NOT NULL CHECK (basis >= 0),
      rate_bp               integer NOT NULL,
      amount                bigint NOT NULL CHECK (amount > 0),
      ledger_transaction_id bigint REFERENCES ledger_transactions (id),
      created_at            timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member_id, day, product_type)
    );
    CREATE INDEX rebates_member_recent ON rebates (member_id, created_at DESC, id DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE rebates;
    DROP TABLE rebate_rates;
    DROP TABLE rebate_settings;
  `.execute(db);
}

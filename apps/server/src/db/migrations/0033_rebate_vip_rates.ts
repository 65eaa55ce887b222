import { sql, type Kysely } from 'kysely';

/**
 * Issue 14 item 5 with item 4: rebates by VIP level (docs/adr/0014-rebates.md). A product type's
 * rebate may carry a rate per VIP level; a member whose level (at the day's end) has none earns
 * the product type's rate. The daily cap and auto/manual stay the product type's. The levels go
 * with their product type's rate (replaced together by the operator's settings call).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rebate_vip_rates (
      merchant_id  integer NOT NULL,
      product_type text NOT NULL,
      level        integer NOT NULL CHECK (level BETWEEN 1 AND 50),
      rate_bp      integer NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000),
      PRIMARY KEY (merchant_id, product_type, level),
      FOREIGN KEY (merchant_id, product_type) REFERENCES rebate_rates (merchant_id, product_type) ON DELETE CASCADE
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE rebate_vip_rates;`.execute(db);
}

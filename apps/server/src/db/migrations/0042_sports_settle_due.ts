import { sql, type Kysely } from 'kysely';

/**
 * Issue 15 Performance (ADR 0024 addendum): set-based sports settlement.
 * - sports_slips.settle_due: a result, correction or cancel marks the slips on the event in one
 *   statement; the settlement pass takes them in batches (FOR UPDATE SKIP LOCKED, id order) and
 *   clears the mark in the batch's transaction, so a pass killed mid-way is resumed by the next.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE sports_slips ADD COLUMN settle_due boolean NOT NULL DEFAULT false;
    CREATE INDEX sports_slips_settle_due ON sports_slips (id) WHERE settle_due;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX sports_slips_settle_due;
    ALTER TABLE sports_slips DROP COLUMN settle_due;
  `.execute(db);
}

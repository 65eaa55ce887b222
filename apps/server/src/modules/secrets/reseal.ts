import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SecretBox, SecretPurpose } from './secret-box.ts';

/** Every column that keeps a sealed secret, with what its secrets are for. */
const SEALED_COLUMNS = [
  { table: 'vendors', column: 'secret', purpose: 'vendor-signing' },
  { table: 'payment_channels', column: 'gateway_secret', purpose: 'gateway-callback' },
  { table: 'crash_chains', column: 'seed_sealed', purpose: 'crash-chain' },
  { table: 'operators', column: 'totp_secret', purpose: 'operator-totp' },
] as const satisfies readonly { table: string; column: string; purpose: SecretPurpose }[];

/**
 * At start-up: seals under the current key every stored secret that is in plain text (written
 * before secrets were sealed) or sealed under a previous key, so a retired key can be dropped
 * from SECRETS_PREVIOUS_KEYS after one start. Each row changes only if nobody changed it
 * meanwhile, so instances starting together do no harm. Returns how many were sealed again.
 */
export async function resealSecrets(db: Db, secrets: SecretBox): Promise<number> {
  let resealed = 0;
  for (const { table, column, purpose } of SEALED_COLUMNS) {
    // A few rows per merchant: read them all, so that only secret-box.ts knows the sealed form.
    const { rows } = await sql<{ id: number; stored: string }>`
      SELECT id, ${sql.ref(column)} AS stored FROM ${sql.table(table)} WHERE ${sql.ref(column)} IS NOT NULL`.execute(
      db,
    );
    for (const { id, stored } of rows) {
      if (secrets.isCurrent(stored)) continue;
      const plain = secrets.isSealed(stored) ? secrets.open(purpose, stored) : stored;
      const { numAffectedRows } = await sql`
        UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${secrets.seal(purpose, plain)}
         WHERE id = ${id} AND ${sql.ref(column)} = ${stored}`.execute(db);
      resealed += Number(numAffectedRows ?? 0);
    }
  }
  return resealed;
}

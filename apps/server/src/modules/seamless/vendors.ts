import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { VendorsTable } from '../../db/schema.ts';
import type { SecretBox } from '../secrets/secret-box.ts';

/** A vendor with its secret opened (the database keeps it sealed: secrets/secret-box.ts). */
export type VendorRow = Selectable<VendorsTable>;

/** 256 random bits, hex: the HMAC key a vendor signs its requests with. */
export function newVendorSecret(): string {
  return randomBytes(32).toString('hex');
}

export function vendorRepository(db: Db, secrets: SecretBox) {
  return {
    /** An active vendor by its code (unique across merchants: it names the merchant too). */
    async activeByCode(code: string): Promise<VendorRow | undefined> {
      const row = await db
        .selectFrom('vendors')
        .selectAll()
        .where('code', '=', code)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return row && { ...row, secret: secrets.open('vendor-signing', row.secret) };
    },

    async create(values: { merchantId: number; code: string; name: string; currency: string; secret?: string }) {
      const secret = values.secret ?? newVendorSecret();
      const row = await db
        .insertInto('vendors')
        .values({
          merchant_id: values.merchantId,
          code: values.code,
          name: values.name,
          currency: values.currency,
          secret: secrets.seal('vendor-signing', secret),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { ...row, secret };
    },
  };
}
export type VendorRepository = ReturnType<typeof vendorRepository>;

/** How long a vendor row is reused before it is read again (a disabled vendor stops within this). */
export const VENDOR_CACHE_MS = 5_000;

/**
 * Active vendors by code, read at most every 5 s per code: every vendor call needs its secret,
 * and this spares the database one round trip per bet.
 */
export function cachedVendors(vendors: VendorRepository, now: () => number = Date.now) {
  const cache = new Map<string, { row: VendorRow | undefined; until: number }>();
  return async (code: string): Promise<VendorRow | undefined> => {
    const hit = cache.get(code);
    if (hit && hit.until > now()) return hit.row;
    const row = await vendors.activeByCode(code);
    // Unknown codes are not cached: anyone may send them, and the map must not grow without bound.
    if (row) cache.set(code, { row, until: now() + VENDOR_CACHE_MS });
    else cache.delete(code);
    return row;
  };
}

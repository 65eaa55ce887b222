import type { Db } from '../db/database.ts';
import { vendorRepository } from '../modules/seamless/vendors.ts';
import type { SecretBox } from '../modules/secrets/secret-box.ts';

/**
 * Demo-only sandbox vendor (issue 5 item 5), so the seamless API can be tried by hand: its secret
 * is published in the README, which is why the demo seed never runs in production.
 */
export const DEMO_VENDOR = {
  code: 'SANDBOX',
  name: 'Sandbox vendor',
  secret: 'khela-sandbox-vendor-secret-0123456789abcdef',
} as const;

/**
 * The sandbox vendor's transfer-wallet twin (issue 11 item 6): the integration of the demo
 * catalogue's transfer-mode vendors. Demo data too: its secret is public.
 */
export const DEMO_TRANSFER_VENDOR = {
  code: 'SANDBOX_TW',
  name: 'Sandbox vendor (transfer wallet)',
  secret: 'khela-sandbox-transfer-wallet-secret-fedcba9876543210',
} as const;

export async function seedVendors(db: Db, merchantId: number, secrets: SecretBox): Promise<void> {
  const merchant = await db
    .selectFrom('merchants')
    .select('currency')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  const vendors = vendorRepository(db, secrets);
  await vendors.create({ merchantId, ...DEMO_VENDOR, currency: merchant.currency });
  await vendors.create({ merchantId, ...DEMO_TRANSFER_VENDOR, currency: merchant.currency });
}

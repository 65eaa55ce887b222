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

/** Where the sandbox vendor listens unless told otherwise (apps/server/src/sandbox.ts moves the demo to its real URL). */
export const SANDBOX_DEFAULT_URL = 'http://127.0.0.1:8081';

/**
 * Development: the demo's vendors play at the sandbox vendor wherever it was started. Its game
 * screens are the demo merchant's launch host (§9 launchGameCDNs), and the transfer twin takes
 * our transfer calls under /tw/wallet.
 */
export async function pointDemoAtSandbox(db: Db, url: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('vendors')
      .set({ api_url: `${url}/tw/wallet` })
      .where('code', '=', DEMO_TRANSFER_VENDOR.code)
      .execute();
    await trx
      .updateTable('merchants')
      .set({ launch_game_cdns: [url] })
      .where('id', 'in', (eb) => eb.selectFrom('vendors').select('merchant_id').where('code', '=', DEMO_VENDOR.code))
      .execute();
  });
}

export async function seedVendors(db: Db, merchantId: number, secrets: SecretBox): Promise<void> {
  const merchant = await db
    .selectFrom('merchants')
    .select('currency')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  const vendors = vendorRepository(db, secrets);
  await vendors.create({ merchantId, ...DEMO_VENDOR, currency: merchant.currency });
  const twin = await vendors.create({ merchantId, ...DEMO_TRANSFER_VENDOR, currency: merchant.currency });
  await db
    .updateTable('vendors')
    .set({ api_url: `${SANDBOX_DEFAULT_URL}/tw/wallet` })
    .where('id', '=', twin.id)
    .execute();
}

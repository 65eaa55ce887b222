import type { Db } from '../../db/database.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { vendorRepository } from '../seamless/vendors.ts';

/** Our cockfight book in the catalogue: a vendor card of the COCKFIGHT category (§2 /cockfight). */
export const COCKFIGHT_VASSALAGE = 'KHELA_CF';
export const COCKFIGHT_GAME_CODE = 'khela-cockfight';
/** The page the card opens (apps/web features/cockfight). */
export const COCKFIGHT_PAGE = '/cockfight/live';
/** The integration the book's money moves under, one per merchant (vendor codes are global). */
export const cockfightIntegrationCode = (merchantId: number) => `COCKFIGHT_${merchantId}`;

export interface CockfightBook {
  merchantId: number;
  integrationId: number;
  integrationCode: string;
  gameId: number;
}

async function findBook(db: Db, merchantId: number): Promise<CockfightBook | null> {
  const row = await db
    .selectFrom('game_vendors as gv')
    .innerJoin('games as g', 'g.vendor_id', 'gv.id')
    .innerJoin('vendors as v', 'v.id', 'gv.integration_id')
    .select(['g.id as game_id', 'v.id as integration_id', 'v.code'])
    .where('gv.merchant_id', '=', merchantId)
    .where('gv.vassalage', '=', COCKFIGHT_VASSALAGE)
    .where('g.game_code', '=', COCKFIGHT_GAME_CODE)
    .executeTakeFirst();
  return row ? { merchantId, integrationId: row.integration_id, integrationCode: row.code, gameId: row.game_id } : null;
}

/**
 * The book's rows, made on first use (an operator's first arena, or the demo seed): a vendor
 * integration disabled for the seamless API (no vendor calls as it; only this module books under
 * it), and a catalogue vendor with one game whose sessions name the member's bets, so records,
 * agent reports, rebates and points read cockfight bets as they read any vendor's (product type
 * COCKFIGHT: the catalogue category of the session's game, migration 0019).
 */
export async function ensureCockfightBook(db: Db, secrets: SecretBox, merchantId: number): Promise<CockfightBook> {
  const found = await findBook(db, merchantId);
  if (found) return found;
  const merchant = await db
    .selectFrom('merchants')
    .select('currency')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  const code = cockfightIntegrationCode(merchantId);
  const integration =
    (await db.selectFrom('vendors').select('id').where('code', '=', code).executeTakeFirst()) ??
    (await vendorRepository(db, secrets).create({
      merchantId,
      code,
      name: 'Khela cockfight book',
      currency: merchant.currency,
    }));
  await db.updateTable('vendors').set({ status: 'disabled' }).where('id', '=', integration.id).execute();
  const vendor = await db
    .insertInto('game_vendors')
    .values({
      merchant_id: merchantId,
      vassalage: COCKFIGHT_VASSALAGE,
      display_name: JSON.stringify({ en: 'Khela Cockfight', bn: 'খেলা মোরগ লড়াই' }),
      logo_url: '/games/vendors/khela-cf.svg',
      category: 'COCKFIGHT',
      wallet_mode: 'seamless',
      integration_id: integration.id,
      launch_url_template: '',
      currencies: [merchant.currency],
      sort_order: -10, // our own book first beside vendors (issue 15 item 6)
    })
    .onConflict((oc) => oc.columns(['merchant_id', 'vassalage']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (vendor) {
    await db
      .insertInto('games')
      .values({
        merchant_id: merchantId,
        vendor_id: vendor.id,
        game_code: COCKFIGHT_GAME_CODE,
        vendor_game_id: 'cockfight',
        game_type: 'COCKFIGHT',
        name: JSON.stringify({ en: 'Khela Cockfight', bn: 'খেলা মোরগ লড়াই' }),
        icon_url: '/games/khela-cf/cockfight-live.svg',
        large_icon_url: '/games/khela-cf/cockfight-live.svg',
        game_classify: 'COCKFIGHT',
        min_bet: 100n,
        max_bet: 100_000_000n,
      })
      .onConflict((oc) => oc.columns(['vendor_id', 'game_code']).doNothing())
      .execute();
  }
  const book = await findBook(db, merchantId);
  if (!book) throw new Error(`merchant ${merchantId}: the cockfight book could not be made`);
  return book;
}

import type { Db } from '../../db/database.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { makeOwnBookCatalogue } from '../games/own-book-catalogue.ts';

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

/** The book's rows, made on first use (an operator's first arena, or the demo seed). */
export async function ensureCockfightBook(db: Db, secrets: SecretBox, merchantId: number): Promise<CockfightBook> {
  const found = await findBook(db, merchantId);
  if (found) return found;
  const name = { en: 'Khela Cockfight', bn: 'খেলা মোরগ লড়াই' };
  await makeOwnBookCatalogue(db, secrets, merchantId, {
    integrationCode: cockfightIntegrationCode(merchantId),
    integrationName: 'Khela cockfight book',
    cards: [
      {
        vassalage: COCKFIGHT_VASSALAGE,
        category: 'COCKFIGHT',
        gameCode: COCKFIGHT_GAME_CODE,
        vendorGameId: 'cockfight',
        name,
        logo: '/games/vendors/khela-cf.svg',
        icon: '/games/khela-cf/cockfight-live.svg',
      },
    ],
  });
  const book = await findBook(db, merchantId);
  if (!book) throw new Error(`merchant ${merchantId}: the cockfight book could not be made`);
  return book;
}

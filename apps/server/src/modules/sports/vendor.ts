import type { Db } from '../../db/database.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { makeOwnBookCatalogue } from '../games/own-book-catalogue.ts';

/** Our sportsbook in the catalogue: a vendor card in SPORTS and one in ESPORTS (§2 /sports, /esports). */
export const SPORTS_VASSALAGE = 'KHELA_SB';
export const ESPORTS_VASSALAGE = 'KHELA_ES';
export const SPORTS_PAGE = '/sportsbook';
export const ESPORTS_PAGE = '/sportsbook?kind=ESPORTS';
/** The integration the book's money moves under, one per merchant (vendor codes are global). */
export const sportsIntegrationCode = (merchantId: number) => `SPORTS_${merchantId}`;

const CARDS = [
  {
    vassalage: SPORTS_VASSALAGE,
    category: 'SPORTS',
    gameCode: 'khela-sportsbook',
    name: { en: 'Khela Sports', bn: 'খেলা স্পোর্টস' },
    logo: '/games/vendors/khela-sb.svg',
  },
  {
    vassalage: ESPORTS_VASSALAGE,
    category: 'ESPORTS',
    gameCode: 'khela-esports',
    name: { en: 'Khela E-sports', bn: 'খেলা ই-স্পোর্টস' },
    logo: '/games/vendors/khela-es.svg',
  },
] as const;

export interface SportsVendorBook {
  merchantId: number;
  integrationId: number;
  integrationCode: string;
  /** The book's game per kind: a slip's session names it, so records and reports read SPORTS or ESPORTS. */
  games: { SPORTS: number; ESPORTS: number };
}

async function findBook(db: Db, merchantId: number): Promise<SportsVendorBook | null> {
  const rows = await db
    .selectFrom('game_vendors as gv')
    .innerJoin('games as g', 'g.vendor_id', 'gv.id')
    .innerJoin('vendors as v', 'v.id', 'gv.integration_id')
    .select(['g.id as game_id', 'gv.vassalage', 'v.id as integration_id', 'v.code'])
    .where('gv.merchant_id', '=', merchantId)
    .where('gv.vassalage', 'in', [SPORTS_VASSALAGE, ESPORTS_VASSALAGE])
    .execute();
  const sports = rows.find((r) => r.vassalage === SPORTS_VASSALAGE);
  const esports = rows.find((r) => r.vassalage === ESPORTS_VASSALAGE);
  if (!sports || !esports) return null;
  return {
    merchantId,
    integrationId: sports.integration_id,
    integrationCode: sports.code,
    games: { SPORTS: sports.game_id, ESPORTS: esports.game_id },
  };
}

/**
 * The book's catalogue rows, made on first use (the first event, or the demo seed): one vendor
 * integration disabled for the seamless API (only this module books under it), and two vendor
 * cards with one game each, sorted first beside vendors (issue 15 item 6). As with cockfight
 * (ADR 0022), each slip names the member's session of the game, so records, agent reports and
 * rebates read slips under product type SPORTS or ESPORTS.
 */
export async function ensureSportsVendorBook(
  db: Db,
  secrets: SecretBox,
  merchantId: number,
): Promise<SportsVendorBook> {
  const found = await findBook(db, merchantId);
  if (found) return found;
  await makeOwnBookCatalogue(db, secrets, merchantId, {
    integrationCode: sportsIntegrationCode(merchantId),
    integrationName: 'Khela sportsbook',
    cards: CARDS.map((card) => ({ ...card, vendorGameId: card.gameCode, icon: card.logo })),
  });
  const book = await findBook(db, merchantId);
  if (!book) throw new Error(`merchant ${merchantId}: the sportsbook's catalogue rows could not be made`);
  return book;
}

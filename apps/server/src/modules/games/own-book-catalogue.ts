import type { Db } from '../../db/database.ts';
import type { GameCategory } from '../../db/schema.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { vendorRepository } from '../seamless/vendors.ts';

/** One catalogue card of our own book: a vendor of a category with one game. */
export interface OwnBookCard {
  vassalage: string;
  category: GameCategory;
  gameCode: string;
  vendorGameId: string;
  name: { en: string; bn: string };
  logo: string;
  icon: string;
}

/**
 * The catalogue rows of one of our own books (cockfight, the sportsbook), made on first use: a
 * vendor integration disabled for the seamless API (no vendor calls as it; only the book's module
 * books under it), and per card a catalogue vendor sorted first beside vendors (issue 15 item 6)
 * with one game, whose sessions name the members' bets, so records, agent reports, rebates and
 * points read them as any vendor's (product type = the game's catalogue category, migration 0019).
 * Safe to run twice at once: every insert yields to the row already there.
 */
export async function makeOwnBookCatalogue(
  db: Db,
  secrets: SecretBox,
  merchantId: number,
  book: { integrationCode: string; integrationName: string; cards: readonly OwnBookCard[] },
): Promise<void> {
  const merchant = await db
    .selectFrom('merchants')
    .select('currency')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  const integration =
    (await db.selectFrom('vendors').select('id').where('code', '=', book.integrationCode).executeTakeFirst()) ??
    (await vendorRepository(db, secrets).create({
      merchantId,
      code: book.integrationCode,
      name: book.integrationName,
      currency: merchant.currency,
    }));
  await db.updateTable('vendors').set({ status: 'disabled' }).where('id', '=', integration.id).execute();
  for (const card of book.cards) {
    const vendor = await db
      .insertInto('game_vendors')
      .values({
        merchant_id: merchantId,
        vassalage: card.vassalage,
        display_name: JSON.stringify(card.name),
        logo_url: card.logo,
        category: card.category,
        wallet_mode: 'seamless',
        integration_id: integration.id,
        launch_url_template: '',
        currencies: [merchant.currency],
        sort_order: -10,
      })
      .onConflict((oc) => oc.columns(['merchant_id', 'vassalage']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!vendor) continue;
    await db
      .insertInto('games')
      .values({
        merchant_id: merchantId,
        vendor_id: vendor.id,
        game_code: card.gameCode,
        vendor_game_id: card.vendorGameId,
        game_type: card.category,
        name: JSON.stringify(card.name),
        icon_url: card.icon,
        large_icon_url: card.icon,
        game_classify: card.category,
        min_bet: 100n,
        max_bet: 100_000_000n,
      })
      .onConflict((oc) => oc.columns(['vendor_id', 'game_code']).doNothing())
      .execute();
  }
}

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
 * The vendor integration one of our own books moves money under, made on first use: disabled for the
 * seamless API (its secret is never shown; no vendor can call as it), so only the book's module books
 * under it. Safe to run on two instances at once: the one that loses the insert reads the winner's row.
 */
export async function ownBookIntegration(
  db: Db,
  /** Without it the integration is only found (a pass that settles what was bought makes none). */
  secrets: SecretBox | undefined,
  merchantId: number,
  book: { code: string; name: string },
  executor: Db = db,
): Promise<{ id: number; code: string; currency: string }> {
  const find = () =>
    executor
      .selectFrom('vendors')
      .select(['id', 'code', 'currency'])
      .where('code', '=', book.code)
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
  const found = await find();
  if (found) return found;
  if (!secrets) throw new Error(`${book.code}: the integration is made by the book's first use`);
  const merchant = await db
    .selectFrom('merchants')
    .select('currency')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  try {
    const created = await vendorRepository(db, secrets).create({
      merchantId,
      code: book.code,
      name: book.name,
      currency: merchant.currency,
    });
    await db.updateTable('vendors').set({ status: 'disabled' }).where('id', '=', created.id).execute();
    return { id: created.id, code: book.code, currency: created.currency };
  } catch (error) {
    const again = await find();
    if (again) return again;
    throw error;
  }
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
  const integration = await ownBookIntegration(db, secrets, merchantId, {
    code: book.integrationCode,
    name: book.integrationName,
  });
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
        currencies: [integration.currency],
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

import type { GameSummary, Language } from '@khela/contracts';
import { toDecimalString } from '@khela/money';
import type { Selectable } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { GamesTable, GameVendorsTable } from '../../../db/schema.ts';
import { pickLocalized } from '../../system/localized.ts';

export type GameRow = Selectable<GamesTable>;
export type GameVendorRow = Selectable<GameVendorsTable>;

/** A game with the vendor that serves it: what every lobby call and every launch reads. */
export interface CatalogueGame {
  game: GameRow;
  vendor: GameVendorRow;
}

/**
 * A game is listed while it and its vendor are not 'off'; a game or vendor in 'maintenance' is
 * listed and refused at launch (§8 game maintenance).
 */
export function effectiveStatus({
  game,
  vendor,
}: {
  game: Pick<CatalogueGame['game'], 'status'>;
  vendor: Pick<CatalogueGame['vendor'], 'status'>;
}): 'on' | 'maintenance' | 'off' {
  if (game.status === 'off' || vendor.status === 'off') return 'off';
  if (game.status === 'maintenance' || vendor.status === 'maintenance') return 'maintenance';
  return 'on';
}

/** §3 Game as the lobby shows it, in the request's language (the merchant's as fallback). */
export function toGameSummary(entry: CatalogueGame, language: Language, fallback: Language): GameSummary {
  const { game, vendor } = entry;
  const name = pickLocalized(game.name, language, fallback);
  return {
    nodeId: game.id,
    gameId: game.vendor_game_id,
    gameCode: game.game_code,
    vassalage: vendor.vassalage,
    vendorName: pickLocalized(vendor.display_name, language, fallback),
    isGame: game.is_game,
    gameType: game.game_type,
    gameName: name,
    displayName: name,
    iconUrl: game.icon_url,
    showIcon: game.icon_url,
    lagerIcon: game.large_icon_url,
    gameClassify: game.game_classify,
    hot: game.hot,
    isNew: game.is_new,
    status: effectiveStatus(entry) === 'maintenance' ? 'maintenance' : 'on',
    minBet: toDecimalString(game.min_bet),
    maxBet: toDecimalString(game.max_bet),
    supportsTrial: vendor.supports_trial,
  };
}

const VENDOR_COLUMNS = [
  'v.id',
  'v.merchant_id',
  'v.vassalage',
  'v.display_name',
  'v.logo_url',
  'v.category',
  'v.wallet_mode',
  'v.integration_id',
  'v.launch_url_template',
  'v.currencies',
  'v.status',
  'v.sort_order',
  'v.supports_trial',
  'v.created_at',
  'v.updated_at',
] as const;

/** Reads of the catalogue shared by the lobby, favourites, recents and launches. */
export function gamesRepository(db: Db) {
  /** Games joined with their vendors, of one merchant; callers add filters and order. */
  function gamesWithVendors(merchantId: number) {
    return db
      .selectFrom('games as g')
      .innerJoin('game_vendors as v', 'v.id', 'g.vendor_id')
      .where('g.merchant_id', '=', merchantId)
      .selectAll('g')
      .select(VENDOR_COLUMNS.map((column) => `${column} as gv_${column.slice(2)}` as const));
  }

  function split(row: Record<string, unknown>): CatalogueGame {
    const game: Record<string, unknown> = {};
    const vendor: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row)) {
      if (key.startsWith('gv_')) vendor[key.slice(3)] = value;
      else game[key] = value;
    }
    return { game: game as GameRow, vendor: vendor as GameVendorRow };
  }

  return {
    gamesWithVendors,
    /** Turns a row of gamesWithVendors back into the game and its vendor. */
    split,
    /** The game a launch or favourite names: by node id, else by game code (and vendor, when given). */
    async find(
      merchantId: number,
      by: { nodeId?: number | undefined; gameCode?: string | undefined; vassalage?: string | undefined },
    ): Promise<CatalogueGame | undefined> {
      let query = gamesWithVendors(merchantId);
      if (by.nodeId !== undefined) query = query.where('g.id', '=', by.nodeId);
      else if (by.gameCode !== undefined) query = query.where('g.game_code', '=', by.gameCode);
      else return undefined;
      if (by.vassalage) query = query.where('v.vassalage', '=', by.vassalage);
      const rows = await query.orderBy('g.id').limit(1).execute();
      return rows[0] ? split(rows[0]) : undefined;
    },
  };
}
export type GamesRepository = ReturnType<typeof gamesRepository>;

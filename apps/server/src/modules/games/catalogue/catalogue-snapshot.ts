import type { Db } from '../../../db/database.ts';
import type { LaneTitle } from '../../../db/schema.ts';
import type { ChangeFeed } from '../../../cache/change-feed.ts';
import type { SerializedEnvelope } from '../../../http/serialized-envelope.ts';
import { memoCache } from '../../../cache/memo-cache.ts';
import { gamesRepository, type CatalogueGame, type GameVendorRow } from './games-repository.ts';
import { laneOf, orderLanes } from './lanes.ts';

/** A listed vendor (not 'off') with the lane it is shown in and its listed games, in order. */
export interface VendorEntry {
  vendor: GameVendorRow;
  lane: LaneTitle;
  games: CatalogueGame[];
}

/**
 * What the lobby shows of one merchant's catalogue, read at once and kept per instance: every lobby
 * answer is computed from it (and kept in `answers`, serialized) until a change drops it.
 */
export interface CatalogueSnapshot {
  merchantId: number;
  /** Every lane title in the lobby's order (with or without vendors). */
  laneOrder: LaneTitle[];
  /** Listed vendors, by lane in lane order, then by their order. */
  vendors: VendorEntry[];
  byVassalage: Map<string, VendorEntry>;
  /** Listed games (neither they nor their vendor 'off'), in vendor order, then their own. */
  games: CatalogueGame[];
  byNodeId: Map<number, CatalogueGame>;
  /** Lower-cased names in both languages, for the search by name. */
  searchText: Map<number, string>;
  /** Serialized answers of this snapshot, by call and query. */
  answers: Map<string, SerializedEnvelope>;
}

/** How long a snapshot is served without hearing of a change (the backstop of a lost notification). */
export const CATALOGUE_CACHE_TTL_MS = 30_000;

export async function loadCatalogueSnapshot(db: Db, merchantId: number): Promise<CatalogueSnapshot> {
  const repository = gamesRepository(db);
  const [vendorRows, gameRows, placed] = await Promise.all([
    db
      .selectFrom('game_vendors')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('status', '<>', 'off')
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    repository
      .gamesWithVendors(merchantId)
      .where('g.status', '<>', 'off')
      .where('v.status', '<>', 'off')
      .orderBy('g.sort_order')
      .orderBy('g.id')
      .execute(),
    db.selectFrom('game_lanes').select(['title', 'sort_order']).where('merchant_id', '=', merchantId).execute(),
  ]);
  const laneOrder = orderLanes(placed);
  const entries = vendorRows.map((vendor): VendorEntry => ({ vendor, lane: laneOf(vendor), games: [] }));
  entries.sort((a, b) => laneOrder.indexOf(a.lane) - laneOrder.indexOf(b.lane));
  const byVendorId = new Map(entries.map((entry) => [entry.vendor.id, entry]));
  for (const row of gameRows) {
    const game = repository.split(row);
    byVendorId.get(game.vendor.id)?.games.push({ ...game, vendor: byVendorId.get(game.vendor.id)!.vendor });
  }
  const games = entries.flatMap((entry) => entry.games);
  return {
    merchantId,
    laneOrder,
    vendors: entries,
    byVassalage: new Map(entries.map((entry) => [entry.vendor.vassalage, entry])),
    games,
    byNodeId: new Map(games.map((game) => [game.game.id, game])),
    searchText: new Map(
      games.map(({ game }) => [game.id, `${game.name.bn}\u0000${game.name.en}`.normalize('NFC').toLowerCase()]),
    ),
    answers: new Map(),
  };
}

/** Snapshots per merchant, dropped when the merchant's catalogue changes (on any instance). */
export function catalogueSnapshots(deps: { db: Db; feed: ChangeFeed; ttlMs?: number }) {
  const cache = memoCache<CatalogueSnapshot>({
    feed: deps.feed,
    scope: 'catalogue',
    ttlMs: deps.ttlMs ?? CATALOGUE_CACHE_TTL_MS,
  });
  return {
    of(merchantId: number): Promise<CatalogueSnapshot> {
      return cache.get(merchantId, 'snapshot', () => loadCatalogueSnapshot(deps.db, merchantId));
    },
    /** This instance's own change (committed): dropped now, before the operator's answer goes out. */
    changed(merchantId: number) {
      deps.feed.announce({ scope: 'catalogue', merchantId });
    },
  };
}
export type CatalogueSnapshots = ReturnType<typeof catalogueSnapshots>;

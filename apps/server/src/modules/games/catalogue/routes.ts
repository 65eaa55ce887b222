import type { FastifyInstance } from 'fastify';
import { endpoints, WINNER_BOARD_MAX, type EndpointDef, type Language } from '@khela/contracts';
import type { Db } from '../../../db/database.ts';
import type { LaneTitle } from '../../../db/schema.ts';
import type { AppDeps } from '../../../deps.ts';
import type { MerchantContext } from '../../../http/context.ts';
import { SerializedEnvelope } from '../../../http/serialized-envelope.ts';
import { registerEndpoint } from '../../../http/route.ts';
import { memoCache } from '../../../cache/memo-cache.ts';
import { operatorActor } from '../../audit/audit-log.ts';
import { catalogueAdmin } from './catalogue-admin.ts';
import { catalogueSnapshots, type CatalogueSnapshot } from './catalogue-snapshot.ts';
import { jackpotPool } from './jackpot.ts';
import { gameList, gameMenus, hotGames, vendorGameTypes, vendorLanes, type LobbyView } from './lobby.ts';
import { rankList, winnerBoard } from './winners.ts';

const game = endpoints.game;
const admin = endpoints.admin.games;

/** Answers kept per catalogue snapshot; past it (many searches by name) they start again. */
const MAX_ANSWERS_PER_SNAPSHOT = 2000;
/** Boards of real play move with every round: kept briefly, and dropped with the catalogue. */
const BOARD_TTL_MS = 15_000;
const JACKPOT_TTL_MS = 5_000;
/**
 * Lobby reads are asked with the same few queries by every visitor: each is validated once, and
 * its answer replayed by the fast path (http/hot-reads.ts) — until a catalogue change, which
 * drops it at once, or for this long at most.
 */
const HOT_READ = { queryMemo: 500, replayMs: 60_000 };
/** Boards and the jackpot move on their own: replayed a second at most, on top of their own TTL. */
const HOT_BOARD = { queryMemo: 500, replayMs: 1_000 };

/**
 * The lobby (§7 Games: public reads of the catalogue, cached per merchant, language and query,
 * sent as JSON made once) and the operator's catalogue calls (issue 11 items 2 and 7).
 */
export function registerLobbyRoutes(app: FastifyInstance, deps: AppDeps) {
  const snapshots = catalogueSnapshots({ db: deps.db, feed: deps.changes });
  const boards = memoCache<SerializedEnvelope>({ feed: deps.changes, scope: 'catalogue', ttlMs: BOARD_TTL_MS });
  const jackpots = memoCache<SerializedEnvelope>({ feed: deps.changes, scope: 'catalogue', ttlMs: JACKPOT_TTL_MS });
  const catalogue = catalogueAdmin({ db: deps.db, snapshots });
  const jackpot = jackpotPool(deps.db);

  function serialize(def: EndpointDef, value: unknown): SerializedEnvelope {
    // The contract check of route.ts, made once per answer instead of once per request.
    if (deps.validateResponses) def.response.parse(value);
    return SerializedEnvelope.of(value);
  }

  function viewOf(
    snapshot: CatalogueSnapshot,
    merchant: MerchantContext,
    asked: Language | undefined,
    language: Language,
  ) {
    return { snapshot, language: asked ?? language, fallback: merchant.defaultLanguage } satisfies LobbyView;
  }

  /** The answer of `def` for this query from the merchant's snapshot: made once, then sent as it is. */
  async function fromSnapshot(
    def: EndpointDef,
    ctx: { merchant: MerchantContext; language: Language },
    query: { language?: Language | undefined } & Record<string, unknown>,
    make: (view: LobbyView) => unknown,
  ): Promise<SerializedEnvelope> {
    const snapshot = await snapshots.of(ctx.merchant.id);
    const view = viewOf(snapshot, ctx.merchant, query.language, ctx.language);
    const key = `${def.name}|${view.language}|${JSON.stringify(query)}`;
    let answer = snapshot.answers.get(key);
    if (answer === undefined) {
      answer = serialize(def, make(view));
      if (snapshot.answers.size >= MAX_ANSWERS_PER_SNAPSHOT) snapshot.answers.clear();
      snapshot.answers.set(key, answer);
    }
    return answer;
  }

  // The reference's client fields (platform, clientType …) change no answer: they are not part of a key.
  registerEndpoint(
    app,
    deps,
    game.gameList,
    (ctx) => {
      const { gameType, vassalage, gameClassify, gameName, pageNo, pageSize, language } = ctx.query;
      const query = { gameType, vassalage, gameClassify, gameName, pageNo, pageSize, language };
      return fromSnapshot(game.gameList, ctx, query, (view) => gameList(view, query));
    },
    HOT_READ,
  );
  registerEndpoint(
    app,
    deps,
    game.hotGames,
    (ctx) => {
      const query = { vassalage: ctx.query.vassalage || undefined, language: ctx.query.language };
      return fromSnapshot(game.hotGames, ctx, query, (view) => hotGames(view, query));
    },
    HOT_READ,
  );
  registerEndpoint(
    app,
    deps,
    game.vendorLanes,
    (ctx) => fromSnapshot(game.vendorLanes, ctx, { language: ctx.query.language }, (view) => vendorLanes(view)),
    HOT_READ,
  );
  registerEndpoint(
    app,
    deps,
    game.vendorGameTypes,
    (ctx) => {
      const query = { vassalage: ctx.query.vassalage || undefined, language: ctx.query.language };
      return fromSnapshot(game.vendorGameTypes, ctx, query, (view) => vendorGameTypes(view, query));
    },
    HOT_READ,
  );
  registerEndpoint(
    app,
    deps,
    game.gameMenus,
    (ctx) => {
      const query = { prizeMode: ctx.query.prizeMode || undefined, language: ctx.query.language };
      return fromSnapshot(game.gameMenus, ctx, query, (view) => gameMenus(view, query));
    },
    HOT_READ,
  );

  /** A board of real play: read from the database at most every BOARD_TTL_MS per merchant and query. */
  async function board(
    def: EndpointDef,
    ctx: { merchant: MerchantContext; language: Language },
    query: { language?: Language | undefined; gameCategory?: string | undefined; limitNum?: number | undefined },
    read: (db: Db, view: LobbyView, query: { category: LaneTitle | 'ALL'; limit: number }) => Promise<unknown>,
  ): Promise<SerializedEnvelope> {
    const snapshot = await snapshots.of(ctx.merchant.id);
    const view = viewOf(snapshot, ctx.merchant, query.language, ctx.language);
    const category = (query.gameCategory ?? 'ALL') as LaneTitle | 'ALL';
    const limit = query.limitNum ?? WINNER_BOARD_MAX;
    const key = `${def.name}|${view.language}|${category}|${limit}`;
    return boards.get(ctx.merchant.id, key, async () => serialize(def, await read(deps.db, view, { category, limit })));
  }
  registerEndpoint(
    app,
    deps,
    game.winnerBoard,
    (ctx) => board(game.winnerBoard, ctx, ctx.query, winnerBoard),
    HOT_BOARD,
  );
  registerEndpoint(app, deps, game.rankList, (ctx) => board(game.rankList, ctx, ctx.query, rankList), HOT_BOARD);

  registerEndpoint(
    app,
    deps,
    game.jackpot,
    ({ merchant }) =>
      jackpots.get(merchant.id, 'jackpot', async () =>
        serialize(game.jackpot, { ...(await jackpot.current(merchant.id)), currency: merchant.currency }),
      ),
    HOT_BOARD,
  );

  registerEndpoint(app, deps, admin.vendorsList, ({ merchant }) => catalogue.listVendors(merchant.id));
  registerEndpoint(app, deps, admin.vendorsCreate, (ctx) =>
    catalogue.createVendor(operatorActor(ctx), ctx.body, ctx.language),
  );
  registerEndpoint(app, deps, admin.vendorsUpdate, (ctx) =>
    catalogue.updateVendor(operatorActor(ctx), ctx.params.id, ctx.body, ctx.language),
  );
  registerEndpoint(app, deps, admin.gamesList, ({ merchant, query }) => catalogue.listGames(merchant.id, query));
  registerEndpoint(app, deps, admin.gamesCreate, (ctx) => catalogue.createGame(operatorActor(ctx), ctx.body));
  registerEndpoint(app, deps, admin.gamesUpdate, (ctx) =>
    catalogue.updateGame(operatorActor(ctx), ctx.params.id, ctx.body, ctx.language),
  );
  registerEndpoint(app, deps, admin.lanesList, ({ merchant }) => catalogue.listLanes(merchant.id));
  registerEndpoint(app, deps, admin.lanesUpdate, (ctx) =>
    catalogue.updateLanes(operatorActor(ctx), ctx.body, ctx.language),
  );
}

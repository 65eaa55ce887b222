import { sql, type Selectable } from 'kysely';
import type { z } from 'zod';
import type { AdminGame, AdminGameVendor, gamesAdminEndpoints, Language } from '@khela/contracts';
import { parseMinor, toDecimalString } from '@khela/money';
import type { Db } from '../../../db/database.ts';
import type { GamesTable, GameVendorsTable, LaneTitle } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { recordAudit, type AuditActor } from '../../audit/audit-log.ts';
import { conflictOnDuplicate } from '../../admin/conflicts.ts';
import type { CatalogueSnapshots } from './catalogue-snapshot.ts';
import { laneOf, orderLanes } from './lanes.ts';

type Endpoints = typeof gamesAdminEndpoints;
type VendorCreate = z.output<Endpoints['vendorsCreate']['body']>;
type VendorChange = z.output<Endpoints['vendorsUpdate']['body']>;
type GameCreate = z.output<Endpoints['gamesCreate']['body']>;
type GameChange = z.output<Endpoints['gamesUpdate']['body']>;
type GamesQuery = z.output<Endpoints['gamesList']['query']>;
type LanesChange = z.output<Endpoints['lanesUpdate']['body']>;

/** GET /admin/games `sort` (the console's sortable columns); 'lobby' is the lobby's own order. */
const GAME_SORT_COLUMNS = {
  name: sql`lower(g.name->>'en')`,
  code: sql`g.game_code collate "C"`,
  status: sql.ref('g.status'),
  sortOrder: sql.ref('g.sort_order'),
  updated: sql.ref('g.updated_at'),
} as const;

type VendorRow = Selectable<GameVendorsTable>;
type GameRow = Selectable<GamesTable>;

/** The field messages of the rules the contract cannot check (both languages). */
const MESSAGES = {
  integrationUnknown: {
    en: 'No such game integration of this merchant.',
    bn: 'এই মার্চেন্টের এমন কোনো গেম ইন্টিগ্রেশন নেই।',
  },
  integrationNeeded: {
    en: 'Seamless and transfer vendors play through an integration; in-house ones through none.',
    bn: 'সিমলেস ও ট্রান্সফার ভেন্ডর একটি ইন্টিগ্রেশনের মাধ্যমে চলে; নিজস্ব গেম কোনো ইন্টিগ্রেশন ছাড়া।',
  },
  betLimits: {
    en: 'The maximum bet must not be below the minimum.',
    bn: 'সর্বোচ্চ বাজি সর্বনিম্ন বাজির চেয়ে কম হতে পারে না।',
  },
  laneVendor: { en: 'This vendor is not in this lane.', bn: 'এই ভেন্ডর এই লেনে নেই।' },
} satisfies Record<string, Record<Language, string>>;

function fieldError(field: string, message: keyof typeof MESSAGES, language: Language): AppError {
  return AppError.fields([{ field, message: MESSAGES[message][language] }]);
}

function toAdminVendor(row: VendorRow, integrationCode: string | null, gameCount: number): AdminGameVendor {
  return {
    id: row.id,
    vassalage: row.vassalage,
    displayName: row.display_name,
    logoUrl: row.logo_url,
    category: row.category,
    walletMode: row.wallet_mode,
    integrationId: row.integration_id,
    integrationCode,
    launchUrlTemplate: row.launch_url_template,
    currencies: row.currencies,
    status: row.status,
    sortOrder: row.sort_order,
    supportsTrial: row.supports_trial,
    gameCount,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function toAdminGame(row: GameRow, vassalage: string): AdminGame {
  return {
    id: row.id,
    vendorId: row.vendor_id,
    vassalage,
    gameCode: row.game_code,
    vendorGameId: row.vendor_game_id,
    isGame: row.is_game,
    gameType: row.game_type,
    name: row.name,
    iconUrl: row.icon_url,
    largeIconUrl: row.large_icon_url,
    gameClassify: row.game_classify,
    hot: row.hot,
    hotRank: row.hot_rank,
    isNew: row.is_new,
    status: row.status,
    minBet: toDecimalString(row.min_bet),
    maxBet: toDecimalString(row.max_bet),
    sortOrder: row.sort_order,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** `%`, `_` and `\` of a search are literal, not patterns. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The games catalogue as operators manage it (issue 11 item 7): vendors, games and lane order of
 * their own merchant, each change audited in its transaction. The catalogue triggers (migration
 * 0012) bump the version and tell every instance; this instance drops its lobby cache itself once
 * the change is committed, so the next lobby call here shows it.
 */
export function catalogueAdmin({ db, snapshots }: { db: Db; snapshots: CatalogueSnapshots }) {
  async function integrationCodeOf(trx: Db, merchantId: number, id: number | null): Promise<string | null> {
    if (id === null) return null;
    const row = await trx
      .selectFrom('vendors')
      .select('code')
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.code ?? null;
  }

  /** The wallet rule (0011's CHECK) with the operator's words: an integration of this merchant, unless in-house. */
  async function checkIntegration(
    trx: Db,
    merchantId: number,
    wallet: { walletMode: string; integrationId: number | null },
    language: Language,
  ) {
    if ((wallet.walletMode === 'inhouse') !== (wallet.integrationId === null)) {
      throw fieldError('integrationId', 'integrationNeeded', language);
    }
    if (wallet.integrationId !== null && !(await integrationCodeOf(trx, merchantId, wallet.integrationId))) {
      throw fieldError('integrationId', 'integrationUnknown', language);
    }
  }

  async function vendorView(trx: Db, row: VendorRow): Promise<AdminGameVendor> {
    const count = await trx
      .selectFrom('games')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('vendor_id', '=', row.id)
      .where('is_game', '=', 'GAME')
      .executeTakeFirstOrThrow();
    return toAdminVendor(row, await integrationCodeOf(trx, row.merchant_id, row.integration_id), Number(count.n));
  }

  async function lockedVendor(trx: Db, actor: AuditActor, id: number): Promise<VendorRow> {
    const row = await trx
      .selectFrom('game_vendors')
      .selectAll()
      .where('merchant_id', '=', actor.merchantId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError('game.vendor_not_found');
    return row;
  }

  async function lockedGame(trx: Db, actor: AuditActor, id: number): Promise<{ row: GameRow; vassalage: string }> {
    const row = await trx
      .selectFrom('games')
      .selectAll()
      .where('merchant_id', '=', actor.merchantId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError('game.not_found');
    const vendor = await trx
      .selectFrom('game_vendors')
      .select('vassalage')
      .where('id', '=', row.vendor_id)
      .executeTakeFirstOrThrow();
    return { row, vassalage: vendor.vassalage };
  }

  /** Commits `work`, then drops this instance's lobby cache of the merchant. */
  async function change<T>(actor: AuditActor, work: (trx: Db) => Promise<T>): Promise<T> {
    const result = await conflictOnDuplicate(() => db.transaction().execute(work));
    snapshots.changed(actor.merchantId);
    return result;
  }

  async function lanesOf(trx: Db, merchantId: number) {
    const [placed, vendors] = await Promise.all([
      trx.selectFrom('game_lanes').select(['title', 'sort_order']).where('merchant_id', '=', merchantId).execute(),
      trx
        .selectFrom('game_vendors')
        .select(['id', 'vassalage', 'category', 'wallet_mode', 'sort_order'])
        .where('merchant_id', '=', merchantId)
        .where('status', '<>', 'off')
        .orderBy('sort_order')
        .orderBy('id')
        .execute(),
    ]);
    return orderLanes(placed).map((title) => ({
      title,
      vendors: vendors
        .filter((vendor) => laneOf(vendor) === title)
        .map((vendor) => ({ id: vendor.id, vassalage: vendor.vassalage, sortOrder: vendor.sort_order })),
    }));
  }

  return {
    async listVendors(merchantId: number): Promise<AdminGameVendor[]> {
      const [rows, counts, integrations] = await Promise.all([
        db.selectFrom('game_vendors').selectAll().where('merchant_id', '=', merchantId).execute(),
        db
          .selectFrom('games')
          .select(['vendor_id', (eb) => eb.fn.countAll<string>().as('n')])
          .where('merchant_id', '=', merchantId)
          .where('is_game', '=', 'GAME')
          .groupBy('vendor_id')
          .execute(),
        db.selectFrom('vendors').select(['id', 'code']).where('merchant_id', '=', merchantId).execute(),
      ]);
      const countOf = new Map(counts.map((c) => [c.vendor_id, Number(c.n)]));
      const codeOf = new Map(integrations.map((i) => [i.id, i.code]));
      const laneOrder = orderLanes(
        await db
          .selectFrom('game_lanes')
          .select(['title', 'sort_order'])
          .where('merchant_id', '=', merchantId)
          .execute(),
      );
      return rows
        .sort(
          (a, b) =>
            laneOrder.indexOf(laneOf(a)) - laneOrder.indexOf(laneOf(b)) || a.sort_order - b.sort_order || a.id - b.id,
        )
        .map((row) =>
          toAdminVendor(
            row,
            row.integration_id === null ? null : (codeOf.get(row.integration_id) ?? null),
            countOf.get(row.id) ?? 0,
          ),
        );
    },

    createVendor(actor: AuditActor, input: VendorCreate, language: Language) {
      return change(actor, async (trx) => {
        await checkIntegration(trx, actor.merchantId, input, language);
        const row = await trx
          .insertInto('game_vendors')
          .values({
            merchant_id: actor.merchantId,
            vassalage: input.vassalage,
            display_name: JSON.stringify(input.displayName),
            logo_url: input.logoUrl,
            category: input.category,
            wallet_mode: input.walletMode,
            integration_id: input.integrationId,
            launch_url_template: input.launchUrlTemplate,
            currencies: input.currencies,
            status: input.status,
            sort_order: input.sortOrder,
            supports_trial: input.supportsTrial,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const after = await vendorView(trx, row);
        await recordAudit(trx, actor, { action: 'create', entity: 'gameVendors', entityId: row.id, after });
        return after;
      });
    },

    updateVendor(actor: AuditActor, id: number, input: VendorChange, language: Language) {
      return change(actor, async (trx) => {
        const current = await lockedVendor(trx, actor, id);
        const before = await vendorView(trx, current);
        await checkIntegration(
          trx,
          actor.merchantId,
          {
            walletMode: input.walletMode ?? current.wallet_mode,
            integrationId: input.integrationId === undefined ? current.integration_id : input.integrationId,
          },
          language,
        );
        const row = await trx
          .updateTable('game_vendors')
          .set({
            ...(input.displayName && { display_name: JSON.stringify(input.displayName) }),
            ...(input.logoUrl !== undefined && { logo_url: input.logoUrl }),
            ...(input.category && { category: input.category }),
            ...(input.walletMode && { wallet_mode: input.walletMode }),
            ...(input.integrationId !== undefined && { integration_id: input.integrationId }),
            ...(input.launchUrlTemplate !== undefined && { launch_url_template: input.launchUrlTemplate }),
            ...(input.currencies && { currencies: input.currencies }),
            ...(input.status && { status: input.status }),
            ...(input.sortOrder !== undefined && { sort_order: input.sortOrder }),
            ...(input.supportsTrial !== undefined && { supports_trial: input.supportsTrial }),
            updated_at: sql<Date>`now()`,
          })
          .where('id', '=', current.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        const after = await vendorView(trx, row);
        await recordAudit(trx, actor, { action: 'update', entity: 'gameVendors', entityId: row.id, before, after });
        return after;
      });
    },

    async listGames(merchantId: number, query: GamesQuery) {
      let select = db
        .selectFrom('games as g')
        .innerJoin('game_vendors as v', 'v.id', 'g.vendor_id')
        .where('g.merchant_id', '=', merchantId);
      if (query.vendorId !== undefined) select = select.where('g.vendor_id', '=', query.vendorId);
      if (query.gameType !== undefined) select = select.where('g.game_type', '=', query.gameType);
      if (query.status !== undefined) select = select.where('g.status', '=', query.status);
      if (query.hot !== undefined) select = select.where('g.hot', '=', query.hot === 'true');
      if (query.q) {
        const pattern = likePattern(query.q);
        select = select.where((eb) =>
          eb.or([
            eb(sql<string>`g.name->>'en'`, 'ilike', pattern),
            eb(sql<string>`g.name->>'bn'`, 'ilike', pattern),
            eb('g.game_code', 'ilike', pattern),
          ]),
        );
      }
      const pageSize = query.pageSize ?? 50;
      const pageNo = query.pageNo ?? 1;
      const listed = select.selectAll('g').select('v.vassalage');
      const sort = query.sort ?? 'lobby';
      const order = query.order ?? 'asc';
      const ordered =
        sort === 'lobby'
          ? listed.orderBy('v.sort_order').orderBy('g.vendor_id').orderBy('g.sort_order').orderBy('g.id')
          : listed
              .orderBy(sql`${GAME_SORT_COLUMNS[sort]} ${order === 'asc' ? sql`ASC` : sql`DESC`}`)
              .orderBy('g.id', order);
      const [total, rows] = await Promise.all([
        select.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        ordered
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
      ]);
      const totalCount = Number(total.n);
      return {
        games: rows.map(({ vassalage, ...row }) => toAdminGame(row, vassalage)),
        pageNo,
        pageSize,
        totalPages: Math.ceil(totalCount / pageSize),
        totalCount,
      };
    },

    createGame(actor: AuditActor, input: GameCreate) {
      return change(actor, async (trx) => {
        const vendor = await lockedVendor(trx, actor, input.vendorId);
        const row = await trx
          .insertInto('games')
          .values({
            merchant_id: actor.merchantId,
            vendor_id: vendor.id,
            game_code: input.gameCode,
            vendor_game_id: input.vendorGameId ?? input.gameCode,
            is_game: input.isGame,
            game_type: input.gameType ?? vendor.category,
            name: JSON.stringify(input.name),
            icon_url: input.iconUrl,
            large_icon_url: input.largeIconUrl,
            game_classify: input.gameClassify,
            hot: input.hot,
            hot_rank: input.hot ? input.hotRank : null,
            is_new: input.isNew,
            status: input.status,
            min_bet: parseMinor(input.minBet),
            max_bet: parseMinor(input.maxBet),
            sort_order: input.sortOrder,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const after = toAdminGame(row, vendor.vassalage);
        await recordAudit(trx, actor, { action: 'create', entity: 'games', entityId: row.id, after });
        return after;
      });
    },

    updateGame(actor: AuditActor, id: number, input: GameChange, language: Language) {
      return change(actor, async (trx) => {
        const { row: current, vassalage } = await lockedGame(trx, actor, id);
        const minBet = input.minBet === undefined ? current.min_bet : parseMinor(input.minBet);
        const maxBet = input.maxBet === undefined ? current.max_bet : parseMinor(input.maxBet);
        if (maxBet < minBet) throw fieldError('maxBet', 'betLimits', language);
        const hot = input.hot ?? current.hot;
        const row = await trx
          .updateTable('games')
          .set({
            ...(input.vendorGameId !== undefined && { vendor_game_id: input.vendorGameId }),
            ...(input.isGame && { is_game: input.isGame }),
            ...(input.gameType && { game_type: input.gameType }),
            ...(input.name && { name: JSON.stringify(input.name) }),
            ...(input.iconUrl !== undefined && { icon_url: input.iconUrl }),
            ...(input.largeIconUrl !== undefined && { large_icon_url: input.largeIconUrl }),
            ...(input.gameClassify !== undefined && { game_classify: input.gameClassify }),
            hot,
            // A game that is not hot has no hot rank.
            hot_rank: hot ? (input.hotRank === undefined ? current.hot_rank : input.hotRank) : null,
            ...(input.isNew !== undefined && { is_new: input.isNew }),
            ...(input.status && { status: input.status }),
            min_bet: minBet,
            max_bet: maxBet,
            ...(input.sortOrder !== undefined && { sort_order: input.sortOrder }),
            updated_at: sql<Date>`now()`,
          })
          .where('id', '=', current.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        const after = toAdminGame(row, vassalage);
        await recordAudit(trx, actor, {
          action: 'update',
          entity: 'games',
          entityId: row.id,
          before: toAdminGame(current, vassalage),
          after,
        });
        return after;
      });
    },

    listLanes(merchantId: number) {
      return lanesOf(db, merchantId);
    },

    /**
     * The lanes in the order given (the others after them, in their current order) and, for each
     * lane given with vendorIds, its vendors in that order (the lane's others after them).
     */
    updateLanes(actor: AuditActor, input: LanesChange, language: Language) {
      return change(actor, async (trx) => {
        // One operator at a time orders a merchant's lanes.
        await sql`SELECT pg_advisory_xact_lock(hashtext('game_lanes'), ${actor.merchantId})`.execute(trx);
        const before = await lanesOf(trx, actor.merchantId);
        const given = input.lanes.map((lane) => lane.title);
        const order: LaneTitle[] = [...given, ...before.map((lane) => lane.title).filter((t) => !given.includes(t))];
        await trx.deleteFrom('game_lanes').where('merchant_id', '=', actor.merchantId).execute();
        await trx
          .insertInto('game_lanes')
          .values(order.map((title, index) => ({ merchant_id: actor.merchantId, title, sort_order: (index + 1) * 10 })))
          .execute();

        const vendors = await trx
          .selectFrom('game_vendors')
          .select(['id', 'vassalage', 'category', 'wallet_mode', 'sort_order'])
          .where('merchant_id', '=', actor.merchantId)
          .orderBy('sort_order')
          .orderBy('id')
          .forUpdate()
          .execute();
        for (const [index, lane] of input.lanes.entries()) {
          if (!lane.vendorIds) continue;
          const inLane = vendors.filter((vendor) => laneOf(vendor) === lane.title);
          const ids = new Set(inLane.map((vendor) => vendor.id));
          const stranger = lane.vendorIds.findIndex((id) => !ids.has(id));
          if (stranger >= 0 || new Set(lane.vendorIds).size !== lane.vendorIds.length) {
            throw fieldError(`lanes.${index}.vendorIds`, 'laneVendor', language);
          }
          const ordered = [
            ...lane.vendorIds,
            ...inLane.map((vendor) => vendor.id).filter((id) => !lane.vendorIds!.includes(id)),
          ];
          for (const [position, vendorId] of ordered.entries()) {
            await trx
              .updateTable('game_vendors')
              .set({ sort_order: (position + 1) * 10, updated_at: sql<Date>`now()` })
              .where('id', '=', vendorId)
              .execute();
          }
        }
        const after = await lanesOf(trx, actor.merchantId);
        await recordAudit(trx, actor, { action: 'update', entity: 'gameLanes', entityId: null, before, after });
        return after;
      });
    },
  };
}

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { errorMessage, type GameSummary, type VendorLane } from '@khela/contracts';
import { laneOf } from '../../src/modules/games/catalogue/lanes.ts';
import {
  JACKPOT_SEED_AMOUNT,
  JACKPOT_SHARE_BASIS_POINTS,
  jackpotPool,
} from '../../src/modules/games/catalogue/jackpot.ts';
import { DEMO_VENDORS, gameCodeOf } from '../../src/seed/catalogue.ts';
import { DEMO_VENDOR } from '../../src/seed/vendors.ts';
import { seedMerchant } from '../../src/seed/demo.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { vendorClient, type VendorClient } from '../seamless/vendor-client.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { nodeIdOf, playerInGame, playRound } from './helpers.ts';

const LIST = '/wps/relay/GCSGAME_gameList';
const HOT = '/wps/relay/GCSGAME_hotGamesV2';
const LANES = '/wps/relay/GCSGAME_newGameVendor';
const TYPES = '/wps/relay/GCSGAME_getVassGameType';
const MENUS = '/lgw/games/game_menus';
const WINNERS = '/wps/relay/ODSFE2_getWinnerBoard';
const RANKS = '/wps/relay/ODSFE2_getRankList';
const JACKPOT = '/wps/relay/VIS_getJackpot';

const PUBLIC_DIR = fileURLToPath(new URL('../../../web/public', import.meta.url));

interface Page {
  games: GameSummary[];
  pageNo: number;
  pageSize: number;
  totalPages: number;
  totalCount: number;
}

let t: TestApp;
let merchantId: number;
let sandbox: VendorClient;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  sandbox = vendorClient({ baseUrl: t.baseUrl, code: DEMO_VENDOR.code, secret: DEMO_VENDOR.secret });
});
afterAll(async () => {
  await sandbox.close();
  await t.close();
});

const list = (query: Record<string, string | number> = {}, headers: Record<string, string> = {}) =>
  t.get<Page>(LIST, { query, headers });

/** Listed rows straight from the database: games and vendors not 'off', of the demo merchant. */
async function listedGames() {
  return t.db
    .selectFrom('games as g')
    .innerJoin('game_vendors as v', 'v.id', 'g.vendor_id')
    .select(['g.id', 'g.game_code', 'g.game_classify', 'g.is_game', 'v.vassalage', 'v.category', 'v.wallet_mode'])
    .where('g.merchant_id', '=', merchantId)
    .where('g.status', '<>', 'off')
    .where('v.status', '<>', 'off')
    .execute();
}

describe('the demo catalogue', () => {
  it('has at least 8 vendors across every category and 150 games, each with names, limits and its own icon', async () => {
    const vendors = await t.db.selectFrom('game_vendors').selectAll().where('merchant_id', '=', merchantId).execute();
    const games = await t.db.selectFrom('games').selectAll().where('merchant_id', '=', merchantId).execute();
    expect(vendors.length).toBeGreaterThanOrEqual(8);
    const lanes = new Set(vendors.map((v) => laneOf(v)));
    for (const lane of ['LIVE', 'RNG', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'INHOUSE'] as const) {
      expect(lanes.has(lane), lane).toBe(true);
    }
    expect(lanes.has('LOTT') || lanes.has('ELOTT')).toBe(true);

    const playable = games.filter((g) => g.is_game === 'GAME');
    expect(playable.length).toBeGreaterThanOrEqual(150);
    expect(new Set(playable.map((g) => g.icon_url)).size).toBe(playable.length);
    for (const game of games) {
      for (const icon of [game.icon_url, game.large_icon_url]) {
        expect(icon, game.game_code).toMatch(/^\/games\//);
        expect(existsSync(`${PUBLIC_DIR}${icon}`), `${icon}`).toBe(true);
      }
      expect(game.name.en.trim()).not.toBe('');
      expect(game.name.bn).toMatch(/[\u0980-\u09FF]/);
      expect(game.min_bet).toBeLessThan(game.max_bet);
    }
    for (const vendor of vendors) expect(existsSync(`${PUBLIC_DIR}${vendor.logo_url}`), vendor.vassalage).toBe(true);

    const hotRanks = games.filter((g) => g.hot).map((g) => g.hot_rank);
    expect(hotRanks.length).toBeGreaterThan(8);
    expect(new Set(hotRanks).size).toBe(hotRanks.length);
    expect(games.some((g) => g.is_new)).toBe(true);
    expect(new Set(playable.map((g) => g.game_classify)).size).toBeGreaterThan(10);
    expect(games.some((g) => g.is_game === 'VASSALAGE')).toBe(true);
    expect(vendors.some((v) => v.status === 'maintenance')).toBe(true);
    expect(vendors.some((v) => v.supports_trial)).toBe(true);
    // §2 and §4 routing: JL for INHOUSE, the lottery vendors, and both wallet modes.
    expect(vendors.map((v) => v.vassalage)).toEqual(expect.arrayContaining(['JL', 'TCG_LOTTO_VN', 'IMES', 'SV3']));
    const integrations = await t.db.selectFrom('vendors').select(['id', 'code']).execute();
    const codeOf = (id: number | null) => integrations.find((i) => i.id === id)?.code;
    for (const vendor of vendors) {
      // Our cockfight book is a seamless vendor whose wallet calls are our own (ADR 0022).
      if (vendor.vassalage === 'KHELA_CF') {
        expect(codeOf(vendor.integration_id)).toMatch(/^COCKFIGHT_\d+$/);
        continue;
      }
      // So is our sportsbook, one integration for its SPORTS and ESPORTS cards (ADR 0024).
      if (vendor.vassalage === 'KHELA_SB' || vendor.vassalage === 'KHELA_ES') {
        expect(codeOf(vendor.integration_id)).toMatch(/^SPORTS_\d+$/);
        continue;
      }
      const expected = { transfer: 'SANDBOX_TW', seamless: 'SANDBOX', inhouse: undefined }[vendor.wallet_mode];
      expect(codeOf(vendor.integration_id)).toBe(expected);
    }
    expect(vendors.filter((v) => v.wallet_mode === 'seamless').length).toBeGreaterThan(vendors.length / 2);
    expect(vendors.some((v) => v.wallet_mode === 'transfer')).toBe(true);
    const launchedByUrl = vendors.filter((v) => !['KHELA_CF', 'KHELA_SB', 'KHELA_ES'].includes(v.vassalage)); // our books open our own pages
    expect(launchedByUrl.every((v) => v.launch_url_template.startsWith('{cdn}/play?token={token}'))).toBe(true);
  });
});

describe('GET /wps/relay/GCSGAME_gameList', () => {
  it('lists every listed game, 20 a page by default, with the totals', async () => {
    const listed = await listedGames();
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({
      pageNo: 1,
      pageSize: 20,
      totalCount: listed.length,
      totalPages: Math.ceil(listed.length / 20),
    });
    expect(res.body.value.games).toHaveLength(20);
  });

  it('filters by category (its lane after §4), vendor, INHOUSE and classification', async () => {
    const listed = await listedGames();
    const live = (await list({ gameType: 'LIVE', pageSize: 100 })).body.value;
    const expected = listed.filter((g) => laneOf(g) === 'LIVE');
    expect(live.totalCount).toBe(expected.length);
    expect(live.games.map((g) => g.nodeId).sort()).toEqual(expected.map((g) => g.id).sort());

    // §4: JL is an RNG vendor moved to INHOUSE: not in the RNG list; in INHOUSE's with our own (issue 12).
    const rng = (await list({ gameType: 'RNG', pageSize: 100 })).body.value;
    expect(rng.games.some((g) => g.vassalage === 'JL')).toBe(false);
    expect(rng.totalCount).toBe(listed.filter((g) => laneOf(g) === 'RNG').length);
    const inhouse = (await list({ gameType: 'RNG', vassalage: 'INHOUSE', pageSize: 100 })).body.value;
    expect(new Set(inhouse.games.map((g) => g.vassalage))).toEqual(new Set(['JL', 'KHELA']));
    const jl = (await list({ gameType: 'RNG', vassalage: 'JL', pageSize: 100 })).body.value;
    expect(jl.totalCount).toBe(listed.filter((g) => g.vassalage === 'JL').length);
    expect(jl.games).toEqual(inhouse.games.filter((g) => g.vassalage === 'JL'));
    // A vendor's own list leaves out the tile that opens it (§3 VASSALAGE).
    const nakshi = (await list({ vassalage: 'NAKSHI', pageSize: 100 })).body.value;
    expect(nakshi.games.every((g) => g.isGame === 'GAME')).toBe(true);
    expect(rng.games.some((g) => g.isGame === 'VASSALAGE' && g.vassalage === 'NAKSHI')).toBe(true);

    // §7: SPB and MXWIN are sent for RNG.
    expect((await list({ gameType: 'SPB', pageSize: 100 })).body.value).toEqual(rng);
    expect((await list({ gameType: 'mxwin', pageSize: 100 })).body.value).toEqual(rng);
    // §1 mini games (/bgs): the INHOUSE lane's games.
    const miniGames = (await list({ gameType: 'BGS', pageSize: 100 })).body.value;
    expect(miniGames.totalCount).toBe(listed.filter((g) => laneOf(g) === 'INHOUSE').length);
    expect(miniGames.totalCount).toBeGreaterThan(0);

    const baccarat = (await list({ gameType: 'LIVE', gameClassify: 'BACCARAT', pageSize: 100 })).body.value;
    expect(baccarat.totalCount).toBe(expected.filter((g) => g.game_classify === 'BACCARAT').length);
    expect(baccarat.games.every((g) => g.gameClassify === 'BACCARAT')).toBe(true);
    expect((await list({ gameType: 'LIVE', gameClassify: 'NO_SUCH_KIND' })).body.value.totalCount).toBe(0);
  });

  it('searches names in either language, whatever the case', async () => {
    const english = (await list({ gameName: 'HILSA', pageSize: 100 })).body.value;
    const bengali = (await list({ gameName: 'ইলিশ', pageSize: 100 })).body.value;
    const expected = DEMO_VENDORS.flatMap((v) =>
      v.games.filter(([en]) => /hilsa/i.test(en)).map(([en]) => gameCodeOf(v.vassalage, en)),
    );
    expect(english.games.map((g) => g.gameCode).sort()).toEqual(expected.sort());
    expect(bengali.games.map((g) => g.gameCode).sort()).toEqual(expected.sort());
  });

  it('names in the language asked: the query language, else the Language header', async () => {
    const code = gameCodeOf('PADMA', 'Dragon Tiger');
    const find = (page: Page) => page.games.find((g) => g.gameCode === code)!;
    const bn = (await list({ vassalage: 'PADMA', pageSize: 100 }, { Language: 'bn' })).body.value;
    const en = (await list({ vassalage: 'PADMA', pageSize: 100, language: 'EN' }, { Language: 'bn' })).body.value;
    expect(find(bn)).toMatchObject({ gameName: 'ড্রাগন টাইগার', vendorName: 'পদ্মা লাইভ' });
    expect(find(en)).toMatchObject({ gameName: 'Dragon Tiger', vendorName: 'Padma Live', vassalage: 'PADMA' });
  });

  it('pages: the next page follows on, past the last is empty', async () => {
    const first = (await list({ gameType: 'RNG', pageSize: 7 })).body.value;
    const second = (await list({ gameType: 'RNG', pageSize: 7, pageNo: 2 })).body.value;
    const both = (await list({ gameType: 'RNG', pageSize: 14 })).body.value;
    expect([...first.games, ...second.games]).toEqual(both.games);
    expect(first.totalPages).toBe(Math.ceil(first.totalCount / 7));
    const beyond = (await list({ gameType: 'RNG', pageSize: 7, pageNo: first.totalPages + 1 })).body.value;
    expect(beyond).toMatchObject({ games: [], totalCount: first.totalCount });
  });

  it('shows games in maintenance (theirs or their vendor’s) as such, with their bet limits', async () => {
    const karna = (await list({ vassalage: 'KARNA' })).body.value.games;
    expect(karna.length).toBeGreaterThan(0);
    expect(karna.every((g) => g.status === 'maintenance')).toBe(true);
    const padma = (await list({ vassalage: 'PADMA', pageSize: 100 })).body.value.games;
    expect(padma.find((g) => g.gameCode === gameCodeOf('PADMA', 'Double Ball Roulette'))!.status).toBe('maintenance');
    expect(padma.find((g) => g.gameCode === gameCodeOf('PADMA', 'Dragon Tiger'))).toMatchObject({
      status: 'on',
      minBet: '10.00',
      maxBet: '500000.00',
      supportsTrial: true,
    });
  });

  it('sends the same answer compressed to a browser that takes brotli or gzip', async () => {
    const path = `${LIST}?gameType=RNG&pageSize=24`;
    const plain = await list({ gameType: 'RNG', pageSize: 24 });
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const coding of ['br', 'gzip']) {
      // fetch decodes what it was sent, as a browser does.
      const res = await fetch(`${t.baseUrl}${path}`, { headers: { 'accept-encoding': coding, Language: 'en' } });
      expect(res.headers.get('content-encoding')).toBe(coding);
      expect(res.headers.get('vary')).toContain('accept-encoding');
      expect(Number(res.headers.get('content-length'))).toBeLessThan(JSON.stringify(plain.body).length / 3);
      expect(await res.json()).toEqual(plain.body);
    }
  });

  it('refuses bad input with a 4xx in the asked language, and writes nothing', async () => {
    const before = await catalogueState();
    const cases: [Record<string, string>, string][] = [
      [{ pageSize: '0' }, 'request.invalid'],
      [{ pageSize: '-1' }, 'request.invalid'],
      [{ pageSize: '1000000000' }, 'request.invalid'],
      [{ pageSize: '10abc' }, 'request.invalid'],
      [{ pageSize: '1.5' }, 'request.invalid'],
      [{ pageNo: '0' }, 'request.invalid'],
      [{ pageNo: '-1' }, 'request.invalid'],
      [{ gameType: 'CASINO' }, 'request.invalid'],
      [{ gameType: "' OR 1=1 --" }, 'request.invalid'],
      [{ vassalage: '<script>' }, 'request.invalid'],
      [{ vassalage: 'NO_SUCH_VENDOR' }, 'game.vendor_not_found'],
      [{ gameClassify: 'SLOT; DROP TABLE games' }, 'request.invalid'],
      [{ gameName: 'x'.repeat(65) }, 'request.invalid'],
      [{ language: 'xx' }, 'request.invalid'],
      [{ platform: '<img src=x>' }, 'request.invalid'],
      [{ clientType: '3 OR 1=1' }, 'request.invalid'],
      [{ imgSize: '../../etc' }, 'request.invalid'],
      [{ merchant: 'other merchant' }, 'request.invalid'],
    ];
    for (const [query, code] of cases) {
      const res = await list(query, { Language: 'bn' });
      expect(res.status, JSON.stringify(query)).toBe(code === 'game.vendor_not_found' ? 404 : 400);
      expect(res.body).toMatchObject({ success: false, code, message: errorMessage(code as never, 'bn') });
    }
    expect(await catalogueState()).toEqual(before);
  });
});

/** What a lobby read must never change. */
async function catalogueState() {
  const { rows } = await sql<{ print: string }>`
    SELECT (SELECT count(*) FROM audit_log) || ':' || (SELECT coalesce(sum(version), 0) FROM catalogue_changes) || ':' ||
           (SELECT md5(coalesce(string_agg(g::text, '|' ORDER BY g.id), '')) FROM games g) AS print`.execute(t.db);
  return rows[0]!.print;
}

describe('GET /wps/relay/GCSGAME_hotGamesV2', () => {
  it('lists the hot games in rank order, of one vendor when asked', async () => {
    const hot = await t.db
      .selectFrom('games')
      .select(['id', 'hot_rank'])
      .where('merchant_id', '=', merchantId)
      .where('hot', '=', true)
      .orderBy('hot_rank')
      .execute();
    const res = await t.get<{ list: GameSummary[] }>(HOT, { query: { isPlatform: '2', vassalage: '' } });
    expect(res.body.value.list.map((g) => g.nodeId)).toEqual(hot.map((g) => g.id));
    expect(res.body.value.list.every((g) => g.hot)).toBe(true);
    const jl = (await t.get<{ list: GameSummary[] }>(HOT, { query: { vassalage: 'JL' } })).body.value.list;
    expect(jl.length).toBeGreaterThan(0);
    expect(jl.every((g) => g.vassalage === 'JL')).toBe(true);
    expect((await t.get(HOT, { query: { vassalage: 'NOPE' } })).body.code).toBe('game.vendor_not_found');
  });
});

describe('GET /wps/relay/GCSGAME_newGameVendor (vendor lanes)', () => {
  it('moves esports and cockfight vendors out of SPORTS and excluded RNG vendors to INHOUSE, right after them (§4)', async () => {
    const res = await t.get<{ data: { lanes: VendorLane[] } }>(LANES, { query: { platform: 'html5-desktop' } });
    const lanes = res.body.value.data.lanes;
    const titles = lanes.map((l) => l.title);
    const vendorsOf = (title: string) => lanes.find((l) => l.title === title)!.cards.map((c) => c.vassalage);
    expect(titles.indexOf('ESPORTS')).toBe(titles.indexOf('SPORTS') + 1);
    expect(titles.indexOf('COCKFIGHT')).toBe(titles.indexOf('SPORTS') + 2);
    expect(titles.indexOf('INHOUSE')).toBe(titles.indexOf('RNG') + 1);
    // IMES and SV3 come in the SPORTS category; TF in ESPORTS itself.
    expect(vendorsOf('SPORTS')).not.toContain('IMES');
    expect(vendorsOf('SPORTS')).not.toContain('SV3');
    expect(vendorsOf('ESPORTS')).toEqual(expect.arrayContaining(['IMES', 'TF']));
    // Our own book (KHELA_CF) is a COCKFIGHT vendor itself; SV3 joins it from SPORTS.
    expect(vendorsOf('COCKFIGHT').sort()).toEqual(['KHELA_CF', 'SV3']);
    expect(lanes.find((l) => l.title === 'COCKFIGHT')!.cards.find((c) => c.vassalage === 'SV3')!.category).toBe(
      'SPORTS',
    );
    expect(vendorsOf('INHOUSE').sort()).toEqual(['JL', 'KHELA']);
    expect(vendorsOf('RNG')).not.toContain('JL');
  });

  it('gives each lane its cards, classification counts and name: the top navigation', async () => {
    const listed = await listedGames();
    const bn = (await t.get<{ data: { lanes: VendorLane[] } }>(LANES, { headers: { Language: 'bn' } })).body.value.data
      .lanes;
    const categories = new Set(listed.map((g) => laneOf(g)));
    expect(new Set(bn.map((l) => l.title))).toEqual(categories);
    for (const lane of bn) {
      const games = listed.filter((g) => laneOf(g) === lane.title && g.is_game === 'GAME');
      expect(lane.gameClassify.reduce((sum, c) => sum + c.gameCount, 0)).toBe(games.length);
      for (const card of lane.cards) {
        expect(card.gameCount).toBe(games.filter((g) => g.vassalage === card.vassalage).length);
      }
    }
    const live = bn.find((l) => l.title === 'LIVE')!;
    expect(live.displayName).toBe('লাইভ ক্যাসিনো');
    expect(live.cards.find((c) => c.vassalage === 'PADMA')).toMatchObject({
      displayName: 'পদ্মা লাইভ',
      gameCode: null,
      isGame: 'GAME',
      logoUrl: '/games/vendors/padma.svg',
      walletMode: 'seamless',
    });
    expect(live.cards.find((c) => c.vassalage === 'MEGHNA')!.walletMode).toBe('transfer');
    expect(live.gameClassify.find((c) => c.key === 'BACCARAT')!.displayName).toBe('ব্যাকারাট');
    // A game-centre card launches the vendor's first game; a VASSALAGE tile opens the vendor's list.
    const sports = bn.find((l) => l.title === 'SPORTS')!.cards.find((c) => c.vassalage === 'SHOBUJ')!;
    expect(sports.gameCode).toBe(gameCodeOf('SHOBUJ', 'Sportsbook'));
    expect(sports.nodeId).toBe(await nodeIdOf(t.db, sports.gameCode!));
    const nakshi = bn.find((l) => l.title === 'RNG')!.cards.find((c) => c.vassalage === 'NAKSHI')!;
    expect(nakshi).toMatchObject({ isGame: 'VASSALAGE', gameCode: 'nakshi-all-games' });
    expect(bn.find((l) => l.title === 'FISH')!.cards.find((c) => c.vassalage === 'KARNA')!.status).toBe('maintenance');
  });
});

describe('vendor game types and lottery menus', () => {
  it('GCSGAME_getVassGameType: game types with classification counts, of every vendor or one', async () => {
    type Types = {
      list: {
        vassalage: string;
        gameTypes: { gameType: string; gameClassify: { key: string; gameCount: number }[] }[];
      }[];
    };
    const all = (await t.get<Types>(TYPES)).body.value.list;
    const vendors = await t.db.selectFrom('game_vendors').select('vassalage').where('status', '<>', 'off').execute();
    expect(all.map((v) => v.vassalage).sort()).toEqual(vendors.map((v) => v.vassalage).sort());
    const tash = (await t.get<Types>(TYPES, { query: { vassalage: 'TASH' } })).body.value.list;
    expect(tash).toHaveLength(1);
    const demo = DEMO_VENDORS.find((v) => v.vassalage === 'TASH')!;
    expect(tash[0]!.gameTypes).toEqual([
      {
        gameType: 'PVP',
        gameClassify: expect.arrayContaining([
          { key: 'POKER', displayName: 'Poker', gameCount: demo.games.filter((g) => g[2] === 'POKER').length },
        ]),
      },
    ]);
    expect((await t.get(TYPES, { query: { vassalage: 'NOPE' } })).status).toBe(404);
  });

  it('/lgw/games/game_menus: the LOTT and ELOTT games by game group, one lane by prizeMode', async () => {
    type Menus = Record<string, { gameGroupCode: string; gameMenus: GameSummary[] }>;
    const all = (await t.get<Menus>(MENUS)).body.value;
    const lottery = DEMO_VENDORS.filter((v) => v.category === 'LOTT' || v.category === 'ELOTT');
    const count = lottery.reduce((sum, v) => sum + v.games.length, 0);
    expect(Object.values(all).reduce((sum, group) => sum + group.gameMenus.length, 0)).toBe(count);
    for (const [code, group] of Object.entries(all))
      expect(group.gameMenus.every((g) => g.gameClassify === code)).toBe(true);
    const lott = (await t.get<Menus>(MENUS, { query: { prizeMode: 'Lott' } })).body.value;
    const vendors = new Set(Object.values(lott).flatMap((group) => group.gameMenus.map((g) => g.vassalage)));
    expect(vendors).toEqual(new Set(lottery.filter((v) => v.category === 'LOTT').map((v) => v.vassalage)));
  });
});

describe('winner board, rank list and jackpot from real play', () => {
  interface Board {
    list: {
      rank: number;
      vo: { customerName: string; winAmount: string; nodeId: number; gameCode: string; gameName: string };
    }[];
  }
  let goldenHilsa: number;
  let padmaBaccarat: number;

  beforeAll(async () => {
    goldenHilsa = await nodeIdOf(t.db, gameCodeOf('SUNDAR', 'Golden Hilsa'));
    padmaBaccarat = await nodeIdOf(t.db, gameCodeOf('PADMA', 'Padma Baccarat 1'));
    const fisher = await playerInGame(t.db, { merchantId, username: 'fisher0101', nodeId: goldenHilsa });
    const dealer = await playerInGame(t.db, { merchantId, username: 'dealerqueen', nodeId: padmaBaccarat });
    const shorty = await playerInGame(t.db, { merchantId, username: 'bob12', nodeId: padmaBaccarat });
    await playRound(sandbox, fisher.token, '10.00', '1250.50');
    await playRound(sandbox, fisher.token, '10.00', '0');
    await playRound(sandbox, fisher.token, '10.00', '15.00');
    await playRound(sandbox, dealer.token, '100.00', '4000.00');
    await playRound(sandbox, shorty.token, '5.00', '75.25');
  });

  it('shows the largest wins first, each with its game and the name masked', async () => {
    const res = await t.get<Board>(WINNERS, { query: { gameCategory: 'ALL', limitNum: 20 } });
    expect(res.status).toBe(200);
    expect(res.body.value.list.map((e) => [e.rank, e.vo.customerName, e.vo.winAmount, e.vo.nodeId])).toEqual([
      [1, 'de****en', '4000.00', padmaBaccarat],
      [2, 'fi****01', '1250.50', goldenHilsa],
      [3, 'b****', '75.25', padmaBaccarat],
      [4, 'fi****01', '15.00', goldenHilsa],
    ]);
    expect(res.body.value.list[1]!.vo).toMatchObject({
      gameCode: gameCodeOf('SUNDAR', 'Golden Hilsa'),
      gameName: 'Golden Hilsa',
    });
    const text = JSON.stringify(res.body);
    for (const name of ['fisher0101', 'dealerqueen', 'bob12']) expect(text).not.toContain(name);
  });

  it('keeps to the limit and the category asked, and to the last 7 days', async () => {
    const two = (await t.get<Board>(WINNERS, { query: { limitNum: 2 } })).body.value.list;
    expect(two.map((e) => e.vo.winAmount)).toEqual(['4000.00', '1250.50']);
    const fish = (await t.get<Board>(WINNERS, { query: { gameCategory: 'FISH' } })).body.value.list;
    expect(fish.map((e) => e.vo.winAmount)).toEqual(['1250.50', '15.00']);
    // A win of long ago (written as the wallet would have, 8 days back) stays off the board.
    const session = await t.db
      .selectFrom('game_sessions')
      .select(['id', 'member_id', 'vendor_id'])
      .where('game_id', '=', goldenHilsa)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('seamless_transactions')
      .values({
        merchant_id: merchantId,
        vendor_id: session.vendor_id,
        vendor_tx_id: 'old-win',
        kind: 'win',
        member_id: session.member_id,
        round_id: 'old-round',
        amount: 99_999_999n,
        reference_tx_id: 'old-bet',
        fingerprint: Buffer.alloc(32),
        response: '{}',
        game_session_id: session.id,
        created_at: new Date(Date.now() - 8 * 86_400_000),
      })
      .execute();
    const other = (await t.get<Board>(WINNERS, { query: { gameCategory: 'ALL', limitNum: 19 } })).body.value.list;
    expect(other.map((e) => e.vo.winAmount)).not.toContain('999999.99');
    const bads: Record<string, string>[] = [
      { limitNum: '21' },
      { limitNum: '0' },
      { limitNum: '-1' },
      { gameCategory: 'CASINO' },
    ];
    for (const bad of bads) {
      expect((await t.get(WINNERS, { query: bad })).status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('ranks games by the rounds played in the last 7 days', async () => {
    type Ranks = { list: { rank: number; rounds: number; game: GameSummary }[] };
    const res = await t.get<Ranks>(RANKS, { query: { limitNum: 5 } });
    expect(res.body.value.list.map((e) => [e.rank, e.game.nodeId, e.rounds])).toEqual([
      [1, goldenHilsa, 3],
      [2, padmaBaccarat, 2],
    ]);
    const live = (await t.get<Ranks>(RANKS, { query: { gameCategory: 'LIVE' } })).body.value.list;
    expect(live.map((e) => e.game.nodeId)).toEqual([padmaBaccarat]);
  });

  it('shows the jackpot: its seed plus 0.5 % of the stakes, counted once settled', async () => {
    const res = await t.get<{ amount: string; currency: string }>(JACKPOT);
    expect(res.body.value).toMatchObject({ currency: 'BDT' });
    const pool = jackpotPool(t.db);
    const stakes = async () =>
      (
        await t.db
          .selectFrom('seamless_transactions')
          .select(sql<string>`coalesce(sum(amount), 0)::text`.as('total'))
          .where('merchant_id', '=', merchantId)
          .where('kind', '=', 'bet')
          .executeTakeFirstOrThrow()
      ).total;
    const expected = async () =>
      JACKPOT_SEED_AMOUNT + (BigInt(await stakes()) * BigInt(JACKPOT_SHARE_BASIS_POINTS)) / 10_000n;
    // A minute passes twice: the ids handed out before each read are counted at the next.
    const settle = () =>
      t.db
        .updateTable('jackpot_pools')
        .set({ pending_since: new Date(Date.now() - 120_000) })
        .execute();
    await settle();
    await pool.current(merchantId);
    await settle();
    const amount = (await pool.current(merchantId)).amount;
    expect(amount).toBe(toAmount(await expected()));
    expect(BigInt(await stakes())).toBeGreaterThan(0n);

    // More bets show only once settled, and are counted once however often the pool is read.
    const player = await playerInGame(t.db, { merchantId, username: 'jackpot01', nodeId: goldenHilsa });
    await playRound(sandbox, player.token, '200.00', '0');
    expect((await pool.current(merchantId)).amount).toBe(amount);
    await settle();
    await pool.current(merchantId);
    await settle();
    await pool.current(merchantId);
    expect((await pool.current(merchantId)).amount).toBe(toAmount(await expected()));
  });
});

const toAmount = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;

describe('merchant isolation', () => {
  it('another merchant sees none of this catalogue and cannot name its vendors', async () => {
    await seedMerchant(t.db, { code: 'othershop', name: 'Other shop', domains: ['othershop.example'] });
    const headers = { Merchant: 'othershop' };
    expect((await t.get<{ data: { lanes: unknown[] } }>(LANES, { headers })).body.value.data.lanes).toEqual([]);
    expect((await t.get<Page>(LIST, { headers })).body.value.totalCount).toBe(0);
    expect((await t.get<{ list: unknown[] }>(HOT, { headers })).body.value.list).toEqual([]);
    expect((await t.get<{ list: unknown[] }>(WINNERS, { headers })).body.value.list).toEqual([]);
    const named = await t.get(LIST, { headers, query: { vassalage: 'PADMA' } });
    expect(named.status).toBe(404);
    expect(named.body.code).toBe('game.vendor_not_found');
  });
});

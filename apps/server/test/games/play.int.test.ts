import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameSummary, LaunchResult } from '@khela/contracts';
import { hashSecretToken } from '../../src/modules/sessions/secret-token.ts';
import { DEMO_VENDOR } from '../../src/seed/vendors.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPlayer, imposeProtection, logInAs } from '../protection/helpers.ts';
import { vendorClient } from '../seamless/vendor-client.ts';
import { demoMerchantId } from '../support/helpers.ts';

/** Issue 11 items 3 and 4: launches (§4 routing, §6, §8), game sessions, favourites and recents. */
let t: TestApp;
let merchantId: number;
let game: Record<
  'live' | 'slot' | 'slotHot' | 'tile' | 'fixing' | 'vendorFixing' | 'off' | 'lotto' | 'vnLotto' | 'card',
  number
>;
const CDNS = ['https://cdn-a.example/', 'https://cdn-b.example'];

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  await t.db.updateTable('merchants').set({ launch_game_cdns: CDNS }).where('id', '=', merchantId).execute();
  const integration = await t.db
    .selectFrom('vendors')
    .select('id')
    .where('code', '=', DEMO_VENDOR.code)
    .executeTakeFirstOrThrow();
  const vendor = async (vassalage: string, category: string, extra: Record<string, unknown> = {}) =>
    (
      await t.db
        .insertInto('game_vendors')
        .values({
          merchant_id: merchantId,
          vassalage,
          display_name: JSON.stringify({ en: vassalage, bn: vassalage }),
          category: category as never,
          wallet_mode: 'seamless',
          integration_id: integration.id,
          launch_url_template: '{cdn}/play?token={token}&game={gameCode}&lang={language}&mode={mode}&back={backUrl}',
          ...extra,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const add = async (vendorId: number, code: string, extra: Record<string, unknown> = {}) =>
    (
      await t.db
        .insertInto('games')
        .values({
          merchant_id: merchantId,
          vendor_id: vendorId,
          game_code: code,
          vendor_game_id: code.toUpperCase(),
          game_type: 'RNG',
          name: JSON.stringify({ en: `Game ${code}`, bn: `গেম ${code}` }),
          ...extra,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const live = await vendor('PLAYLIVE', 'LIVE');
  const slots = await vendor('PLAYSLOT', 'RNG', { supports_trial: true });
  const down = await vendor('PLAYDOWN', 'RNG', { status: 'maintenance' });
  const lotto = await vendor('PLAYLOTTO', 'ELOTT');
  const cards = await vendor('PLAYCARD', 'PVP');
  const vn = await t.db
    .selectFrom('game_vendors')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('vassalage', '=', 'TCG_LOTTO_VN')
    .executeTakeFirst();
  game = {
    live: await add(live, 'play-live-1', { game_type: 'LIVE' }),
    slot: await add(slots, 'play-slot-1'),
    slotHot: await add(slots, 'play-slot-hot', { hot: true, hot_rank: 0 }),
    tile: await add(slots, 'play-slot-all', { is_game: 'VASSALAGE' }),
    fixing: await add(slots, 'play-slot-fixing', { status: 'maintenance' }),
    vendorFixing: await add(down, 'play-down-1'),
    off: await add(slots, 'play-slot-off', { status: 'off' }),
    lotto: await add(lotto, 'play-lotto-1', { game_type: 'ELOTT' }),
    vnLotto: await add(vn?.id ?? (await vendor('TCG_LOTTO_VN', 'LOTT')), 'play-vn-1', { game_type: 'LOTT' }),
    card: await add(cards, 'play-card-1', { game_type: 'PVP', min_bet: 500n, max_bet: 1_000_000n }),
  };
});
afterAll(() => t.close());

const launch = (headers: Record<string, string>, query: Record<string, string | number>) =>
  t.get<LaunchResult>('/wps/game/launchGame', { headers, query });
const sessionsOf = async (memberId: number) =>
  (await t.db.selectFrom('game_sessions').select(['game_id']).where('member_id', '=', memberId).execute()).map(
    (row) => row.game_id,
  );
const recentsOf = async (memberId: number) =>
  t.db.selectFrom('recent_games').select(['game_id', 'launches']).where('member_id', '=', memberId).execute();

async function member() {
  const player = await createPlayer(t, merchantId);
  return { player, headers: await logInAs(t, player) };
}

describe('launch', () => {
  it('opens a game session the vendor can use, on one of the launch CDNs, and records the recent game', async () => {
    const { player, headers } = await member();
    const res = await launch({ ...headers, Language: 'bn' }, { gameCode: 'play-live-1' });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ target: 'frame', vassalage: 'PLAYLIVE', nodeId: game.live });
    const url = new URL(res.body.value.url);
    expect(CDNS.map((cdn) => new URL(cdn).origin)).toContain(url.origin);
    expect(url.pathname).toBe('/play');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ game: 'play-live-1', lang: 'bn', mode: 'real' });
    expect(await sessionsOf(player.row.id)).toEqual([game.live]);
    expect(await recentsOf(player.row.id)).toEqual([{ game_id: game.live, launches: 1 }]);

    // The token names the player on the seamless API (signed as the vendor).
    const token = url.searchParams.get('token')!;
    const stored = await t.db
      .selectFrom('game_sessions')
      .select('id')
      .where('token_hash', '=', hashSecretToken(token))
      .executeTakeFirst();
    expect(stored).toBeDefined();
    const vendor = vendorClient({ baseUrl: t.baseUrl, code: DEMO_VENDOR.code, secret: DEMO_VENDOR.secret });
    const balance = await vendor.send('balance', { token, request_uuid: crypto.randomUUID(), currency: 'BDT' });
    expect(balance.body).toMatchObject({ status: 'RS_OK', user: player.username });
    await vendor.close();

    // The launch fallback is the same call; a second launch counts on the same recent row.
    expect(
      (await t.get('/wps/relay/GCS_gameLaunchFB', { headers, query: { nodeId: game.live, gameCode: 'x' } })).status,
    ).toBe(200);
    expect(await recentsOf(player.row.id)).toEqual([{ game_id: game.live, launches: 2 }]);
  });

  it('routes lottery vendors to our pages (§4), with no session', async () => {
    const { player, headers } = await member();
    const vn = await launch(headers, { gameCode: 'play-vn-1' });
    expect(vn.body.value).toMatchObject({ target: 'route', url: '/vnLottery?gameCode=play-vn-1' });
    const elott = await launch(headers, { gameCode: 'play-lotto-1' });
    expect(elott.body.value).toMatchObject({ target: 'route', url: '/lottery?gameCode=play-lotto-1' });
    expect(await sessionsOf(player.row.id)).toEqual([]);
  });

  it('refuses visitors, trial, excluded and frozen members, unknown, off and foreign games, and writes nothing', async () => {
    expect((await launch({}, { gameCode: 'play-live-1' })).body.code).toBe('auth.not_logged_in');
    const trial = await t.request<{ token: string }>('POST', '/wps/session/login/freeplay', {});
    const trialRes = await launch({ Authorization: trial.body.value.token }, { gameCode: 'play-live-1' });
    expect([trialRes.status, trialRes.body.code]).toEqual([403, 'auth.trial_account']);

    const excluded = await member();
    await imposeProtection(t, excluded.player, 'cooling_off', '1 day');
    expect((await launch(excluded.headers, { gameCode: 'play-live-1' })).body.code).toBe('auth.cooling_off');

    const frozen = await member();
    await t.db.updateTable('members').set({ status: 'frozen' }).where('id', '=', frozen.player.row.id).execute();
    const frozenRes = await launch(frozen.headers, { gameCode: 'play-live-1' });
    expect(frozenRes.status).toBeGreaterThanOrEqual(400);
    expect(frozenRes.status).toBeLessThan(500);

    const { player, headers } = await member();
    const unknown: Record<string, string>[] = [
      { gameCode: 'no-such-game' },
      { gameCode: 'play-slot-off' },
      { gameCode: 'play-live-1', vassalage: 'PLAYSLOT' },
    ];
    for (const query of unknown) {
      const res = await launch(headers, query);
      expect([res.status, res.body.code], JSON.stringify(query)).toEqual([404, 'game.not_found']);
    }
    const tile = await launch(headers, { gameCode: 'play-slot-all' });
    expect([tile.status, tile.body.code]).toEqual([409, 'game.opens_list']);
    for (const memberId of [player.row.id, excluded.player.row.id, frozen.player.row.id]) {
      expect(await sessionsOf(memberId)).toEqual([]);
      expect(await recentsOf(memberId)).toEqual([]);
    }
  });

  it('answers game maintenance (§8) for a game or its vendor, suggesting popular games elsewhere', async () => {
    const { player, headers } = await member();
    for (const gameCode of ['play-slot-fixing', 'play-down-1']) {
      const res = await launch({ ...headers, Language: 'bn' }, { gameCode });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('game.maintenance');
      const { suggestions } = res.body.value as unknown as { suggestions: GameSummary[] };
      expect(suggestions.length).toBeGreaterThan(0);
      expect(suggestions.every((s) => s.status === 'on' && s.hot)).toBe(true);
    }
    expect(await sessionsOf(player.row.id)).toEqual([]);
  });

  it('free trial: the vendor’s play money where it offers it, for anyone, with no session', async () => {
    const trial = await t.get<LaunchResult>('/wps/relay/GCS_gameTrialLaunch', { query: { gameCode: 'play-slot-1' } });
    expect(trial.status).toBe(200);
    const url = new URL(trial.body.value.url);
    expect([url.searchParams.get('mode'), url.searchParams.get('token')]).toEqual(['fun', '']);
    const refused = await t.get('/wps/relay/GCS_gameTrialLaunch', { query: { gameCode: 'play-live-1' } });
    expect([refused.status, refused.body.code]).toEqual([409, 'game.trial_unavailable']);
  });
});

describe('favourites and recents', () => {
  it('adds once, lists newest first, removes once; ids are text', async () => {
    const { headers } = await member();
    const add = (nodeId: number | string, extra: Record<string, string> = {}) =>
      t.request<{ added: boolean }>('POST', '/wps/relay/MCSFE_addFavoriteGameV2', { nodeId, ...extra }, { headers });
    const remove = (nodeId: number) =>
      t.request<{ removed: boolean }>('DELETE', '/wps/relay/MCSFE_removeFavoriteGameV2', { nodeId }, { headers });
    expect((await add(game.slot, { vendor: 'PLAYSLOT', gameType: 'RNG' })).body.value.added).toBe(true);
    expect((await add(String(game.live))).body.value.added).toBe(true);
    expect((await add(game.slot)).body.value.added).toBe(false);
    const ids = await t.get<string[]>('/wps/relay/MCSFE_getFavoriteGames', { headers });
    expect(ids.body.value).toEqual([String(game.live), String(game.slot)]);
    const list = await t.get<{ content: GameSummary[]; totalPages: number }>('/wps/relay/MCSFE_getFavoriteGamesList', {
      headers,
      query: { pageNo: 1, pageSize: 1 },
    });
    expect(list.body.value.content.map((g) => g.nodeId)).toEqual([game.live]);
    expect(list.body.value.totalPages).toBe(2);
    expect((await remove(game.live)).body.value.removed).toBe(true);
    expect((await remove(game.live)).body.value.removed).toBe(false);
    expect((await t.get<string[]>('/wps/relay/MCSFE_getFavoriteGames', { headers })).body.value).toEqual([
      String(game.slot),
    ]);
  });

  it('refuses favourites of games that do not exist, are off or do not match, writing nothing', async () => {
    const { player, headers } = await member();
    for (const body of [{ nodeId: 2_000_000_000 }, { nodeId: game.off }, { nodeId: game.slot, vendor: 'PLAYLIVE' }]) {
      const res = await t.request('POST', '/wps/relay/MCSFE_addFavoriteGameV2', body, { headers });
      expect([res.status, res.body.code]).toEqual([404, 'game.not_found']);
    }
    for (const nodeId of ['abc', -1, 0, '1e9', '']) {
      const res = await t.request('POST', '/wps/relay/MCSFE_addFavoriteGameV2', { nodeId }, { headers });
      expect([res.status, res.body.code]).toEqual([400, 'request.invalid']);
    }
    const rows = await t.db.selectFrom('favourite_games').selectAll().where('member_id', '=', player.row.id).execute();
    expect(rows).toEqual([]);
  });

  it('lists recent games latest first, 20 a page by default, and refuses odd page sizes', async () => {
    const { headers } = await member();
    await launch(headers, { gameCode: 'play-live-1' });
    await launch(headers, { gameCode: 'play-slot-1' });
    const recent = await t.get<{ list: { nodeId: number }[]; totalPages: number }>('/wps/relay/GCS_recentGame', {
      headers,
    });
    expect(recent.body.value.list.map((g) => g.nodeId)).toEqual([game.slot, game.live]);
    for (const pageSize of ['0', '-1', '1000000000', 'x']) {
      const res = await t.get('/wps/relay/GCS_recentGame', { headers, query: { pageSize } });
      expect([res.status, res.body.code]).toEqual([400, 'request.invalid']);
    }
  });
});

describe('PVP rooms', () => {
  it('offers three rooms by stake and counts the members seated now', async () => {
    const { headers } = await member();
    await launch(headers, { gameCode: 'play-card-1' });
    const res = await t.get<{ rooms: { minBet: string; maxBet: string; players: number }[] }>(
      '/wps/relay/GLS2_roomList',
      { headers, query: { gameCode: 'play-card-1' } },
    );
    expect(res.body.value.rooms.map((r) => [r.minBet, r.maxBet])).toEqual([
      ['5.00', '50.00'],
      ['50.00', '500.00'],
      ['500.00', '10000.00'],
    ]);
    expect(res.body.value.rooms.reduce((sum, r) => sum + r.players, 0)).toBe(1);
    const notPvp = await t.get('/wps/relay/GLS2_roomList', { headers, query: { gameCode: 'play-slot-1' } });
    expect([notPvp.status, notPvp.body.code]).toEqual([409, 'game.no_rooms']);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminGame, AdminGameVendor, GameSummary, VendorLane } from '@khela/contracts';
import { gameCodeOf } from '../../src/seed/catalogue.ts';
import { createMerchantWithAdmin, loginAsAdmin, loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { resetRateLimits } from '../support/helpers.ts';
import { nodeIdOf } from './helpers.ts';

/** Issue 11 item 7: the catalogue from the operator's side, each change in the lobby at once. */

const VENDORS = '/admin/game-vendors';
const GAMES = '/admin/games';
const LANES_ADMIN = '/admin/game-lanes';
const LIST = '/wps/relay/GCSGAME_gameList';
const HOT = '/wps/relay/GCSGAME_hotGamesV2';
const LANES = '/wps/relay/GCSGAME_newGameVendor';

interface Page<T> {
  games: T[];
  totalCount: number;
  totalPages: number;
  pageNo: number;
  pageSize: number;
}
interface AdminLane {
  title: string;
  vendors: { id: number; vassalage: string; sortOrder: number }[];
}

let t: TestApp;
let admin: AuthHeaders;
let sandboxId: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = await loginAsAdmin(t);
  sandboxId = (await t.db.selectFrom('vendors').select('id').where('code', '=', 'SANDBOX').executeTakeFirstOrThrow())
    .id;
});
afterAll(() => t.close());
beforeEach(() => resetRateLimits(t));

const lobbyLanes = async () => (await t.get<{ data: { lanes: VendorLane[] } }>(LANES)).body.value.data.lanes;
const lobbyList = async (query: Record<string, string | number>) =>
  (await t.get<Page<GameSummary>>(LIST, { query: { pageSize: 100, ...query } })).body.value;
const vendorIdOf = async (vassalage: string) =>
  (await t.db.selectFrom('game_vendors').select('id').where('vassalage', '=', vassalage).executeTakeFirstOrThrow()).id;
const lastAudit = (entity: string) =>
  t.db.selectFrom('audit_log').selectAll().where('entity', '=', entity).orderBy('id', 'desc').executeTakeFirst();

const newVendor = (vassalage: string, extra: Record<string, unknown> = {}) => ({
  vassalage,
  displayName: { bn: 'নতুন লাইভ', en: 'New Live' },
  logoUrl: '/games/vendors/padma.svg',
  category: 'LIVE',
  walletMode: 'seamless',
  integrationId: sandboxId,
  launchUrlTemplate: '{cdn}/play?token={token}&game={gameCode}&lang={language}&mode={mode}&back={backUrl}',
  currencies: ['BDT'],
  status: 'on',
  sortOrder: 5,
  supportsTrial: false,
  ...extra,
});

describe('catalogue vendors', () => {
  it('lists every vendor of the merchant with its integration and game count', async () => {
    const res = await t.get<AdminGameVendor[]>(VENDORS, { headers: admin });
    expect(res.status).toBe(200);
    const vendors = await t.db.selectFrom('game_vendors').select('vassalage').execute();
    expect(res.body.value.map((v) => v.vassalage).sort()).toEqual(vendors.map((v) => v.vassalage).sort());
    expect(res.body.value.find((v) => v.vassalage === 'MEGHNA')).toMatchObject({
      walletMode: 'transfer',
      integrationCode: 'SANDBOX_TW',
      displayName: { en: 'Meghna Live', bn: 'মেঘনা লাইভ' },
      gameCount: 8,
    });
  });

  it('creates a vendor, audited, and the lobby shows it at once', async () => {
    const res = await t.request<AdminGameVendor>('POST', VENDORS, newVendor('NEWLIVE'), { headers: admin });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({
      vassalage: 'NEWLIVE',
      integrationCode: 'SANDBOX',
      gameCount: 0,
      status: 'on',
    });
    expect(await lastAudit('gameVendors')).toMatchObject({ action: 'create', entity_id: String(res.body.value.id) });
    const live = (await lobbyLanes()).find((l) => l.title === 'LIVE')!;
    expect(live.cards.map((c) => c.vassalage)).toContain('NEWLIVE');
    // The same vassalage again is a conflict, and nothing more is written.
    const again = await t.request('POST', VENDORS, newVendor('NEWLIVE'), { headers: admin });
    expect([again.status, again.body.code]).toEqual([409, 'admin.conflict']);
  });

  it('refuses integrations that are not the merchant’s and wallet modes that do not fit, field by field', async () => {
    const other = await createMerchantWithAdmin(t, 'vendorsother');
    const foreign = await t.db
      .insertInto('vendors')
      .values({
        merchant_id: other.merchantId,
        code: 'OTHER_INT',
        name: 'Other',
        currency: 'BDT',
        secret: 'x'.repeat(40),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await t.db.selectFrom('game_vendors').select('id').execute();
    const cases: [Record<string, unknown>, string][] = [
      [{ integrationId: foreign.id }, 'integrationId'],
      [{ integrationId: 999_999 }, 'integrationId'],
      [{ walletMode: 'inhouse' }, 'integrationId'],
      [{ walletMode: 'transfer', integrationId: null }, 'integrationId'],
    ];
    for (const [extra, field] of cases) {
      const res = await t.request<{ fields: { field: string }[] }>('POST', VENDORS, newVendor('REFUSED', extra), {
        headers: { ...admin, Language: 'bn' },
      });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.value.fields.map((f) => f.field)).toEqual([field]);
    }
    for (const bad of [
      { launchUrlTemplate: 'javascript:alert(1)' },
      { launchUrlTemplate: '{cdn}/play?t={secret}' },
      { launchUrlTemplate: '{cdn}/play?t={token' },
      { logoUrl: 'javascript:alert(1)' },
      { logoUrl: '//evil.example/x.png' },
      { vassalage: 'bad vassalage' },
      { category: 'CASINO' },
      { currencies: ['BDT', 'BDT'] },
      { currencies: [] },
      { displayName: { bn: '', en: 'x' } },
      { status: 'paused' },
      { sortOrder: 1.5 },
    ]) {
      const res = await t.request('POST', VENDORS, newVendor('REFUSED', bad), { headers: admin });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await t.db.selectFrom('game_vendors').select('id').execute()).toHaveLength(before.length);
  });

  it('changes a vendor: maintenance and off show in the lobby at once; another merchant’s is not found', async () => {
    const id = await vendorIdOf('SUNDAR');
    const maintenance = await t.request<AdminGameVendor>(
      'PATCH',
      `${VENDORS}/${id}`,
      { status: 'maintenance' },
      { headers: admin },
    );
    expect(maintenance.body.value).toMatchObject({ status: 'maintenance', vassalage: 'SUNDAR' });
    const audit = await lastAudit('gameVendors');
    expect(audit).toMatchObject({ action: 'update', entity_id: String(id) });
    expect([(audit!.before as AdminGameVendor).status, (audit!.after as AdminGameVendor).status]).toEqual([
      'on',
      'maintenance',
    ]);
    const fish = () => lobbyLanes().then((lanes) => lanes.find((l) => l.title === 'FISH')!);
    expect((await fish()).cards.find((c) => c.vassalage === 'SUNDAR')!.status).toBe('maintenance');
    expect((await lobbyList({ vassalage: 'SUNDAR' })).games.every((g) => g.status === 'maintenance')).toBe(true);

    await t.request('PATCH', `${VENDORS}/${id}`, { status: 'off' }, { headers: admin });
    expect((await fish()).cards.map((c) => c.vassalage)).not.toContain('SUNDAR');
    expect((await t.get(LIST, { query: { vassalage: 'SUNDAR' } })).body.code).toBe('game.vendor_not_found');

    await t.request(
      'PATCH',
      `${VENDORS}/${id}`,
      { status: 'on', displayName: { bn: 'সুন্দরবন', en: 'Sundarban' } },
      { headers: admin },
    );
    expect((await fish()).cards.find((c) => c.vassalage === 'SUNDAR')).toMatchObject({
      status: 'on',
      displayName: 'Sundarban',
    });

    const other = await createMerchantWithAdmin(t, 'vendorsthird');
    const foreign = await t.request('PATCH', `${VENDORS}/${id}`, { status: 'off' }, { headers: other.headers });
    expect([foreign.status, foreign.body.code]).toEqual([404, 'game.vendor_not_found']);
    expect((await t.request('PATCH', `${VENDORS}/${id}`, {}, { headers: admin })).status).toBe(400);
    expect((await t.request('PATCH', `${VENDORS}/0`, { status: 'on' }, { headers: admin })).status).toBe(400);
  });
});

describe('catalogue games', () => {
  it('lists games with filters and pages', async () => {
    const padma = await vendorIdOf('PADMA');
    const page = await t.get<Page<AdminGame>>(GAMES, { headers: admin, query: { vendorId: padma, pageSize: 5 } });
    const count = await t.db.selectFrom('games').select('id').where('vendor_id', '=', padma).execute();
    expect(page.body.value).toMatchObject({
      totalCount: count.length,
      pageSize: 5,
      totalPages: Math.ceil(count.length / 5),
    });
    expect(page.body.value.games.every((g) => g.vassalage === 'PADMA')).toBe(true);
    const search = await t.get<Page<AdminGame>>(GAMES, { headers: admin, query: { q: 'ইলিশ' } });
    expect(search.body.value.games.map((g) => g.name.en).sort()).toEqual(['Golden Hilsa', 'Hilsa Harvest']);
    const literal = await t.get<Page<AdminGame>>(GAMES, { headers: admin, query: { q: '%' } });
    expect(literal.body.value.totalCount).toBe(0);
    const hot = await t.get<Page<AdminGame>>(GAMES, { headers: admin, query: { hot: 'true', pageSize: 200 } });
    expect(hot.body.value.games.every((g) => g.hot && g.hotRank !== null)).toBe(true);
    const bads: Record<string, string>[] = [
      { pageSize: '0' },
      { pageSize: '201' },
      { vendorId: 'x' },
      { status: 'paused' },
      { hot: 'yes' },
    ];
    for (const bad of bads) {
      expect((await t.get(GAMES, { headers: admin, query: bad })).status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('creates a game in a vendor of the merchant: the lobby lists it at once', async () => {
    const vendorId = await vendorIdOf('TASH');
    const body = {
      vendorId,
      gameCode: 'tash-golapi-tash',
      name: { bn: 'গোলাপি তাস', en: 'Golapi Tash' },
      iconUrl: '/games/tash/teen-patti.svg',
      largeIconUrl: null,
      gameClassify: 'CARD',
      minBet: '5',
      maxBet: '2000.50',
    };
    const res = await t.request<AdminGame>('POST', GAMES, body, { headers: admin });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({
      gameCode: 'tash-golapi-tash',
      vendorGameId: 'tash-golapi-tash',
      gameType: 'PVP',
      isGame: 'GAME',
      status: 'on',
      minBet: '5.00',
      maxBet: '2000.50',
      hot: false,
    });
    expect(await lastAudit('games')).toMatchObject({ action: 'create', entity_id: String(res.body.value.id) });
    const listed = (await lobbyList({ vassalage: 'TASH', gameName: 'golapi' })).games;
    expect(listed.map((g) => g.nodeId)).toEqual([res.body.value.id]);

    const other = await createMerchantWithAdmin(t, 'gamesother');
    const cases: [Record<string, unknown>, Record<string, string>, number, string][] = [
      [body, admin, 409, 'admin.conflict'],
      [{ ...body, gameCode: 'tash-x', vendorId: 999_999 }, admin, 404, 'game.vendor_not_found'],
      [{ ...body, gameCode: 'tash-y' }, other.headers, 404, 'game.vendor_not_found'],
      [{ ...body, gameCode: 'tash-z', minBet: '10', maxBet: '9.99' }, admin, 400, 'request.invalid'],
      [{ ...body, gameCode: 'has space' }, admin, 400, 'request.invalid'],
      [{ ...body, gameCode: 'tash-w', minBet: '0' }, admin, 400, 'request.invalid'],
      [{ ...body, gameCode: 'tash-v', iconUrl: 'data:image/png;base64,AAAA' }, admin, 400, 'request.invalid'],
    ];
    const before = await t.db.selectFrom('games').select('id').execute();
    for (const [input, headers, status, code] of cases) {
      const refused = await t.request('POST', GAMES, input, { headers });
      expect([refused.status, refused.body.code], JSON.stringify(input)).toEqual([status, code]);
    }
    expect(await t.db.selectFrom('games').select('id').execute()).toHaveLength(before.length);
  });

  it('changes a game: hot rank, new flag, maintenance, off and limits show at once', async () => {
    const id = await nodeIdOf(t.db, gameCodeOf('DOEL', 'Ferry Ghat'));
    const patch = (body: Record<string, unknown>, headers = admin) =>
      t.request<AdminGame>('PATCH', `${GAMES}/${id}`, body, { headers });
    expect((await patch({ hot: true, hotRank: 1, isNew: true })).body.value).toMatchObject({
      hot: true,
      hotRank: 1,
      isNew: true,
    });
    // Ranked first beside the demo's own first (a tie keeps the lobby's order).
    const hot = (await t.get<{ list: GameSummary[] }>(HOT)).body.value.list;
    expect(hot.findIndex((g) => g.nodeId === id)).toBeLessThan(2);
    expect(hot.find((g) => g.nodeId === id)).toMatchObject({ hot: true, isNew: true });

    expect((await patch({ status: 'maintenance', maxBet: '123.45' })).body.value).toMatchObject({
      status: 'maintenance',
      maxBet: '123.45',
    });
    const doel = (await lobbyList({ vassalage: 'DOEL' })).games.find((g) => g.nodeId === id)!;
    expect(doel).toMatchObject({ status: 'maintenance', maxBet: '123.45' });
    // The limits are checked together with the stored ones.
    const crossed = await patch({ minBet: '200' });
    expect(crossed.status).toBe(400);
    expect((crossed.body.value as unknown as { fields: { field: string }[] }).fields[0]!.field).toBe('maxBet');

    expect((await patch({ hot: false })).body.value).toMatchObject({ hot: false, hotRank: null });
    await patch({ status: 'off' });
    expect((await lobbyList({ vassalage: 'DOEL' })).games.map((g) => g.nodeId)).not.toContain(id);
    const audit = await lastAudit('games');
    expect([(audit!.before as AdminGame).status, (audit!.after as AdminGame).status]).toEqual(['maintenance', 'off']);

    const other = await createMerchantWithAdmin(t, 'gamesfourth');
    expect((await patch({ status: 'on' }, other.headers)).body.code).toBe('game.not_found');
    expect((await t.request('PATCH', `${GAMES}/999999`, { status: 'on' }, { headers: admin })).status).toBe(404);
    expect((await patch({})).status).toBe(400);
  });
});

describe('lanes order', () => {
  it('orders lanes and the vendors in a lane; the lobby follows at once', async () => {
    const live = (await t.get<AdminLane[]>(LANES_ADMIN, { headers: admin })).body.value.find(
      (l) => l.title === 'LIVE',
    )!;
    const reversed = live.vendors.map((v) => v.id).reverse();
    const res = await t.request<AdminLane[]>(
      'PUT',
      LANES_ADMIN,
      { lanes: [{ title: 'LIVE', vendorIds: reversed }, { title: 'FISH' }] },
      { headers: admin },
    );
    expect(res.status).toBe(200);
    expect(res.body.value.slice(0, 2).map((l) => l.title)).toEqual(['LIVE', 'FISH']);
    expect(res.body.value[0]!.vendors.map((v) => v.id)).toEqual(reversed);
    const lanes = await lobbyLanes();
    expect(lanes.slice(0, 2).map((l) => l.title)).toEqual(['LIVE', 'FISH']);
    expect(lanes[0]!.cards.map((c) => c.vassalage)).toEqual(live.vendors.map((v) => v.vassalage).reverse());
    // Lanes not named keep their order after those named, the §4 ones still after their own.
    const titles = lanes.map((l) => l.title);
    expect(titles.indexOf('ESPORTS')).toBe(titles.indexOf('SPORTS') + 1);
    expect(await lastAudit('gameLanes')).toMatchObject({ action: 'update' });
  });

  it('refuses vendors of another lane or merchant, and the same lane twice', async () => {
    const padma = await vendorIdOf('PADMA');
    const before = await t.get<AdminLane[]>(LANES_ADMIN, { headers: admin });
    for (const body of [
      { lanes: [{ title: 'FISH', vendorIds: [padma] }] },
      { lanes: [{ title: 'LIVE', vendorIds: [padma, padma] }] },
      { lanes: [{ title: 'LIVE' }, { title: 'LIVE' }] },
      { lanes: [] },
      { lanes: [{ title: 'CASINO' }] },
    ]) {
      const res = await t.request('PUT', LANES_ADMIN, body, { headers: admin });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.get<AdminLane[]>(LANES_ADMIN, { headers: admin })).body.value).toEqual(before.body.value);
  });
});

describe('who may change the catalogue', () => {
  it('content operators manage games and lanes, not vendors; support operators nothing; visitors are asked to log in', async () => {
    const content = await loginAsNewOperator(t, 'content');
    const support = await loginAsNewOperator(t, 'support');
    const id = await nodeIdOf(t.db, gameCodeOf('JL', 'Mango Grove'));
    expect((await t.get(GAMES, { headers: content })).status).toBe(200);
    expect((await t.get(VENDORS, { headers: content })).status).toBe(200);
    expect((await t.request('PATCH', `${GAMES}/${id}`, { isNew: true }, { headers: content })).status).toBe(200);
    expect((await t.request('PUT', LANES_ADMIN, { lanes: [{ title: 'RNG' }] }, { headers: content })).status).toBe(200);
    const vendorId = await vendorIdOf('JL');
    for (const [method, path, body] of [
      ['POST', VENDORS, newVendor('CONTENTS')],
      ['PATCH', `${VENDORS}/${vendorId}`, { status: 'off' }],
    ] as const) {
      expect((await t.request(method, path, body, { headers: content })).body.code).toBe('auth.forbidden');
    }
    for (const [method, path] of [
      ['GET', GAMES],
      ['GET', VENDORS],
      ['GET', LANES_ADMIN],
      ['PATCH', `${GAMES}/${id}`],
    ] as const) {
      const body = method === 'PATCH' ? { isNew: false } : undefined;
      expect((await t.request(method, path, body, { headers: support })).body.code).toBe('auth.forbidden');
      expect((await t.request(method, path, body)).status).toBe(401);
    }
  });
});

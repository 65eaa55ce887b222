import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminGame, AdminInhouseGame, InhouseRound } from '@khela/contracts';
import { loginAsAdmin, loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { bet, fundedPlayer, requestId } from '../inhouse/helpers.ts';

/** Issue 16 item 5: our own games' limits and status, read and changed by an operator, applied to the next bet. */

let t: TestApp;
let admin: AuthHeaders;
let merchantId: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = await loginAsAdmin(t);
  merchantId = await demoMerchantId(t);
});
afterAll(() => t.close());

const inhouseGames = async (headers = admin) => t.get<AdminInhouseGame[]>('/admin/inhouse/games', { headers });
const patch = (id: number, body: object) =>
  t.request<AdminGame>('PATCH', `/admin/games/${id}`, body, { headers: admin });

describe('GET /admin/inhouse/games', () => {
  it('lists every in-house game with its limits, status and fixed RTP; a new limit applies to the next bet', async () => {
    const res = await inhouseGames();
    expect(res.status).toBe(200);
    const games = res.body.value;
    expect(new Set(games.map((g) => g.game))).toEqual(new Set(['dice', 'mines', 'slot', 'andar-bahar', 'crash']));
    for (const g of games) {
      expect(Number(g.rtp) + Number(g.houseEdge)).toBeCloseTo(100, 6);
      expect(g.houseEdge).toMatch(/^\d+\.\d{4}$/);
    }
    const dice = games.find((g) => g.game === 'dice')!;

    const changed = await patch(dice.id, { minBet: '5', maxBet: '7.5' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('entity', '=', 'games')
      .where('entity_id', '=', String(dice.id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect([(audit.before as AdminGame).maxBet, (audit.after as AdminGame).maxBet]).toEqual([dice.maxBet, '7.50']);
    const after = (await inhouseGames()).body.value.find((g) => g.id === dice.id)!;
    expect([after.minBet, after.maxBet]).toEqual(['5.00', '7.50']);
    const lobby = await t.get<{ games: { game: string; maxBet: string }[] }>('/wps/inhouse/games');
    expect(lobby.body.value.games.find((g) => g.game === 'dice')!.maxBet).toBe('7.50');

    const { headers } = await fundedPlayer(t, merchantId);
    const dicebet = (stake: string) =>
      bet<InhouseRound>(t, headers, 'dice/bet', { requestId: requestId(), stake, chanceBp: 5000, direction: 'under' });
    const over = await dicebet('8');
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: 'inhouse.bet_above_maximum' });
    expect((await dicebet('7.5')).status).toBe(200);

    // Maintenance shows as the effective status at once.
    expect((await patch(dice.id, { status: 'maintenance' })).status).toBe(200);
    const paused = (await inhouseGames()).body.value.find((g) => g.id === dice.id)!;
    expect([paused.status, paused.effectiveStatus]).toEqual(['maintenance', 'maintenance']);
  });

  it('refuses a minimum above the maximum with the maxBet field, changing nothing', async () => {
    const mines = (await inhouseGames()).body.value.find((g) => g.game === 'mines')!;
    const bad = await patch(mines.id, { minBet: '999999' });
    expect(bad.status).toBe(400);
    expect((bad.body.value as unknown as { fields: { field: string }[] }).fields[0]!.field).toBe('maxBet');
    const same = (await inhouseGames()).body.value.find((g) => g.id === mines.id)!;
    expect(same.minBet).toBe(mines.minBet);
  });

  it('is refused to an operator without the games permission', async () => {
    const support = await loginAsNewOperator(t, 'support', 'cg_support');
    expect((await inhouseGames(support)).status).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fairRandom, hashServerSeed, playDice, type DiceDirection } from '@khela/games';
import type { InhouseRound } from '@khela/contracts';
import { parseMinor } from '@khela/money';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditLedger } from '../ledger/helpers.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { bet, fundedPlayer, mainBalance, requestId } from './helpers.ts';

let t: TestApp;
let merchantId: number;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
});
afterAll(() => t.close());

describe('dice', () => {
  it('takes the stake, pays the engine’s outcome and verifies once the seed is revealed', async () => {
    const { player, headers } = await fundedPlayer(t, merchantId);
    const fairness = await t.get<{ current: { serverSeedHash: string; clientSeed: string; nonce: number } }>(
      '/wps/inhouse/fairness',
      { headers },
    );
    expect(fairness.status).toBe(200);
    const before = await mainBalance(t, player);
    const body = { requestId: requestId(), stake: '10.00', chanceBp: 5000, direction: 'under' as DiceDirection };
    const res = await bet(t, headers, 'dice/bet', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const round = res.body.value;
    expect(round.state).toBe('settled');
    expect(round.seeds).toMatchObject({
      serverSeedHash: fairness.body.value.current.serverSeedHash,
      serverSeed: null,
      nonce: 0,
    });
    const after = await mainBalance(t, player);
    expect(after).toBe(before - 1000n + parseMinor(round.payout!));
    expect(parseMinor(round.balanceAfter)).toBe(after);
    expect(parseMinor(round.balanceBefore)).toBe(before);

    const rotated = await t.request<{ previous: { serverSeed: string } }>(
      'POST',
      '/wps/inhouse/fairness/rotate',
      { clientSeed: 'my-seed' },
      { headers },
    );
    expect(rotated.status).toBe(200);
    const recalled = (await t.get<InhouseRound>(`/wps/inhouse/rounds/${round.roundId}`, { headers })).body.value;
    const serverSeed = recalled.seeds!.serverSeed!;
    expect(hashServerSeed(serverSeed)).toBe(recalled.seeds!.serverSeedHash);
    const replayed = playDice(
      fairRandom({ serverSeed, clientSeed: recalled.seeds!.clientSeed, nonce: 0 }),
      body,
      1000n,
    );
    expect(recalled.outcome).toEqual({ roll: replayed.roll, won: replayed.won });
    expect(parseMinor(recalled.payout!)).toBe(replayed.payout);
  });

  it('answers a repeated requestId with the first round, and refuses it for another bet', async () => {
    const { player, headers } = await fundedPlayer(t, merchantId);
    const body = { requestId: requestId(), stake: '5.00', chanceBp: 9800, direction: 'over' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => bet(t, headers, 'dice/bet', body)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.body.value.roundId)).size).toBe(1);
    const rounds = await t.db
      .selectFrom('inhouse_rounds')
      .select('id')
      .where('member_id', '=', player.row.id)
      .execute();
    expect(rounds).toHaveLength(1);
    const other = await bet(t, headers, 'dice/bet', { ...body, stake: '6.00' });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('inhouse.request_reused');
  });

  it('refuses bad bets with a stable code and moves nothing', async () => {
    const { player, headers } = await fundedPlayer(t, merchantId, 5_000n);
    const base = { chanceBp: 5000, direction: 'under' };
    const cases: [object, number, string][] = [
      [{ ...base, requestId: requestId(), stake: '0' }, 400, 'request.invalid'],
      [{ ...base, requestId: requestId(), stake: '-1.00' }, 400, 'request.invalid'],
      [{ ...base, requestId: requestId(), stake: '0.50' }, 400, 'inhouse.bet_below_minimum'],
      [{ ...base, requestId: requestId(), stake: '20000.00' }, 400, 'inhouse.bet_above_maximum'],
      [{ ...base, requestId: requestId(), stake: '60.00' }, 409, 'wallet.insufficient_funds'],
      [{ requestId: requestId(), stake: '1.00', chanceBp: 50, direction: 'under' }, 400, 'request.invalid'],
      [{ requestId: requestId(), stake: '1.00', chanceBp: 5000, direction: 'sideways' }, 400, 'request.invalid'],
    ];
    for (const [body, status, code] of cases) {
      const res = await bet(t, headers, 'dice/bet', body);
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect(await mainBalance(t, player)).toBe(5_000n);
    const rounds = await t.db
      .selectFrom('inhouse_rounds')
      .select('id')
      .where('member_id', '=', player.row.id)
      .execute();
    expect(rounds).toHaveLength(0);
    expect(await auditLedger(t.db, merchantId)).toMatchObject({ unbalanced: [], drifted: [], negative: [], total: 0n });
  });
});

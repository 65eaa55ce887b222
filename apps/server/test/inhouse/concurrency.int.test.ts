import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dicePayout, fairRandom, minePositions, playDice } from '@khela/games';
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

const diceBet = fc.record({
  stake: fc.integer({ min: 100, max: 2_000 }),
  chanceBp: fc.integer({ min: 100, max: 9_800 }),
  direction: fc.constantFrom('under' as const, 'over' as const),
});

/**
 * Issue 12's money rules under concurrency, as a property: whatever bets a member sends at once
 * (more than the wallet can pay), the wallet never goes below zero, the bets it could not pay are
 * refused with nothing written, each round takes its own nonce, its outcome is the engine's for its
 * seeds, it never pays more than the pay table, and the wallet ends at funds − stakes + payouts.
 */
it('concurrent bets beyond the balance: never negative, every round verifiable and paid by the table', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(diceBet, { minLength: 10, maxLength: 30 }), async (bets) => {
      const funds = 5_000n;
      const { player, headers } = await fundedPlayer(t, merchantId, funds);
      const answers = await Promise.all(
        bets.map((b) =>
          bet(t, headers, 'dice/bet', {
            requestId: requestId(),
            stake: (b.stake / 100).toFixed(2),
            chanceBp: b.chanceBp,
            direction: b.direction,
          }),
        ),
      );
      for (const answer of answers) {
        if (answer.status !== 200) expect(answer.body.code).toBe('wallet.insufficient_funds');
      }
      const played = answers.filter((a) => a.status === 200).map((a) => a.body.value);
      const pair = await t.db
        .selectFrom('fair_seed_pairs')
        .selectAll()
        .where('member_id', '=', player.row.id)
        .executeTakeFirstOrThrow();
      // Nonces 0 … n − 1, each once: refused bets took none.
      expect(played.map((r) => r.seeds!.nonce).sort((a, b) => a - b)).toEqual(played.map((_, i) => i));
      let expected = funds;
      for (const round of played) {
        const stake = parseMinor(round.stake);
        const choice = round.bet as { chanceBp: number; direction: 'under' | 'over' };
        const drawn = playDice(
          fairRandom({ serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: round.seeds!.nonce }),
          choice,
          stake,
        );
        expect(round.outcome).toEqual({ roll: drawn.roll, won: drawn.won });
        expect(parseMinor(round.payout!)).toBe(drawn.payout);
        expect(parseMinor(round.payout!)).toBeLessThanOrEqual(dicePayout(stake, choice.chanceBp));
        expect(parseMinor(round.balanceAfter)).toBeGreaterThanOrEqual(0n);
        expected += parseMinor(round.payout!) - stake;
      }
      expect(await mainBalance(t, player)).toBe(expected);
    }),
    { numRuns: 8 },
  );
  expect(await auditLedger(t.db, merchantId)).toMatchObject({ unbalanced: [], drifted: [], negative: [], total: 0n });
}, 120_000);

it('one mines round at a time, even when many starts race', async () => {
  const { player, headers } = await fundedPlayer(t, merchantId);
  const answers = await Promise.all(
    Array.from({ length: 10 }, () =>
      bet<InhouseRound>(t, headers, 'mines/start', { requestId: requestId(), stake: '1.00', mines: 2 }),
    ),
  );
  expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  expect(answers.filter((a) => a.body.code === 'inhouse.round_open')).toHaveLength(9);
  expect(await mainBalance(t, player)).toBe(1_000_000n - 100n);
  // Two cash-outs at once of one round: one pays, the other finds it ended.
  const round = answers.find((a) => a.status === 200)!.body.value;
  const pair = await t.db
    .selectFrom('fair_seed_pairs')
    .selectAll()
    .where('member_id', '=', player.row.id)
    .executeTakeFirstOrThrow();
  const mines = minePositions(fairRandom({ serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: 0 }), 2);
  const safe = [...Array(25).keys()].find((c) => !mines.includes(c))!;
  await bet(t, headers, 'mines/reveal', { roundId: round.roundId, cell: safe });
  const cashOuts = await Promise.all(
    [1, 2, 3].map(() => bet(t, headers, 'mines/cash-out', { roundId: round.roundId })),
  );
  expect(cashOuts.filter((c) => c.status === 200)).toHaveLength(1);
  expect(cashOuts.filter((c) => c.body.code === 'inhouse.round_closed')).toHaveLength(2);
  const wins = await t.db
    .selectFrom('seamless_transactions')
    .select('id')
    .where('round_id', '=', round.roundId)
    .where('kind', '=', 'win')
    .execute();
  expect(wins).toHaveLength(1);
});

/**
 * Group commit (migration 0017): rounds of many members at once are written in shared batches, and
 * a round refused inside a batch (a wallet that cannot pay) is refused alone, the others' rounds in
 * the same batch standing, each with its member's money.
 */
it('rounds of many members at once share batches; a refusal in a batch is its round’s alone', async () => {
  const metric = async () => {
    const text = (await t.get<string>('/metrics')).body.value;
    const read = (name: string) => Number(text.match(new RegExp(`^${name} (\\d+)`, 'm'))?.[1] ?? 0);
    return { count: read('inhouse_round_batch_size_count'), sum: read('inhouse_round_batch_size_sum') };
  };
  const before = await metric();
  const rich = await Promise.all(Array.from({ length: 12 }, () => fundedPlayer(t, merchantId, 100_000n)));
  const poor = await fundedPlayer(t, merchantId, 50n);
  const stakeOf = (i: number) => (i === rich.length ? '1.00' : '2.00');
  const answers = await Promise.all(
    [...rich, poor].flatMap((p, i) =>
      Array.from({ length: 3 }, () =>
        bet(t, p.headers, 'dice/bet', {
          requestId: requestId(),
          stake: stakeOf(i),
          chanceBp: 4_950,
          direction: 'under',
        }),
      ),
    ),
  );
  for (const [i, p] of rich.entries()) {
    const mine = answers.slice(i * 3, i * 3 + 3);
    expect(mine.map((a) => a.status)).toEqual([200, 200, 200]);
    const payouts = mine.reduce((sum, a) => sum + parseMinor(a.body.value.payout!), 0n);
    expect(await mainBalance(t, p.player)).toBe(100_000n - 600n + payouts);
  }
  for (const refused of answers.slice(rich.length * 3)) {
    expect(refused).toMatchObject({ status: 409, body: { code: 'wallet.insufficient_funds' } });
  }
  expect(await mainBalance(t, poor.player)).toBe(50n);
  const after = await metric();
  // Fewer statements than rounds: some batches held several.
  expect(after.sum - before.sum).toBe(answers.length);
  expect(after.count - before.count).toBeLessThan(answers.length);
  expect(await auditLedger(t.db, merchantId)).toMatchObject({ unbalanced: [], drifted: [], negative: [] });
});

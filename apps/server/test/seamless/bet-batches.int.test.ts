import { createHash, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testSecrets } from '../helpers/secrets.ts';
import { ledger as createLedger, type Ledger } from '../../src/modules/ledger/ledger.ts';
import { betBatches, type BatchedBet, type BetOutcome } from '../../src/modules/seamless/bet-batches.ts';
import { vendorRepository, type VendorRow } from '../../src/modules/seamless/vendors.ts';
import { lockMember } from '../../src/modules/members/repository.ts';
import { hashSecretToken } from '../../src/modules/sessions/secret-token.ts';
import { DEMO_VENDOR } from '../../src/seed/vendors.ts';
import { auditLedger, CURRENCY } from '../ledger/helpers.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { playerWithSession, type SeamlessPlayer } from './players.ts';

/**
 * Group commit of seamless bets (bet-batches.ts, ADR 0007), below HTTP so that the batches are
 * known: of bets handed over at once, the first is written alone and the others (fewer than the
 * second lane's threshold) together, in one statement. Whatever shares a batch, each bet must come out exactly as
 * it would alone. (The conformance suite and the soak test play the same rules over HTTP.)
 */

let t: TestApp;
let merchantId: number;
let ledger: Ledger;
let vendor: VendorRow;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  ledger = createLedger({ db: t.db });
  vendor = (await vendorRepository(t.db, testSecrets).activeByCode(DEMO_VENDOR.code))!;
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await auditLedger(t.db, merchantId)).toEqual({ unbalanced: [], drifted: [], negative: [], total: 0n });
});

type Player = Pick<SeamlessPlayer, 'token'>;
const newPlayer = (deposit: bigint, ttlMinutes?: number) => playerWithSession(t.db, vendor, deposit, ttlMinutes);

function bet(player: Player, amount: bigint, txId: string = randomUUID(), round = 'round-1'): BatchedBet {
  return {
    vendorId: vendor.id,
    tokenHash: hashSecretToken(player.token),
    txId,
    requestUuid: randomUUID(),
    round,
    amount,
    fingerprint: createHash('sha256').update(`${round}:${amount}`).digest(),
  };
}

const balanceOf = (p: SeamlessPlayer) =>
  ledger.balanceOf(merchantId, CURRENCY, { kind: 'member_main', memberId: p.memberId });

/** Pinned here rather than the server's default, so that every batch's size below is known. */
const LANE_THRESHOLD = 16;

/** Hands every bet over in the same tick, so all but the first share one batch (up to the threshold). */
async function together(bets: BatchedBet[]): Promise<{ outcomes: BetOutcome[]; batchSizes: number[] }> {
  const batchSizes: number[] = [];
  const batches = betBatches(t.db, { laneThreshold: LANE_THRESHOLD, onBatch: (size) => batchSizes.push(size) });
  return { outcomes: await Promise.all(bets.map((b) => batches.bet(b))), batchSizes };
}

describe('seamless bets written in batches', () => {
  it('writes many bets of one wallet in one statement, each debit once and in order', async () => {
    const player = await newPlayer(10_000n);
    const { outcomes, batchSizes } = await together(Array.from({ length: 10 }, () => bet(player, 700n)));
    expect(batchSizes).toEqual([1, 9]);
    expect(outcomes.every((o) => o.outcome === 'ok')).toBe(true);
    const balances = outcomes.map((o) => (o.outcome === 'ok' ? o.balance : -1n)).sort((a, b) => Number(b - a));
    expect(balances).toEqual(Array.from({ length: 10 }, (_, i) => 10_000n - 700n * BigInt(i + 1)));
    expect(await balanceOf(player)).toBe(3_000n);
  });

  it('opens a second lane when many bets wait, so one slow batch does not hold them all', async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => newPlayer(10_000n)));
    const { outcomes, batchSizes } = await together(Array.from({ length: 20 }, (_, i) => bet(players[i % 4]!, 100n)));
    // The first alone; the sixteenth waiting bet opens the second lane; the rest follow.
    expect(batchSizes).toEqual([1, 16, 3]);
    expect(outcomes.every((o) => o.outcome === 'ok')).toBe(true);
    for (const p of players) expect(await balanceOf(p)).toBe(10_000n - 500n);
  });

  it('refuses only the bets the wallet cannot pay, with its balance, and keeps the rest', async () => {
    const rich = await newPlayer(5_000n);
    const poor = await newPlayer(1_000n);
    const { outcomes, batchSizes } = await together([
      bet(rich, 1_000n),
      bet(rich, 1_000n),
      ...Array.from({ length: 3 }, () => bet(poor, 1_000n)),
      bet(rich, 1_000n),
    ]);
    expect(batchSizes).toEqual([1, outcomes.length - 1]);
    const poorOutcomes = outcomes.slice(2, 5);
    expect(poorOutcomes.filter((o) => o.outcome === 'ok')).toHaveLength(1);
    expect(poorOutcomes.filter((o) => o.outcome === 'not_enough_money')).toEqual([
      { outcome: 'not_enough_money', balance: 0n },
      { outcome: 'not_enough_money', balance: 0n },
    ]);
    expect([outcomes[0], outcomes[1], outcomes[5]].map((o) => o!.outcome)).toEqual(['ok', 'ok', 'ok']);
    expect(await balanceOf(poor)).toBe(0n);
    expect(await balanceOf(rich)).toBe(2_000n);
  });

  it('answers a bet sent twice in one batch once, and the same id with other data as recorded', async () => {
    const player = await newPlayer(10_000n);
    const first = bet(player, 1_000n);
    const { outcomes, batchSizes } = await together([
      bet(player, 1n),
      bet(player, 1n),
      first,
      { ...first, requestUuid: randomUUID() },
      { ...bet(player, 2_000n, first.txId) },
    ]);
    expect(batchSizes).toEqual([1, outcomes.length - 1]);
    expect(outcomes[2]).toMatchObject({ outcome: 'ok', balance: 10_000n - 2n - 1_000n });
    // In one batch a wallet's bets run in the order given: the repeat and the changed one find the first.
    expect(outcomes[3]).toMatchObject({
      outcome: 'recorded',
      recorded: { kind: 'bet', fingerprint: first.fingerprint },
    });
    expect(outcomes[4]).toMatchObject({
      outcome: 'recorded',
      recorded: { kind: 'bet', fingerprint: first.fingerprint },
    });
    expect(await balanceOf(player)).toBe(10_000n - 2n - 1_000n);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = ${`seamless:${vendor.code}:${first.txId}`}`.execute(
      t.db,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('refuses, inside a batch, an unknown token, an expired session, a frozen player and a taken id', async () => {
    const player = await newPlayer(10_000n);
    const expired = await newPlayer(10_000n, -1);
    const frozen = await newPlayer(10_000n);
    await t.db.updateTable('members').set({ status: 'frozen' }).where('id', '=', frozen.memberId).execute();
    // A rollback that came before its bet leaves a tombstone under the bet's id.
    const lateBetId = randomUUID();
    await sql`
      INSERT INTO seamless_transactions (merchant_id, vendor_id, vendor_tx_id, kind, member_id, round_id, amount,
                                         reference_tx_id, fingerprint, response)
      VALUES (${merchantId}, ${vendor.id}, ${lateBetId}, 'tombstone', ${player.memberId}, 'round-1', 0,
              ${randomUUID()}, ${Buffer.alloc(32)}, '{}')`.execute(t.db);
    const { outcomes, batchSizes } = await together([
      bet(player, 1n),
      bet(player, 1n),
      bet({ token: 'no-such-token' }, 100n),
      bet(expired, 100n),
      bet(frozen, 100n),
      bet(player, 100n, lateBetId),
      bet(player, 100n),
    ]);
    expect(batchSizes).toEqual([1, outcomes.length - 1]);
    expect(outcomes.map((o) => o.outcome)).toEqual([
      'ok',
      'ok',
      'invalid_token',
      'token_expired',
      'user_disabled',
      'recorded',
      'ok',
    ]);
    expect(outcomes[5]).toMatchObject({ recorded: { kind: 'tombstone' } });
    // The late bet's posting went with its subtransaction; the bets around it stand.
    expect(await balanceOf(player)).toBe(10_000n - 102n);
    expect(await balanceOf(expired)).toBe(10_000n);
    expect(await balanceOf(frozen)).toBe(10_000n);
  });

  it('writes the bets of a batch that failed as a whole one by one', async () => {
    const player = await newPlayer(10_000n);
    const batchSizes: number[] = [];
    const batches = betBatches(t.db, { laneThreshold: LANE_THRESHOLD, onBatch: (size) => batchSizes.push(size) });
    // A transaction id the table refuses (over 64 characters) fails its whole statement; its
    // batch of four is then written one bet at a time.
    const bets = [
      bet(player, 1n),
      bet(player, 1n),
      bet(player, 500n),
      bet(player, 10n, 'x'.repeat(65)),
      bet(player, 500n),
    ];
    const outcomes = await Promise.allSettled(bets.map((b) => batches.bet(b)));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(outcomes[4]).toMatchObject({ value: { outcome: 'ok', balance: 10_000n - 1_002n } });
    expect(batchSizes).toEqual([1, 4, 1, 1, 1, 1]);
    expect(await balanceOf(player)).toBe(10_000n - 1_002n);
  });
});

describe('bets beside the member’s other money decisions', () => {
  it('are not held up while a deposit or withdrawal of the same member is being decided', async () => {
    const player = await newPlayer(10_000n);
    const batches = betBatches(t.db);
    // A withdrawal (or deposit, or limit change) takes the member's lock first and the wallet
    // second; a bet takes the wallet first and names the member in its record. If the member's
    // lock kept the record out, the two would deadlock.
    const outcome = await t.db.transaction().execute(async (trx) => {
      await lockMember(trx, player.memberId);
      return Promise.race([
        batches.bet(bet(player, 1_000n)),
        new Promise<'held up'>((resolve) => setTimeout(() => resolve('held up'), 3_000)),
      ]);
    });
    expect(outcome).toMatchObject({ outcome: 'ok', balance: 9_000n });
  });
});

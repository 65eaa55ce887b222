import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ledger as createLedger, type Ledger } from '../../src/modules/ledger/ledger.ts';
import { DEMO_VENDOR } from '../../src/seed/vendors.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { bet, requestId } from '../inhouse/helpers.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { createMember, fund, mainOf, seamlessRound, uniqueKey, type WalletMember } from '../wallet/helpers.ts';

const BASE = '/wps/agent/reports';
const PATHS = ['team-overview', 'pal-statements', 'revenue', 'downline-transactions', 'bets', 'user-loss'];

interface Page<T> {
  list: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}

let t: TestApp;
let merchantId: number;
let ledger: Ledger;
/** Agent A's tree: A → sub-agent S → player P1; A → player P2. Agent B's tree: B → player Q1. */
let agentA: WalletMember;
let subAgent: WalletMember;
let p1: WalletMember;
let p2: WalletMember;
let agentB: WalletMember;
let q1: WalletMember;
let player: WalletMember;
let trial: WalletMember;
let vendorId: number;
/** The fixed window: 10 and 11 October 2026 in Dhaka (UTC+6), so 18:00 UTC on the 10th is midnight. */
const WINDOW = { from: '2026-10-10', to: '2026-10-11' };
let dicePayoutP2 = 0n;
let dicePayoutA = 0n;

const dhakaToday = () => new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10);
const TODAY = () => ({ from: dhakaToday(), to: dhakaToday() });

async function seamlessRow(member: WalletMember, kind: 'bet' | 'win', round: string, amount: bigint, at: string) {
  const txId = `${round}-${kind}`;
  await t.db
    .insertInto('seamless_transactions')
    .values({
      merchant_id: merchantId,
      vendor_id: vendorId,
      vendor_tx_id: txId,
      kind,
      member_id: member.id,
      round_id: round,
      amount,
      reference_tx_id: kind === 'bet' ? null : `${round}-bet`,
      fingerprint: createHash('sha256').update(txId).digest(),
      response: '{}',
      created_at: new Date(at),
    })
    .execute();
}

const cents = (text: string) => BigInt(text.replace('.', ''));

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  ledger = createLedger({ db: t.db });
  agentA = await createMember(t, merchantId, { type: 1 });
  subAgent = await createMember(t, merchantId, { type: 2, upline: agentA });
  p1 = await createMember(t, merchantId, { upline: subAgent });
  p2 = await createMember(t, merchantId, { upline: agentA });
  agentB = await createMember(t, merchantId, { type: 1 });
  q1 = await createMember(t, merchantId, { upline: agentB });
  player = await createMember(t, merchantId);
  trial = await createMember(t, merchantId, { type: 4 });
  vendorId = (
    await t.db.selectFrom('vendors').select('id').where('code', '=', DEMO_VENDOR.code).executeTakeFirstOrThrow()
  ).id;

  // Fixture rows the triggers roll up, around midnight in Dhaka (18:00 UTC):
  // P1 bets 30.00 at 23:50 on the 10th and wins 10.00 at 00:10 on the 11th.
  const round = uniqueKey('midnight');
  await seamlessRow(p1, 'bet', round, 3_000n, '2026-10-10T17:50:00Z');
  await seamlessRow(p1, 'win', round, 1_000n, '2026-10-10T18:10:00Z');
  // Q1 (agent B's tree) bets 7.00 on the 10th.
  await seamlessRow(q1, 'bet', uniqueKey('q1'), 700n, '2026-10-10T10:00:00Z');

  // Real rounds today: P1 through the seamless API, P2 and A through our dice.
  for (const m of [p1, p2, agentA]) await fund(ledger, merchantId, mainOf(m), 100_000n);
  await seamlessRound(t, p1, { id: uniqueKey('p1'), gameType: 'RNG', bet: 10_000n, win: 25_000n });
  // P2's live bet of 50.00 is rolled back: it counts for nothing.
  await seamlessRound(t, p2, { id: uniqueKey('p2'), gameType: 'LIVE', bet: 5_000n, rollback: true });
  const dice = async (m: WalletMember) => {
    const res = await bet<{ payout: string; state: string; roundId: string }>(t, m.auth, 'dice/bet', {
      requestId: requestId(),
      stake: '10.00',
      chanceBp: 5000,
      direction: 'under',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value.state).toBe('settled');
    return res.body.value;
  };
  const p2Round = await dice(p2);
  dicePayoutP2 = cents(p2Round.payout);
  dicePayoutA = cents((await dice(agentA)).payout);

  // P2: an in-house round opened, then settled at 00:30 on the 11th (the UPDATE path crash uses):
  // stake 20.00, payout 50.00.
  const source = await t.db
    .selectFrom('inhouse_rounds')
    .selectAll()
    .where('id', '=', BigInt(p2Round.roundId))
    .executeTakeFirstOrThrow();
  const opened = await t.db
    .insertInto('inhouse_rounds')
    .values({
      merchant_id: merchantId,
      member_id: p2.id,
      game_id: source.game_id,
      game_session_id: source.game_session_id,
      game: 'dice',
      currency: source.currency,
      stake: 2_000n,
      bet: '{}',
      balance_before: 0n,
      balance_after: 0n,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('inhouse_rounds')
    .set({ state: 'settled', payout: 5_000n, settled_at: new Date('2026-10-10T18:30:00Z') })
    .where('id', '=', opened.id)
    .execute();

  // P2 deposits 100.00 approved at 23:00 on the 10th; P1 withdraws 40.00 paid at 01:00 on the 11th.
  const channel = await t.db
    .selectFrom('payment_channels')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .executeTakeFirstOrThrow();
  const deposit = await t.db
    .insertInto('deposits')
    .values({
      merchant_id: merchantId,
      member_id: p2.id,
      channel_id: channel.id,
      amount: 10_000n,
      currency: 'BDT',
      request_id: uniqueKey('dep'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('deposits')
    .set({ status: 'approved', reviewed_at: new Date('2026-10-10T17:00:00Z') })
    .where('id', '=', deposit.id)
    .execute();
  const payee = await t.db
    .insertInto('payee_accounts')
    .values({
      merchant_id: merchantId,
      member_id: p1.id,
      method: 'bkash',
      account_number: '01700000000',
      payee_name: 'P1',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('withdrawals')
    .values({
      merchant_id: merchantId,
      member_id: p1.id,
      payee_account_id: payee.id,
      amount: 4_000n,
      currency: 'BDT',
      request_id: uniqueKey('wd'),
      status: 'paid',
      paid_at: new Date('2026-10-10T19:00:00Z'),
    })
    .execute();
  // A transfer to P2 (ledger kind transfer_downline) today.
  await fund(ledger, merchantId, mainOf(p2), 5_000n, 'transfer_downline');
});
afterAll(async () => {
  await t.close();
});

const get = <T>(who: WalletMember, path: string, query: Record<string, string | number> = {}) =>
  t.get<T>(`${BASE}/${path}`, { headers: who.auth, query });

interface Overview {
  teamSize: number;
  newMembers: number;
  activeMembers: number;
  deposits: string;
  depositCount: number;
  withdrawals: string;
  withdrawalCount: number;
  betCount: number;
  validBet: string;
  payout: string;
  profitLoss: string;
  series: {
    day: string;
    activeMembers: number;
    validBet: string;
    profitLoss: string;
    deposits: string;
    withdrawals: string;
    newMembers: number;
  }[];
}

describe('team overview', () => {
  it('sums the team across a period crossing midnight in Dhaka, per day', async () => {
    const res = await get<Overview>(agentA, 'team-overview', WINDOW);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const v = res.body.value;
    expect(v).toMatchObject({
      teamSize: 3,
      newMembers: 0,
      activeMembers: 2,
      betCount: 2,
      validBet: '50.00',
      payout: '60.00',
      profitLoss: '10.00',
      deposits: '100.00',
      depositCount: 1,
      withdrawals: '40.00',
      withdrawalCount: 1,
    });
    expect(v.series).toEqual([
      {
        day: '2026-10-10',
        newMembers: 0,
        activeMembers: 1,
        deposits: '100.00',
        withdrawals: '0.00',
        validBet: '30.00',
        profitLoss: '-30.00',
      },
      {
        day: '2026-10-11',
        newMembers: 0,
        activeMembers: 1,
        deposits: '0.00',
        withdrawals: '40.00',
        validBet: '20.00',
        profitLoss: '40.00',
      },
    ]);
  });

  it("counts today's real rounds (seamless API and dice) and today's new members", async () => {
    const res = await get<Overview>(agentA, 'team-overview', TODAY());
    expect(res.status).toBe(200);
    const v = res.body.value;
    // P1 100.00 (won 250.00), P2 10.00 at dice (its rolled-back live bet counts for nothing); A's own
    // round is not the team's.
    expect(v.validBet).toBe('110.00');
    expect(v.betCount).toBe(2);
    expect(cents(v.payout)).toBe(25_000n + dicePayoutP2);
    expect(v.activeMembers).toBe(2);
    expect(v.newMembers).toBe(3);
    expect(v.series).toHaveLength(1);
  });

  it('narrows to a downline subtree (the downline included)', async () => {
    const res = await get<Overview>(agentA, 'team-overview', { ...WINDOW, downline: subAgent.username });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ teamSize: 2, validBet: '30.00', payout: '10.00', profitLoss: '-20.00' });
  });

  it("keeps agent B's figures apart", async () => {
    const res = await get<Overview>(agentB, 'team-overview', WINDOW);
    expect(res.body.value).toMatchObject({ teamSize: 1, activeMembers: 1, validBet: '7.00', profitLoss: '-7.00' });
  });
});

describe('P&L statements, revenue, user loss', () => {
  it("lists each direct downline with its subtree's figures, largest valid bet first, paged", async () => {
    const first = await get<
      Page<{ username: string; validBet: string; profitLoss: string; deposits: string; depth: number }> & {
        summary: { validBet: string };
      }
    >(agentA, 'pal-statements', { ...WINDOW, pageSize: 1 });
    expect(first.status).toBe(200);
    expect(first.body.value.total).toBe(2);
    // The sub-agent's line is P1's figures (the sub-agent itself did not play).
    expect(first.body.value.list).toEqual([
      expect.objectContaining({
        username: subAgent.username,
        depth: 1,
        validBet: '30.00',
        profitLoss: '-20.00',
        withdrawals: '40.00',
      }),
    ]);
    expect(first.body.value.summary).toMatchObject({ validBet: '50.00', deposits: '100.00' });
    const second = await get<Page<{ username: string; deposits: string }>>(agentA, 'pal-statements', {
      ...WINDOW,
      pageSize: 1,
      pageNo: 2,
    });
    expect(second.body.value.list).toEqual([
      expect.objectContaining({ username: p2.username, deposits: '100.00', profitLoss: '30.00' }),
    ]);
  });

  it('splits the revenue per product type with a total', async () => {
    const res = await get<{
      list: { productType: string; validBet: string; revenue: string }[];
      total: { validBet: string; revenue: string; betCount: number };
    }>(agentA, 'revenue', WINDOW);
    expect(res.status).toBe(200);
    const inhouse = res.body.value.list.find((row) => row.productType === 'INHOUSE');
    expect(inhouse).toMatchObject({ validBet: '20.00', revenue: '-30.00' });
    expect(res.body.value.list.every((row) => row.productType !== 'CASH')).toBe(true);
    expect(res.body.value.total).toMatchObject({ validBet: '50.00', revenue: '-10.00', betCount: 2 });
  });

  it('lists the members who lost, largest loss first', async () => {
    const res = await get<Page<{ username: string; loss: string }>>(agentA, 'user-loss', WINDOW);
    expect(res.status).toBe(200);
    expect(res.body.value.list).toEqual([expect.objectContaining({ username: p1.username, loss: '20.00' })]);
    expect(res.body.value.total).toBe(1);
  });
});

describe('bets and transactions', () => {
  it("lists the team's settled bets newest first, and the agent's own", async () => {
    const team = await get<
      Page<{ username: string; productType: string; stake: string; payout: string; profitLoss: string }>
    >(agentA, 'bets', { ...WINDOW, scope: 'team' });
    expect(team.status).toBe(200);
    expect(team.body.value.list).toEqual([
      expect.objectContaining({
        username: p2.username,
        productType: 'INHOUSE',
        stake: '20.00',
        payout: '50.00',
        profitLoss: '30.00',
      }),
      expect.objectContaining({ username: p1.username, stake: '30.00', payout: '10.00', profitLoss: '-20.00' }),
    ]);
    const own = await get<Page<{ username: string; stake: string; payout: string }>>(agentA, 'bets', {
      ...TODAY(),
      scope: 'self',
    });
    expect(own.body.value.list).toEqual([
      expect.objectContaining({
        username: agentA.username,
        stake: '10.00',
        payout: (Number(dicePayoutA) / 100).toFixed(2),
      }),
    ]);
    const today = await get<Page<{ username: string }>>(agentA, 'bets', { ...TODAY(), scope: 'team', pageSize: 1 });
    expect(today.body.value.total).toBe(2);
    expect(today.body.value.list).toHaveLength(1);
  });

  it("lists the downlines' deposits and transfers from the ledger, by type", async () => {
    const all = await get<Page<{ username: string; type: string; amount: string }>>(
      agentA,
      'downline-transactions',
      TODAY(),
    );
    expect(all.status).toBe(200);
    const mine = all.body.value.list.filter((row) => [p1.username, p2.username].includes(row.username));
    expect(mine).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ username: p1.username, type: 'deposit', amount: '1000.00' }),
        expect.objectContaining({ username: p2.username, type: 'transfer', amount: '50.00' }),
      ]),
    );
    expect(all.body.value.list.some((row) => row.username === q1.username || row.username === agentA.username)).toBe(
      false,
    );
    const transfers = await get<Page<{ type: string }>>(agentA, 'downline-transactions', {
      ...TODAY(),
      type: 'transfer',
    });
    expect(transfers.body.value.list.map((row) => row.type)).toEqual(['transfer']);
  });
});

describe('access control', () => {
  it('refuses players and trial users on every report', async () => {
    for (const who of [player, trial, p1]) {
      for (const path of PATHS) {
        const res = await get(who, path, WINDOW);
        expect(res.status, `${path}`).toBe(403);
        expect(res.body.code).toBe('auth.not_agent');
      }
    }
  });

  it('needs a session', async () => {
    const res = await t.get(`${BASE}/team-overview`);
    expect(res.status).toBe(401);
  });

  it('answers 404 for a downline outside the subtree, on every report', async () => {
    const cases: [WalletMember, WalletMember][] = [
      [agentB, p1],
      [agentA, q1],
      [subAgent, p2],
      [subAgent, agentA],
      [agentA, { ...player, username: 'no_such_member_x' }],
    ];
    for (const [who, target] of cases) {
      for (const path of PATHS) {
        const res = await get(who, path, { ...WINDOW, downline: target.username });
        expect(res.status, `${path} ${target.username}`).toBe(404);
        expect(res.body.code).toBe('agent.downline_not_found');
      }
    }
  });

  it("shows a sub-agent only its own subtree's bets", async () => {
    const res = await get<Page<{ username: string }>>(subAgent, 'bets', { ...WINDOW, scope: 'team' });
    expect(res.body.value.list.map((row) => row.username)).toEqual([p1.username]);
  });
});

describe('bad input', () => {
  const bad: Record<string, string | number>[] = [
    { from: '2026-13-01' },
    { from: '2026-02-30', to: '2026-03-01' },
    { from: 'yesterday' },
    { from: '2026-10-11', to: '2026-10-10' },
    { from: '2026-01-01', to: '2026-10-10' },
    { pageSize: 0 },
    { pageSize: 1000 },
    { pageSize: 'ten' },
    { pageNo: -1 },
    { downline: 'no spaces allowed' },
    { downline: '' },
  ];
  it('answers 400 with a stable code and changes nothing', async () => {
    const before = await sql<{ n: string }>`SELECT count(*)::text AS n FROM member_daily_stats`.execute(t.db);
    for (const path of PATHS) {
      for (const query of bad) {
        const res = await get(agentA, path, query);
        expect(res.status, `${path} ${JSON.stringify(query)}`).toBe(400);
        expect(res.body.code).toBe('request.invalid');
      }
    }
    for (const [path, query] of [
      ['bets', { scope: 'everyone' }],
      ['downline-transactions', { type: 'bet' }],
    ] as const) {
      const res = await get(agentA, path, query);
      expect(res.status).toBe(400);
    }
    const after = await sql<{ n: string }>`SELECT count(*)::text AS n FROM member_daily_stats`.execute(t.db);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });
});

describe('summary tables', () => {
  it('match a rebuild from the sources (agent_stats_backfill)', async () => {
    const snapshot = () =>
      sql<{
        member_id: number;
        day: string;
        product_type: string;
        bet_count: number;
        valid_bet: string;
        payout: string;
        deposits: string;
        withdrawals: string;
      }>`
        SELECT member_id, day::text AS day, product_type, bet_count, valid_bet::text, payout::text, deposits::text, withdrawals::text
          FROM member_daily_stats WHERE member_id = ANY(${[p1.id, p2.id, q1.id, agentA.id]}::int[])
         ORDER BY 1, 2, 3`.execute(t.db);
    const live = await snapshot();
    await t.db.transaction().execute((trx) => sql`SELECT agent_stats_backfill()`.execute(trx));
    const rebuilt = await snapshot();
    // Bets name no session: the rebuild may name another type for them, the sums per member and day must match.
    const sums = (rows: typeof live.rows) =>
      Object.entries(
        rows.reduce<Record<string, bigint>>((acc, r) => {
          const key = `${r.member_id}:${r.day}`;
          acc[key] =
            (acc[key] ?? 0n) +
            BigInt(r.valid_bet) * 1000n +
            BigInt(r.payout) +
            BigInt(r.deposits) +
            BigInt(r.withdrawals);
          return acc;
        }, {}),
      ).sort();
    expect(sums(rebuilt.rows)).toEqual(sums(live.rows));
  });
});

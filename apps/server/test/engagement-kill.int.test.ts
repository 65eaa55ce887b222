import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { sealPayload } from '@khela/contracts';
import { createDb, createPool, type Db } from '../src/db/database.ts';
import { hashPassword } from '../src/modules/admin/passwords.ts';
import { addDays } from '../src/modules/ledger/house-payout.ts';
import { ledger as createLedger } from '../src/modules/ledger/ledger.ts';
import { newServerSeed } from '../src/modules/lucky/common.ts';
import { redEnvelopes } from '../src/modules/lucky/red-envelopes.ts';
import { memberRepository } from '../src/modules/members/repository.ts';
import { postPoints } from '../src/modules/points/points-ledger.ts';
import { localDay, promotions } from '../src/modules/promotions/promotions.ts';
import { memberSessions } from '../src/modules/sessions/member-sessions.ts';
import { TEMPLATE_DB } from './global-setup.ts';
import { DEMO_ADMIN } from './helpers/admin.ts';
import { cloneDatabase, dropDatabase } from './helpers/databases.ts';
import { wireVectors } from './helpers/test-app.ts';
import { auditLedger, postDeposit } from './ledger/helpers.ts';
import { freePort, serverProcess } from './seamless/server-process.ts';

/**
 * Issue 14's money paths under the kill standard (like programmes-kill and the agents' settlement):
 * the real server as a child process is SIGKILLed three times while members join and claim
 * promotions, grab a red envelope, ask for the sign-up reward (an operator approves it), convert
 * cash and points and redeem goods (E calls with the payment password), claim a mission milestone
 * and a raffle prize, and while a promotion pass pays closed bet-volume days and the worker draws
 * the raffle. Every unanswered call is sent again, unchanged (the same requestId), once the server
 * is back. In the end each reward is paid exactly once and nothing is lost: what the calls moved,
 * record by record, in both ledgers, which stay balanced and never negative.
 */
const MEMBERS = 8;
const FUNDS = 1_000_00n;
const POINTS = 2_000n;
const PAYMENT_PASSWORD = 'Pay@1357';
const ZONE = 'Asia/Dhaka';
/** The redeem rate: 100 points per 1.00. */
const RATE = { amount: 100n, points: 100n };
const CASH_TO_POINTS = '7.00';
const POINTS_TO_CASH = 350n;
const GOODS_POINTS = 300n;
/** Two redeems per member and fewer goods: some are refused out of stock, none sold twice. */
const STOCK = MEMBERS * 2 - 3;
const CLAIM_REWARD = 10_00n;
const CHECK_IN_REWARD = 5_00n;
const VOLUME_RATE_BP = 150;
const VOLUME_CAP = 40_00n;
const SIGNUP_REWARD = 8_00n;
const MISSION_REWARD = 12_00n;
const RAFFLE_PRIZE = 25_00n;
/** Fewer prizes than members: two hold tickets and win nothing. */
const PRIZES = MEMBERS - 2;

interface Member {
  id: number;
  token: string;
}

let adminUrl: string;
let databaseUrl: string;
let dataDir: string;
let db: Db;
let merchant: { id: number; currency: string };
let server: ReturnType<typeof serverProcess>;
const members: Member[] = [];
let claimPromotion: number;
let checkInPromotion: number;
let volumePromotion: number;
let envelopeId: number;
let raffleId: bigint;
let missionId: number;
let milestoneId: number;
let goodsId: number;
let yesterday: string;
/** Valid bet of member `k` on the closed day of the bet-volume promotion. */
const volumeOf = (k: number) => BigInt((k % 4) * 1_000_00 + 500_00);

beforeAll(async () => {
  adminUrl = inject('adminDatabaseUrl');
  databaseUrl = await cloneDatabase(adminUrl, TEMPLATE_DB);
  dataDir = await mkdtemp(join(tmpdir(), 'khela-engagement-kill-'));
  db = createDb(createPool(databaseUrl, 4));
  merchant = await db
    .selectFrom('merchants')
    .select(['id', 'currency'])
    .where('code', '=', 'khela')
    .executeTakeFirstOrThrow();
  await db.updateTable('merchants').set({ time_zone: ZONE }).where('id', '=', merchant.id).execute();
  for (const modId of ['REWCEN3', 'MISSIONLB3', 'PTSYS3']) {
    await db
      .insertInto('whitelabel_switches')
      .values({ merchant_id: merchant.id, mod_id: modId, enabled: true })
      .onConflict((oc) => oc.columns(['merchant_id', 'mod_id']).doUpdateSet({ enabled: true }))
      .execute();
  }
  const ledger = createLedger({ db });
  const operator = await db
    .selectFrom('operators')
    .select('id')
    .where('merchant_id', '=', merchant.id)
    .where('username', '=', DEMO_ADMIN.username)
    .executeTakeFirstOrThrow();
  const actor = { merchantId: merchant.id, operatorId: operator.id, ip: '127.0.0.1' };
  yesterday = addDays(localDay(new Date(), ZONE), -1);

  const paymentHash = await hashPassword(PAYMENT_PASSWORD);
  const repo = memberRepository(db);
  for (let k = 0; k < MEMBERS; k++) {
    const row = await repo.insertUnder(
      db,
      {
        merchant_id: merchant.id,
        username: `e${randomBytes(5).toString('hex')}`,
        password_hash: 'x',
        payment_password_hash: paymentHash,
      },
      null,
    );
    const token = await memberSessions({ db }).start(db, row, { ip: '127.0.0.1', userAgent: 'kill' });
    members.push({ id: row.id, token });
    await postDeposit(ledger, {
      merchantId: merchant.id,
      account: { kind: 'member_main', memberId: row.id },
      amount: FUNDS,
      idempotencyKey: `engagement-kill-funds-${row.id}`,
    });
    await db.transaction().execute((trx) =>
      postPoints(trx, {
        merchantId: merchant.id,
        memberId: row.id,
        idempotencyKey: `engagement-kill-points-${row.id}`,
        kind: 'adjust',
        amount: POINTS,
        remark: 'kill test',
      }),
    );
  }

  // Promotions: join then claim; a daily check-in paid at joining; a bet-volume day paid by the pass.
  const service = promotions({ db, ledger });
  const base = {
    category: 'others' as const,
    title: { bn: 'প্রোমো', en: 'Promo' },
    body: { bn: '<p>শর্ত</p>', en: '<p>Terms</p>' },
    imageUrl: null,
    enabled: true,
    startsAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    endsAt: null,
    rewardKind: 'fixed' as const,
    rewardRate: null,
    rewardCap: null,
    minBasis: null,
    turnoverMultiple: 2,
    requiresApproval: false,
    period: 'once' as const,
    newMemberDays: null,
    minDepositCount: null,
    maxDepositCount: null,
    minVipLevel: null,
    onePerDevice: false,
    onePerPaymentAccount: false,
    sort: 0,
  };
  const create = async (input: Record<string, unknown>) =>
    (await service.create(actor, { ...base, ...input } as never)).id;
  claimPromotion = await create({ trigger: 'join', rewardAmount: '10.00' });
  checkInPromotion = await create({ trigger: 'check_in', rewardAmount: '5.00', period: 'daily' });
  volumePromotion = await create({
    trigger: 'bet_volume',
    rewardKind: 'percent',
    rewardAmount: null,
    rewardRate: String(VOLUME_RATE_BP / 100),
    rewardCap: '40.00',
    period: 'daily',
  });
  // Joined yesterday, for yesterday: the day has closed and its volume is owed.
  await db
    .insertInto('promotion_participations')
    .values(
      members.map((m) => ({
        merchant_id: merchant.id,
        promotion_id: volumePromotion,
        member_id: m.id,
        period_key: yesterday,
        period_start: yesterday,
        period_end: yesterday,
        status: 'joined',
        created_at: new Date(`${yesterday}T06:00:00Z`),
      })) as never,
    )
    .execute();
  await sql
    .raw(
      `INSERT INTO member_daily_stats (merchant_id, member_id, day, product_type, bet_count, valid_bet, payout, profit_loss)
       VALUES ${members.map((m, k) => `(${merchant.id}, ${m.id}, '${yesterday}', 'RNG', 1, ${volumeOf(k)}, ${volumeOf(k)}, 0)`).join(', ')}`,
    )
    .execute(db);

  // A red envelope open now, funded by the house at creation.
  const envelope = await redEnvelopes({ db, ledger }).create(actor, merchant, {
    title: { bn: 'Kill test', en: 'Kill test' },
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    pool: '500.00',
    minGrab: '1',
    maxGrab: '40.00',
    turnoverMultiple: 1,
  });
  envelopeId = envelope.id;

  // A raffle due for its draw, its tickets only this test's members' (bets earn none at that rate).
  const seed = newServerSeed();
  const raffle = await db
    .insertInto('raffles')
    .values({
      merchant_id: merchant.id,
      title: JSON.stringify({ bn: 'Kill test', en: 'Kill test' }),
      starts_at: new Date(Date.now() - 2 * 86_400_000),
      ends_at: new Date(Date.now() - 60_000),
      draw_at: new Date(Date.now() - 60_000),
      deposit_per_ticket: null,
      bet_per_ticket: 1_000_000_000_00n,
      prizes: JSON.stringify([{ amount: RAFFLE_PRIZE.toString(), count: PRIZES }]),
      turnover_multiple: 1,
      server_seed: seed.seed,
      server_seed_hash: seed.hash,
      created_by: operator.id,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  raffleId = raffle.id;
  await db
    .insertInto('raffle_bonus_tickets')
    .values(
      members.map((m, k) => ({
        raffle_id: raffleId,
        merchant_id: merchant.id,
        member_id: m.id,
        source: `kill:${m.id}`,
        tickets: BigInt(k + 1),
        voided_at: null,
      })),
    )
    .execute();

  await db
    .insertInto('signup_reward_settings')
    .values({ merchant_id: merchant.id, enabled: true, amount: SIGNUP_REWARD, cap: 100_00n, turnover_multiple: 1 })
    .onConflict((oc) =>
      oc.column('merchant_id').doUpdateSet({ enabled: true, amount: SIGNUP_REWARD, one_per_device: false }),
    )
    .execute();

  // Points: conversions both ways at a known rate, and goods in short supply.
  await db
    .insertInto('point_settings')
    .values({ merchant_id: merchant.id, enabled: true, cash_to_points: true, points_to_cash: true })
    .onConflict((oc) =>
      oc.column('merchant_id').doUpdateSet({ enabled: true, cash_to_points: true, points_to_cash: true }),
    )
    .execute();
  await db
    .insertInto('point_rates')
    .values({ merchant_id: merchant.id, point_type: 'redeem', amount: RATE.amount, points: RATE.points })
    .onConflict((oc) =>
      oc.columns(['merchant_id', 'point_type']).doUpdateSet({ amount: RATE.amount, points: RATE.points }),
    )
    .execute();
  const goods = await db
    .insertInto('point_goods')
    .values({
      merchant_id: merchant.id,
      name: JSON.stringify({ en: 'Jersey', bn: 'জার্সি' }) as never,
      quantity: STOCK,
      stock: STOCK,
      points_required: GOODS_POINTS,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  goodsId = goods.id;

  // A mission whose one milestone every member has reached and not claimed.
  const mission = await db
    .insertInto('missions')
    .values({
      merchant_id: merchant.id,
      title: JSON.stringify({ en: 'Kill', bn: 'কিল' }) as never,
      description: JSON.stringify({ en: 'Kill', bn: 'কিল' }) as never,
      starts_at: new Date(Date.now() - 86_400_000),
      ends_at: new Date(Date.now() + 86_400_000),
      goal_kind: 'validBet',
      product_types: null,
      game_id: null,
      counted_through: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  missionId = mission.id;
  const milestone = await db
    .insertInto('mission_milestones')
    .values({ mission_id: missionId, sequence: 1, target: 1_00n, reward_amount: MISSION_REWARD, turnover_multiple: 2 })
    .returning('id')
    .executeTakeFirstOrThrow();
  milestoneId = milestone.id;
  await db
    .insertInto('mission_rewards')
    .values(
      members.map((m) => ({
        merchant_id: merchant.id,
        mission_id: missionId,
        milestone_id: milestoneId,
        member_id: m.id,
        reached_at: new Date(),
        amount: MISSION_REWARD,
        turnover: MISSION_REWARD * 2n,
        claimed_at: null,
        ledger_transaction_id: null,
      })),
    )
    .execute();

  server = serverProcess({
    databaseUrl,
    port: await freePort(),
    dataDir,
    env: { DEV_ENDPOINTS: '1', WIRE_PRIVATE_KEY: wireVectors.privateKey, WIRE_KEY_ID: wireVectors.keyId },
  });
}, 300_000);

afterAll(async () => {
  await server?.kill();
  await db?.destroy();
  if (databaseUrl) await dropDatabase(adminUrl, databaseUrl);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: { success?: boolean; code?: string; value?: Record<string, unknown> };
}

let answered = 0;
/** Calls cut off by a kill (or sent while the server was down) and sent again. */
let resent = 0;

/** One call, sent again unchanged (a sealed call sealed afresh, same payload) until the server answers it. */
async function untilAnswered(
  token: string,
  method: 'GET' | 'POST',
  path: string,
  payload?: object,
  sealed = false,
): Promise<Answer> {
  for (let attempt = 0; attempt < 2_000; attempt++) {
    try {
      const seal = sealed ? await sealPayload(wireVectors.publicKey, payload) : null;
      const res = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          authorization: token,
          merchant: 'khela',
          language: 'en',
          ...seal?.headers,
        },
        ...(payload && { body: JSON.stringify(seal ? seal.body : payload) }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await res.json()) as Answer['body'];
      answered += 1;
      return { status: res.status, body };
    } catch {
      resent += 1;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`${path} was never answered:\n${server.output().slice(-2000)}`);
}

const outcome = (a: Answer) => (a.status === 200 ? 'ok' : (a.body.code ?? String(a.status)));

async function until(condition: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${server.output().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Each member's calls in order; every answer must be the first one's or what a replay of a done call says. */
async function play(member: Member, operatorToken: string, outcomes: Map<string, string>, unexpected: string[]) {
  const expectOne = (name: string, answer: Answer, allowed: string[]) => {
    outcomes.set(`${member.id}:${name}`, outcome(answer));
    if (!allowed.includes(outcome(answer))) unexpected.push(`${name}: ${answer.status} ${JSON.stringify(answer.body)}`);
  };
  const relay = (name: string) => `/wps/relay/${name}`;
  expectOne(
    'join',
    await untilAnswered(member.token, 'POST', relay('MCSFE_joinPromotion'), { promotionId: claimPromotion }),
    ['ok'],
  );
  expectOne(
    'claim',
    await untilAnswered(member.token, 'POST', relay('MCS2_claimPromotion'), { promotionId: claimPromotion }),
    ['ok', 'promotion.nothing_to_claim'],
  );
  expectOne(
    'checkIn',
    await untilAnswered(member.token, 'POST', relay('MCSFE_joinPromotion'), { promotionId: checkInPromotion }),
    ['ok'],
  );
  expectOne('grab', await untilAnswered(member.token, 'POST', `/wps/member/red-envelopes/${envelopeId}/grab`, {}), [
    'ok',
    'red_envelope.already_grabbed',
  ]);
  expectOne(
    'signUp',
    await untilAnswered(member.token, 'POST', relay('MCSFE_signUpRequestReward'), {
      messenger: 'whatsapp',
      messengerId: `8801${String(member.id).padStart(9, '0')}`,
    }),
    ['ok', 'signup_reward.already_requested'],
  );
  const request = await db
    .selectFrom('signup_reward_requests')
    .select('id')
    .where('member_id', '=', member.id)
    .executeTakeFirstOrThrow();
  expectOne(
    'approve',
    await untilAnswered(operatorToken, 'POST', `/admin/sign-up-reward/requests/${request.id}/approve`, {}),
    ['ok', 'signup_reward.already_decided'],
  );
  const e = (name: string, body: object) =>
    untilAnswered(
      member.token,
      'POST',
      relay(`passwordCheck/${name}`),
      { paymentPassword: PAYMENT_PASSWORD, ...body },
      true,
    );
  expectOne(
    'toPoints',
    await e('MCS2_convertPoint', {
      direction: 'cashToPoints',
      amount: CASH_TO_POINTS,
      requestId: `cash-to-points-${member.id}`,
    }),
    ['ok'],
  );
  expectOne(
    'toCash',
    await e('MCS2_convertPoint', {
      direction: 'pointsToCash',
      points: Number(POINTS_TO_CASH),
      requestId: `points-to-cash-${member.id}`,
    }),
    ['ok'],
  );
  for (const n of [1, 2]) {
    expectOne(
      `redeem${n}`,
      await e('MCS2_redeemPointReward', {
        goodsId,
        quantity: 1,
        address: 'House 12, Road 5, Dhanmondi, Dhaka',
        mobile: '01712345678',
        requestId: `redeem-${n}-${member.id}`,
      }),
      ['ok', 'points.out_of_stock'],
    );
  }
  expectOne(
    'mission',
    await untilAnswered(member.token, 'POST', relay('MCSFE_claimMissionReward'), { missionId, milestoneId }),
    ['ok', 'mission.already_claimed'],
  );
  // The worker draws the raffle at each start; a claim before the draw is refused and sent again.
  let prize: Answer;
  for (let n = 0; ; n++) {
    prize = await untilAnswered(member.token, 'POST', relay('MCS2_claimRafflePromotion'), {
      raffleId: Number(raffleId),
    });
    if (prize.body.code !== 'raffle.not_drawn' || n > 400) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  expectOne('raffle', prize, ['ok', 'raffle.nothing_to_claim']);
}

/** Promotion passes through the development endpoint beside the calls; a SIGKILL may cut them off. */
function promotionPass(): void {
  void fetch(`${server.baseUrl}/dev/promotions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ at: new Date().toISOString() }),
  }).catch(() => null);
}

async function start() {
  await server.start();
  promotionPass();
}

it('pays every engagement reward exactly once through three SIGKILLs mid-call', async () => {
  await start();
  const login = await untilAnswered('', 'POST', '/admin/session/login', DEMO_ADMIN);
  expect(login.status).toBe(200);
  const operator = String((login.body.value as { token: string }).token);
  const outcomes = new Map<string, string>();
  const unexpected: string[] = [];
  const calls = MEMBERS * 13;
  // Settled, so a failure surfaces below rather than as an unhandled rejection during a kill.
  const players = Promise.allSettled(members.map((m) => play(m, operator, outcomes, unexpected)));
  const killedAt: number[] = [];
  for (const share of [0.2, 0.45, 0.7]) {
    await until(() => answered >= Math.floor(calls * share), 60_000, `${share} of the calls`);
    await server.kill('SIGKILL');
    killedAt.push(answered);
    await start();
  }
  const settled = await players;
  for (const played of settled) expect(played.status === 'rejected' ? String(played.reason) : 'ok').toBe('ok');
  expect(unexpected).toEqual([]);
  expect(killedAt[2]).toBeLessThan(calls);
  expect(resent).toBeGreaterThan(0);
  // The bet-volume days: a pass on the live server after the calls pays whatever the cut-off ones left.
  await until(
    async () => {
      const res = await fetch(`${server.baseUrl}/dev/promotions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ at: new Date().toISOString() }),
      });
      return res.ok;
    },
    10_000,
    'a promotion pass',
  );
  await server.kill('SIGKILL');

  const ids = members.map((m) => m.id);
  const txs = await sql<{
    key: string;
    kind: string;
    member_id: number;
    amount: string;
    postings: number;
    sum: string;
  }>`
    SELECT t.idempotency_key AS key, t.kind, max(a.member_id) FILTER (WHERE a.kind = 'member_main') AS member_id,
           coalesce(sum(p.amount) FILTER (WHERE a.kind = 'member_main'), 0)::text AS amount,
           count(p.id)::int AS postings, sum(p.amount)::text AS sum
      FROM ledger_transactions t
      JOIN ledger_postings p ON p.transaction_id = t.id
      JOIN ledger_accounts a ON a.id = p.account_id
     WHERE t.merchant_id = ${merchant.id}
       AND t.kind IN ('promotion_bonus', 'red_envelope.grab', 'signup_reward', 'points_convert', 'mission.reward', 'raffle.prize')
     GROUP BY t.id
    HAVING max(a.member_id) FILTER (WHERE a.kind = 'member_main') = ANY(${ids}::int[])`.execute(db);
  for (const tx of txs.rows)
    expect({ key: tx.key, postings: tx.postings, sum: tx.sum }).toEqual({ key: tx.key, postings: 2, sum: '0' });
  const byKey = new Map(txs.rows.map((t) => [t.key, t]));

  // What each member must have been paid (or charged), key by key, from the records.
  const grabs = await db
    .selectFrom('red_envelope_grabs')
    .select(['member_id', 'amount', 'ledger_transaction_id'])
    .where('envelope_id', '=', BigInt(envelopeId))
    .execute();
  expect(grabs.map((g) => g.member_id).sort()).toEqual([...ids].sort());
  const prizes = await db
    .selectFrom('raffle_prizes')
    .select(['id', 'member_id', 'amount', 'claimed_at', 'ledger_transaction_id'])
    .where('raffle_id', '=', raffleId)
    .execute();
  expect(prizes).toHaveLength(PRIZES);
  expect(new Set(prizes.map((p) => p.member_id)).size).toBe(PRIZES);
  const owed = new Map<string, { member: number; amount: bigint }>();
  members.forEach((m, k) => {
    owed.set(`promotion:${claimPromotion}:${m.id}:once`, { member: m.id, amount: CLAIM_REWARD });
    const volume = (volumeOf(k) * BigInt(VOLUME_RATE_BP)) / 10_000n;
    owed.set(`promotion:${volumePromotion}:${m.id}:${yesterday}`, {
      member: m.id,
      amount: volume > VOLUME_CAP ? VOLUME_CAP : volume,
    });
    owed.set(`signup-reward:${m.id}`, { member: m.id, amount: SIGNUP_REWARD });
    owed.set(`mission:${milestoneId}:${m.id}`, { member: m.id, amount: MISSION_REWARD });
    owed.set(`points-convert:${m.id}:cash-to-points-${m.id}`, { member: m.id, amount: -700n });
    owed.set(`points-convert:${m.id}:points-to-cash-${m.id}`, {
      member: m.id,
      amount: (POINTS_TO_CASH * RATE.amount) / RATE.points,
    });
  });
  for (const g of grabs)
    owed.set(`red-envelope:${envelopeId}:${g.member_id}`, { member: g.member_id, amount: g.amount });
  for (const p of prizes) owed.set(`raffle:${raffleId}:prize:${p.id}`, { member: p.member_id, amount: p.amount });
  // The check-in's key names the day it was joined on (a run across midnight joins it once a day).
  const checkIns = txs.rows.filter((t) => t.key.startsWith(`promotion:${checkInPromotion}:`));
  for (const c of checkIns) owed.set(c.key, { member: c.member_id, amount: CHECK_IN_REWARD });
  expect(checkIns.length).toBeGreaterThanOrEqual(MEMBERS);

  expect(new Map(txs.rows.map((t) => [t.key, { member: t.member_id, amount: BigInt(t.amount) }]))).toEqual(owed);
  for (const g of grabs) expect(byKey.get(`red-envelope:${envelopeId}:${g.member_id}`)).toBeDefined();
  for (const p of prizes) expect(p.claimed_at).not.toBeNull();
  for (const m of members) {
    expect(outcomes.get(`${m.id}:raffle`)).toBe(
      prizes.some((p) => p.member_id === m.id) ? 'ok' : 'raffle.nothing_to_claim',
    );
  }

  // The records each call keeps point at those transactions, one each.
  const envelope = await db
    .selectFrom('red_envelopes')
    .select(['pool', 'remaining', 'grabs'])
    .where('id', '=', BigInt(envelopeId))
    .executeTakeFirstOrThrow();
  expect(envelope.grabs).toBe(MEMBERS);
  expect(envelope.pool - envelope.remaining).toBe(grabs.reduce((s, g) => s + g.amount, 0n));
  const participations = await db
    .selectFrom('promotion_participations')
    .select(['promotion_id', 'status', 'ledger_transaction_id'])
    .where('member_id', 'in', ids)
    .execute();
  const statuses = (promotionId: number) =>
    participations.filter((p) => p.promotion_id === promotionId).map((p) => p.status);
  expect(statuses(claimPromotion)).toEqual(Array(MEMBERS).fill('claimed'));
  expect(statuses(volumePromotion)).toEqual(Array(MEMBERS).fill('issued'));
  expect(statuses(checkInPromotion)).toEqual(Array(checkIns.length).fill('signed'));
  const signUps = await db
    .selectFrom('signup_reward_requests')
    .select(['status', 'ledger_transaction_id'])
    .where('member_id', 'in', ids)
    .execute();
  expect(signUps.map((s) => s.status)).toEqual(Array(MEMBERS).fill('approved'));
  const missionRows = await db
    .selectFrom('mission_rewards')
    .select(['claimed_at', 'ledger_transaction_id'])
    .where('mission_id', '=', missionId)
    .execute();
  expect(missionRows.every((r) => r.claimed_at !== null && r.ledger_transaction_id !== null)).toBe(true);
  const linked = [...participations, ...signUps, ...missionRows, ...prizes, ...grabs]
    .map((r) => r.ledger_transaction_id)
    .filter((id) => id !== null);
  // (a conversion's record is its points entry, checked below.)
  expect(new Set(linked.map(String)).size).toBe(txs.rows.filter((t) => t.kind !== 'points_convert').length);

  // The points: each conversion and redeem one entry; goods sold never over the stock; balances add up.
  const entries = await db
    .selectFrom('point_entries')
    .select(['member_id', 'idempotency_key', 'kind', 'amount', 'balance_after', 'id'])
    .where('member_id', 'in', ids)
    .orderBy('id')
    .execute();
  const redemptions = await db
    .selectFrom('point_redemptions')
    .select(['id', 'member_id', 'request_id', 'points'])
    .where('member_id', 'in', ids)
    .execute();
  const goods = await db.selectFrom('point_goods').select('stock').where('id', '=', goodsId).executeTakeFirstOrThrow();
  expect(redemptions).toHaveLength(STOCK);
  expect(goods.stock).toBe(0);
  const redeemed = [...outcomes].filter(([key, value]) => /:redeem\d$/.test(key) && value === 'ok').length;
  expect(redeemed).toBe(STOCK);
  const accounts = await db
    .selectFrom('point_accounts')
    .select(['member_id', 'balance'])
    .where('member_id', 'in', ids)
    .execute();
  for (const m of members) {
    const mine = entries.filter((e) => e.member_id === m.id);
    const keys = mine.map((e) => e.idempotency_key);
    const redeems = redemptions.filter((r) => r.member_id === m.id);
    expect(keys.sort()).toEqual(
      [
        `engagement-kill-points-${m.id}`,
        `points-convert:${m.id}:cash-to-points-${m.id}`,
        `points-convert:${m.id}:points-to-cash-${m.id}`,
        ...redeems.map((r) => `redeem:${r.id}`),
      ].sort(),
    );
    const toPoints = (parseMinorish(CASH_TO_POINTS) * RATE.points) / RATE.amount;
    const want = POINTS + toPoints - POINTS_TO_CASH - GOODS_POINTS * BigInt(redeems.length);
    let running = 0n;
    for (const entry of mine.sort((a, b) => Number(a.id - b.id))) {
      running += entry.amount;
      expect(entry.balance_after).toBe(running);
      expect(entry.balance_after >= 0n).toBe(true);
    }
    expect(running).toBe(want);
    expect(accounts.find((a) => a.member_id === m.id)?.balance).toBe(want);
  }

  expect(await auditLedger(db, merchant.id)).toMatchObject({ unbalanced: [], drifted: [], negative: [], total: 0n });
}, 300_000);

/** "7.00" → 700 (the test's own amounts only). */
function parseMinorish(amount: string): bigint {
  const [whole, fraction = ''] = amount.split('.');
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
}

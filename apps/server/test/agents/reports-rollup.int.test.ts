import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { agentReports, type AgentReportQuery } from '../../src/modules/agents/reports/reports.ts';
import { agentRollup, ROLLUP_DAYS, ROLLUP_GRACE_MS } from '../../src/modules/agents/reports/rollup.ts';
import { startJobWorker } from '../../src/modules/jobs/worker.ts';
import { DEMO_VENDOR } from '../../src/seed/vendors.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { createMember, uniqueKey, type WalletMember } from '../wallet/helpers.ts';

/**
 * Issue 13 item 7: the reports answer from the per-agent roll-up of closed days (migration 0022)
 * exactly what they answer from the live summaries, before and after a late change to a closed day.
 */
let t: TestApp;
let merchantId: number;
let vendorId: number;
/** A → sub-agent S → P1, P2; A → P3; A plays too. B → Q (another tree). */
let agentA: WalletMember;
let subAgent: WalletMember;
let p1: WalletMember;
let p2: WalletMember;
let p3: WalletMember;
let agentB: WalletMember;
let q: WalletMember;
/**
 * Sunday 23 August to Wednesday 2 September 2026 in Dhaka: a whole week (24–30 August, read from
 * member_weekly_stats once rolled up) and a month's end (two months of bitmasks).
 */
const DAYS = Array.from({ length: 11 }, (_, i) => new Date(Date.UTC(2026, 7, 23 + i)).toISOString().slice(0, 10));
const WINDOW = { from: DAYS[0]!, to: DAYS[10]! };
const AUG_30 = DAYS[7]!;
const AUG_31 = DAYS[8]!;
const SEP_1 = DAYS[9]!;
const SEP_2 = DAYS[10]!;
const REPORTS = ['teamOverview', 'revenue', 'palStatements', 'userLoss'] as const;
const PATHS = {
  teamOverview: 'team-overview',
  revenue: 'revenue',
  palStatements: 'pal-statements',
  userLoss: 'user-loss',
};

const dhakaDay = (daysBack: number) =>
  new Date(Date.now() + 6 * 3_600_000 - daysBack * 86_400_000).toISOString().slice(0, 10);

async function vendorRow(
  member: WalletMember,
  kind: 'bet' | 'win' | 'rollback',
  round: string,
  amount: bigint,
  at: string,
) {
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

/** A vendor round at noon (Dhaka) of `day`: its bet, and its win when there is one. */
async function round(member: WalletMember, day: string, stake: bigint, win = 0n) {
  const id = uniqueKey('r');
  await vendorRow(member, 'bet', id, stake, `${day}T06:00:00Z`);
  if (win > 0n) await vendorRow(member, 'win', id, win, `${day}T06:05:00Z`);
}

const live = () => agentReports({ db: t.db, rollup: false });

/** Every report for `who` (and `query`) over HTTP (the roll-up path), beside the live-only answer. */
async function bothAnswers(who: WalletMember, query: AgentReportQuery & Record<string, string | number>) {
  const context = { id: who.id, username: who.username, type: who.row.type, merchantId };
  const out = [];
  for (const report of REPORTS) {
    const res = await t.get<unknown>(`/wps/agent/reports/${PATHS[report]}`, { headers: who.auth, query });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expected = JSON.parse(JSON.stringify(await live()[report](context, query, 'en'))) as unknown;
    out.push({ report, viaRollup: (res.body as { value: unknown }).value, live: expected });
  }
  return out;
}

async function expectSameAnswers() {
  for (const [who, query] of [
    [agentA, WINDOW],
    [agentA, { ...WINDOW, pageSize: 1, pageNo: 2 }],
    [agentA, { ...WINDOW, downline: '' }],
    [agentA, { from: AUG_30, to: SEP_1 }],
    [agentA, { from: DAYS[1]!, to: SEP_2 }],
    [subAgent, WINDOW],
    [agentB, WINDOW],
  ] as const) {
    const q = { ...query } as AgentReportQuery & Record<string, string | number>;
    if (q.downline === '') q.downline = subAgent.username;
    for (const answer of await bothAnswers(who, q)) {
      expect(answer.viaRollup, `${answer.report} ${JSON.stringify(q)}`).toEqual(answer.live);
    }
  }
}

const overview = async (who: WalletMember, query: Record<string, string | number> = WINDOW) =>
  (
    await t.get<{ validBet: string; activeMembers: number }>('/wps/agent/reports/team-overview', {
      headers: who.auth,
      query,
    })
  ).body.value;

beforeAll(async () => {
  // Yesterday is rolled up only once it ended ROLLUP_GRACE_MS ago: in the first minutes after
  // midnight in Dhaka the tests would see it still live. Wait those minutes out (a run at 18:0x UTC).
  const sinceMidnight = (Date.now() + 6 * 3_600_000) % 86_400_000;
  if (sinceMidnight < ROLLUP_GRACE_MS + 30_000) {
    await new Promise((resolve) => setTimeout(resolve, ROLLUP_GRACE_MS + 30_000 - sinceMidnight));
  }
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  vendorId = (
    await t.db.selectFrom('vendors').select('id').where('code', '=', DEMO_VENDOR.code).executeTakeFirstOrThrow()
  ).id;
  agentA = await createMember(t, merchantId, { type: 1 });
  subAgent = await createMember(t, merchantId, { type: 2, upline: agentA });
  p1 = await createMember(t, merchantId, { upline: subAgent });
  p2 = await createMember(t, merchantId, { upline: subAgent });
  p3 = await createMember(t, merchantId, { upline: agentA });
  agentB = await createMember(t, merchantId, { type: 1 });
  q = await createMember(t, merchantId, { upline: agentB });

  await round(p1, DAYS[0]!, 1_100n);
  await round(p2, DAYS[1]!, 2_000n, 5_000n);
  await round(p1, DAYS[3]!, 900n);
  await round(p3, DAYS[5]!, 1_300n, 200n);
  await round(p1, AUG_30, 3_000n, 9_000n);
  await round(p1, AUG_31, 1_000n);
  await round(p1, SEP_1, 2_500n, 1_000n);
  await round(p2, AUG_31, 4_000n, 4_400n);
  await round(p2, SEP_2, 700n);
  await round(p3, SEP_1, 10_000n);
  await round(subAgent, SEP_1, 1_200n, 2_400n);
  await round(agentA, AUG_31, 5_000n, 1_000n);
  await round(q, SEP_1, 800n);
  // A bet rolled back: the stake went up (an active day, as in member_active_days), then down again.
  const back = uniqueKey('back');
  await vendorRow(p3, 'bet', back, 600n, `${SEP_2}T07:00:00Z`);
  await vendorRow(p3, 'rollback', back, 600n, `${SEP_2}T07:01:00Z`);
  // A product type only the top agent played (on a rolled-up day): not the team's.
  await sql`INSERT INTO member_daily_stats (merchant_id, member_id, day, product_type, bet_count, valid_bet, payout,
                                            profit_loss)
            VALUES (${merchantId}, ${agentA.id}, ${AUG_31}::date, 'OWN_ONLY', 1, 300, 0, -300)`.execute(t.db);
  // Today's play, always read live.
  await round(p1, dhakaDay(0), 1_500n, 3_000n);
}, ROLLUP_GRACE_MS + 120_000);
afterAll(async () => {
  await t.close();
});

describe('the roll-up of closed days', () => {
  it('answers what the live summaries answer, and is what answers', async () => {
    // Days written after they closed are dirty: nothing is read from the roll-up yet.
    const marked = await sql<{ day: string; dirty: boolean }>`SELECT day::text AS day, dirty FROM agent_rollup_days
      WHERE merchant_id = ${merchantId} AND day = ANY(${DAYS}::date[]) ORDER BY day`.execute(t.db);
    // The days with figures (none on 25, 27 and 29 August).
    expect(marked.rows).toEqual([0, 1, 3, 5, 7, 8, 9, 10].map((i) => ({ day: DAYS[i], dirty: true })));
    const liveOnly = await overview(agentA);

    const rollup = agentRollup({ db: t.db });
    for (const day of DAYS) await rollup.rollUpDay(merchantId, day);
    expect(await overview(agentA)).toEqual(liveOnly);
    await expectSameAnswers();
    // The whole week's per-member sums, for the user-loss report.
    const weeks = await sql<{ n: string }>`SELECT count(*) AS n FROM member_weekly_stats
      WHERE merchant_id = ${merchantId} AND week = ${DAYS[1]}::date`.execute(t.db);
    expect(Number(weeks.rows[0]?.n)).toBeGreaterThanOrEqual(3);

    // The rolled days are read from agent_daily_rollup: a change there shows (then it is put back).
    const bump = (by: number) =>
      sql`UPDATE agent_daily_rollup SET valid_bet = valid_bet + ${by}
           WHERE agent_id = ${agentA.id} AND day = ${AUG_31}::date
             AND product_type = (SELECT min(product_type) FROM agent_daily_rollup
                                  WHERE agent_id = ${agentA.id} AND day = ${AUG_31}::date)`.execute(t.db);
    await bump(100);
    expect(BigInt((await overview(agentA)).validBet.replace('.', ''))).toBe(
      BigInt(liveOnly.validBet.replace('.', '')) + 100n,
    );
    await bump(-100);
    expect(await overview(agentA)).toEqual(liveOnly);
    // And the whole week from member_weekly_stats (P3 lost 11.00 that week and 100.00 on 1 September).
    const losers = async () =>
      (
        await t.get<{ list: { username: string; validBet: string }[] }>('/wps/agent/reports/user-loss', {
          headers: agentA.auth,
          query: WINDOW,
        })
      ).body.value.list;
    expect(await losers()).toEqual([expect.objectContaining({ username: p3.username, validBet: '113.00' })]);
    await sql`UPDATE member_weekly_stats SET valid_bet = valid_bet + 100 WHERE member_id = ${p3.id}`.execute(t.db);
    expect(await losers()).toEqual([expect.objectContaining({ username: p3.username, validBet: '114.00' })]);
    await sql`UPDATE member_weekly_stats SET valid_bet = valid_bet - 100 WHERE member_id = ${p3.id}`.execute(t.db);
  });

  it('reads a closed day changed late from the live tables until it is rolled up again', async () => {
    const before = await overview(agentA);
    // Late bets on rolled-up days: one in the whole week (its weekly sums are then not read) by a
    // member new to the window's losers, one by a member new to September's active ones.
    await round(p2, DAYS[4]!, 9_000n);
    await round(p3, SEP_2, 2_000n);
    const dirty = await sql<{ day: string; dirty: boolean }>`SELECT day::text AS day, dirty FROM agent_rollup_days
      WHERE merchant_id = ${merchantId} AND day = ANY(${[DAYS[4]!, SEP_2]}::date[]) ORDER BY day`.execute(t.db);
    expect(dirty.rows).toEqual([
      { day: DAYS[4], dirty: true },
      { day: SEP_2, dirty: true },
    ]);
    const after = await overview(agentA);
    expect(BigInt(after.validBet.replace('.', ''))).toBe(BigInt(before.validBet.replace('.', '')) + 11_000n);
    await expectSameAnswers();

    await agentRollup({ db: t.db }).rollUpDay(merchantId, DAYS[4]!);
    await agentRollup({ db: t.db }).rollUpDay(merchantId, SEP_2);
    expect(await overview(agentA)).toEqual(after);
    await expectSameAnswers();
    const week = await sql<{ valid: string }>`SELECT valid_bet::text AS valid FROM member_weekly_stats
      WHERE member_id = ${p2.id} AND week = ${DAYS[1]}::date`.execute(t.db);
    expect(week.rows).toEqual([{ valid: '11000' }]);
  });

  it('catches up every closed day of the recent past in a pass, and leaves today live', async () => {
    await round(p2, dhakaDay(2), 900n, 1_800n);
    await round(p3, dhakaDay(1), 400n);
    const recent = { from: dhakaDay(3), to: dhakaDay(0) };
    const liveOnly = await overview(agentA, recent);
    const pass = await agentRollup({ db: t.db }).runPass(new Date());
    expect(pass.days).toBeGreaterThanOrEqual(ROLLUP_DAYS - 1);
    const rolled = await sql<{ day: string }>`SELECT day::text AS day FROM agent_rollup_days
      WHERE merchant_id = ${merchantId} AND day >= ${recent.from}::date AND NOT dirty ORDER BY day`.execute(t.db);
    expect(rolled.rows.map((row) => row.day)).toEqual([dhakaDay(3), dhakaDay(2), dhakaDay(1)]);
    expect(await overview(agentA, recent)).toEqual(liveOnly);
    for (const answer of await bothAnswers(agentA, recent)) expect(answer.viaRollup).toEqual(answer.live);
    // A second pass has nothing to do.
    expect((await agentRollup({ db: t.db }).runPass(new Date())).days).toBe(0);
  });

  it("is rolled up by the server's worker at start (a late change to yesterday included)", async () => {
    await round(p1, dhakaDay(1), 3_300n);
    const yesterday = () =>
      sql<{ dirty: boolean }>`SELECT dirty FROM agent_rollup_days
      WHERE merchant_id = ${merchantId} AND day = ${dhakaDay(1)}::date`.execute(t.db);
    expect((await yesterday()).rows).toEqual([{ dirty: true }]);
    const { rows } = await sql<{ db: string }>`SELECT current_database() AS db`.execute(t.db);
    const url = new URL(inject('adminDatabaseUrl'));
    url.pathname = `/${rows[0]!.db}`;
    const worker = await startJobWorker({ connectionString: url.toString(), db: t.db, log: t.app.log });
    try {
      await expect.poll(async () => (await yesterday()).rows, { timeout: 20_000 }).toEqual([{ dirty: false }]);
    } finally {
      await worker.stop();
    }
    const recent = { from: dhakaDay(3), to: dhakaDay(0) };
    for (const answer of await bothAnswers(agentA, recent)) expect(answer.viaRollup).toEqual(answer.live);
  });
});

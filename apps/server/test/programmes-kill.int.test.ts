import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createDb, createPool, type Db } from '../src/db/database.ts';
import { addDays } from '../src/modules/ledger/house-payout.ts';
import { ledger as createLedger } from '../src/modules/ledger/ledger.ts';
import { memberRepository } from '../src/modules/members/repository.ts';
import { programmesPass } from '../src/modules/programmes/pass.ts';
import { levelFor, nextMonth, previousMonth } from '../src/modules/vip/vip.ts';
import { TEMPLATE_DB } from './global-setup.ts';
import { cloneDatabase, dropDatabase } from './helpers/databases.ts';
import { auditLedger } from './ledger/helpers.ts';
import { freePort, serverProcess } from './seamless/server-process.ts';

/**
 * The house-paid programmes' one pass (referral rewards, rebates, VIP reviews; issue 13 item 6,
 * issue 14 items 4–5) under the money paths' kill standard: the real server as a child process
 * pays a backlog of closed days; it is SIGKILLed three times mid-pass and started again (its
 * worker queues a pass at start; the development endpoints run passes beside it). In the end
 * every (member, day or month, programme) is paid exactly once, each payout one balanced ledger
 * transaction under its key with its turnover requirement where the programme sets one, with no
 * record without its transaction nor a transaction without its record, and every cursor stands at
 * the last closed period. Only what the programmes moved for this test's members is checked (the
 * demo's own members are paid beside them).
 */
const INVITERS = 6;
const INVITEES_EACH = 4;
const DAYS = 16;
const COMMISSION_BP = 100;
const REBATE_BP = 80;
const RANKS = [
  { level: 1, turnover: 100_000n, promotion: 100n, monthly: 50n },
  { level: 2, turnover: 600_000n, promotion: 500n, monthly: 200n },
];
const ZONE = 'Asia/Dhaka';

let adminUrl: string;
let databaseUrl: string;
let dataDir: string;
let db: Db;
let merchant: { id: number; currency: string };
let server: ReturnType<typeof serverProcess>;
let days: string[];
let inviters: number[];
/** invitee → inviter */
const invitedBy = new Map<number, number>();

const localDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(at);
/** The last merchant-local day the programmes may pay at `at` (a minute's grace for late bets). */
const lastClosed = (at = new Date()) => addDays(localDay(new Date(at.getTime() - 60_000)), -1);
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

/** Valid bet of invitee `k` on day `d` (0: no bets that day). */
const validOf = (k: number, d: number) => BigInt(((k * 7 + d * 13) % 9) * 10_000);

const invitees = () => [...invitedBy.keys()];
const members = () => [...inviters, ...invitees()];

beforeAll(async () => {
  adminUrl = inject('adminDatabaseUrl');
  databaseUrl = await cloneDatabase(adminUrl, TEMPLATE_DB);
  dataDir = await mkdtemp(join(tmpdir(), 'khela-programmes-kill-'));
  db = createDb(createPool(databaseUrl, 4));
  const row = await db
    .selectFrom('merchants')
    .select(['id', 'currency'])
    .where('code', '=', 'khela')
    .executeTakeFirstOrThrow();
  merchant = row;
  await db.updateTable('merchants').set({ time_zone: ZONE }).where('id', '=', merchant.id).execute();
  const today = localDay(new Date());
  days = Array.from({ length: DAYS }, (_, d) => addDays(today, d - DAYS));
  const repo = memberRepository(db);
  const member = async (referralCode: string | null) =>
    (
      await repo.insertUnder(
        db,
        {
          merchant_id: merchant.id,
          username: `q${Math.random().toString(36).slice(2, 12)}`,
          password_hash: 'x',
          referral_code: referralCode,
        },
        null,
      )
    ).id;
  inviters = [];
  for (let i = 0; i < INVITERS; i++) {
    const id = await member(null);
    const code = `KILL${String(id).padStart(6, '0')}`;
    await db.insertInto('member_referral_codes').values({ member_id: id, merchant_id: merchant.id, code }).execute();
    inviters.push(id);
    for (let j = 0; j < INVITEES_EACH; j++) invitedBy.set(await member(code), id);
  }
  const stats = invitees().flatMap((id, k) =>
    days.flatMap((day, d) => {
      const valid = validOf(k, d);
      return valid > 0n ? [`(${merchant.id}, ${id}, '${day}', 'RNG', 1, ${valid}, ${valid}, 0)`] : [];
    }),
  );
  await sql
    .raw(
      `INSERT INTO member_daily_stats (merchant_id, member_id, day, product_type, bet_count, valid_bet, payout, profit_loss)
       VALUES ${stats.join(', ')}`,
    )
    .execute(db);

  // Each programme's cursor stands before the backlog: every day of it (and a VIP month or two) is owed.
  const before = addDays(days[0]!, -1);
  await sql`
    INSERT INTO referral_settings (merchant_id, enabled, commission_bp, daily_cap, first_deposit_bonus, first_deposit_min, starts_on, paid_through)
    VALUES (${merchant.id}, true, ${COMMISSION_BP}, NULL, 0, 0, ${days[0]}::date, ${before}::date)
    ON CONFLICT (merchant_id) DO UPDATE SET enabled = true, commission_bp = ${COMMISSION_BP}, daily_cap = NULL,
      first_deposit_bonus = 0, starts_on = ${days[0]}::date, paid_through = ${before}::date`.execute(db);
  await sql`
    INSERT INTO rebate_settings (merchant_id, enabled, starts_on, paid_through)
    VALUES (${merchant.id}, true, ${days[0]}::date, ${before}::date)
    ON CONFLICT (merchant_id) DO UPDATE SET enabled = true, starts_on = ${days[0]}::date, paid_through = ${before}::date`.execute(
    db,
  );
  await db.deleteFrom('rebate_rates').where('merchant_id', '=', merchant.id).execute();
  await db
    .insertInto('rebate_rates')
    .values({ merchant_id: merchant.id, product_type: 'RNG', rate_bp: REBATE_BP, daily_cap: null, mode: 'auto' })
    .execute();
  await db.deleteFrom('vip_ranks').where('merchant_id', '=', merchant.id).execute();
  await db
    .insertInto('vip_ranks')
    .values(
      RANKS.map((r) => ({
        merchant_id: merchant.id,
        level: r.level,
        name_bn: `স্তর ${r.level}`,
        name_en: `Level ${r.level}`,
        monthly_turnover: r.turnover,
        promotion_bonus: r.promotion,
        monthly_bonus: r.monthly,
      })),
    )
    .execute();
  await sql`
    INSERT INTO vip_review_state (merchant_id, reviewed_month) VALUES (${merchant.id}, ${previousMonth(monthOf(days[0]!))}::date)
    ON CONFLICT (merchant_id) DO UPDATE SET reviewed_month = excluded.reviewed_month`.execute(db);
  server = serverProcess({ databaseUrl, port: await freePort(), dataDir, env: { DEV_ENDPOINTS: '1' } });
}, 120_000);

afterAll(async () => {
  await server?.kill();
  await db?.destroy();
  if (databaseUrl) await dropDatabase(adminUrl, databaseUrl);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** What each programme owes this test's members, by hand. */
function expected() {
  const rebates = new Map<string, bigint>();
  const referral = new Map<string, bigint>();
  invitees().forEach((id, k) =>
    days.forEach((day, d) => {
      const valid = validOf(k, d);
      const rebate = (valid * BigInt(REBATE_BP)) / 10_000n;
      const commission = (valid * BigInt(COMMISSION_BP)) / 10_000n;
      if (rebate > 0n) rebates.set(`rebate:${id}:${day}:RNG`, rebate);
      if (commission > 0n) referral.set(`referral:${id}:${day}`, commission);
    }),
  );
  // VIP: each month from the backlog's to the current one is reviewed (the rank of the month
  // before or of the month so far, the higher); every level up to the highest held is promoted
  // to once; each month with a rank pays that rank's monthly bonus.
  const ranks = RANKS.map((r) => ({
    level: r.level,
    nameBn: '',
    nameEn: '',
    monthlyTurnover: r.turnover,
    promotionBonus: r.promotion,
    monthlyBonus: r.monthly,
  }));
  const vip = new Map<string, bigint>();
  const current = monthOf(localDay(new Date()));
  invitees().forEach((id, k) => {
    const turnover = (month: string) =>
      days.reduce((sum, day, d) => (monthOf(day) === month ? sum + validOf(k, d) : sum), 0n);
    let highest = 0;
    for (let month = monthOf(days[0]!); month <= current; month = nextMonth(month)) {
      const level = Math.max(levelFor(ranks, turnover(previousMonth(month))), levelFor(ranks, turnover(month)));
      highest = Math.max(highest, level);
      const rank = RANKS.find((r) => r.level === level);
      if (rank) vip.set(`vip:monthly:${id}:${month}`, rank.monthly);
    }
    for (const rank of RANKS) if (rank.level <= highest) vip.set(`vip:promotion:${id}:${rank.level}`, rank.promotion);
  });
  return { rebates, referral, vip };
}

async function paidRecords(): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT (SELECT count(*) FROM rebates WHERE member_id = ANY(${invitees()}::int[]))
         + (SELECT count(*) FROM referral_rewards WHERE invitee_id = ANY(${invitees()}::int[]))
         + (SELECT count(*) FROM vip_bonuses WHERE member_id = ANY(${invitees()}::int[]))::int AS n`.execute(db);
  return Number(rows[0]!.n);
}

/** Passes through the development endpoints beside the worker's; a SIGKILL may cut them off. */
function devPasses(): void {
  for (const path of ['/dev/referral-rewards', '/dev/rebates', '/dev/vip-ranks']) {
    void fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ at: new Date().toISOString() }),
    }).catch(() => null);
  }
}

async function until(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${server.output().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function cursors() {
  const { rows } = await sql<{ referral: string; rebates: string; vip: string }>`
    SELECT (SELECT paid_through::text FROM referral_settings WHERE merchant_id = ${merchant.id}) AS referral,
           (SELECT paid_through::text FROM rebate_settings WHERE merchant_id = ${merchant.id}) AS rebates,
           (SELECT reviewed_month::text FROM vip_review_state WHERE merchant_id = ${merchant.id}) AS vip`.execute(db);
  return rows[0]!;
}

it('pays every programme period exactly once through three SIGKILLs mid-pass', async () => {
  const owed = expected();
  const total = owed.rebates.size + owed.referral.size + owed.vip.size;
  const killedAt: number[] = [];
  for (const share of [0.15, 0.45, 0.75]) {
    await server.start();
    devPasses();
    await until(async () => (await paidRecords()) >= Math.floor(total * share), 40_000, `${share} of the payouts`);
    await server.kill('SIGKILL');
    killedAt.push(await paidRecords());
  }
  for (const n of killedAt) expect(n).toBeLessThan(total);
  expect(killedAt[0]).toBeGreaterThan(0);

  await server.start();
  const current = monthOf(localDay(new Date()));
  await until(
    async () => {
      const c = await cursors();
      const last = lastClosed();
      return c.referral === last && c.rebates === last && c.vip === current && (await paidRecords()) === total;
    },
    40_000,
    'the backlog to be paid',
  );
  await server.kill('SIGKILL');

  // One more pass pays nothing more.
  const before = await paidRecords();
  const pass = programmesPass({ db, ledger: createLedger({ db }) });
  const again = await Promise.all(Array.from({ length: 5 }, () => pass(new Date())));
  for (const run of again) expect(run.referral.rewards + run.rebates.rebates + run.vip.bonuses).toBe(0);
  expect(await paidRecords()).toBe(before);

  const keyed = await sql<{
    key: string;
    id: string;
    kind: string;
    member_id: number;
    amount: string;
    postings: number;
    sum: string;
  }>`
    SELECT t.idempotency_key AS key, t.id::text AS id, t.kind,
           max(a.member_id) FILTER (WHERE a.kind = 'member_main') AS member_id,
           max(p.amount)::text AS amount, count(p.id)::int AS postings, sum(p.amount)::text AS sum
      FROM ledger_transactions t
      JOIN ledger_postings p ON p.transaction_id = t.id
      JOIN ledger_accounts a ON a.id = p.account_id
     WHERE t.merchant_id = ${merchant.id} AND t.kind IN ('rebate', 'referral_reward', 'vip_promotion_bonus', 'vip_monthly_bonus')
       AND split_part(t.idempotency_key, ':', CASE WHEN t.idempotency_key LIKE 'vip:%' THEN 3 ELSE 2 END)::int
           = ANY(${invitees()}::int[])
     GROUP BY t.id`.execute(db);
  const txs = new Map(keyed.rows.map((t) => [t.key, t]));
  const requirements = await sql<{ source: string; amount: string; n: number }>`
    SELECT source, sum(amount)::text AS amount, count(*)::int AS n FROM turnover_requirements
     WHERE member_id = ANY(${invitees()}::int[]) GROUP BY source`.execute(db);
  const turnover = new Map(requirements.rows.map((r) => [r.source, r]));

  // Each programme's records: exactly the owed ones, each with its transaction.
  const rebateRows = await db
    .selectFrom('rebates')
    .select(['member_id', sql<string>`day::text`.as('day'), 'product_type', 'amount', 'ledger_transaction_id'])
    .where('member_id', 'in', invitees())
    .execute();
  const referralRows = await db
    .selectFrom('referral_rewards')
    .select(['invitee_id', 'inviter_id', 'reason', sql<string>`day::text`.as('day'), 'amount', 'ledger_transaction_id'])
    .where('invitee_id', 'in', invitees())
    .execute();
  const vipRows = await db
    .selectFrom('vip_bonuses')
    .select(['member_id', 'kind', 'level', sql<string>`month::text`.as('month'), 'amount', 'ledger_transaction_id'])
    .where('member_id', 'in', invitees())
    .execute();
  const records = [
    ...rebateRows.map((r) => ({
      key: `rebate:${r.member_id}:${r.day}:${r.product_type}`,
      payee: r.member_id,
      amount: r.amount,
      tx: r.ledger_transaction_id,
      turnover: true,
    })),
    ...referralRows.map((r) => ({
      key: `referral:${r.invitee_id}:${r.day}`,
      payee: r.inviter_id,
      amount: r.amount,
      tx: r.ledger_transaction_id,
      turnover: false,
    })),
    ...vipRows.map((r) => ({
      key: r.kind === 'promotion' ? `vip:promotion:${r.member_id}:${r.level}` : `vip:monthly:${r.member_id}:${r.month}`,
      payee: r.member_id,
      amount: r.amount,
      tx: r.ledger_transaction_id,
      turnover: true,
    })),
  ];
  const owedAll = new Map([...owed.rebates, ...owed.referral, ...owed.vip]);
  expect(new Map(records.map((r) => [r.key, r.amount]))).toEqual(owedAll);
  expect(records).toHaveLength(owedAll.size);
  for (const record of records) {
    const tx = txs.get(record.key);
    expect({ key: record.key, tx }).toMatchObject({
      key: record.key,
      tx: {
        id: record.tx?.toString(),
        postings: 2,
        sum: '0',
        member_id: record.payee,
        amount: record.amount.toString(),
      },
    });
    expect({ key: record.key, turnover: turnover.get(record.key) }).toEqual({
      key: record.key,
      turnover: record.turnover ? { source: record.key, amount: record.amount.toString(), n: 1 } : undefined,
    });
  }
  // No transaction without its record.
  expect(keyed.rows).toHaveLength(records.length);
  for (const r of referralRows) expect(r.inviter_id).toBe(invitedBy.get(r.invitee_id));

  // What the programmes moved into each member's wallet: the sum of its records.
  const moved = await sql<{ member_id: number; net: string }>`
    SELECT a.member_id, sum(p.amount)::text AS net
      FROM ledger_postings p
      JOIN ledger_accounts a ON a.id = p.account_id AND a.kind = 'member_main'
      JOIN ledger_transactions t ON t.id = p.transaction_id
     WHERE a.member_id = ANY(${members()}::int[])
       AND t.kind IN ('rebate', 'referral_reward', 'vip_promotion_bonus', 'vip_monthly_bonus')
     GROUP BY a.member_id`.execute(db);
  const want = new Map<number, bigint>();
  for (const r of records) want.set(r.payee, (want.get(r.payee) ?? 0n) + r.amount);
  expect(new Map(moved.rows.map((r) => [r.member_id, BigInt(r.net)]))).toEqual(want);

  const c = await cursors();
  expect(c).toEqual({ referral: lastClosed(), rebates: lastClosed(), vip: monthOf(localDay(new Date())) });
  expect(await auditLedger(db, merchant.id)).toMatchObject({ unbalanced: [], drifted: [], negative: [], total: 0n });
}, 170_000);

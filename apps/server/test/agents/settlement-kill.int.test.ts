import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { StoredTerms } from '@khela/contracts';
import { createDb, createPool, type Db } from '../../src/db/database.ts';
import type { MemberType } from '../../src/db/schema.ts';
import { ledgerKeyOf } from '../../src/modules/agents/settlement/settlement.ts';
import { ledger as createLedger } from '../../src/modules/ledger/ledger.ts';
import { memberRepository } from '../../src/modules/members/repository.ts';
import { TEMPLATE_DB } from '../global-setup.ts';
import { cloneDatabase, dropDatabase } from '../helpers/databases.ts';
import { auditLedger, postDeposit } from '../ledger/helpers.ts';
import { freePort, serverProcess } from '../seamless/server-process.ts';

/**
 * Issue 13 item 4, the money paths' standard (like the wallet's and in-house rounds' kill tests):
 * the real server as a child process settles a backlog of daily salary and dividend periods; it
 * is SIGKILLed three times mid-pass and started again (its worker queues a pass at start, and the
 * development endpoint runs one beside it). In the end every (contract, period) is settled exactly
 * once, each payout is one balanced ledger transaction under its key, with one inbox notice, and
 * every wallet holds what the hand-computed figures say.
 */
const AGENTS = 6;
const DAYS = 25;
const FUNDS = 10_000_000_00n;
const ZONE_OFFSET_MS = 6 * 3_600_000; // Asia/Dhaka, UTC+6 all year
const DAY_MS = 86_400_000;

interface Tier {
  activeMembers: number;
  validBet: bigint;
  rateBp: number;
}
interface Plan {
  id: bigint;
  kind: 'daily_salary' | 'dividend';
  payer: number | null;
  payee: number;
  team: number[];
  tiers: Tier[];
  /** Hand-computed amount of each day. */
  expected: bigint[];
}

let adminUrl: string;
let databaseUrl: string;
let dataDir: string;
let db: Db;
let merchantId: number;
let server: ReturnType<typeof serverProcess>;
const plans: Plan[] = [];
const agents: { top: number; sub: number }[] = [];
/** Local midnight (Asia/Dhaka) at which every contract became active: day 0 of the backlog. */
let firstDay: number;

/** Valid bet and profit and loss of member `k` of agent `i`'s team on day `d` (0 = no bets that day). */
function figures(i: number, d: number, k: number): { valid: bigint; pl: bigint } {
  const valid = BigInt(((i * 7 + d * 13 + k * 5) % 9) * 10_000);
  const pl = (i + d + k) % 4 === 0 ? valid / 2n : -(valid / 5n);
  return { valid, pl };
}

/** The highest tier whose minimums are both met (the rule of §4 tiers), written out by hand. */
function rateOf(tiers: Tier[], active: number, valid: bigint): number {
  let rate = 0;
  for (const t of tiers) if (active >= t.activeMembers && valid >= t.validBet) rate = Math.max(rate, t.rateBp);
  return rate;
}

const stored = (tiers: Tier[], period?: 'Daily'): StoredTerms =>
  ({
    ...(period && { period }),
    tiers: tiers.map((t) => ({ activeMembers: t.activeMembers, validBet: t.validBet.toString(), rateBp: t.rateBp })),
  }) as StoredTerms;

beforeAll(async () => {
  adminUrl = inject('adminDatabaseUrl');
  databaseUrl = await cloneDatabase(adminUrl, TEMPLATE_DB);
  dataDir = await mkdtemp(join(tmpdir(), 'khela-settlement-kill-'));
  db = createDb(createPool(databaseUrl, 4));
  const merchant = await db.selectFrom('merchants').select('id').where('code', '=', 'khela').executeTakeFirstOrThrow();
  merchantId = merchant.id;
  await db.updateTable('merchants').set({ time_zone: 'Asia/Dhaka' }).where('id', '=', merchantId).execute();
  // The demo team's contracts (issue 13 item 8) are settled beside these; this test audits its own.
  const localToday = Math.floor((Date.now() + ZONE_OFFSET_MS) / DAY_MS) * DAY_MS - ZONE_OFFSET_MS;
  firstDay = localToday - DAYS * DAY_MS;
  const ledger = createLedger({ db });
  const members = memberRepository(db);
  const member = async (type: MemberType, upline: number | null) =>
    (
      await members.insertUnder(
        db,
        { merchant_id: merchantId, username: `k${Math.random().toString(36).slice(2, 12)}`, password_hash: 'x', type },
        upline,
      )
    ).id;
  const salaryA: Tier[] = [
    { activeMembers: 0, validBet: 0n, rateBp: 100 },
    { activeMembers: 3, validBet: 150_000n, rateBp: 200 },
  ];
  const salaryS: Tier[] = [
    { activeMembers: 0, validBet: 0n, rateBp: 50 },
    { activeMembers: 2, validBet: 100_000n, rateBp: 100 },
  ];
  const dividend: Tier[] = [{ activeMembers: 0, validBet: 0n, rateBp: 1_000 }];
  const stats: string[] = [];
  for (let i = 0; i < AGENTS; i++) {
    // A top agent (house contracts) with a sub-agent (the agent's contract) and players.
    const top = await member(1, null);
    const sub = await member(1, top);
    const p1 = await member(0, sub);
    const p2 = await member(0, sub);
    const q = await member(0, top);
    agents.push({ top, sub });
    await postDeposit(ledger, {
      merchantId,
      account: { kind: 'member_main', memberId: top },
      amount: FUNDS,
      idempotencyKey: `settlement-kill-funds-${top}`,
    });
    const team = [top, sub, p1, p2, q];
    const subTeam = [sub, p1, p2];
    for (let d = 0; d < DAYS; d++) {
      const day = new Date(firstDay + d * DAY_MS + ZONE_OFFSET_MS).toISOString().slice(0, 10);
      team.forEach((memberId, k) => {
        const { valid, pl } = figures(i, d, k);
        if (valid > 0n) stats.push(`(${merchantId}, ${memberId}, '${day}', 'RNG', 1, ${valid}, ${valid + pl}, ${pl})`);
      });
    }
    const daily = (members: number[]) =>
      Array.from({ length: DAYS }, (_, d) => {
        const rows = members.map((m) => figures(i, d, team.indexOf(m)));
        const active = rows.filter((r) => r.valid > 0n).length;
        const valid = rows.reduce((s, r) => s + r.valid, 0n);
        const pl = rows.reduce((s, r) => s + r.pl, 0n);
        return { active, valid, pl };
      });
    const teamDays = daily(team);
    const subDays = daily(subTeam);
    const contract = async (plan: Omit<Plan, 'id'>) => {
      const row = await db
        .insertInto('agent_contracts')
        .values({
          merchant_id: merchantId,
          kind: plan.kind,
          offerer_id: plan.payer,
          member_id: plan.payee,
          terms: JSON.stringify(stored(plan.tiers, plan.kind === 'dividend' ? 'Daily' : undefined)),
          state: 'active',
          activated_at: new Date(firstDay),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      plans.push({ ...plan, id: row.id });
    };
    await contract({
      kind: 'daily_salary',
      payer: null,
      payee: top,
      team,
      tiers: salaryA,
      expected: teamDays.map((f) => (f.valid * BigInt(rateOf(salaryA, f.active, f.valid))) / 10_000n),
    });
    await contract({
      kind: 'dividend',
      payer: null,
      payee: top,
      team,
      tiers: dividend,
      expected: teamDays.map((f) => (f.pl < 0n ? (-f.pl * BigInt(rateOf(dividend, f.active, f.valid))) / 10_000n : 0n)),
    });
    await contract({
      kind: 'daily_salary',
      payer: top,
      payee: sub,
      team: subTeam,
      tiers: salaryS,
      expected: subDays.map((f) => (f.valid * BigInt(rateOf(salaryS, f.active, f.valid))) / 10_000n),
    });
  }
  await sql
    .raw(
      `INSERT INTO member_daily_stats (merchant_id, member_id, day, product_type, bet_count, valid_bet, payout, profit_loss)
       VALUES ${stats.join(', ')}`,
    )
    .execute(db);
  server = serverProcess({ databaseUrl, port: await freePort(), dataDir, env: { DEV_ENDPOINTS: '1' } });
}, 120_000);

afterAll(async () => {
  await server?.kill();
  await db?.destroy();
  if (databaseUrl) await dropDatabase(adminUrl, databaseUrl);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const ids = () => plans.map((p) => p.id.toString());

async function settledRows(): Promise<number> {
  const row = await db
    .selectFrom('agent_contract_payouts')
    .select(sql<number>`count(*)::int`.as('n'))
    .where(sql<boolean>`contract_id = ANY(${ids()}::bigint[])`)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** A settlement pass through the development endpoint; a SIGKILL may cut it off (the next start resumes). */
function devPass(): Promise<unknown> {
  return fetch(`${server.baseUrl}/dev/agent-settlement`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ at: new Date().toISOString() }),
  })
    .then((res) => res.json())
    .catch(() => null);
}

async function until(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${server.output().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

it('settles every period exactly once through three SIGKILLs mid-pass', async () => {
  const total = plans.length * DAYS;
  const killedAt: number[] = [];
  for (const share of [0.15, 0.45, 0.75]) {
    await server.start();
    void devPass();
    await until(async () => (await settledRows()) >= Math.floor(total * share), 45_000, `${share} of the periods`);
    await server.kill('SIGKILL');
    killedAt.push(await settledRows());
  }
  // Each kill came in the middle of the backlog, with settlement under way.
  for (const n of killedAt) expect(n).toBeLessThan(total);
  expect(killedAt[0]).toBeGreaterThan(0);

  await server.start();
  void devPass();
  const lastEnd = new Date(firstDay + DAYS * DAY_MS);
  await until(
    async () => {
      const behind = await db
        .selectFrom('agent_contracts')
        .select('id')
        .where(sql<boolean>`id = ANY(${ids()}::bigint[])`)
        .where((eb) => eb.or([eb('settled_through', 'is', null), eb('settled_through', '<', lastEnd)]))
        .execute();
      return behind.length === 0;
    },
    45_000,
    'the backlog to be settled',
  );
  // One more pass on the live server pays nothing more.
  expect(await devPass()).toMatchObject({ success: true });
  await server.kill('SIGKILL');

  const rows = await db
    .selectFrom('agent_contract_payouts')
    .select(['contract_id', 'period_start', 'status', 'amount', 'ledger_transaction_id', 'payer_member_id'])
    .where(sql<boolean>`contract_id = ANY(${ids()}::bigint[])`)
    .execute();
  const txs = await sql<{ key: string; id: string; postings: number; sum: string; kind: string }>`
    SELECT t.idempotency_key AS key, t.id::text AS id, t.kind, count(p.id)::int AS postings,
           coalesce(sum(p.amount), 0)::text AS sum
      FROM ledger_transactions t LEFT JOIN ledger_postings p ON p.transaction_id = t.id
     WHERE t.merchant_id = ${merchantId}
       AND split_part(t.idempotency_key, ':', 2) = ANY(${ids()}::text[])
       AND t.idempotency_key LIKE 'agent-contract:%'
     GROUP BY t.id`.execute(db);
  const txByKey = new Map(txs.rows.map((t) => [t.key, t]));
  const notices = await sql<{ contract_id: string; n: number }>`
    SELECT reference->>'contractId' AS contract_id, count(*)::int AS n FROM member_inbox
     WHERE merchant_id = ${merchantId} AND kind = 'contract.paid' AND reference->>'contractId' = ANY(${ids()}::text[])
     GROUP BY 1`.execute(db);

  const received = new Map<number, bigint>();
  const paidOut = new Map<number, bigint>();
  let paid = 0;
  for (const plan of plans) {
    const mine = rows.filter((r) => r.contract_id === plan.id);
    for (let d = 0; d < DAYS; d++) {
      const start = new Date(firstDay + d * DAY_MS);
      const found = mine.filter((r) => r.period_start.getTime() === start.getTime());
      const expected = plan.expected[d]!;
      // Exactly one row per period: paid with the hand-computed amount, or skipped when nothing was due.
      expect(found.map((r) => [r.status, r.amount])).toEqual([[expected > 0n ? 'paid' : 'skipped', expected]]);
      const tx = txByKey.get(ledgerKeyOf(plan.id, start));
      if (expected > 0n) {
        paid += 1;
        expect(tx).toMatchObject({ id: found[0]!.ledger_transaction_id!.toString(), postings: 2, sum: '0' });
        expect(tx!.kind).toBe(plan.kind === 'dividend' ? 'agent_dividend' : 'agent_salary');
        received.set(plan.payee, (received.get(plan.payee) ?? 0n) + expected);
        if (plan.payer !== null) paidOut.set(plan.payer, (paidOut.get(plan.payer) ?? 0n) + expected);
      } else {
        expect(tx).toBeUndefined();
      }
    }
    // Periods past the backlog (the day that just ended, when the test runs right after local
    // midnight) have no figures: nothing is paid for them.
    expect(mine.filter((r) => r.period_start.getTime() >= lastEnd.getTime() && r.status !== 'skipped')).toEqual([]);
    const paidHere = mine.filter((r) => r.status === 'paid').length;
    expect(notices.rows.find((n) => n.contract_id === plan.id.toString())?.n ?? 0).toBe(paidHere);
  }
  // No ledger transaction without its payout row.
  expect(txs.rows).toHaveLength(paid);
  expect(paid).toBeGreaterThan(plans.length * DAYS * 0.5);

  // What the contracts moved in and out of each agent's wallet (other programmes the demo runs,
  // such as VIP bonuses and rebates, may pay it too: the ledger audit below covers those).
  for (const { top, sub } of agents) {
    const moved = await sql<{ member_id: number; net: string }>`
      SELECT a.member_id, sum(p.amount)::text AS net
        FROM ledger_postings p
        JOIN ledger_accounts a ON a.id = p.account_id AND a.kind = 'member_main'
        JOIN ledger_transactions t ON t.id = p.transaction_id
       WHERE a.member_id IN (${top}, ${sub}) AND t.kind IN ('agent_salary', 'agent_dividend')
       GROUP BY a.member_id`.execute(db);
    const net = (id: number) => BigInt(moved.rows.find((row) => row.member_id === id)?.net ?? '0');
    expect(net(top)).toBe((received.get(top) ?? 0n) - (paidOut.get(top) ?? 0n));
    expect(net(sub)).toBe(received.get(sub) ?? 0n);
  }
  expect(await auditLedger(db, merchantId)).toMatchObject({ unbalanced: [], drifted: [], negative: [], total: 0n });
}, 180_000);

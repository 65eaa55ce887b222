import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ReferralDetails } from '@khela/contracts';
import { ledger as createLedger, type Ledger } from '../../src/modules/ledger/ledger.ts';
import { maskUsername } from '../../src/modules/agents/referral/referral.ts';
import { addDays } from '../../src/modules/ledger/house-payout.ts';
import {
  commissionOf,
  referralRewards,
  REFERRAL_REWARD_KIND,
  type ReferralRewards,
} from '../../src/modules/agents/referral/rewards.ts';
import { startJobWorker } from '../../src/modules/jobs/worker.ts';
import { memberRepository } from '../../src/modules/members/repository.ts';
import { loginAsAdmin, loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditLedger, CURRENCY } from '../ledger/helpers.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { createMember, mainOf, type WalletMember } from '../wallet/helpers.ts';
import { dailyStats, inboxKinds } from './contract-helpers.ts';

const SETTINGS = '/admin/referral-settings';
const DETAILS = '/wps/relay/MCSFE_getReferralDetails';
const INVITATIONS = '/wps/member/referral/invitations';

interface SettingsView {
  enabled: boolean;
  commissionRate: string;
  dailyCap: string | null;
  firstDepositBonus: string;
  firstDepositMinimum: string;
  startsOn: string | null;
  paidThrough: string | null;
}
interface InvitationPage {
  list: { username: string; registeredAt: string; earned: string }[];
  total: number;
  totalEarned: string;
}

/** 1.5 % of the day's valid bet, at most 20.00 per invitee and day; 5.00 for a first deposit of 100.00 or more. */
const ON = {
  enabled: true,
  commissionRate: '1.5',
  dailyCap: '20.00',
  firstDepositBonus: '5',
  firstDepositMinimum: '100.00',
};

let t: TestApp;
let merchantId: number;
let ledger: Ledger;
let rewards: ReferralRewards;
let admin: AuthHeaders;
let inviter: WalletMember;
let a: WalletMember;
let b: WalletMember;
let trial: WalletMember;
/** The demo merchant's (Asia/Dhaka) today and the days after it: the tests pay days ahead of the real clock. */
let today: string;
let d1: string;
let d2: string;
let d3: string;

/** A moment 2 minutes into `day` in Dhaka (+06:00): every day before it has closed. */
const into = (day: string) => new Date(`${day}T00:02:00+06:00`);

async function invitee(code: string, type: 0 | 4 = 0): Promise<WalletMember> {
  const row = await memberRepository(t.db).insertUnder(
    t.db,
    {
      merchant_id: merchantId,
      username: `r${Math.random().toString(36).slice(2, 10)}`,
      password_hash: 'x',
      type,
      referral_code: code,
    },
    null,
  );
  return { row, id: row.id, username: row.username, auth: {} };
}

async function deposit(member: WalletMember, day: string, amount: bigint) {
  await sql`
    INSERT INTO member_daily_stats (merchant_id, member_id, day, product_type, deposits, deposit_count)
    VALUES (${merchantId}, ${member.id}, ${day}::date, 'CASH', ${amount}, 1)`.execute(t.db);
}

const balanceOf = async (member: WalletMember) =>
  (await ledger.balanceOf(merchantId, CURRENCY, mainOf(member))).toString();

async function rewardRows(inviterId: number) {
  const rows = await t.db
    .selectFrom('referral_rewards')
    .select(['invitee_id', 'reason', sql<string>`day::text`.as('day'), 'basis', 'amount'])
    .where('inviter_id', '=', inviterId)
    .orderBy('day')
    .orderBy('invitee_id')
    .orderBy('reason')
    .execute();
  return rows.map((r) => [r.invitee_id, r.reason, r.day, r.basis.toString(), r.amount.toString()]);
}

const rewardTransactions = async () => {
  const row = await t.db
    .selectFrom('ledger_transactions')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('kind', '=', REFERRAL_REWARD_KIND)
    .executeTakeFirstOrThrow();
  return row.n;
};

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  ledger = createLedger({ db: t.db });
  rewards = referralRewards({ db: t.db, ledger });
  await t.db
    .updateTable('merchants')
    .set({ time_zone: 'Asia/Dhaka' } as never)
    .where('id', '=', merchantId)
    .execute();
  admin = await loginAsAdmin(t);
  today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());
  [d1, d2, d3] = [addDays(today, 1), addDays(today, 2), addDays(today, 3)];
  inviter = await createMember(t, merchantId);
  const code = (await t.get<ReferralDetails>(DETAILS, { headers: inviter.auth, query: { autoGenerate: 'true' } })).body
    .value.referralCode!;
  a = await invitee(code);
  b = await invitee(code.toLowerCase());
  trial = await invitee(code, 4);
});
afterAll(() => t.close());

describe('the demo', () => {
  it('has rewards on and player11 invited by agent01: the first pass pays agent01 for the past two weeks', async () => {
    const settings = await t.get<SettingsView>(SETTINGS, { headers: admin });
    expect(settings.body.value).toMatchObject({
      enabled: true,
      commissionRate: '0.50',
      paidThrough: addDays(today, -15),
    });
    const pass = await rewards.runPass(new Date());
    expect(pass.days).toBe(14);
    const agent01 = await t.db
      .selectFrom('members')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('username', '=', 'agent01')
      .executeTakeFirstOrThrow();
    const paid = await t.db
      .selectFrom('referral_rewards as r')
      .innerJoin('members as i', 'i.id', 'r.invitee_id')
      .select(['i.username', sql<string>`sum(r.amount)::text`.as('amount')])
      .where('r.inviter_id', '=', agent01.id)
      .groupBy('i.username')
      .execute();
    expect(paid.map((row) => row.username)).toEqual(['player11']);
    expect(BigInt(paid[0]!.amount)).toBeGreaterThan(0n);
    // The tests below start from the default (no settings, so rewards off) with only their own invitees.
    await t.db.deleteFrom('referral_settings').execute();
    await t.db.updateTable('members').set({ referral_code: null }).where('username', '=', 'player11').execute();
  });
});

describe('referral rewards', () => {
  it('computes a commission in basis points, floored, with the cap', () => {
    expect(commissionOf(100_000n, 150, 2_000n)).toBe(1_500n);
    expect(commissionOf(33_333n, 150, 2_000n)).toBe(499n);
    expect(commissionOf(200_000n, 150, 2_000n)).toBe(2_000n);
    expect(commissionOf(200_000n, 150, null)).toBe(3_000n);
  });

  it('pays nothing while the merchant has them off (the default)', async () => {
    const off = await t.get<SettingsView>(SETTINGS, { headers: admin });
    expect(off.status).toBe(200);
    expect(off.body.value).toMatchObject({ enabled: false, commissionRate: '0.00', dailyCap: null, startsOn: null });
    await dailyStats(t, merchantId, a.id, today, 100_000n, 0n);
    expect(await rewards.runPass(into(d3))).toMatchObject({ days: 0, rewards: 0 });
    expect(await rewardRows(inviter.id)).toEqual([]);
    expect(await balanceOf(inviter)).toBe('0');
    const details = await t.get<ReferralDetails>(DETAILS, { headers: inviter.auth });
    expect(details.body.value).toMatchObject({ totalEarned: '0.00', rewards: { enabled: false } });
  });

  it('refuses bad settings with a stable code and changes nothing; only the superadmin may change them', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...ON, commissionRate: '10.01' }, 400, 'referral.invalid_rate'],
      [{ ...ON, commissionRate: '-1' }, 400, 'referral.invalid_rate'],
      [{ ...ON, commissionRate: 'abc' }, 400, 'referral.invalid_rate'],
      [{ ...ON, commissionRate: '1.234' }, 400, 'referral.invalid_rate'],
      [{ ...ON, dailyCap: '0' }, 400, 'referral.invalid_amount'],
      [{ ...ON, dailyCap: '1.001' }, 400, 'referral.invalid_amount'],
      [{ ...ON, firstDepositBonus: '-5' }, 400, 'referral.invalid_amount'],
      [{ ...ON, firstDepositMinimum: 'lots' }, 400, 'referral.invalid_amount'],
      [{ ...ON, commissionRate: '0', firstDepositBonus: '0' }, 400, 'referral.nothing_to_pay'],
      [{ ...ON, enabled: 'yes' }, 400, 'request.invalid'],
      [{ enabled: true }, 400, 'request.invalid'],
    ];
    for (const [body, status, code] of cases) {
      const res = await t.request('PUT', SETTINGS, body, { headers: admin });
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status, code });
      expect(res.body.message).toBeTruthy();
    }
    const bn = await t.request('PUT', SETTINGS, { ...ON, dailyCap: '0' }, { headers: { ...admin, Language: 'bn' } });
    expect(bn.body.message).toMatch(/[\u0980-\u09FF]/);
    const support = await loginAsNewOperator(t, 'support');
    expect((await t.request('PUT', SETTINGS, ON, { headers: support })).status).toBe(403);
    expect((await t.get(SETTINGS, { headers: support })).status).toBe(403);
    expect((await t.get(SETTINGS)).status).toBe(401);

    const after = await t.get<SettingsView>(SETTINGS, { headers: admin });
    expect(after.body.value).toMatchObject({ enabled: false, commissionRate: '0.00', startsOn: null });
    expect(await t.db.selectFrom('referral_settings').selectAll().execute()).toEqual([]);
    const settingsAudits = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('entity', '=', 'referralSettings')
      .execute();
    expect(settingsAudits).toEqual([]);
  });

  it('switches on from the merchant’s today, audited, and members see the programme', async () => {
    const res = await t.request<SettingsView>('PUT', SETTINGS, ON, { headers: admin });
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({
      enabled: true,
      commissionRate: '1.50',
      dailyCap: '20.00',
      firstDepositBonus: '5.00',
      firstDepositMinimum: '100.00',
      startsOn: today,
      paidThrough: addDays(today, -1),
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity', '=', 'referralSettings')
      .execute();
    expect(audit).toEqual([
      { action: 'update', after: expect.objectContaining({ enabled: true, commissionRate: '1.50' }) },
    ]);
    const details = await t.get<ReferralDetails>(DETAILS, { headers: inviter.auth });
    expect(details.body.value.rewards).toEqual({
      enabled: true,
      commissionRate: '1.50',
      dailyCap: '20.00',
      firstDepositBonus: '5.00',
      firstDepositMinimum: '100.00',
    });
  });

  it('pays each closed day from the house: hand-computed commissions, trial invitees earn nothing', async () => {
    // Today (already in the stats above): A 1000.00 → 15.00. Day 1: A 1000.00 → 15.00; B 333.33 → 4.99;
    // the trial invitee's 1000.00 earns nothing; A's first deposit 50.00 is below the minimum: no bonus.
    await dailyStats(t, merchantId, a.id, d1, 100_000n, -5_000n);
    await dailyStats(t, merchantId, b.id, d1, 33_333n, 0n);
    await dailyStats(t, merchantId, trial.id, d1, 100_000n, 0n);
    await deposit(a, d1, 5_000n);
    // Day 2 has not closed at the start of day 2.
    await dailyStats(t, merchantId, a.id, d2, 200_000n, 0n);

    const pass = await rewards.runPass(into(d2));
    expect(pass).toMatchObject({ days: 2, rewards: 3 });
    expect(await rewardRows(inviter.id)).toEqual([
      [a.id, 'commission', today, '100000', '1500'],
      [a.id, 'commission', d1, '100000', '1500'],
      [b.id, 'commission', d1, '33333', '499'],
    ]);
    expect(await balanceOf(inviter)).toBe('3499');
    expect(await t.db.selectFrom('referral_rewards').select('id').where('invitee_id', '=', trial.id).execute()).toEqual(
      [],
    );
    expect(await inboxKinds(t, inviter.id)).toEqual(['referral.reward', 'referral.reward']);

    const tx = await t.db
      .selectFrom('ledger_transactions')
      .select(['idempotency_key', 'reference'])
      .where('idempotency_key', '=', `referral:${b.id}:${d1}`)
      .executeTakeFirstOrThrow();
    expect(tx.reference).toMatchObject({ inviteeId: String(b.id), reason: 'commission', day: d1 });
    expect(await auditLedger(t.db, merchantId)).toMatchObject({ unbalanced: [], drifted: [], negative: [] });
  });

  it('pays nothing more on a re-run, concurrent passes or a rewound cursor', async () => {
    const before = await rewardTransactions();
    await Promise.all([rewards.runPass(into(d2)), rewards.runPass(into(d2)), rewards.runPass(into(d2))]);
    await t.db
      .updateTable('referral_settings')
      .set({ paid_through: addDays(today, -1) })
      .execute();
    expect(await rewards.runPass(into(d2))).toMatchObject({ days: 2, rewards: 0 });
    expect(await rewardTransactions()).toBe(before);
    expect(await balanceOf(inviter)).toBe('3499');
    expect(await inboxKinds(t, inviter.id)).toEqual(['referral.reward', 'referral.reward']);
  });

  it('catches up the days missed while nothing ran, with the cap and the first-deposit bonus', async () => {
    // Day 2: A 2000.00 → 30.00 capped at 20.00; A's deposit is not its first; B's first deposit 150.00 → 5.00.
    // Day 3: B 100.00 → 1.50.
    await deposit(a, d2, 20_000n);
    await deposit(b, d2, 15_000n);
    await dailyStats(t, merchantId, b.id, d3, 10_000n, 0n);
    const pass = await rewards.runPass(into(addDays(d3, 1)));
    expect(pass).toMatchObject({ days: 2, rewards: 3 });
    const rows = await rewardRows(inviter.id);
    expect(rows.slice(3)).toEqual([
      [a.id, 'commission', d2, '200000', '2000'],
      [b.id, 'first_deposit', d2, '15000', '500'],
      [b.id, 'commission', d3, '10000', '150'],
    ]);
    expect(await balanceOf(inviter)).toBe(String(3499 + 2000 + 500 + 150));
    expect(await inboxKinds(t, inviter.id)).toEqual([
      'referral.reward',
      'referral.reward',
      'referral.reward',
      'referral.reward',
    ]);
    const settings = await t.get<SettingsView>(SETTINGS, { headers: admin });
    expect(settings.body.value.paidThrough).toBe(d3);
  });

  it('lists each invitee with what it earned the inviter, and the total', async () => {
    const res = await t.get<InvitationPage>(INVITATIONS, { headers: inviter.auth });
    expect(res.status).toBe(200);
    const earned = Object.fromEntries(res.body.value.list.map((row) => [row.username, row.earned]));
    // A: 15.00 + 15.00 + 20.00; B: 4.99 + 5.00 + 1.50; the trial invitee is not listed.
    expect(earned).toEqual({
      [maskUsername(a.username)]: '50.00',
      [maskUsername(b.username)]: '11.49',
    });
    expect(res.body.value.total).toBe(2);
    expect(res.body.value.totalEarned).toBe('61.49');
    const details = await t.get<ReferralDetails>(DETAILS, { headers: inviter.auth });
    expect(details.body.value).toMatchObject({ totalInvitations: 2, totalEarned: '61.49' });
  });

  it('stops paying once switched off, and runs a pass through the development endpoint', async () => {
    const off = await t.request<SettingsView>('PUT', SETTINGS, { ...ON, enabled: false }, { headers: admin });
    expect(off.status).toBe(200);
    await dailyStats(t, merchantId, a.id, addDays(d3, 1), 100_000n, 0n);
    for (const at of [undefined, 'tomorrow', 42]) {
      const refused = await t.request('POST', '/dev/referral-rewards', { at });
      expect(refused).toMatchObject({ status: 400, body: { success: false, code: 'request.invalid' } });
    }
    const ran = await t.request<{ days: number }>('POST', '/dev/referral-rewards', {
      at: into(addDays(d3, 2)).toISOString(),
    });
    expect(ran.status).toBe(200);
    expect(ran.body.value.days).toBe(0);
    expect(await balanceOf(inviter)).toBe('6149');
  });
});

describe('the worker', () => {
  it('pays the days that closed while it was away in its pass at start (graphile-worker)', async () => {
    const code = (await t.get<ReferralDetails>(DETAILS, { headers: inviter.auth })).body.value.referralCode!;
    const c = await invitee(code);
    const yesterday = addDays(today, -1);
    await dailyStats(t, merchantId, c.id, yesterday, 40_000n, 0n);
    await t.db
      .updateTable('referral_settings')
      .set({ enabled: true, paid_through: addDays(today, -2) })
      .execute();
    const { rows } = await sql<{ db: string }>`SELECT current_database() AS db`.execute(t.db);
    const url = new URL(inject('adminDatabaseUrl'));
    url.pathname = `/${rows[0]!.db}`;
    const worker = await startJobWorker({ connectionString: url.toString(), db: t.db, log: t.app.log });
    try {
      await expect
        .poll(async () => (await rewardRows(inviter.id)).filter((row) => row[0] === c.id), { timeout: 20_000 })
        .toEqual([[c.id, 'commission', yesterday, '40000', '600']]);
    } finally {
      await worker.stop();
    }
  });
});

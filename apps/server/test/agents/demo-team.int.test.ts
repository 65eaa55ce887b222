import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Downline } from '@khela/contracts';
import { DEMO_AGENT, DEMO_PLAYERS } from '../../src/seed/accounts.ts';
import { DEMO_OPENING_DEPOSIT } from '../../src/seed/cashier.ts';
import { DEMO_SUB_AGENT, DEMO_TEAM_PLAYERS } from '../../src/seed/agent-team.ts';
import { memberSessions } from '../../src/modules/sessions/member-sessions.ts';
import { memberRepository } from '../../src/modules/members/repository.ts';
import { auditLedger } from '../ledger/helpers.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { demoMerchantId } from '../support/helpers.ts';

let t: TestApp;
let merchantId: number;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
});
afterAll(() => t.close());

const idOf = async (username: string) => (await memberRepository(t.db).byUsername(merchantId, username))!.id;

describe('the demo team of agent01 (issue 13 item 8)', () => {
  it('gives agent01 a sub-agent with its own players, and two players of its own', async () => {
    const agent01 = await idOf(DEMO_AGENT.username);
    const agent02 = await memberRepository(t.db).byUsername(merchantId, DEMO_SUB_AGENT.username);
    expect(agent02).toMatchObject({ type: 2, upline_id: agent01, affiliate_code: 'AGENT02' });
    for (const player of DEMO_TEAM_PLAYERS) {
      const row = await memberRepository(t.db).byUsername(merchantId, player.username);
      expect(row?.upline_id).toBe(await idOf(player.upline));
      expect(await memberRepository(t.db).isUnder(row!.id, agent01)).toBe(true);
    }
  });

  it('leaves player01 and player02 with their opening balance and no play', async () => {
    for (const player of DEMO_PLAYERS) {
      const id = await idOf(player.username);
      const account = await t.db
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('member_id', '=', id)
        .where('kind', '=', 'member_main')
        .executeTakeFirstOrThrow();
      expect(account.balance).toBe(DEMO_OPENING_DEPOSIT);
      const played = await t.db
        .selectFrom('member_daily_stats')
        .select('day')
        .where('member_id', '=', id)
        .where('bet_count', '>', 0)
        .execute();
      expect(played).toEqual([]);
    }
  });

  it('has weeks of play in the team figures, each balance matching its rounds and the ledger balanced', async () => {
    for (const player of DEMO_TEAM_PLAYERS) {
      const id = await idOf(player.username);
      const stats = await sql<{ days: number; bets: number; valid: string; payout: string }>`
        SELECT count(DISTINCT day)::int AS days, sum(bet_count)::int AS bets, sum(valid_bet)::text AS valid,
               sum(payout)::text AS payout
        FROM member_daily_stats WHERE member_id = ${id} AND product_type = 'INHOUSE'`.execute(t.db);
      const row = stats.rows[0]!;
      expect(row.days).toBeGreaterThanOrEqual(Math.floor(player.joinedDaysAgo / 3));
      const rounds = await sql<{ n: number; stake: string; payout: string }>`
        SELECT count(*)::int AS n, sum(stake)::text AS stake, sum(payout)::text AS payout
        FROM inhouse_rounds WHERE member_id = ${id} AND state = 'settled'`.execute(t.db);
      expect(row.bets).toBe(rounds.rows[0]!.n);
      expect(row.valid).toBe(rounds.rows[0]!.stake);
      expect(row.payout).toBe(rounds.rows[0]!.payout);
      const balance = await t.db
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('member_id', '=', id)
        .where('kind', '=', 'member_main')
        .executeTakeFirstOrThrow();
      expect(balance.balance).toBe(2_000_000n - BigInt(rounds.rows[0]!.stake) + BigInt(rounds.rows[0]!.payout));
      const deposits = await t.db
        .selectFrom('member_daily_stats')
        .select(['deposits'])
        .where('member_id', '=', id)
        .where('product_type', '=', 'CASH')
        .execute();
      expect(deposits.reduce((sum, d) => sum + d.deposits, 0n)).toBe(2_000_000n);
    }
    const audit = await auditLedger(t.db, merchantId);
    expect(audit.unbalanced).toEqual([]);
    expect(audit.drifted).toEqual([]);
    expect(audit.negative).toEqual([]);
  });

  it('shows agent01 its team in the downline view', async () => {
    const agent01 = (await memberRepository(t.db).byUsername(merchantId, DEMO_AGENT.username))!;
    const token = await memberSessions({ db: t.db }).start(t.db, agent01, { ip: '127.0.0.1', userAgent: 'test' });
    const res = await t.get<{ list: Downline[] }>('/wps/agent/downlines', {
      headers: { Authorization: token },
      query: { pageSize: 50 },
    });
    expect(res.status).toBe(200);
    const agent02 = res.body.value.list.find((row) => row.username === DEMO_SUB_AGENT.username);
    expect(agent02).toMatchObject({ isAgent: true, directCount: 2, teamSize: 2 });
  });
});

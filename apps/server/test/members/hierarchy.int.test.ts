import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { hashPassword } from '../../src/modules/admin/passwords.ts';
import { memberRepository, type MemberRow } from '../../src/modules/members/repository.ts';
import { DEMO_AGENT, DEMO_PLAYER, DEMO_PLAYER_2 } from '../../src/seed/accounts.ts';
import { DEMO_TEAM_USERNAMES } from '../../src/seed/agent-team.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { demoMerchantId } from '../support/helpers.ts';

let t: TestApp;
let merchantId: number;
let agent: MemberRow;
let subAgent: MemberRow;
let player: MemberRow;
let demoPlayer: MemberRow;
let secondDemoPlayer: MemberRow;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  const members = memberRepository(t.db);
  agent = (await members.byUsername(merchantId, DEMO_AGENT.username))!;
  demoPlayer = (await members.byUsername(merchantId, DEMO_PLAYER.username))!;
  secondDemoPlayer = (await members.byUsername(merchantId, DEMO_PLAYER_2.username))!;
  const passwordHash = await hashPassword('Secret@123');
  // agent01 → sub-agent (type 2) → player, beside agent01 → player01 of the demo seed.
  subAgent = await members.insertUnder(
    t.db,
    { merchant_id: merchantId, username: 'subagent01', password_hash: passwordHash, type: 2 },
    agent.id,
  );
  player = await members.insertUnder(
    t.db,
    { merchant_id: merchantId, username: 'subplayer01', password_hash: passwordHash },
    subAgent.id,
  );
});
afterAll(() => t.close());

/** Captures the SQL the repository really sends, so its plan can be checked. */
async function capturedQuery(run: (repository: ReturnType<typeof memberRepository>) => Promise<unknown>) {
  const nodes: RootOperationNode[] = [];
  const capture: KyselyPlugin = {
    transformQuery: (args) => {
      nodes.push(args.node);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  await run(memberRepository(t.db.withPlugin(capture)));
  expect(nodes).toHaveLength(1);
  return t.db.getExecutor().compileQuery(nodes[0]!, { queryId: 'explain' });
}

/** The plan with sequential scans priced out: a Seq Scan left means no index can serve the query. */
async function planOf(query: CompiledQuery): Promise<string> {
  return t.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]),
    );
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('the upline hierarchy (issue 4 item 7, closure table member_tree)', () => {
  it('lists every downline of an agent at any depth, nearest first', async () => {
    const members = memberRepository(t.db);
    // Issue 13's demo team sits under agent01 too: agent02 and two players direct, two more under agent02.
    const team = await Promise.all(DEMO_TEAM_USERNAMES.map((name) => members.byUsername(merchantId, name)));
    const byId = (a: number, b: number) => a - b;
    const direct = [
      demoPlayer.id,
      secondDemoPlayer.id,
      subAgent.id,
      ...team.filter((m) => m!.upline_id === agent.id).map((m) => m!.id),
    ].sort(byId);
    const second = [player.id, ...team.filter((m) => m!.upline_id !== agent.id).map((m) => m!.id)].sort(byId);
    expect(await members.downlineIds(agent.id)).toEqual([...direct, ...second]);
    expect(await members.downlineIds(subAgent.id)).toEqual([player.id]);
    expect(await members.downlineIds(player.id)).toEqual([]);
  });

  it('answers "is Y under X" at any depth, and never for itself, siblings or upwards', async () => {
    const members = memberRepository(t.db);
    expect(await members.isUnder(player.id, agent.id)).toBe(true);
    expect(await members.isUnder(player.id, subAgent.id)).toBe(true);
    expect(await members.isUnder(subAgent.id, agent.id)).toBe(true);
    expect(await members.isUnder(agent.id, player.id)).toBe(false);
    expect(await members.isUnder(player.id, player.id)).toBe(false);
    expect(await members.isUnder(player.id, demoPlayer.id)).toBe(false);
    expect(await members.isUnder(demoPlayer.id, subAgent.id)).toBe(false);
  });

  it('serves both questions from an index (no sequential scan of member_tree)', async () => {
    const downlines = await planOf(await capturedQuery((r) => r.downlineIds(agent.id)));
    const under = await planOf(await capturedQuery((r) => r.isUnder(player.id, agent.id)));
    for (const plan of [downlines, under]) {
      expect(plan).toMatch(/Index (Only )?Scan (using|on) member_tree/);
      expect(plan).not.toMatch(/Seq Scan/);
    }
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { errorCatalog, type Downline, type DownlineDetail } from '@khela/contracts';
import { DOWNLINE_OPEN_LIMIT } from '../../src/modules/agents/downlines/downlines.ts';
import { ledger as createLedger } from '../../src/modules/ledger/ledger.ts';
import { rateLimiter } from '../../src/modules/rate-limit/rate-limiter.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { createMember, fund, mainOf, type WalletMember } from '../wallet/helpers.ts';

const DOWNLINES = '/wps/agent/downlines';
const ACCOUNT = '/wps/agent/account';

interface DownlinePage {
  list: Downline[];
  total: number;
  pageNo: number;
  pageSize: number;
  path: { id: number; username: string }[];
}

let t: TestApp;
let merchantId: number;
// Two agents in different subtrees, each with a team; a player and a trial user under agentA.
let agentA: WalletMember;
let subAgentA: WalletMember;
let playerA: WalletMember;
let deepPlayerA: WalletMember;
let trialA: WalletMember;
let agentB: WalletMember;
let playerB: WalletMember;

const name = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  agentA = await createMember(t, merchantId, { type: 1 });
  subAgentA = await createMember(t, merchantId, { type: 2, upline: agentA });
  playerA = await createMember(t, merchantId, { upline: agentA });
  deepPlayerA = await createMember(t, merchantId, { upline: subAgentA });
  trialA = await createMember(t, merchantId, { type: 4, upline: agentA });
  agentB = await createMember(t, merchantId, { type: 1 });
  playerB = await createMember(t, merchantId, { upline: agentB });
  await fund(createLedger({ db: t.db }), merchantId, mainOf(deepPlayerA), 12_345n);
});
afterAll(() => t.close());

const create = (who: WalletMember, payload: Record<string, unknown>) =>
  t.sealed<Downline>('POST', DOWNLINES, payload, { headers: who.auth });
const list = (who: WalletMember, query: Record<string, string | number> = {}) =>
  t.get<DownlinePage>(DOWNLINES, { headers: who.auth, query });
const detail = (who: WalletMember, id: number | string) =>
  t.get<DownlineDetail>(`${DOWNLINES}/${id}`, { headers: who.auth });
const memberCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('members')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('registerCenter: opening downlines (POST /wps/agent/downlines)', () => {
  it('opens a player and a sub-agent directly under the caller, with their closure rows', async () => {
    const playerName = name('dlp');
    const res = await create(agentA, { kind: 'player', username: playerName, password: 'Secret@123', nickname: 'P' });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ username: playerName, type: 0, isAgent: false, depth: 1, balance: '0.00' });
    expect(res.body.value.contracts).toEqual({
      dividend: 'none',
      dailySalary: 'none',
      hourSalary: 'none',
      realtimeSalary: 'none',
    });
    const row = await t.db
      .selectFrom('members')
      .select(['upline_id', 'type', 'nickname'])
      .where('id', '=', res.body.value.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ upline_id: agentA.id, type: 0, nickname: 'P' });

    const agentName = name('dla');
    const sub = await create(agentA, { kind: 'agent', username: agentName, password: 'Secret@123' });
    expect(sub.status).toBe(200);
    expect(sub.body.value).toMatchObject({ username: agentName, type: 2, isAgent: true });
    // The new sub-agent can log in to the agent area (type 2) and sits under agentA at depth 1.
    const tree = await t.db
      .selectFrom('member_tree')
      .select(['ancestor_id', 'depth'])
      .where('descendant_id', '=', sub.body.value.id)
      .orderBy('depth')
      .execute();
    expect(tree.slice(0, 2)).toEqual([
      { ancestor_id: sub.body.value.id, depth: 0 },
      { ancestor_id: agentA.id, depth: 1 },
    ]);
  });

  it('refuses a taken username (any case) with member.already_registered, creating nothing', async () => {
    const before = await memberCount();
    const res = await create(agentA, {
      kind: 'player',
      username: playerB.username.toUpperCase(),
      password: 'Secret@123',
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('member.already_registered');
    expect(await memberCount()).toBe(before);
  });

  it('checks the username and password by the registration rules, and the confirmation', async () => {
    const before = await memberCount();
    for (const payload of [
      { kind: 'player', username: '1abcdefg', password: 'Secret@123' },
      { kind: 'player', username: 'ab', password: 'Secret@123' },
      { kind: 'player', username: name('ok'), password: 'short' },
      { kind: 'player', username: name('ok'), password: 'Secret@123', confirmPassword: 'Secret@124' },
      { kind: 'boss', username: name('ok'), password: 'Secret@123' },
      { kind: 'player', password: 'Secret@123' },
      { kind: 'player', username: 'bad\u0000name', password: 'Secret@123' },
    ]) {
      const res = await create(agentA, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.code).toBe('request.invalid');
    }
    expect(await memberCount()).toBe(before);
  });

  it('is refused to players and trial users (auth.not_agent), creating nothing', async () => {
    const before = await memberCount();
    for (const who of [playerA, trialA]) {
      const res = await create(who, { kind: 'player', username: name('np'), password: 'Secret@123' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('auth.not_agent');
    }
    expect(await memberCount()).toBe(before);
  });

  it('limits how fast one agent opens accounts: over the limit 429, in bn or en, nothing created', async () => {
    const busy = await createMember(t, merchantId, { type: 1 });
    // The agent has already opened all but one account allowed this hour.
    const limits = rateLimiter(t.db);
    for (let i = 1; i < DOWNLINE_OPEN_LIMIT.limit; i++) {
      await limits.hit(`downline-open:${busy.id}`, DOWNLINE_OPEN_LIMIT);
    }
    const last = await create(busy, { kind: 'player', username: name('rl'), password: 'Secret@123' });
    expect(last.status).toBe(200);

    const before = await memberCount();
    const refused = await create(busy, { kind: 'agent', username: name('rl'), password: 'Secret@123' });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('agent.downline_rate_limited');
    expect(refused.body.message).toBe(errorCatalog['agent.downline_rate_limited'].en);
    const bn = await t.sealed<Downline>(
      'POST',
      DOWNLINES,
      { kind: 'player', username: name('rl'), password: 'Secret@123' },
      { headers: { ...busy.auth, Language: 'bn' } },
    );
    expect(bn.status).toBe(429);
    expect(bn.body.message).toBe(errorCatalog['agent.downline_rate_limited'].bn);
    expect(await memberCount()).toBe(before);

    // Each agent has its own allowance.
    const other = await create(agentB, { kind: 'player', username: name('rl'), password: 'Secret@123' });
    expect(other.status).toBe(200);
  });

  it('is an encrypted call', async () => {
    const res = await t.request(
      'POST',
      DOWNLINES,
      { kind: 'player', username: name('pl'), password: 'Secret@123' },
      {
        headers: agentA.auth,
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('request.encryption_required');
  });
});

describe('downlineManagmentView: the tree (GET /wps/agent/downlines)', () => {
  it('lists the direct downlines with balance, team size and breadcrumbs', async () => {
    const res = await list(agentA, { pageSize: 100 });
    expect(res.status).toBe(200);
    const ids = res.body.value.list.map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([subAgentA.id, playerA.id, trialA.id]));
    expect(ids).not.toContain(deepPlayerA.id);
    expect(res.body.value.list.every((row) => row.depth === 1)).toBe(true);
    expect(res.body.value.list.find((row) => row.id === subAgentA.id)).toMatchObject({
      isAgent: true,
      directCount: 1,
      teamSize: 1,
    });
    expect(res.body.value.path).toEqual([{ id: agentA.id, username: agentA.username }]);
  });

  it("navigates into a sub-agent's children, with the path from the caller", async () => {
    const res = await list(agentA, { parentId: subAgentA.id });
    expect(res.status).toBe(200);
    expect(res.body.value.total).toBe(1);
    expect(res.body.value.list[0]).toMatchObject({ id: deepPlayerA.id, depth: 2, balance: '123.45' });
    expect(res.body.value.path.map((step) => step.id)).toEqual([agentA.id, subAgentA.id]);
  });

  it('searches the whole subtree by username prefix, case-insensitively', async () => {
    const res = await list(agentA, { username: deepPlayerA.username.slice(0, 8).toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.value.list.map((row) => row.id)).toEqual([deepPlayerA.id]);
    const outside = await list(agentA, { username: playerB.username });
    expect(outside.body.value.total).toBe(0);
  });

  it('pages: pageSize limits the rows, total counts them all', async () => {
    const first = await list(agentA, { pageSize: 1, pageNo: 1 });
    const second = await list(agentA, { pageSize: 1, pageNo: 2 });
    expect(first.body.value.list).toHaveLength(1);
    expect(second.body.value.list).toHaveLength(1);
    expect(first.body.value.total).toBeGreaterThanOrEqual(3);
    expect(first.body.value.list[0]!.id).not.toBe(second.body.value.list[0]!.id);
  });

  it('refuses junk page sizes, page numbers, parent ids and search text with request.invalid', async () => {
    for (const query of <Record<string, string | number>[]>[
      { pageSize: 0 },
      { pageSize: 101 },
      { pageSize: 'ten' },
      { pageSize: '-5' },
      { pageNo: 0 },
      { pageNo: '1.5' },
      { parentId: 'abc' },
      { parentId: 0 },
      { parentId: '99999999999' },
      { username: "a'; drop table members;--" },
      { username: 'x'.repeat(40) },
    ]) {
      const res = await list(agentA, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.code).toBe('request.invalid');
    }
  });
});

describe('a downline’s details (GET /wps/agent/downlines/:id)', () => {
  it('shows balance, last log-in, status, upline and path', async () => {
    const res = await detail(agentA, deepPlayerA.id);
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({
      id: deepPlayerA.id,
      username: deepPlayerA.username,
      status: 'active',
      balance: '123.45',
      depth: 2,
      uplineUsername: subAgentA.username,
    });
    expect(res.body.value.path.map((step) => step.id)).toEqual([agentA.id, subAgentA.id, deepPlayerA.id]);
  });

  it('refuses junk ids with request.invalid', async () => {
    for (const id of ['abc', '0', '-1', '1e3', '99999999999']) {
      const res = await detail(agentA, id);
      expect(res.status, id).toBe(400);
    }
  });
});

describe("a downline's contract summary (agent_contracts)", () => {
  it('shows an offer as pending and a live contract as active, per kind', async () => {
    const contract = (kind: string, state: string) =>
      sql`INSERT INTO agent_contracts (merchant_id, kind, offerer_id, member_id, terms, state, activated_at)
          VALUES (${merchantId}, ${kind}, ${agentA.id}, ${subAgentA.id}, '{}'::jsonb, ${state},
                  ${state === 'offered' ? null : new Date()})`.execute(t.db);
    await contract('daily_salary', 'active');
    await contract('dividend', 'offered');
    await contract('hourly_salary', 'rejected');
    const res = await detail(agentA, subAgentA.id);
    expect(res.body.value.contracts).toEqual({
      dividend: 'pending',
      dailySalary: 'active',
      hourSalary: 'none',
      realtimeSalary: 'none',
    });
    const listed = await list(agentA, { pageSize: 100 });
    expect(listed.body.value.list.find((row) => row.id === subAgentA.id)?.contracts.dailySalary).toBe('active');
    expect(listed.body.value.list.find((row) => row.id === playerA.id)?.contracts.dailySalary).toBe('none');
  });
});

describe('access control matrix (issue 13 item 5)', () => {
  it('answers agent.downline_not_found across subtrees and for itself, upwards and unknown ids', async () => {
    const cases: [WalletMember, number][] = [
      [agentB, playerA.id],
      [agentB, deepPlayerA.id],
      [agentB, agentA.id],
      [agentA, playerB.id],
      [agentA, agentB.id],
      [subAgentA, agentA.id],
      [subAgentA, playerA.id],
      [agentA, agentA.id],
      [agentA, 2_000_000_000],
    ];
    for (const [who, id] of cases) {
      const res = await detail(who, id);
      expect(res.status, `${who.username} → ${id}`).toBe(404);
      expect(res.body.code).toBe('agent.downline_not_found');
      const listed = await list(who, { parentId: id });
      if (id === who.id) expect(listed.status).toBe(200);
      else {
        expect(listed.status, `list ${who.username} → ${id}`).toBe(404);
        expect(listed.body.code).toBe('agent.downline_not_found');
      }
    }
  });

  it('refuses every call to a player and a trial user with auth.not_agent', async () => {
    for (const who of [playerA, trialA, deepPlayerA]) {
      for (const res of [
        await list(who),
        await list(who, { parentId: deepPlayerA.id }),
        await detail(who, deepPlayerA.id),
        await t.get(ACCOUNT, { headers: who.auth }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('auth.not_agent');
      }
    }
  });

  it('refuses visitors with auth.not_logged_in', async () => {
    expect((await t.get(DOWNLINES)).status).toBe(401);
    expect((await t.get(ACCOUNT)).status).toBe(401);
  });
});

describe('account details (GET /wps/agent/account)', () => {
  it("answers the agent's own account with its team and the merchant's time zone", async () => {
    const res = await t.get<Record<string, unknown>>(ACCOUNT, { headers: subAgentA.auth });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({
      id: subAgentA.id,
      username: subAgentA.username,
      type: 2,
      uplineUsername: agentA.username,
      directCount: 1,
      teamSize: 1,
      timeZone: expect.stringMatching(/\//),
    });
    expect(res.body.value.promotionDomains).toEqual(expect.arrayContaining(['localhost']));
  });
});

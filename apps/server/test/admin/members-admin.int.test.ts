import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMemberDetail } from '@khela/contracts';
import { hashPassword } from '../../src/modules/admin/passwords.ts';
import { memberRepository } from '../../src/modules/members/repository.ts';
import { DEMO_ADMIN, loginAsAdmin, loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { login } from '../members/helpers.ts';
import { createPlayer, imposeProtection, logInAs, PLAYER_PASSWORD, type TestPlayer } from '../protection/helpers.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { requestId } from '../cashier/helpers.ts';
import { byNumber, byText, expectServerSort } from '../helpers/sorted-list.ts';

interface Page<T> {
  list: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}
interface Row {
  id: number;
  username: string;
  status: string;
  mobile: string | null;
}

let t: TestApp;
let merchantId: number;
let admin: AuthHeaders;
let alice: TestPlayer;
let bob: TestPlayer;
const tag = Math.random().toString(36).slice(2, 7);
// Unique to this run's first member: the searches below find exactly these two members.
const mobilePrefix = () => `0199${String(alice.row.id).padStart(9, '0')}`;
const ipPrefix = () => `fd00::${alice.row.id.toString(16)}:`;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  admin = await loginAsAdmin(t);
  alice = await createPlayer(t, merchantId);
  bob = await createPlayer(t, merchantId);
  await t.db
    .updateTable('members')
    .set({ mobile: `${mobilePrefix()}1`, last_login_ip: `${ipPrefix()}7` })
    .where('id', '=', alice.row.id)
    .execute();
  await t.db
    .updateTable('members')
    .set({ mobile: `${mobilePrefix()}2`, register_ip: `${ipPrefix()}9` })
    .where('id', '=', bob.row.id)
    .execute();
});
afterAll(() => t.close());

const search = (query: Record<string, string | number>, headers = admin) =>
  t.get<Page<Row>>('/admin/members/search', { headers, query });

describe('members desk (issue 16 item 4)', () => {
  it('searches by username, mobile, IP and id, paged and sorted; bad input is a field error', async () => {
    const byMobile = await search({ by: 'mobile', q: mobilePrefix(), sort: 'username', order: 'asc', pageSize: 1 });
    expect(byMobile.status).toBe(200);
    expect(byMobile.body.value.total).toBe(2);
    expect(byMobile.body.value.list).toHaveLength(1);
    expect(byMobile.body.value.list[0]!.username).toBe([alice.username, bob.username].sort()[0]);
    expect(byMobile.body.value.list[0]!.mobile).toMatch(/^\*+\d{4}$/);
    const exact = await search({ by: 'mobile', q: `${mobilePrefix()}2` });
    expect(exact.body.value.list.map((r) => r.id)).toEqual([bob.row.id]);

    const byIp = await search({ by: 'ip', q: ipPrefix() });
    expect(byIp.body.value.list.map((r) => r.id).sort()).toEqual([alice.row.id, bob.row.id].sort());
    const byName = await search({ by: 'username', q: alice.username.toUpperCase() });
    expect(byName.body.value.list.map((r) => r.id)).toEqual([alice.row.id]);
    const byId = await search({ by: 'id', q: bob.row.id });
    expect(byId.body.value.list.map((r) => r.username)).toEqual([bob.username]);

    const bad = await search({ by: 'id', q: '12a' }, { ...admin, Language: 'bn' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'request.invalid' });
    expect(JSON.stringify(bad.body)).toContain('query.q');
    expect((await search({ by: 'phone', q: '1' })).status).toBe(400);
  });

  it("shows a member's page: balances after an adjustment, ledger, log-ins, protection, notes", async () => {
    const session = await logInAs(t, alice);
    const credit = await t.request(
      'POST',
      '/admin/adjustments',
      {
        requestId: requestId('desk'),
        memberId: alice.row.id,
        direction: 'credit',
        amount: '25.50',
        reason: 'goodwill',
      },
      { headers: admin },
    );
    expect(credit.status).toBe(200);
    const round = await t.request<{ roundId: string }>(
      'POST',
      '/wps/inhouse/dice/bet',
      { requestId: requestId('dice'), stake: '10.00', chanceBp: 5000, direction: 'under' },
      { headers: session },
    );
    expect(round.status, JSON.stringify(round.body)).toBe(200);
    await imposeProtection(t, alice, 'cooling_off', '1 day');

    const detail = await t.get<AdminMemberDetail>(`/admin/members/${alice.row.id}`, { headers: admin });
    expect(detail.status).toBe(200);
    expect(detail.body.value).toMatchObject({ username: alice.username, status: 'active', upline: null });
    const main = await t.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('member_id', '=', alice.row.id)
      .where('kind', '=', 'member_main')
      .executeTakeFirstOrThrow();
    expect(detail.body.value.balances.main).toBe((Number(main.balance) / 100).toFixed(2));
    expect(detail.body.value.protection.coolingOffUntil).not.toBeNull();
    expect(detail.body.value.protection.selfExcludedUntil).toBeNull();

    const ledger = await t.get<Page<{ amount: string; balanceAfter: string }>>(
      `/admin/members/${alice.row.id}/ledger`,
      {
        headers: admin,
      },
    );
    expect(ledger.body.value.list.at(-1)).toMatchObject({ amount: '25.50', balanceAfter: '25.50' });
    const bets = await t.get<Page<{ roundId: string; inhouse: boolean; betAmount: string }>>(
      `/admin/members/${alice.row.id}/bets`,
      { headers: admin },
    );
    expect(bets.body.value.list).toMatchObject([
      { roundId: round.body.value.roundId, inhouse: true, betAmount: '10.00' },
    ]);
    const recall = await t.get<{ username: string }>(`/admin/inhouse/rounds/${round.body.value.roundId}`, {
      headers: admin,
    });
    expect(recall.body.value.username).toBe(alice.username);
    const reversed = await t.get(`/admin/members/${alice.row.id}/ledger`, {
      headers: admin,
      query: { from: '2026-02-10', to: '2026-02-01' },
    });
    expect(reversed.status).toBe(400);

    const logins = await t.get<Page<{ ip: string | null; endedAt: string | null }>>(
      `/admin/members/${alice.row.id}/logins`,
      { headers: admin },
    );
    expect(logins.body.value.total).toBe(1);
    expect(logins.body.value.list[0]!.ip).toBeTruthy();
    expect(session.Authorization).toBeTruthy();

    const note = await t.request<{ id: number; operatorUsername: string }>(
      'POST',
      `/admin/members/${alice.row.id}/notes`,
      { text: 'Called about a late deposit' },
      { headers: admin },
    );
    expect(note.status).toBe(200);
    expect(
      (await t.request('POST', `/admin/members/${alice.row.id}/notes`, { text: '  ' }, { headers: admin })).status,
    ).toBe(400);
    const notes = await t.get<Page<{ text: string }>>(`/admin/members/${alice.row.id}/notes`, { headers: admin });
    expect(notes.body.value.list.map((n) => n.text)).toEqual(['Called about a late deposit']);
    const audit = await t.get<{ action: string }[]>('/admin/audit-log', {
      headers: admin,
      query: { entity: 'members', entityId: String(alice.row.id) },
    });
    expect(audit.body.value.map((a) => a.action)).toContain('note_add');
    expect((await t.get(`/admin/members/2147483000`, { headers: admin })).status).toBe(404);
  });

  it("freezing ends the member's sessions and refuses log-in; unfreezing lets them in; closing is final", async () => {
    const session = await logInAs(t, bob);
    const setStatus = (status: string, reason = 'risk review') =>
      t.request<{ status: string }>(
        'POST',
        `/admin/members/${bob.row.id}/status`,
        { status, reason },
        { headers: admin },
      );

    expect((await setStatus('frozen', '')).status).toBe(400);
    expect((await setStatus('frozen')).body.value.status).toBe('frozen');
    expect((await t.get('/wps/member/info', { headers: session })).status).toBe(401);
    const refused = await login(t, { username: bob.username, password: PLAYER_PASSWORD });
    expect(refused.body).toMatchObject({ code: 'auth.contact_agent' });

    expect((await setStatus('active')).body.value.status).toBe('active');
    expect((await login(t, { username: bob.username, password: PLAYER_PASSWORD })).status).toBe(200);

    expect((await setStatus('closed')).status).toBe(200);
    const reopen = await setStatus('active');
    expect(reopen.status).toBe(409);
    expect(reopen.body).toMatchObject({ code: 'member.account_closed' });
    const audit = await t.get<{ action: string; after: { reason?: string } }[]>('/admin/audit-log', {
      headers: admin,
      query: { entity: 'members', entityId: String(bob.row.id) },
    });
    expect(audit.body.value.map((a) => a.action)).toEqual(['close', 'unfreeze', 'freeze']);
    expect(audit.body.value[2]!.after.reason).toBe('risk review');
  });

  it('walks the agent tree one level at a time with the path back', async () => {
    const repo = memberRepository(t.db);
    const passwordHash = await hashPassword(PLAYER_PASSWORD);
    const agent = await repo.insertUnder(
      t.db,
      { merchant_id: merchantId, username: `ag${tag}`, password_hash: passwordHash, type: 1 },
      null,
    );
    const sub = await repo.insertUnder(
      t.db,
      { merchant_id: merchantId, username: `sub${tag}`, password_hash: passwordHash, type: 1 },
      agent.id,
    );
    await repo.insertUnder(
      t.db,
      { merchant_id: merchantId, username: `leaf${tag}`, password_hash: passwordHash },
      sub.id,
    );

    type Tree = Page<{ id: number; username: string; downlines: number }> & { path: { username: string }[] };
    const top = await t.get<Tree>('/admin/agent-tree', { headers: admin, query: { pageSize: 100 } });
    expect(top.body.value.path).toEqual([]);
    expect(top.body.value.total).toBeGreaterThanOrEqual(1);
    const down = await t.get<Tree>('/admin/agent-tree', { headers: admin, query: { parentId: agent.id } });
    expect(down.body.value.list).toMatchObject([{ id: sub.id, downlines: 1 }]);
    const deeper = await t.get<Tree>('/admin/agent-tree', { headers: admin, query: { parentId: sub.id } });
    expect(deeper.body.value.path.map((p) => p.username)).toEqual([`ag${tag}`, `sub${tag}`]);
    expect(deeper.body.value.list.map((r) => r.username)).toEqual([`leaf${tag}`]);
    expect((await t.get('/admin/agent-tree', { headers: admin, query: { parentId: 2147483000 } })).status).toBe(404);
  });

  it("sorts the member page's lists and the agent tree on the server, ties by id; a bad sort is refused", async () => {
    const carol = await createPlayer(t, merchantId);
    const session = await logInAs(t, carol);
    for (const amount of ['5.00', '30.00']) {
      const credit = await t.request(
        'POST',
        '/admin/adjustments',
        { requestId: requestId('sort'), memberId: carol.row.id, direction: 'credit', amount, reason: 'sort test' },
        { headers: admin },
      );
      expect(credit.status).toBe(200);
    }
    for (const stake of ['1.00', '3.00', '2.00']) {
      const round = await t.request(
        'POST',
        '/wps/inhouse/dice/bet',
        { requestId: requestId('dice'), stake, chanceBp: 5000, direction: 'under' },
        { headers: session },
      );
      expect(round.status).toBe(200);
    }
    // Three log-ins besides the one above, two of them at the same moment (the tie).
    await t.db
      .insertInto('member_sessions')
      .values(
        ['10.0.0.9', '10.0.0.1', '10.0.0.5'].map((ip, i) => ({
          token_hash: Buffer.from(`${tag}-${carol.row.id}-${i}`),
          merchant_id: merchantId,
          member_id: carol.row.id,
          created_at: new Date(i === 0 ? '2026-01-01T00:00:00Z' : '2026-01-02T00:00:00Z'),
          last_seen: new Date(`2026-01-0${5 - i}T00:00:00Z`),
          expires_at: new Date('2026-01-10T00:00:00Z'),
          ip,
        })),
      )
      .execute();
    // Notes by two operators, all written at the same moment (ties by id).
    await loginAsNewOperator(t, 'support', `zz${tag}`);
    const writers = await t.db
      .selectFrom('operators')
      .select('id')
      .where('username', 'in', [DEMO_ADMIN.username, `zz${tag}`])
      .orderBy('username')
      .execute();
    expect(writers).toHaveLength(2);
    await t.db
      .insertInto('member_notes')
      .values(
        ['first', 'second', 'third'].map((text, i) => ({
          merchant_id: merchantId,
          member_id: carol.row.id,
          operator_id: writers[i % 2]!.id,
          text,
          created_at: new Date('2026-01-03T00:00:00Z'),
        })),
      )
      .execute();
    const agent = await memberRepository(t.db).insertUnder(
      t.db,
      { merchant_id: merchantId, username: `top${tag}`, password_hash: carol.row.password_hash, type: 1 },
      null,
    );
    for (const name of ['Beta', 'alpha', 'gamma']) {
      await memberRepository(t.db).insertUnder(
        t.db,
        { merchant_id: merchantId, username: `${name}${tag}`, password_hash: carol.row.password_hash, type: 1 },
        agent.id,
      );
    }

    const member = `/admin/members/${carol.row.id}`;
    const cases: [string, string, (row: Record<string, unknown>) => string | number, Record<string, number>?][] = [
      [`${member}/ledger`, 'time', byText('time')],
      [`${member}/ledger`, 'amount', byNumber('amount')],
      [`${member}/bets`, 'time', byText('time')],
      [`${member}/bets`, 'betAmount', byNumber('betAmount')],
      [`${member}/bets`, 'winAmount', byNumber('winAmount')],
      [`${member}/bets`, 'profit', byNumber('profit')],
      [`${member}/logins`, 'at', byText('at')],
      [`${member}/logins`, 'lastSeen', byText('lastSeen')],
      [`${member}/logins`, 'ip', byText('ip')],
      [`${member}/notes`, 'createdAt', byText('createdAt')],
      [`${member}/notes`, 'operator', byText('operatorUsername')],
      ['/admin/agent-tree', 'username', byText('username'), { parentId: agent.id }],
      ['/admin/agent-tree', 'createdAt', byText('createdAt'), { parentId: agent.id }],
      ['/admin/agent-tree', 'id', byNumber('id'), { parentId: agent.id }],
    ];
    for (const [path, sort, key, query] of cases) await expectServerSort(t, admin, path, sort, key, query);
    const tied = await t.get<Page<{ text: string }>>(`/admin/members/${carol.row.id}/notes`, {
      headers: admin,
      query: { sort: 'createdAt', order: 'asc' },
    });
    expect(tied.body.value.list.map((n) => n.text)).toEqual(['first', 'second', 'third']);
    const defaultTree = await t.get<Page<{ username: string }>>('/admin/agent-tree', {
      headers: admin,
      query: { parentId: agent.id },
    });
    expect(defaultTree.body.value.list.map((r) => r.username)).toEqual([`Beta${tag}`, `alpha${tag}`, `gamma${tag}`]);
  });

  it('an operator without the members permission can neither see the section nor call it; support can', async () => {
    const content = await loginAsNewOperator(t, 'content');
    const me = await t.get<{ permissions: string[] }>('/admin/me', { headers: content });
    expect(me.body.value.permissions).not.toContain('members');
    const refused = await search({ by: 'username', q: 'p' }, content);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'auth.forbidden' });
    const freeze = await t.request(
      'POST',
      `/admin/members/${alice.row.id}/status`,
      { status: 'frozen', reason: 'not mine to do' },
      { headers: content },
    );
    expect(freeze.status).toBe(403);
    const support = await loginAsNewOperator(t, 'support');
    expect((await search({ by: 'username', q: alice.username }, support)).body.value.total).toBe(1);
  });
});

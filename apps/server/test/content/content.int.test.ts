import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article, ArticleSummary, CreditReport, LiveHost } from '@khela/contracts';
import { ledger as createLedger, type Ledger } from '../../src/modules/ledger/ledger.ts';
import { payFromHouse } from '../../src/modules/ledger/house-payout.ts';
import { DEMO_ARTICLES, DEMO_HOSTS } from '../../src/seed/articles.ts';
import { loginAsAdmin, loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditLedger, CURRENCY } from '../ledger/helpers.ts';
import { demoMerchantId, setSwitch } from '../support/helpers.ts';
import { createMember, fund, mainOf, uniqueKey, type WalletMember } from '../wallet/helpers.ts';
import { dailyStats } from '../agents/contract-helpers.ts';

const ARTICLES = '/wps/system/articles';
const ADMIN_ARTICLES = '/admin/articles';
const ADMIN_HOSTS = '/admin/live-hosts';
const REPORT = '/wps/relay/MCSFE_getCreditReport';
const MODELS = '/wps/relay/CBS_modelList';
const LAUNCH = '/wps/relay/CBS_launchChat';

interface Page<T> {
  list: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}

let t: TestApp;
let admin: AuthHeaders;
let merchantId: number;
let ledger: Ledger;

const article = (slug: string, overrides: Record<string, unknown> = {}) => ({
  category: 'news',
  slug,
  title: { bn: `শিরোনাম ${slug}`, en: `Title ${slug}` },
  summary: { bn: 'সারাংশ', en: 'Summary' },
  content: { bn: '<p>বাংলা</p>', en: '<p>English</p>' },
  coverUrl: '/demo/news-1.svg',
  ...overrides,
});

/** Today in the demo merchant's zone (Asia/Dhaka, +06:00). */
const todayInDhaka = () => new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp();
  admin = await loginAsAdmin(t);
  merchantId = await demoMerchantId(t);
  ledger = createLedger({ db: t.db });
});
afterAll(() => t.close());

describe('blog and news', () => {
  it('lists the demo articles newest first, per category and language, with no login', async () => {
    for (const category of ['blog', 'news'] as const) {
      const res = await t.get<Page<ArticleSummary>>(ARTICLES, { query: { category, lang: 'en' } });
      expect(res.status).toBe(200);
      const demo = DEMO_ARTICLES.filter((a) => a.category === category).sort((a, b) => a.daysAgo - b.daysAgo);
      const listed = res.body.value.list.filter((a) => demo.some((d) => d.slug === a.slug));
      expect(listed.map((a) => a.slug)).toEqual(demo.map((a) => a.slug));
      expect(listed.map((a) => a.title)).toEqual(demo.map((a) => a.title.en));
      expect(res.body.value.list.every((a) => a.category === category)).toBe(true);
      const times = res.body.value.list.map((a) => Date.parse(a.publishedAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    }
    const bn = await t.get<Page<ArticleSummary>>(ARTICLES, {
      query: { category: 'blog' },
      headers: { Language: 'bn' },
    });
    expect(bn.body.value.list.map((a) => a.title)).toContain(DEMO_ARTICLES[0]!.title.bn);
  });

  it('keeps a draft out of the list and answers its slug 404 until it is published (audited)', async () => {
    const slug = `draft-${Date.now().toString(36)}`;
    const created = await t.request<{ id: number; status: string; publishedAt: string | null }>(
      'POST',
      ADMIN_ARTICLES,
      article(slug),
      { headers: admin },
    );
    expect(created.status).toBe(200);
    expect(created.body.value).toMatchObject({ status: 'draft', publishedAt: null });
    const list = await t.get<Page<ArticleSummary>>(ARTICLES, { query: { category: 'news', pageSize: 100 } });
    expect(list.body.value.list.some((a) => a.slug === slug)).toBe(false);
    const hidden = await t.get(`${ARTICLES}/${slug}`, { headers: { Language: 'en' } });
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe('content.article_not_found');
    expect(hidden.body.message).toBe('This article was not found.');

    const published = await t.request<{ publishedAt: string }>(
      'PUT',
      `${ADMIN_ARTICLES}/${created.body.value.id}`,
      article(slug, { status: 'published' }),
      { headers: admin },
    );
    expect(published.status).toBe(200);
    expect(Date.parse(published.body.value.publishedAt)).toBeGreaterThan(Date.now() - 60_000);
    const shown = await t.get<Article>(`${ARTICLES}/${slug}`, { query: { lang: 'en' } });
    expect(shown.status).toBe(200);
    expect(shown.body.value).toMatchObject({
      slug,
      category: 'news',
      title: `Title ${slug}`,
      content: '<p>English</p>',
    });
    const first = await t.get<Page<ArticleSummary>>(ARTICLES, { query: { category: 'news', lang: 'en' } });
    expect(first.body.value.list[0]!.slug).toBe(slug);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action'])
      .where('entity', '=', 'articles')
      .where('entity_id', '=', String(created.body.value.id))
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['create', 'update']);
  });

  it('hides an article whose publish time is still to come', async () => {
    const slug = `future-${Date.now().toString(36)}`;
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const res = await t.request('POST', ADMIN_ARTICLES, article(slug, { status: 'published', publishedAt: future }), {
      headers: admin,
    });
    expect(res.status).toBe(200);
    expect((await t.get(`${ARTICLES}/${slug}`)).status).toBe(404);
  });

  it('sanitises the body: scripts, handlers and javascript: links never reach a reader', async () => {
    const slug = `xss-${Date.now().toString(36)}`;
    const evil =
      '<p onclick="steal()">Hi<script>alert(1)</script></p><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>';
    const res = await t.request<{ content: { en: string } }>(
      'POST',
      ADMIN_ARTICLES,
      article(slug, { status: 'published', content: { bn: evil, en: evil } }),
      { headers: admin },
    );
    expect(res.status).toBe(200);
    const shown = await t.get<Article>(`${ARTICLES}/${slug}`, { query: { lang: 'bn' } });
    for (const html of [res.body.value.content.en, shown.body.value.content]) {
      expect(html).not.toMatch(/script|onclick|onerror|javascript:/i);
      expect(html).toContain('<p>Hi</p>');
    }
  });

  it('leaves an article without an English title out of the English list, and falls back on its page', async () => {
    const slug = `bn-only-${Date.now().toString(36)}`;
    await t.request(
      'POST',
      ADMIN_ARTICLES,
      article(slug, { category: 'blog', status: 'published', title: { bn: 'শুধু বাংলা', en: '' } }),
      { headers: admin },
    );
    const en = await t.get<Page<ArticleSummary>>(ARTICLES, { query: { category: 'blog', lang: 'en', pageSize: 100 } });
    expect(en.body.value.list.some((a) => a.slug === slug)).toBe(false);
    const bn = await t.get<Page<ArticleSummary>>(ARTICLES, { query: { category: 'blog', lang: 'bn', pageSize: 100 } });
    expect(bn.body.value.list.some((a) => a.slug === slug)).toBe(true);
    const page = await t.get<Article>(`${ARTICLES}/${slug}`, { query: { lang: 'en' } });
    expect(page.body.value.title).toBe('শুধু বাংলা');
  });

  it('pages the list', async () => {
    const one = await t.get<Page<ArticleSummary>>(ARTICLES, { query: { category: 'blog', pageSize: 1, pageNo: 2 } });
    const all = await t.get<Page<ArticleSummary>>(ARTICLES, { query: { category: 'blog', pageSize: 100 } });
    expect(one.body.value).toMatchObject({ pageNo: 2, pageSize: 1, total: all.body.value.total });
    expect(one.body.value.list.map((a) => a.slug)).toEqual([all.body.value.list[1]!.slug]);
  });

  it('refuses a taken slug, a bad slug and an article with no title', async () => {
    const taken = await t.request('POST', ADMIN_ARTICLES, article(DEMO_ARTICLES[0]!.slug), { headers: admin });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('admin.conflict');
    const bad = await t.request('POST', ADMIN_ARTICLES, article('Not A Slug'), { headers: admin });
    expect(bad.body.code).toBe('request.invalid');
    const untitled = await t.request('POST', ADMIN_ARTICLES, article('untitled', { title: { bn: '', en: '' } }), {
      headers: admin,
    });
    expect(untitled.body.code).toBe('request.invalid');
    expect((await t.get(`${ARTICLES}/Not_A_Slug`)).body.code).toBe('request.invalid');
  });

  it('lets content operators write articles and hosts, and nobody else but the superadmin', async () => {
    const content = await loginAsNewOperator(t, 'content');
    expect((await t.get(ADMIN_ARTICLES, { headers: content })).status).toBe(200);
    expect((await t.get(ADMIN_HOSTS, { headers: content })).status).toBe(200);
    const support = await loginAsNewOperator(t, 'support');
    const refused = await t.get(ADMIN_ARTICLES, { headers: support });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('auth.forbidden');
    expect((await t.get(ADMIN_HOSTS, { headers: support })).status).toBe(403);
  });
});

describe('credit report', () => {
  let member: WalletMember;
  let other: WalletMember;

  beforeAll(async () => {
    member = await createMember(t, merchantId);
    other = await createMember(t, merchantId);
  });

  it("sums the member's deposits, paid withdrawals, house bonuses and valid bets per day", async () => {
    const today = todayInDhaka();
    const merchant = { id: merchantId, currency: CURRENCY };
    await fund(ledger, merchantId, mainOf(member), 50_000n);
    await fund(ledger, merchantId, mainOf(member), 25_050n);
    // A withdrawal: held, then paid out.
    const hold = { kind: 'withdrawal_hold' as const, memberId: member.id };
    await ledger.post({
      merchantId,
      currency: CURRENCY,
      idempotencyKey: uniqueKey('hold'),
      kind: 'withdrawal_hold',
      postings: [
        { account: mainOf(member), amount: -20_000n },
        { account: hold, amount: 20_000n },
      ],
      reference: {},
    });
    await ledger.post({
      merchantId,
      currency: CURRENCY,
      idempotencyKey: uniqueKey('pay'),
      kind: 'withdrawal_pay',
      postings: [
        { account: hold, amount: -20_000n },
        { account: { kind: 'payout_clearing' }, amount: 20_000n },
      ],
      reference: {},
    });
    await t.db.transaction().execute(async (trx) => {
      await payFromHouse(trx, ledger, {
        merchant,
        memberId: member.id,
        amount: 1_234n,
        idempotencyKey: uniqueKey('rebate'),
        kind: 'rebate',
        reference: {},
      });
      await payFromHouse(trx, ledger, {
        merchant,
        memberId: member.id,
        amount: 10_000n,
        idempotencyKey: uniqueKey('vip'),
        kind: 'vip_monthly_bonus',
        reference: {},
      });
      // Another member's money is not in this report.
      await payFromHouse(trx, ledger, {
        merchant,
        memberId: other.id,
        amount: 99_900n,
        idempotencyKey: uniqueKey('vip'),
        kind: 'vip_monthly_bonus',
        reference: {},
      });
    });
    await dailyStats(t, merchantId, member.id, today, 30_000n, -500n, 'RNG');
    await dailyStats(t, merchantId, member.id, today, 12_345n, 100n, 'LIVE');
    // A valid bet three days ago shows on its own day.
    const threeDaysAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 3 * 86_400_000).toISOString().slice(0, 10);
    await dailyStats(t, merchantId, member.id, threeDaysAgo, 5_000n, 0n, 'RNG');

    const res = await t.get<CreditReport>(REPORT, { headers: member.auth, query: { from: threeDaysAgo, to: today } });
    expect(res.status).toBe(200);
    const report = res.body.value;
    expect(report).toMatchObject({ from: threeDaysAgo, to: today, timeZone: 'Asia/Dhaka' });
    expect(report.totals).toEqual({
      deposits: '750.50',
      depositCount: 2,
      withdrawals: '200.00',
      withdrawalCount: 1,
      bonuses: '112.34',
      validBet: '473.45',
      betCount: 3,
    });
    expect(report.bonusesByKind).toEqual([
      { kind: 'vip_monthly_bonus', amount: '100.00' },
      { kind: 'rebate', amount: '12.34' },
    ]);
    expect(report.days.map((d) => d.day)).toHaveLength(4);
    expect(report.days[0]).toEqual({
      day: today,
      deposits: '750.50',
      withdrawals: '200.00',
      bonuses: '112.34',
      validBet: '423.45',
    });
    expect(report.days[3]).toEqual({
      day: threeDaysAgo,
      deposits: '0.00',
      withdrawals: '0.00',
      bonuses: '0.00',
      validBet: '50.00',
    });
    expect(report.days.slice(1, 3).every((d) => d.validBet === '0.00' && d.deposits === '0.00')).toBe(true);
    const audit = await auditLedger(t.db, merchantId);
    expect(audit.unbalanced).toEqual([]);
  });

  it('defaults to the last 7 days and refuses reversed, impossible and too long windows', async () => {
    const res = await t.get<CreditReport>(REPORT, { headers: other.auth });
    expect(res.status).toBe(200);
    expect(res.body.value.days).toHaveLength(7);
    expect(res.body.value.to).toBe(todayInDhaka());
    expect(res.body.value.totals.bonuses).toBe('999.00');
    for (const query of <Record<string, string>[]>[
      { from: '2026-02-10', to: '2026-02-01' },
      { from: '2026-02-30' },
      { from: '2025-01-01', to: '2026-01-01' },
      { from: 'yesterday' },
    ]) {
      const bad = await t.get(REPORT, { headers: other.auth, query });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('request.invalid');
    }
  });

  it('needs a login', async () => {
    const res = await t.get(REPORT);
    expect(res.status).toBe(401);
  });
});

describe('live hosts and chat', () => {
  let member: WalletMember;
  let hosts: LiveHost[];

  beforeAll(async () => {
    member = await createMember(t, merchantId);
    hosts = (await t.get<LiveHost[]>(MODELS)).body.value;
  });

  it('lists the active hosts with no login, online ones first', async () => {
    expect(hosts.map((h) => h.name).sort()).toEqual(DEMO_HOSTS.map(([name]) => name).sort());
    const online = hosts.findIndex((h) => !h.online);
    expect(hosts.slice(0, online).every((h) => h.online)).toBe(true);
    expect(hosts.slice(online).every((h) => !h.online && h.viewers === 0)).toBe(true);
    expect(hosts[0]).toMatchObject({ name: 'Nusrat', viewers: 1284, tags: ['cricket', 'bn'] });
    expect(hosts.every((h) => h.avatarUrl.startsWith('/demo/host-'))).toBe(true);
  });

  it('manages hosts through the audited operator calls', async () => {
    const created = await t.request<{ id: number }>(
      'POST',
      ADMIN_HOSTS,
      { name: 'Test host', avatarUrl: '/demo/host-1.svg', online: true, viewers: 5, tags: ['Test'], active: false },
      { headers: admin },
    );
    expect(created.status).toBe(200);
    expect((await t.get<LiveHost[]>(MODELS)).body.value.some((h) => h.name === 'Test host')).toBe(false);
    const bad = await t.request(
      'POST',
      ADMIN_HOSTS,
      { name: 'X', avatarUrl: 'javascript:alert(1)' },
      { headers: admin },
    );
    expect(bad.body.code).toBe('request.invalid');
    const removed = await t.request('DELETE', `${ADMIN_HOSTS}/${created.body.value.id}`, undefined, {
      headers: admin,
    });
    expect(removed.status).toBe(200);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'liveHosts')
      .where('entity_id', '=', String(created.body.value.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
  });

  it("launches a chat whose URL carries a ticket of its own, never the member's session", async () => {
    const host = hosts.find((h) => h.online)!;
    const res = await t.get<{ chatUrl: string }>(LAUNCH, {
      headers: member.auth,
      query: { modelId: String(host.modelId) },
    });
    expect(res.status).toBe(200);
    const { chatUrl } = res.body.value;
    expect(chatUrl).toMatch(/^\/sandbox\/chat\?ticket=[A-Za-z0-9_-]{32}$/);
    expect(chatUrl).not.toContain(member.auth.Authorization!);
    const sessions = await t.db.selectFrom('member_sessions').select('token_hash').execute();
    expect(sessions.length).toBeGreaterThan(0);

    const room = await fetch(`${t.baseUrl}${chatUrl}`);
    expect(room.status).toBe(200);
    const html = await room.text();
    expect(html).toContain(host.name);
    expect(html).toContain(host.avatarUrl);

    // The message box posts a plain form and lands back in the room with the message shown.
    const ticket = chatUrl.split('ticket=')[1]!;
    const sent = await fetch(`${t.baseUrl}/sandbox/chat`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: `ticket=${ticket}\r\nmessage=<b>hello</b> = hi\r\n`,
      redirect: 'manual',
    });
    expect(sent.status).toBe(303);
    const after = await (await fetch(`${t.baseUrl}${sent.headers.get('location')}`)).text();
    expect(after).toContain('&lt;b&gt;hello&lt;/b&gt; = hi');
    expect(after).not.toContain(member.username);
    const stored = await t.db
      .selectFrom('live_chat_messages')
      .select(['body', 'member_id'])
      .where('host_id', '=', host.modelId)
      .execute();
    expect(stored).toEqual([{ body: '<b>hello</b> = hi', member_id: member.id }]);

    // An expired ticket opens nothing, and posts nothing.
    await sql`UPDATE live_chat_tickets SET expires_at = now() - interval '1 second'`.execute(t.db);
    expect((await fetch(`${t.baseUrl}${chatUrl}`)).status).toBe(404);
    const late = await fetch(`${t.baseUrl}/sandbox/chat`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: `ticket=${ticket}\r\nmessage=late\r\n`,
      redirect: 'manual',
    });
    expect(late.status).toBe(404);
    expect((await fetch(`${t.baseUrl}/sandbox/chat?ticket=forged`)).status).toBe(404);
  });

  it('lets the site frame its own sandbox room (CSP frame-src)', async () => {
    // The site's page is the document that frames it (JSON answers carry a policy of their own).
    const res = await fetch(`${t.baseUrl}/`);
    expect(res.headers.get('content-security-policy')).toMatch(/frame-src 'self'/);
  });

  it('refuses an offline host, an unknown one, a visitor and a switched-off CBS3', async () => {
    const offline = hosts.find((h) => !h.online)!;
    const res = await t.get(LAUNCH, { headers: member.auth, query: { modelId: String(offline.modelId) } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('live.host_offline');
    const unknown = await t.get(LAUNCH, { headers: { ...member.auth, Language: 'bn' }, query: { modelId: '999999' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('এই হোস্টকে পাওয়া যায়নি।');
    expect((await t.get(LAUNCH, { query: { modelId: String(hosts[0]!.modelId) } })).status).toBe(401);
    const junk = await t.get(LAUNCH, { headers: member.auth, query: { modelId: '1; DROP TABLE x' } });
    expect(junk.body.code).toBe('request.invalid');

    await setSwitch(t, merchantId, 'CBS3', false);
    try {
      for (const path of [MODELS, LAUNCH]) {
        const off = await t.get(path, { headers: member.auth, query: { modelId: String(hosts[0]!.modelId) } });
        expect(off.status).toBe(403);
        expect(off.body.code).toBe('system.feature_disabled');
      }
    } finally {
      await setSwitch(t, merchantId, 'CBS3', true);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchantWithAdmin, loginAsAdmin, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: AuthHeaders;
let otherAdmin: AuthHeaders;

beforeAll(async () => {
  t = await startTestApp();
  admin = await loginAsAdmin(t);
  ({ headers: otherAdmin } = await createMerchantWithAdmin(t, 'rival'));
});
afterAll(() => t.close());

type Item = { id: number } & Record<string, unknown>;
type Page = { list: Item[]; total: number; pageNo: number; pageSize: number };

/** The first page of a kind's list, newest first (what a test just wrote is on it). */
const listed = async (path: string, headers: AuthHeaders = admin) =>
  (await t.get<Page>(`${path}?sort=id&order=desc`, { headers })).body.value.list;

const text = (bn: string, en: string) => ({ bn, en });

/** For each kind: what to create, what to replace it with, and what the server should keep. */
const KINDS = [
  {
    kind: 'banners',
    path: '/admin/banners',
    create: { groupName: 'w_home', title: text('নতুন অফার', 'New offer'), url: 'https://cdn.example/a.jpg' },
    created: { linkage: '', linkageType: 'NONE', video: false, sequence: 0, active: true },
    update: {
      groupName: 'w_promotion',
      title: text('ভিডিও', 'Video'),
      url: '/img/b.jpg',
      linkage: '/promotions',
      linkageType: 'ROUTE',
      video: true,
      sequence: 3,
      active: false,
    },
  },
  {
    kind: 'announcements',
    path: '/admin/announcements',
    create: { type: 'PL', title: text('স্বাগতম', 'Welcome'), content: text('<p>স্বাগতম</p>', '<p>Welcome</p>') },
    created: { execution: null, images: [], sequence: 0, active: true },
    update: {
      type: 'PU',
      title: text('পপআপ', 'Popup'),
      content: text('<p><strong>বোনাস</strong></p>', '<p><strong>Bonus</strong></p>'),
      execution: 'A',
      images: [{ sequence: 1, url: 'https://cdn.example/p.png' }],
      sequence: 2,
      active: false,
      publishedAt: '2026-01-02T03:04:05.000Z',
    },
  },
  {
    kind: 'helpArticles',
    path: '/admin/help-articles',
    create: { tag: 'deposit-help', title: text('জমা', 'Deposit'), content: text('<p>ধাপ ১</p>', '<p>Step 1</p>') },
    created: { device: 'ALL', sequence: 0, active: true },
    update: {
      tag: 'deposit-guide',
      title: text('জমার নির্দেশিকা', 'Deposit guide'),
      content: text('<ol><li>ধাপ</li></ol>', '<ol><li>Step</li></ol>'),
      device: 'MOBILE',
      sequence: 5,
      active: true,
    },
  },
  {
    kind: 'customerService',
    path: '/admin/customer-service',
    create: { csType: 'WHATSAPP', title: text('হোয়াটসঅ্যাপ', 'WhatsApp'), url: 'https://wa.me/8801700000000' },
    created: { csPosition: 'FLOAT', sequence: 0, active: true },
    update: {
      csType: 'EMAIL',
      csPosition: 'HEADER',
      title: text('ইমেইল', 'Email'),
      url: 'mailto:help@khela.example',
      sequence: 1,
      active: true,
    },
  },
  {
    kind: 'resources',
    path: '/admin/resources',
    create: { resourceType: 'Android', url: 'https://cdn.example/khela.apk', label: text('অ্যান্ড্রয়েড', 'Android') },
    created: { active: true },
    update: { resourceType: 'IOS', url: 'https://cdn.example/khela.ipa', label: text('আইওএস', 'iOS'), active: false },
  },
  {
    kind: 'domains',
    path: '/admin/domains',
    create: { domain: 'Mirror1.Khela.Example' },
    created: { domain: 'mirror1.khela.example', kind: 'mirror', affiliateCode: null },
    update: { domain: 'agent7.khela.example', kind: 'agent', affiliateCode: 'AG1234' },
  },
  {
    kind: 'maintenance',
    path: '/admin/maintenance',
    create: {
      startsAt: '2030-01-01T00:00:00.000Z',
      endsAt: '2030-01-01T02:00:00.000Z',
      message: text('রক্ষণাবেক্ষণ', 'Maintenance'),
    },
    created: {},
    update: { startsAt: '2030-02-01T00:00:00.000Z', endsAt: null, message: text('আবার', 'Again') },
  },
  {
    kind: 'regionRules',
    path: '/admin/region-rules',
    create: { kind: 'country', value: 'us' },
    created: { value: 'US' },
    update: { kind: 'cidr', value: '203.0.113.0/24' },
  },
] as const;

describe.each(KINDS)('$kind', ({ kind, path, create, created, update }) => {
  let id: number;

  it('creates, with the contract defaults, and lists it', async () => {
    const res = await t.request<Item>('POST', path, create, { headers: admin });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ ...create, ...created });
    id = res.body.value.id;
    expect(await listed(path)).toContainEqual(res.body.value);
  });

  it('replaces it and lists the new version', async () => {
    const res = await t.request<Item>('PUT', `${path}/${id}`, update, { headers: admin });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ id, ...update });
    expect((await listed(path)).find((item) => item.id === id)).toEqual(res.body.value);
  });

  it('writes an audit row for each change, with before and after', async () => {
    const rows = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', kind)
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(rows[0]).toMatchObject({ operator_id: 1, merchant_id: 1, before: null, ip: '127.0.0.1' });
    expect(rows[0]!.after).toMatchObject({ id, ...created });
    expect(rows[1]!.before).toEqual(rows[0]!.after);
    expect(rows[1]!.after).toMatchObject({ id, ...update });
  });

  it("is invisible to another merchant's operator, who can neither change nor delete it", async () => {
    expect((await listed(path, otherAdmin)).some((item) => item.id === id)).toBe(false);
    const replaced = await t.request('PUT', `${path}/${id}`, create, { headers: otherAdmin });
    expect(replaced.status).toBe(404);
    expect(replaced.body.code).toBe('request.not_found');
    const removed = await t.request('DELETE', `${path}/${id}`, undefined, { headers: otherAdmin });
    expect(removed.status).toBe(404);
    expect((await listed(path)).find((item) => item.id === id)).toMatchObject(update);
  });

  it('deletes it; a second delete or a replace is 404', async () => {
    const res = await t.request('DELETE', `${path}/${id}`, undefined, { headers: admin });
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({ id });
    expect((await listed(path)).some((item) => item.id === id)).toBe(false);
    expect((await t.request('DELETE', `${path}/${id}`, undefined, { headers: admin })).status).toBe(404);
    expect((await t.request('PUT', `${path}/${id}`, update, { headers: admin })).status).toBe(404);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('entity', '=', kind)
      .where('entity_id', '=', String(id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'delete', after: null, before: { id, ...update } });
  });
});

describe('the operator lists (issue 16: paged, filtered and sorted on the server)', () => {
  it('pages, filters, searches either language and sorts a kind; an unknown sort or filter value is a 400', async () => {
    const group = 'w_forget';
    const ids: number[] = [];
    for (const [sequence, en, active] of [
      [3, 'Paging Gamma', true],
      [1, 'Paging Alpha', false],
      [2, 'Paging Beta', true],
    ] as const) {
      const body = { groupName: group, title: text(`পেজিং ${sequence}`, en), url: '/img/p.jpg', sequence, active };
      ids.push((await t.request<Item>('POST', '/admin/banners', body, { headers: admin })).body.value.id);
    }
    const page = async (query: string) =>
      (await t.get<Page>(`/admin/banners?groupName=${group}&q=Paging&${query}`, { headers: admin })).body.value;
    const bySequence = await page('sort=sequence&order=asc&pageSize=2');
    expect(bySequence).toMatchObject({ total: 3, pageNo: 1, pageSize: 2 });
    expect(bySequence.list.map((b) => b.sequence)).toEqual([1, 2]);
    expect((await page('sort=sequence&order=asc&pageSize=2&pageNo=2')).list.map((b) => b.sequence)).toEqual([3]);
    expect((await page('active=false')).list.map((b) => b.id)).toEqual([ids[1]]);
    // The kind's own order when none is asked (group, then sequence).
    expect((await page('')).list.map((b) => b.id)).toEqual([ids[1], ids[2], ids[0]]);
    const inBengali = await t.get<Page>(`/admin/banners?q=${encodeURIComponent('পেজিং 2')}`, { headers: admin });
    expect(inBengali.body.value.list.map((b) => b.id)).toEqual([ids[2]]);
    for (const query of ['sort=url', 'groupName=w_nowhere', 'active=yes', 'pageSize=0']) {
      const res = await t.get(`/admin/banners?${query}`, { headers: admin });
      expect([res.status, res.body.code], query).toEqual([400, 'request.invalid']);
    }
  });
});

describe('rich text', () => {
  it('strips scripts, styles, event handlers and javascript: links, and keeps formatting', async () => {
    const dirty =
      '<p style="color:red" onclick="steal()"><b>Bold</b> <em>কথা</em></p><script>alert(1)</script>' +
      '<style>body{display:none}</style><img src="x.png" onerror="alert(1)" alt="ok">' +
      '<a href="javascript:alert(1)">bad</a> <a href="https://khela.example/promo" target="_blank">good</a>' +
      '<img src="data:image/png;base64,AAAA"><iframe src="https://evil.example"></iframe>';
    const res = await t.request<Item>(
      'POST',
      '/admin/announcements',
      { type: 'B', title: text('শিরোনাম', 'Title'), content: text(dirty, dirty) },
      { headers: admin },
    );
    expect(res.status).toBe(200);
    const { en, bn } = res.body.value.content as { en: string; bn: string };
    expect(bn).toBe(en);
    expect(en).toBe(
      '<p><b>Bold</b> <em>কথা</em></p><img src="x.png" alt="ok" />' +
        '<a rel="noopener noreferrer">bad</a> <a href="https://khela.example/promo" target="_blank" rel="noopener noreferrer">good</a><img />',
    );
    const stored = await t.db
      .selectFrom('announcements')
      .select('content')
      .where('id', '=', res.body.value.id)
      .executeTakeFirstOrThrow();
    expect(stored.content.en).toBe(en);
  });

  it('sanitises help articles in both languages on replace as well', async () => {
    const created = await t.request<Item>(
      'POST',
      '/admin/help-articles',
      { tag: 'sanitise-check', title: text('প্রশ্ন', 'FAQ'), content: text('<p>ok</p>', '<p>ok</p>') },
      { headers: admin },
    );
    const res = await t.request<Item>(
      'PUT',
      `/admin/help-articles/${created.body.value.id}`,
      {
        tag: 'sanitise-check',
        title: text('প্রশ্ন', 'FAQ'),
        content: text('<h2 onmouseover="x()">উত্তর</h2><script>x()</script>', '<ul><li onclick="x()">Answer</li></ul>'),
      },
      { headers: admin },
    );
    expect(res.body.value.content).toEqual({ bn: '<h2>উত্তর</h2>', en: '<ul><li>Answer</li></ul>' });
  });
});

describe('uniqueness and addresses', () => {
  it('refuses a domain another merchant already serves with 409', async () => {
    const res = await t.request('POST', '/admin/domains', { domain: 'LOCALHOST' }, { headers: otherAdmin });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'admin.conflict', message: 'This already exists.' });
    const rows = await t.db
      .selectFrom('merchant_domains')
      .select('merchant_id')
      .where('domain', '=', 'localhost')
      .execute();
    expect(rows).toEqual([{ merchant_id: 1 }]);
  });

  it('refuses a domain renamed onto a taken one with 409', async () => {
    const mine = await t.request<Item>(
      'POST',
      '/admin/domains',
      { domain: 'rival-2.example' },
      { headers: otherAdmin },
    );
    const res = await t.request(
      'PUT',
      `/admin/domains/${mine.body.value.id}`,
      { domain: '127.0.0.1' },
      { headers: otherAdmin },
    );
    expect(res.status).toBe(409);
  });

  it('refuses a duplicate region rule in one merchant, but not across merchants', async () => {
    const first = await t.request(
      'POST',
      '/admin/region-rules',
      { kind: 'cidr', value: '10.0.0.0/8' },
      { headers: admin },
    );
    expect(first.status).toBe(200);
    const again = await t.request(
      'POST',
      '/admin/region-rules',
      { kind: 'cidr', value: ' 10.0.0.0/8 ' },
      { headers: admin },
    );
    expect(again.status).toBe(409);
    const country = await t.request(
      'POST',
      '/admin/region-rules',
      { kind: 'country', value: 'BD' },
      { headers: admin },
    );
    expect(country.status).toBe(200);
    expect(
      (await t.request('POST', '/admin/region-rules', { kind: 'country', value: 'bd' }, { headers: admin })).status,
    ).toBe(409);
    const elsewhere = await t.request(
      'POST',
      '/admin/region-rules',
      { kind: 'cidr', value: '10.0.0.0/8' },
      {
        headers: otherAdmin,
      },
    );
    expect(elsewhere.status).toBe(200);
  });

  it('stores an IP range in canonical form; a bare address is a single-address range', async () => {
    const v6 = await t.request<Item>(
      'POST',
      '/admin/region-rules',
      { kind: 'cidr', value: '2001:DB8::/32' },
      {
        headers: admin,
      },
    );
    expect(v6.body.value).toMatchObject({ kind: 'cidr', value: '2001:db8::/32' });
    const single = await t.request<Item>(
      'POST',
      '/admin/region-rules',
      { kind: 'cidr', value: '198.51.100.7' },
      {
        headers: admin,
      },
    );
    expect(single.body.value).toMatchObject({ value: '198.51.100.7/32' });
  });

  it.each(['10.0.0.0/33', '300.1.1.1/8', 'not-an-ip', '10.0.0.0/8/8', '10.0.0.0/-1', '::1/129', '10.0.0.0/ 8', ''])(
    'refuses the range %j with a field error',
    async (value) => {
      const before = await t.db.selectFrom('region_rules').select('id').execute();
      const res = await t.request('POST', '/admin/region-rules', { kind: 'cidr', value }, { headers: admin });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('request.invalid');
      expect((res.body.value as { fields: { field: string; message: string }[] }).fields).toEqual([
        { field: 'value', message: 'Not a valid IP range (for example 203.0.113.0/24).' },
      ]);
      expect(await t.db.selectFrom('region_rules').select('id').execute()).toEqual(before);
    },
  );

  it('gives the range error in Bengali', async () => {
    const res = await t.request(
      'POST',
      '/admin/region-rules',
      { kind: 'cidr', value: 'x' },
      {
        headers: { ...admin, Language: 'bn' },
      },
    );
    expect((res.body.value as { fields: { message: string }[] }).fields[0]!.message).toBe(
      'সঠিক IP রেঞ্জ নয় (যেমন 203.0.113.0/24)।',
    );
  });

  it('refuses a maintenance window that ends before it starts', async () => {
    const res = await t.request(
      'POST',
      '/admin/maintenance',
      { startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z', message: text('ক', 'a') },
      { headers: admin },
    );
    expect(res.status).toBe(400);
    expect((res.body.value as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual(['endsAt']);
  });

  it('refuses a help tag used twice in one merchant with 409', async () => {
    const body = { tag: 'twice', title: text('ক', 'a'), content: text('ক', 'a') };
    expect((await t.request('POST', '/admin/help-articles', body, { headers: admin })).status).toBe(200);
    expect((await t.request('POST', '/admin/help-articles', body, { headers: admin })).status).toBe(409);
    expect((await t.request('POST', '/admin/help-articles', body, { headers: otherAdmin })).status).toBe(200);
  });
});

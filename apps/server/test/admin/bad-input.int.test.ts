import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAsAdmin, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: AuthHeaders;

beforeAll(async () => {
  t = await startTestApp();
  admin = await loginAsAdmin(t);
});
afterAll(() => t.close());

const TABLES = [
  'banners',
  'announcements',
  'help_articles',
  'customer_service',
  'resources',
  'merchant_domains',
  'maintenance_windows',
  'region_rules',
  'operators',
  'whitelabel_switches',
  'registration_rules',
  'merchants',
  'audit_log',
] as const;

/** Every row an operator call could touch, as text: equal snapshots mean nothing was written. */
async function snapshot(): Promise<string> {
  const parts: string[] = [];
  for (const table of TABLES) {
    const { rows } = await sql<{
      rows: string;
    }>`SELECT coalesce(json_agg(t ORDER BY t)::text, '[]') AS rows FROM ${sql.table(table)} t`.execute(t.db);
    parts.push(`${table}: ${rows[0]!.rows}`);
  }
  return parts.join('\n');
}

const text = (bn: string, en: string) => ({ bn, en });
const banner = { groupName: 'w_home', title: text('ব্যানার', 'Banner'), url: 'https://cdn.example/a.jpg' };
const long = (n: number) => 'a'.repeat(n);
const NUL = '\u0000';

type Case = [name: string, method: string, path: string, body: unknown];

const CASES: Case[] = [
  // Wrong types
  ['a number for a group name', 'POST', '/admin/banners', { ...banner, groupName: 1 }],
  ['a string for a localised title', 'POST', '/admin/banners', { ...banner, title: 'Banner' }],
  ['a string for a boolean', 'PUT', '/admin/switches/PTSYS3', { enabled: 'true' }],
  ['a number for a boolean', 'PUT', '/admin/switches/PTSYS3', { enabled: 1 }],
  ['a float sequence', 'POST', '/admin/banners', { ...banner, sequence: 1.5 }],
  ['a negative sequence', 'POST', '/admin/banners', { ...banner, sequence: -1 }],
  ['an array body', 'POST', '/admin/banners', [banner]],
  ['a null body', 'POST', '/admin/resources', null],
  ['a string body', 'POST', '/admin/domains', 'localhost2'],
  ['an array for a username', 'POST', '/admin/operators', { username: ['root'], password: long(12), role: 'content' }],
  ['an unknown role', 'POST', '/admin/operators', { username: 'newbie', password: long(12), role: 'root' }],
  ['a date that is not a date', 'POST', '/admin/maintenance', { startsAt: 'tomorrow', message: text('ক', 'a') }],
  [
    'a date without an offset',
    'POST',
    '/admin/maintenance',
    { startsAt: '2030-01-01T00:00:00', message: text('ক', 'a') },
  ],
  [
    'an unknown announcement type',
    'POST',
    '/admin/announcements',
    { type: 'X', title: text('', ''), content: text('', '') },
  ],
  ['an unknown region kind', 'POST', '/admin/region-rules', { kind: 'city', value: 'Dhaka' }],
  [
    'a patternId as text',
    'PUT',
    '/admin/register-rules/email',
    { enabled: true, required: true, patternId: '4', minLength: 1, maxLength: 9 },
  ],
  // Overlong
  ['an overlong url', 'POST', '/admin/banners', { ...banner, url: `https://cdn.example/${long(3000)}` }],
  ['an overlong title', 'POST', '/admin/banners', { ...banner, title: text(long(20_001), 'x') }],
  [
    'an overlong username',
    'POST',
    '/admin/operators',
    { username: `a${long(32)}`, password: long(12), role: 'content' },
  ],
  ['an overlong password', 'POST', '/admin/operators', { username: 'longpass', password: long(257), role: 'content' }],
  ['an overlong domain', 'POST', '/admin/domains', { domain: `${long(250)}.example` }],
  [
    'an overlong merchant name',
    'PUT',
    '/admin/merchant',
    { name: long(101), defaultLanguage: 'bn', mainDomain: '', gtagId: null, imageCDNs: [], launchGameCDNs: [] },
  ],
  [
    'too many CDNs',
    'PUT',
    '/admin/merchant',
    {
      name: 'K',
      defaultLanguage: 'bn',
      mainDomain: '',
      gtagId: null,
      imageCDNs: Array(21).fill('/'),
      launchGameCDNs: [],
    },
  ],
  [
    'too many images',
    'POST',
    '/admin/announcements',
    {
      type: 'B',
      title: text('', ''),
      content: text('', ''),
      images: Array.from({ length: 21 }, (_, i) => ({ sequence: i, url: '/i.png' })),
    },
  ],
  // Unicode
  ['a NUL character in a title', 'POST', '/admin/banners', { ...banner, title: text('ব্যানার', `Ban${NUL}ner`) }],
  [
    'a NUL character in rich text',
    'POST',
    '/admin/help-articles',
    { tag: 'nul', title: text('ক', 'a'), content: text(`<p>${NUL}</p>`, 'a') },
  ],
  [
    'a NUL character in a key',
    'POST',
    '/admin/resources',
    { resourceType: 'Android', url: '/a.apk', label: text('ক', 'a'), [`x${NUL}`]: 1 },
  ],
  ['Bengali letters in a domain', 'POST', '/admin/domains', { domain: 'খেলা.বাংলা' }],
  [
    'an emoji in a help tag',
    'POST',
    '/admin/help-articles',
    { tag: 'help-🎰', title: text('ক', 'a'), content: text('ক', 'a') },
  ],
  [
    'a right-to-left override in a username',
    'POST',
    '/admin/operators',
    { username: 'adm\u202Ein', password: long(12), role: 'content' },
  ],
  ['a Bengali country code', 'POST', '/admin/region-rules', { kind: 'country', value: 'বাং' }],
  // SQL payloads
  ['SQL in a domain', 'POST', '/admin/domains', { domain: "x'; DROP TABLE banners; --" }],
  [
    'SQL in a help tag',
    'POST',
    '/admin/help-articles',
    { tag: "a' OR '1'='1", title: text('ক', 'a'), content: text('ক', 'a') },
  ],
  ['SQL in a country code', 'POST', '/admin/region-rules', { kind: 'country', value: "US' --" }],
  ['SQL in an id', 'PUT', '/admin/banners/1%20OR%201=1', banner],
  ['SQL in a delete id', 'DELETE', '/admin/banners/1;DELETE%20FROM%20banners', undefined],
  ['SQL in a switch id', 'PUT', "/admin/switches/PTSYS3'--", { enabled: true }],
  [
    'SQL in a registration field',
    'PUT',
    "/admin/register-rules/email'%20OR%20'1'='1",
    { enabled: true, required: true, patternId: 4, minLength: 1, maxLength: 9 },
  ],
  // HTML and URL payloads
  ['a javascript: banner url', 'POST', '/admin/banners', { ...banner, url: 'javascript:alert(1)' }],
  ['a mixed-case javascript: url', 'POST', '/admin/banners', { ...banner, url: ' JaVaScRiPt:alert(1)' }],
  ['a javascript: url with a tab', 'POST', '/admin/banners', { ...banner, url: 'java\tscript:alert(1)' }],
  ['a data: url', 'POST', '/admin/banners', { ...banner, url: 'data:text/html,<script>alert(1)</script>' }],
  [
    'a javascript: URL linkage',
    'POST',
    '/admin/banners',
    { ...banner, linkageType: 'URL', linkage: 'javascript:alert(1)' },
  ],
  [
    'a vbscript: customer-service url',
    'POST',
    '/admin/customer-service',
    { csType: 'LIVECHAT', title: text('ক', 'a'), url: 'vbscript:msgbox(1)' },
  ],
  [
    'a javascript: announcement image',
    'POST',
    '/admin/announcements',
    { type: 'B', title: text('', ''), content: text('', ''), images: [{ sequence: 0, url: 'javascript:alert(1)' }] },
  ],
  [
    'a javascript: resource url',
    'POST',
    '/admin/resources',
    { resourceType: 'Android', url: 'javascript:alert(1)', label: text('ক', 'a') },
  ],
  ['HTML in a domain', 'POST', '/admin/domains', { domain: '<script>alert(1)</script>' }],
  [
    'HTML in a help tag',
    'POST',
    '/admin/help-articles',
    { tag: '<b>x</b>', title: text('ক', 'a'), content: text('ক', 'a') },
  ],
  ['HTML in a username', 'POST', '/admin/operators', { username: '<img src=x>', password: long(12), role: 'content' }],
  // Ids out of range
  ['an id of zero', 'DELETE', '/admin/banners/0', undefined],
  ['a negative id', 'DELETE', '/admin/banners/-1', undefined],
  ['an id past int4', 'DELETE', '/admin/banners/99999999999', undefined],
  ['a fractional id', 'PUT', '/admin/banners/1.5', banner],
];

describe('bad input is refused with a 400 and changes nothing', () => {
  it.each(CASES)('%s', async (_name, method, path, body) => {
    const before = await snapshot();
    const res = await t.request(method, path, body, { headers: admin });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'request.invalid', message: 'Some fields are not valid.' });
    expect(await snapshot()).toBe(before);
  });

  it('refuses malformed JSON', async () => {
    const before = await snapshot();
    const res = await t.request('POST', '/admin/banners', undefined, {
      headers: { ...admin, 'content-type': 'application/json' },
      rawBody: '{"groupName": "w_home",',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('request.malformed_json');
    expect(await snapshot()).toBe(before);
  });

  it('names the field and answers in Bengali when asked', async () => {
    const res = await t.request(
      'POST',
      '/admin/banners',
      { ...banner, title: text('ক', `x${NUL}`) },
      {
        headers: { ...admin, Language: 'bn' },
      },
    );
    expect(res.body).toMatchObject({
      code: 'request.invalid',
      message: 'কিছু তথ্য সঠিক নয়।',
      value: { fields: [{ field: 'title.en', message: 'এতে এমন একটি অক্ষর আছে যা অনুমোদিত নয়।' }] },
    });
  });

  it('refuses a NUL character in the log-in form and in a query', async () => {
    const login = await t.request('POST', '/admin/session/login', { username: `admin${NUL}`, password: 'x' });
    expect(login.status).toBe(400);
    const audit = await t.get('/admin/audit-log', { headers: admin, query: { entity: `x${NUL}` } });
    expect(audit.status).toBe(400);
  });
});

describe('payloads that are only text are kept as text', () => {
  it('stores SQL and HTML in a plain title verbatim, and the tables survive', async () => {
    const title = text("'); DROP TABLE banners; --", '<img src=x onerror=alert(1)> ভালো');
    const res = await t.request<{ id: number; title: unknown }>(
      'POST',
      '/admin/banners',
      { ...banner, title },
      {
        headers: admin,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.value.title).toEqual(title);
    const list = await t.get<{ list: { id: number }[] }>('/admin/banners?sort=id&order=desc', { headers: admin });
    expect(list.body.value.list.map((b) => b.id)).toContain(res.body.value.id);
  });

  it('ignores fields the contract does not know: a body cannot pick the merchant or the id', async () => {
    const res = await t.request<{ id: number }>(
      'POST',
      '/admin/resources',
      { resourceType: 'Android', url: '/khela.apk', label: text('ক', 'a'), merchant_id: 2, merchantId: 2, id: 999 },
      { headers: admin },
    );
    expect(res.status).toBe(200);
    expect(res.body.value.id).not.toBe(999);
    const row = await t.db
      .selectFrom('resources')
      .select('merchant_id')
      .where('id', '=', res.body.value.id)
      .executeTakeFirstOrThrow();
    expect(row.merchant_id).toBe(1);
  });
});

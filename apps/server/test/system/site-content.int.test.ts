import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BANNER_GROUPS,
  PATTERNS,
  SWITCH_IDS,
  type Announcement,
  type RegistrationRule,
  type WhitelabelNode,
} from '@khela/contracts';
import { sanitizeRichText } from '../../src/modules/admin/content/rich-text.ts';
import { DEMO_CONTENT } from '../../src/seed/content.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** §7 System calls that serve the merchant's settings and site content, in bn and en. */
let t: TestApp;
let merchantId: number;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = (await t.db.selectFrom('merchants').select('id').where('code', '=', 'khela').executeTakeFirstOrThrow())
    .id;
});
afterAll(() => t.close());

interface Banner {
  id: number;
  groupName: string;
  title: string;
  url: string;
  linkage: string;
  linkageType: string;
  video: boolean;
  sequence: number;
}
interface Notice {
  banners: Partial<Record<string, Banner[]>>;
  player: Announcement[];
  popup: Announcement[];
  promotion: Announcement[];
  announcements: Announcement[];
}
interface HelpArticle {
  tag: string;
  title: string;
  content: string;
}
interface FieldErrors {
  fields: { field: string; message: string }[];
}

const NOTICE = '/wps/relay/MCSFE_getListAnnouncements';

async function notice(query: Record<string, string> = {}, language: 'bn' | 'en' = 'en') {
  const res = await t.get<Notice>(NOTICE, { query, headers: { Language: language } });
  expect(res.status).toBe(200);
  return res.body.value;
}

async function help(query: Record<string, string> = {}, language: 'bn' | 'en' = 'en') {
  const res = await t.get<HelpArticle[]>('/wps/system/helpCenter', { query, headers: { Language: language } });
  expect(res.status).toBe(200);
  return res.body.value;
}

async function expectInvalid(path: string, query: Record<string, string>, field: string, language: 'bn' | 'en' = 'en') {
  const res = await t.get<FieldErrors>(path, { query, headers: { Language: language } });
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ success: false, code: 'request.invalid' });
  expect(res.body.message).toBe(language === 'bn' ? 'কিছু তথ্য সঠিক নয়।' : 'Some fields are not valid.');
  expect(res.body.value.fields.map((f) => f.field).some((f) => f.startsWith(field))).toBe(true);
  return res.body.value.fields;
}

function flatten(nodes: WhitelabelNode[]): WhitelabelNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.childrenNodes)]);
}

describe('white-label switch tree', () => {
  it('holds every switch once, children under their module, enabled as "1" or "0"', async () => {
    const res = await t.get<WhitelabelNode[]>('/wps/system/whitelabel');
    expect(res.status).toBe(200);
    const all = flatten(res.body.value);
    expect(all.map((n) => n.modId).sort()).toEqual([...SWITCH_IDS].sort());
    const reg3 = res.body.value.find((n) => n.modId === 'REG3');
    expect(reg3).toMatchObject({ enabled: '1', name: 'Registration' });
    expect(reg3?.childrenNodes.map((c) => c.modId)).toEqual([
      'USERNAMEREG3',
      'MOBILENUMREG3',
      'MOBILENUMPASSREG3',
      'REGMOBVERF3',
      'AFFMAN3',
    ]);
    expect(all.find((n) => n.modId === 'MOBILENUMPASSREG3')?.enabled).toBe('0');
    expect(res.body.value.some((n) => n.modId === 'USERNAMEREG3')).toBe(false);
  });

  it('follows the database: a switch turned off shows "0", a switch without a row is off', async () => {
    await t.db
      .updateTable('whitelabel_switches')
      .set({ enabled: false })
      .where('merchant_id', '=', merchantId)
      .where('mod_id', '=', 'FEEDBACK3')
      .execute();
    await t.db
      .deleteFrom('whitelabel_switches')
      .where('merchant_id', '=', merchantId)
      .where('mod_id', '=', 'CAPTCHA3')
      .execute();
    const all = flatten((await t.get<WhitelabelNode[]>('/wps/system/whitelabel')).body.value);
    expect(all.find((n) => n.modId === 'FEEDBACK3')?.enabled).toBe('0');
    expect(all.find((n) => n.modId === 'CAPTCHA3')?.enabled).toBe('0');
    await t.db
      .updateTable('whitelabel_switches')
      .set({ enabled: true })
      .where('merchant_id', '=', merchantId)
      .where('mod_id', '=', 'FEEDBACK3')
      .execute();
    await t.db
      .insertInto('whitelabel_switches')
      .values({ merchant_id: merchantId, mod_id: 'CAPTCHA3', enabled: true })
      .execute();
  });

  it('answers an unknown merchant with merchant.invalid_url', async () => {
    const res = await t.get('/wps/system/whitelabel', { headers: { Merchant: 'nobody' } });
    expect(res.body).toMatchObject({ success: false, code: 'merchant.invalid_url' });
  });
});

describe('domain routes', () => {
  it("lists the merchant's domains, main first, with an agent domain's affiliate code", async () => {
    await t.db
      .insertInto('merchant_domains')
      .values({ merchant_id: merchantId, domain: 'rahim.khela.example', kind: 'agent', affiliate_code: 'RAHIM01' })
      .execute();
    const res = await t.get('/wps/system/domainRoute');
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual([
      { domain: 'localhost', kind: 'main', affiliateCode: null },
      { domain: '127.0.0.1', kind: 'mirror', affiliateCode: null },
      { domain: 'rahim.khela.example', kind: 'agent', affiliateCode: 'RAHIM01' },
    ]);
    await t.db.deleteFrom('merchant_domains').where('domain', '=', 'rahim.khela.example').execute();
  });

  it('answers an unknown merchant with merchant.invalid_url', async () => {
    const res = await t.get('/wps/system/domainRoute', { headers: { Host: 'nowhere.example' } });
    expect(res.body).toMatchObject({ success: false, code: 'merchant.invalid_url' });
  });
});

describe('registration settings', () => {
  it('gives every field its rule with the §5 catalogue pattern of its id', async () => {
    const res = await t.get<Record<string, RegistrationRule>>('/wps/system/setting/register');
    expect(res.status).toBe(200);
    const rows = await t.db
      .selectFrom('registration_rules')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .execute();
    expect(Object.keys(res.body.value).sort()).toEqual(rows.map((r) => r.field).sort());
    for (const row of rows) {
      expect(res.body.value[row.field]).toEqual({
        enabled: row.enabled,
        required: row.required,
        acceptedPattern: PATTERNS.find((p) => p.id === row.pattern_id)?.pattern,
        patternId: row.pattern_id,
        minLength: row.min_length,
        maxLength: row.max_length,
      });
    }
    expect(res.body.value.confirmPassword?.acceptedPattern).toBe('*');
    expect(res.body.value.mobileNum?.acceptedPattern).toBe('^01[3-9][0-9]{8}$');
  });

  it('follows a changed rule', async () => {
    await t.db
      .updateTable('registration_rules')
      .set({ pattern_id: 7, min_length: 4, max_length: 8, required: true, enabled: true })
      .where('merchant_id', '=', merchantId)
      .where('field', '=', 'qqNum')
      .execute();
    const res = await t.get<Record<string, RegistrationRule>>('/wps/system/setting/register');
    expect(res.body.value.qqNum).toEqual({
      enabled: true,
      required: true,
      acceptedPattern: '^[0-9]+$',
      patternId: 7,
      minLength: 4,
      maxLength: 8,
    });
  });

  it('answers an unknown merchant with merchant.invalid_url', async () => {
    const res = await t.get('/wps/system/setting/register', { headers: { Merchant: 'nobody' } });
    expect(res.body).toMatchObject({ success: false, code: 'merchant.invalid_url' });
  });
});

describe('help centre', () => {
  it('lists the active articles by sequence in the header language', async () => {
    const en = await help();
    expect(en.map((a) => a.tag)).toEqual([
      'about',
      'deposit',
      'withdrawal',
      'faq',
      'responsible-gaming',
      'terms',
      'privacy',
    ]);
    expect(en.find((a) => a.tag === 'terms')).toMatchObject({ title: 'Terms and conditions' });
    expect(en.find((a) => a.tag === 'deposit')?.content).toContain('<table>');
    const bn = await help({}, 'bn');
    expect(bn.find((a) => a.tag === 'terms')?.title).toBe('শর্তাবলি');
  });

  it('lets the lang query win over the Language header', async () => {
    const articles = await help({ lang: 'bn' }, 'en');
    expect(articles.find((a) => a.tag === 'privacy')?.title).toBe('গোপনীয়তা নীতি');
  });

  it('serves articles for the device asked and for every device; hides inactive ones', async () => {
    const article = (tag: string, device: 'WEB' | 'MOBILE' | 'ALL', active = true) => ({
      merchant_id: merchantId,
      tag,
      device,
      active,
      sequence: 100,
      title: JSON.stringify({ bn: tag, en: tag }),
      content: JSON.stringify({ bn: '<p>x</p>', en: '<p>x</p>' }),
    });
    await t.db
      .insertInto('help_articles')
      .values([article('web-only', 'WEB'), article('app-only', 'MOBILE'), article('retired', 'ALL', false)])
      .execute();
    const web = (await help({ device: 'WEB' })).map((a) => a.tag);
    expect(web).toContain('web-only');
    expect(web).toContain('faq');
    expect(web).not.toContain('app-only');
    expect(web).not.toContain('retired');
    const mobile = (await help({ device: 'MOBILE' })).map((a) => a.tag);
    expect(mobile).toContain('app-only');
    expect(mobile).toContain('faq');
    expect(mobile).not.toContain('web-only');
    await t.db.deleteFrom('help_articles').where('tag', 'in', ['web-only', 'app-only', 'retired']).execute();
  });

  it('falls back to the merchant default language, then to the other one, when a text is empty', async () => {
    await t.db
      .insertInto('help_articles')
      .values([
        {
          merchant_id: merchantId,
          tag: 'bn-only',
          sequence: 200,
          title: JSON.stringify({ bn: 'শুধু বাংলা', en: '' }),
          content: JSON.stringify({ bn: '<p>বাংলা</p>', en: ' ' }),
        },
        {
          merchant_id: merchantId,
          tag: 'en-only',
          sequence: 201,
          title: JSON.stringify({ bn: '', en: 'English only' }),
          content: JSON.stringify({ bn: '', en: '<p>English</p>' }),
        },
      ])
      .execute();
    const en = await help({ lang: 'en' });
    expect(en.find((a) => a.tag === 'bn-only')).toEqual({ tag: 'bn-only', title: 'শুধু বাংলা', content: '<p>বাংলা</p>' });
    const bn = await help({ lang: 'bn' });
    expect(bn.find((a) => a.tag === 'en-only')).toEqual({
      tag: 'en-only',
      title: 'English only',
      content: '<p>English</p>',
    });
    await t.db.deleteFrom('help_articles').where('tag', 'in', ['bn-only', 'en-only']).execute();
  });

  it('refuses bad query values with field errors in the request language', async () => {
    await expectInvalid('/wps/system/helpCenter', { lang: 'fr' }, 'query.lang');
    await expectInvalid('/wps/system/helpCenter', { device: 'TV' }, 'query.device', 'bn');
  });

  it('answers an unknown merchant with merchant.invalid_url', async () => {
    const res = await t.get('/wps/system/helpCenter', { headers: { Merchant: 'nobody' } });
    expect(res.body).toMatchObject({ success: false, code: 'merchant.invalid_url' });
  });
});

describe('notices (banners, marquee, popups, promotions, announcements)', () => {
  it('serves B,PL,PU,PR by default: banners by group in sequence, and each list', async () => {
    const value = await notice();
    expect(value.banners.w_home?.map((b) => b.url)).toEqual([
      '/demo/home-welcome.webp',
      '/demo/home-cricket.webp',
      '/demo/home-cashback.webp',
      '/demo/home-payments.webp',
    ]);
    expect(value.banners.w_home?.[0]).toMatchObject({
      groupName: 'w_home',
      title: 'Welcome bonus: 100% on your first deposit',
      linkage: '/promotions',
      linkageType: 'ROUTE',
      video: false,
      sequence: 1,
    });
    expect(value.banners.w_promotion).toHaveLength(2);
    expect(value.banners.w_promotion?.every((b) => b.video && b.url.startsWith('https://www.youtube.com/embed/'))).toBe(
      true,
    );
    for (const group of ['w_login', 'w_register', 'w_leftmenu', 'w_forget'])
      expect(value.banners[group]).toHaveLength(1);
    expect(value.player).toHaveLength(3);
    expect(value.popup.map((p) => p.execution).sort()).toEqual(['A', 'B', 'F']);
    expect(value.promotion).toHaveLength(4);
    expect(value.promotion[0]?.announcementImages).toEqual([{ sequence: 1, url: '/demo/promo-welcome.jpg' }]);
    expect(value.announcements).toEqual([]);
  });

  it('serves only the types asked; H gives the announcements', async () => {
    const value = await notice({ types: 'H' });
    expect(value.banners).toEqual({});
    expect(value.player).toEqual([]);
    expect(value.popup).toEqual([]);
    expect(value.promotion).toEqual([]);
    expect(value.announcements.map((a) => a.title)).toEqual([
      'Scheduled maintenance',
      'New payment method: Rocket',
      'New responsible-gaming tools',
    ]);
    expect(value.announcements[0]).toMatchObject({ type: 'H', execution: null });
    expect(Date.parse(value.announcements[0]!.time)).toBeLessThan(Date.now());
  });

  it('gives titles and content in the request language', async () => {
    const value = await notice({ types: 'B,PL,PR' }, 'bn');
    expect(value.banners.w_home?.[0]?.title).toBe('স্বাগতম বোনাস: প্রথম ডিপোজিটে ১০০%');
    expect(value.player[0]?.title).toBe('ঈদ স্পেশাল অফার');
    expect(value.promotion[0]?.content).toContain('৳১০,০০০ পর্যন্ত বোনাস');
  });

  it('filters popups by execution; a popup without one is shown to everyone', async () => {
    expect((await notice({ types: 'PU', execution: 'B' })).popup.map((p) => p.title)).toEqual(['Welcome to Khela!']);
    expect((await notice({ types: 'PU', execution: 'F' })).popup.map((p) => p.execution)).toEqual(['F']);
    const { id } = await t.db
      .insertInto('announcements')
      .values({
        merchant_id: merchantId,
        type: 'PU',
        title: JSON.stringify({ bn: 'সবার জন্য', en: 'For everyone' }),
        content: JSON.stringify({ bn: '<p>সবাই</p>', en: '<p>All</p>' }),
        execution: null,
        images: JSON.stringify([]),
        sequence: 9,
        published_at: new Date(Date.now() - 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await notice({ types: 'PU', execution: 'A' })).popup.map((p) => p.title)).toEqual([
      "Today's reload bonus",
      'For everyone',
    ]);
    await t.db.deleteFrom('announcements').where('id', '=', id).execute();
  });

  it('hides inactive, unpublished and unknown-group content; orders by sequence then id; sorts images', async () => {
    const base = {
      merchant_id: merchantId,
      type: 'H' as const,
      content: JSON.stringify({ bn: '<p>x</p>', en: '<p>x</p>' }),
      execution: null,
      images: JSON.stringify([
        { sequence: 2, url: '/b.svg' },
        { sequence: 1, url: '/a.svg' },
      ]),
    };
    const inserted = await t.db
      .insertInto('announcements')
      .values([
        {
          ...base,
          title: JSON.stringify({ bn: 'ক', en: 'first-of-0' }),
          sequence: 0,
          published_at: new Date(Date.now() - 1000),
        },
        {
          ...base,
          title: JSON.stringify({ bn: 'খ', en: 'second-of-0' }),
          sequence: 0,
          published_at: new Date(Date.now() - 1000),
        },
        {
          ...base,
          title: JSON.stringify({ bn: 'গ', en: 'later' }),
          sequence: 0,
          published_at: new Date(Date.now() + 3_600_000),
        },
        {
          ...base,
          title: JSON.stringify({ bn: 'ঘ', en: 'hidden' }),
          sequence: 0,
          published_at: new Date(0),
          active: false,
        },
      ])
      .returning('id')
      .execute();
    const banner = await t.db
      .insertInto('banners')
      .values({
        merchant_id: merchantId,
        group_name: 'w_nowhere',
        title: JSON.stringify({ bn: 'x', en: 'x' }),
        url: '/x.svg',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('banners').set({ active: false }).where('url', '=', '/demo/home-cricket.webp').execute();

    const value = await notice({ types: 'B,H' });
    const titles = value.announcements.map((a) => a.title);
    expect(titles.slice(0, 2)).toEqual(['first-of-0', 'second-of-0']);
    expect(titles).not.toContain('later');
    expect(titles).not.toContain('hidden');
    expect(value.announcements[0]?.announcementImages).toEqual([
      { sequence: 1, url: '/a.svg' },
      { sequence: 2, url: '/b.svg' },
    ]);
    expect(Object.keys(value.banners).every((g) => (BANNER_GROUPS as readonly string[]).includes(g))).toBe(true);
    expect(value.banners.w_home?.map((b) => b.url)).not.toContain('/demo/home-cricket.webp');

    await t.db.updateTable('banners').set({ active: true }).where('url', '=', '/demo/home-cricket.webp').execute();
    await t.db.deleteFrom('banners').where('id', '=', banner.id).execute();
    await t.db
      .deleteFrom('announcements')
      .where(
        'id',
        'in',
        inserted.map((r) => r.id),
      )
      .execute();
  });

  it('refuses bad query values with field errors', async () => {
    await expectInvalid(NOTICE, { types: 'B,XX' }, 'query.types');
    await expectInvalid(NOTICE, { types: '' }, 'query.types');
    await expectInvalid(NOTICE, { platform: 'Z' }, 'query.platform', 'bn');
    await expectInvalid(NOTICE, { execution: 'Q' }, 'query.execution');
  });

  it('answers an unknown merchant with merchant.invalid_url', async () => {
    const res = await t.get(NOTICE, { headers: { Merchant: 'nobody' } });
    expect(res.body).toMatchObject({ success: false, code: 'merchant.invalid_url' });
  });
});

describe('country dialing codes', () => {
  it('starts with Bangladesh and names each country in the request language', async () => {
    const en = await t.get<{ country: string; dialingCode: string; name: string }[]>('/wps/system/country');
    expect(en.status).toBe(200);
    expect(en.body.value.map((c) => c.country)).toEqual([
      'BD',
      'IN',
      'NP',
      'PK',
      'LK',
      'MY',
      'SG',
      'AE',
      'SA',
      'QA',
      'OM',
      'KW',
      'GB',
      'US',
    ]);
    expect(en.body.value[0]).toEqual({ country: 'BD', dialingCode: '880', name: 'Bangladesh' });
    const bn = await t.get<{ name: string }[]>('/wps/system/country', { headers: { Language: 'bn' } });
    expect(bn.body.value[0]?.name).toBe('বাংলাদেশ');
  });

  it('answers an unknown merchant with merchant.invalid_url', async () => {
    const res = await t.get('/wps/system/country', { headers: { Merchant: 'nobody' } });
    expect(res.body).toMatchObject({ success: false, code: 'merchant.invalid_url' });
  });
});

describe('the demo content', () => {
  const localized = [
    ...DEMO_CONTENT.banners.map((b) => b.title),
    ...DEMO_CONTENT.announcements.flatMap((a) => [a.title, a.content]),
    ...DEMO_CONTENT.helpArticles.flatMap((h) => [h.title, h.content]),
    ...DEMO_CONTENT.customerService.map((c) => c.title),
    ...DEMO_CONTENT.resources.map((r) => r.label),
  ];

  it('is written in both languages', () => {
    for (const text of localized) {
      expect(text.bn.trim()).not.toBe('');
      expect(text.en.trim()).not.toBe('');
      expect(text.bn).toMatch(/[\u0980-\u09FF]/);
    }
  });

  it('has rich text that the operator sanitiser leaves unchanged', () => {
    for (const item of [...DEMO_CONTENT.announcements, ...DEMO_CONTENT.helpArticles]) {
      expect(sanitizeRichText(item.content.bn)).toBe(item.content.bn);
      expect(sanitizeRichText(item.content.en)).toBe(item.content.en);
    }
  });

  it('points only at demo images that exist', () => {
    const urls = [
      ...DEMO_CONTENT.banners.map((b) => b.url),
      ...DEMO_CONTENT.announcements.flatMap((a) => (a.images ?? []).map((i) => i.url)),
    ].filter((url) => url.startsWith('/demo/'));
    expect(urls.length).toBeGreaterThan(10);
    for (const url of urls) expect(existsSync(new URL(`../../../web/public${url}`, import.meta.url)), url).toBe(true);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { patternById, type SystemStatus, type WhitelabelNode } from '@khela/contracts';
import { seedMerchant } from '../../src/seed/demo.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** §4 system status: maintenance windows, region rules by address range and GeoIP country, and info. */
let t: TestApp;
let merchantId: number;

beforeAll(async () => {
  // One proxy trusted: X-Forwarded-For is the visitor's address.
  t = await startTestApp({ trustProxy: 1 });
  merchantId = (await t.db.selectFrom('merchants').select('id').where('code', '=', 'khela').executeTakeFirstOrThrow())
    .id;
});
afterAll(() => t.close());
afterEach(async () => {
  await t.db.deleteFrom('maintenance_windows').execute();
  await t.db.deleteFrom('region_rules').execute();
});

const MINUTE = 60_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs);

async function status(options: { from?: string; language?: 'bn' | 'en' } = {}) {
  const headers: Record<string, string> = { Language: options.language ?? 'en' };
  if (options.from) headers['X-Forwarded-For'] = options.from;
  const res = await t.get<SystemStatus>('/wps/system/status', { headers });
  expect(res.status).toBe(200);
  expect(res.body.success).toBe(true);
  return res.body.value;
}

async function addWindow(
  startsAt: Date,
  endsAt: Date | null,
  message = { bn: 'রক্ষণাবেক্ষণ চলছে', en: 'Down for maintenance' },
) {
  await t.db
    .insertInto('maintenance_windows')
    .values({ merchant_id: merchantId, starts_at: startsAt, ends_at: endsAt, message: JSON.stringify(message) })
    .execute();
}

async function addRegionRules(...rules: [kind: 'country' | 'cidr', value: string][]) {
  await t.db
    .insertInto('region_rules')
    .values(rules.map(([kind, value]) => ({ merchant_id: merchantId, kind, value })))
    .execute();
}

describe('status of a normal site', () => {
  it('is 0 with the visitor location and the whole site info', async () => {
    const value = await status();
    expect(value).toMatchObject({
      status: 0,
      maintenance: null,
      regionRestriction: false,
      location: { ip: '127.0.0.1', country: null },
    });
    const { info } = value;
    expect(info.merchant).toEqual({
      code: 'khela',
      name: 'Khela',
      currency: 'BDT',
      defaultLanguage: 'bn',
      languages: ['bn', 'en'],
      // The site shows every time in it (web lib/site-time-zone.ts).
      timeZone: 'Asia/Dhaka',
    });
    expect(info.mainDomain).toBe('localhost');
    expect(info.analytics).toEqual({ gtagId: null });
    expect(info.imageCDNs).toEqual(['/']);
    expect(info.launchGameCDNs).toEqual(['/']);
    expect(info.domainRoute).toEqual([
      { domain: 'localhost', kind: 'main', affiliateCode: null },
      { domain: '127.0.0.1', kind: 'mirror', affiliateCode: null },
    ]);
    expect(info.customerService.map((cs) => cs.csType)).toEqual(['LIVECHAT', 'WHATSAPP', 'TELEGRAM', 'FACEBOOK']);
    expect(info.customerService[0]).toMatchObject({ title: '24/7 live chat', csPosition: 'FLOAT' });
    expect(info.resources.map((r) => r.resourceType)).toEqual([
      'Android',
      'IOS',
      'MOBILECONFIG',
      'FACEBOOK',
      'TELEGRAM',
      'YOUTUBE',
    ]);
    expect(info.resources[0]).toMatchObject({ url: '/downloads/khela-android.apk', label: 'Android app' });
    const reg3 = info.whitelabel.find((n: WhitelabelNode) => n.modId === 'REG3');
    expect(reg3?.enabled).toBe('1');
    expect(reg3?.childrenNodes.map((c) => c.modId)).toContain('USERNAMEREG3');
    expect(info.register.username).toEqual({
      enabled: true,
      required: true,
      acceptedPattern: patternById(2)?.pattern,
      patternId: 2,
      minLength: 6,
      maxLength: 16,
    });
  });

  it("tells whether the merchant's referral programme pays, at once when an operator switches it", async () => {
    await t.db.deleteFrom('referral_settings').where('merchant_id', '=', merchantId).execute();
    expect((await status()).info.referralProgramme).toBe(false);
    await t.db
      .insertInto('referral_settings')
      .values({ merchant_id: merchantId, enabled: true, commission_bp: 50 })
      .execute();
    await expect.poll(async () => (await status()).info.referralProgramme).toBe(true);
    await t.db.updateTable('referral_settings').set({ enabled: false }).where('merchant_id', '=', merchantId).execute();
    await expect.poll(async () => (await status()).info.referralProgramme).toBe(false);
  });

  it('gives the info texts in the request language', async () => {
    const { info } = await status({ language: 'bn' });
    expect(info.customerService[0]?.title).toBe('২৪/৭ লাইভ চ্যাট');
    expect(info.resources[0]?.label).toBe('অ্যান্ড্রয়েড অ্যাপ');
  });

  it('locates public IPv4 and IPv6 visitors by the GeoIP database; private addresses have no country', async () => {
    expect((await status({ from: '103.4.145.1' })).location).toEqual({ ip: '103.4.145.1', country: 'BD' });
    expect((await status({ from: '8.8.8.8' })).location).toEqual({ ip: '8.8.8.8', country: 'US' });
    expect((await status({ from: '2001:4860:4860::8888' })).location).toEqual({
      ip: '2001:4860:4860::8888',
      country: 'US',
    });
    expect((await status({ from: '192.168.1.20' })).location).toEqual({ ip: '192.168.1.20', country: null });
  });

  it('survives a forwarded address that is not an IP', async () => {
    await addRegionRules(['cidr', '0.0.0.0/0'], ['country', 'BD']);
    const value = await status({ from: 'not-an-ip' });
    expect(value).toMatchObject({ status: 0, location: { country: null } });
  });

  it('answers an unknown merchant with merchant.invalid_url', async () => {
    const res = await t.get('/wps/system/status', { headers: { Merchant: 'nobody', Language: 'bn' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'merchant.invalid_url' });
    expect(res.body.message).toBe('অবৈধ URL, অনুগ্রহ করে গ্রাহক সেবায় যোগাযোগ করুন');
  });
});

describe('maintenance windows', () => {
  it('a window that has not started yet leaves the site open', async () => {
    await addWindow(at(60 * MINUTE), at(120 * MINUTE));
    expect(await status()).toMatchObject({ status: 0, maintenance: null });
  });

  it('a window that has ended leaves the site open', async () => {
    await addWindow(at(-120 * MINUTE), at(-60 * MINUTE));
    expect(await status()).toMatchObject({ status: 0, maintenance: null });
  });

  it('an open-ended window that has started puts the site in maintenance, in the request language', async () => {
    const startsAt = at(-MINUTE);
    await addWindow(startsAt, null);
    const en = await status();
    expect(en.status).toBe(1);
    expect(en.maintenance).toEqual({ startsAt: startsAt.toISOString(), endsAt: null, message: 'Down for maintenance' });
    expect((await status({ language: 'bn' })).maintenance?.message).toBe('রক্ষণাবেক্ষণ চলছে');
    // §3: info is still sent, so the maintenance page can offer customer service.
    expect(en.info.customerService).toHaveLength(4);
  });

  it('a running window shows its end time; of overlapping windows, the one ending last', async () => {
    const endsSoon = at(30 * MINUTE);
    const endsLater = at(90 * MINUTE);
    await addWindow(at(-10 * MINUTE), endsSoon);
    await addWindow(at(-5 * MINUTE), endsLater);
    const value = await status();
    expect(value.status).toBe(1);
    expect(value.maintenance?.endsAt).toBe(endsLater.toISOString());
  });

  it('falls back to the merchant default language when the message is empty in the request language', async () => {
    await addWindow(at(-MINUTE), at(MINUTE * 10), { bn: 'সার্ভার আপগ্রেড', en: '' });
    expect((await status({ language: 'en' })).maintenance?.message).toBe('সার্ভার আপগ্রেড');
  });

  it("another merchant's window does not touch this one", async () => {
    const otherId = await seedMerchant(t.db, {
      code: 'other-status',
      name: 'Other',
      domains: ['other-status.example'],
    });
    await t.db
      .insertInto('maintenance_windows')
      .values({
        merchant_id: otherId,
        starts_at: at(-MINUTE),
        ends_at: null,
        message: JSON.stringify({ bn: 'x', en: 'x' }),
      })
      .execute();
    expect((await status()).status).toBe(0);
    const other = await t.get<SystemStatus>('/wps/system/status', { headers: { Merchant: 'other-status' } });
    expect(other.body.value.status).toBe(1);
  });
});

describe('region restriction', () => {
  it('blocks an IPv4 visitor inside a CIDR rule and no one outside it', async () => {
    await addRegionRules(['cidr', '203.0.113.0/24']);
    expect(await status({ from: '203.0.113.77' })).toMatchObject({
      status: 2,
      regionRestriction: true,
      location: { ip: '203.0.113.77' },
    });
    expect(await status({ from: '198.51.100.1' })).toMatchObject({ status: 0, regionRestriction: false });
  });

  it('blocks an IPv6 visitor inside a CIDR rule and no one outside it', async () => {
    await addRegionRules(['cidr', '2001:db8::/32']);
    expect(await status({ from: '2001:db8:1::5' })).toMatchObject({ status: 2, regionRestriction: true });
    expect(await status({ from: '2001:db9::1' })).toMatchObject({ status: 0, regionRestriction: false });
  });

  it('a bare address rule blocks exactly that address', async () => {
    await addRegionRules(['cidr', '198.51.100.7']);
    expect((await status({ from: '198.51.100.7' })).status).toBe(2);
    expect((await status({ from: '198.51.100.8' })).status).toBe(0);
  });

  it('blocks by GeoIP country, and never a visitor without a country', async () => {
    await addRegionRules(['country', 'BD']);
    expect(await status({ from: '103.4.145.1' })).toMatchObject({
      status: 2,
      regionRestriction: true,
      location: { country: 'BD' },
    });
    expect((await status({ from: '8.8.8.8' })).status).toBe(0);
    expect((await status({ from: '10.1.2.3' })).status).toBe(0);
    expect((await status()).status).toBe(0);
  });

  it('skips malformed stored CIDRs and still applies the good ones', async () => {
    await addRegionRules(
      ['cidr', 'not-an-address'],
      ['cidr', '10.0.0.0/99'],
      ['cidr', '2001:db8::/abc'],
      ['cidr', '1.2.3.4/8/9'],
      ['cidr', ''],
      ['cidr', '203.0.113.0/24'],
    );
    expect((await status({ from: '203.0.113.1' })).status).toBe(2);
    expect((await status({ from: '8.8.8.8' })).status).toBe(0);
  });

  it('maintenance wins over a region block (§4)', async () => {
    await addRegionRules(['cidr', '203.0.113.0/24']);
    await addWindow(at(-MINUTE), null);
    const value = await status({ from: '203.0.113.5' });
    expect(value.status).toBe(1);
    expect(value.maintenance).not.toBeNull();
    expect(value.regionRestriction).toBe(true);
  });
});

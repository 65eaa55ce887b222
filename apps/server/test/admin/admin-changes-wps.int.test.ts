import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WhitelabelNode } from '@khela/contracts';
import { loginAsAdmin, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** Issue 2 "done when": a change made through /admin is what /wps serves next. */
let t: TestApp;
let admin: AuthHeaders;

beforeAll(async () => {
  t = await startTestApp();
  admin = await loginAsAdmin(t);
});
afterAll(() => t.close());

function findNode(nodes: WhitelabelNode[], modId: string): WhitelabelNode | undefined {
  for (const node of nodes) {
    if (node.modId === modId) return node;
    const child = findNode(node.childrenNodes, modId);
    if (child) return child;
  }
  return undefined;
}

async function switchOnSite(modId: string) {
  const res = await t.get<WhitelabelNode[]>('/wps/system/whitelabel');
  expect(res.status).toBe(200);
  return findNode(res.body.value, modId)?.enabled;
}

interface Notice {
  banners: Record<string, { id: number; title: string; url: string }[] | undefined>;
}

async function homeBanners(language: 'bn' | 'en' = 'en') {
  const res = await t.get<Notice>('/wps/relay/MCSFE_getListAnnouncements', {
    query: { types: 'B' },
    headers: { Language: language },
  });
  expect(res.status).toBe(200);
  return res.body.value.banners.w_home ?? [];
}

interface Status {
  status: 0 | 1 | 2;
  maintenance: { startsAt: string; endsAt: string | null; message: string } | null;
}

async function siteStatus(language: 'bn' | 'en' = 'en') {
  const res = await t.get<Status>('/wps/system/status', { headers: { Language: language } });
  expect(res.status).toBe(200);
  return res.body.value;
}

describe('/admin changes what /wps serves', () => {
  it('a switch turned off and on through /admin shows in the white-label tree', async () => {
    expect(await switchOnSite('FEEDBACK3')).toBe('1');
    await t.request('PUT', '/admin/switches/FEEDBACK3', { enabled: false }, { headers: admin });
    expect(await switchOnSite('FEEDBACK3')).toBe('0');
    await t.request('PUT', '/admin/switches/MOBILENUMPASSREG3', { enabled: true }, { headers: admin });
    expect(await switchOnSite('MOBILENUMPASSREG3')).toBe('1');
    await t.request('PUT', '/admin/switches/FEEDBACK3', { enabled: true }, { headers: admin });
    expect(await switchOnSite('FEEDBACK3')).toBe('1');
  });

  it('a banner created, changed, hidden and deleted through /admin follows on the home slider', async () => {
    const body = {
      groupName: 'w_home',
      title: { bn: 'ঈদ বোনাস', en: 'Eid bonus' },
      url: 'https://cdn.example/eid.jpg',
    };
    const created = await t.request<{ id: number }>('POST', '/admin/banners', body, { headers: admin });
    expect(created.status).toBe(200);
    const { id } = created.body.value;
    expect((await homeBanners()).find((b) => b.id === id)).toMatchObject({ title: 'Eid bonus', url: body.url });
    expect((await homeBanners('bn')).find((b) => b.id === id)).toMatchObject({ title: 'ঈদ বোনাস' });

    await t.request(
      'PUT',
      `/admin/banners/${id}`,
      { ...body, title: { bn: 'পূজা বোনাস', en: 'Puja bonus' } },
      { headers: admin },
    );
    expect((await homeBanners()).find((b) => b.id === id)).toMatchObject({ title: 'Puja bonus' });

    await t.request('PUT', `/admin/banners/${id}`, { ...body, active: false }, { headers: admin });
    expect((await homeBanners()).some((b) => b.id === id)).toBe(false);

    await t.request('PUT', `/admin/banners/${id}`, body, { headers: admin });
    expect((await homeBanners()).some((b) => b.id === id)).toBe(true);
    await t.request('DELETE', `/admin/banners/${id}`, undefined, { headers: admin });
    expect((await homeBanners()).some((b) => b.id === id)).toBe(false);
  });

  it('a maintenance window created through /admin puts the site in maintenance, and deleting it ends it', async () => {
    expect((await siteStatus()).status).toBe(0);
    const startsAt = new Date(Date.now() - 60_000).toISOString();
    const endsAt = new Date(Date.now() + 3_600_000).toISOString();
    const created = await t.request<{ id: number }>(
      'POST',
      '/admin/maintenance',
      { startsAt, endsAt, message: { bn: 'সার্ভার আপগ্রেড চলছে', en: 'Server upgrade in progress' } },
      { headers: admin },
    );
    expect(created.status).toBe(200);

    const during = await siteStatus();
    expect(during.status).toBe(1);
    expect(during.maintenance).toMatchObject({ message: 'Server upgrade in progress' });
    expect(Date.parse(during.maintenance!.endsAt!)).toBe(Date.parse(endsAt));
    expect((await siteStatus('bn')).maintenance).toMatchObject({ message: 'সার্ভার আপগ্রেড চলছে' });
    // The console keeps working during maintenance, or nobody could end it.
    expect((await t.get('/admin/me', { headers: admin })).status).toBe(200);

    await t.request('DELETE', `/admin/maintenance/${created.body.value.id}`, undefined, { headers: admin });
    expect((await siteStatus()).status).toBe(0);
  });

  it('a region rule added through /admin blocks the visitor, and removing it lets them back', async () => {
    const created = await t.request<{ id: number }>(
      'POST',
      '/admin/region-rules',
      { kind: 'cidr', value: '127.0.0.0/8' },
      { headers: admin },
    );
    expect(created.status).toBe(200);
    expect((await siteStatus()).status).toBe(2);
    await t.request('DELETE', `/admin/region-rules/${created.body.value.id}`, undefined, { headers: admin });
    expect((await siteStatus()).status).toBe(0);
  });

  it('a maintenance window in the future does not close the site yet', async () => {
    const created = await t.request<{ id: number }>(
      'POST',
      '/admin/maintenance',
      {
        startsAt: new Date(Date.now() + 86_400_000).toISOString(),
        endsAt: null,
        message: { bn: 'আগামীকাল', en: 'Tomorrow' },
      },
      { headers: admin },
    );
    expect(created.status).toBe(200);
    expect((await siteStatus()).status).toBe(0);
  });
});

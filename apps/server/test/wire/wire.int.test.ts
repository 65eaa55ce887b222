import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '@khela/contracts';
import { registerEndpoint } from '../../src/http/route.ts';
import { loginAsPlayer } from '../members/helpers.ts';
import { startTestApp, wireVectors, type TestApp } from '../helpers/test-app.ts';

/** An E call defined only for this test: it echoes what it opened. */
const echo = defineEndpoint({
  name: 'test.echo',
  method: 'POST',
  path: '/wps/test/echo',
  auth: 'none',
  encrypted: true,
  summary: 'test',
  tags: ['test'],
  body: z.record(z.string(), z.unknown()),
  response: z.record(z.string(), z.unknown()),
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ configure: (app, deps) => registerEndpoint(app, deps, echo, ({ body }) => body) });
});
afterAll(() => t.close());

describe('the envelope and headers', () => {
  it('serves the public key for E calls', async () => {
    const res = await t.get<{ keyId: string; publicKey: string }>('/wps/system/publicKey');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, value: { keyId: wireVectors.keyId } });
    expect(res.body.value.publicKey.replace(/\s/g, '')).toBe(wireVectors.publicKey.replace(/\s/g, ''));
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  });

  it('answers an unknown merchant with the §8 Invalid URL error in the request language', async () => {
    const en = await t.get('/wps/system/publicKey', { headers: { Merchant: 'nobody' } });
    expect(en.status).toBe(400);
    expect(en.body).toEqual({
      success: false,
      value: null,
      code: 'merchant.invalid_url',
      message: 'Invalid URL, please contact customer service',
    });
    const bn = await t.get('/wps/system/publicKey', { headers: { Merchant: 'nobody', Language: 'bn' } });
    expect(bn.body.message).toBe('অবৈধ URL, অনুগ্রহ করে গ্রাহক সেবায় যোগাযোগ করুন');
  });

  it('resolves the merchant from the Merchant header as well as the host', async () => {
    const res = await t.get('/wps/system/publicKey', { headers: { Merchant: 'khela', Host: 'unknown.example' } });
    expect(res.status).toBe(200);
    const byHost = await t.get('/wps/system/publicKey', { headers: { Host: 'unknown.example' } });
    expect(byHost.body.code).toBe('merchant.invalid_url');
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await t.get('/wps/does/not/exist');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('request.not_found');
  });
});

describe('encrypted calls', () => {
  it.each(wireVectors.vectors.map((v) => [v.name, v] as const))('opens the vector "%s"', async (_name, vector) => {
    const res = await t.request('POST', echo.path, vector.body, { headers: vector.headers });
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual(vector.plaintext);
  });

  it('refuses the tampered vector', async () => {
    const res = await t.request('POST', echo.path, wireVectors.tampered.body, {
      headers: wireVectors.tampered.headers,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('request.decryption_failed');
  });

  it('refuses a plaintext body', async () => {
    const res = await t.request('POST', echo.path, { username: 'player01' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('request.encryption_required');
  });

  it('seals and opens a fresh payload with unicode', async () => {
    const res = await t.sealed('POST', echo.path, { name: 'রহিম' });
    expect(res.body.value).toEqual({ name: 'রহিম' });
  });
});

describe('bad input never reaches a 500', () => {
  it('refuses malformed JSON', async () => {
    const res = await t.request('POST', echo.path, undefined, {
      rawBody: '{"value": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('request.malformed_json');
  });

  it('takes an empty JSON body as no body (curl -X DELETE -H "Content-Type: application/json")', async () => {
    const json = { 'content-type': 'application/json' };
    const logout = await t.request('DELETE', '/wps/session/logout', undefined, { rawBody: '', headers: json });
    expect([logout.status, logout.body.success]).toEqual([200, true]);
    const blank = await t.request('DELETE', '/wps/session/logout', undefined, { rawBody: ' \n', headers: json });
    expect(blank.status).toBe(200);
    // A call that needs a body still says so, as a validation error.
    const feedback = await t.request('PUT', '/wps/feedback', undefined, { rawBody: '', headers: json });
    expect([feedback.status, feedback.body.code]).toEqual([400, 'request.invalid']);
  });

  it('still refuses JSON that tries prototype poisoning', async () => {
    const res = await t.request('PUT', '/wps/feedback', undefined, {
      rawBody: '{"__proto__": {"admin": true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });

  it('refuses a body over 1 MiB', async () => {
    const res = await t.request('POST', echo.path, { value: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('request.too_large');
  });

  it('refuses an unsupported content type', async () => {
    const res = await t.request('POST', echo.path, undefined, {
      rawBody: 'a=b',
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('request.unsupported_media_type');
  });
});

describe('the registry', () => {
  it('has a route for every entry, with its method and path', async () => {
    const { allEndpoints } = await import('@khela/contracts');
    const missing = allEndpoints().filter((e) => !t.app.hasRoute({ method: e.method, url: e.path }));
    expect(missing.map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });

  it('serves every reference name exactly as its primary path, and lists it in docs/api.md', async () => {
    const { allEndpoints } = await import('@khela/contracts');
    const aliases = allEndpoints().flatMap((e) => (e.aliases ?? []).map((alias) => ({ e, alias })));
    expect(aliases.length).toBeGreaterThanOrEqual(4);
    const docs = readFileSync(new URL('../../../../docs/api.md', import.meta.url), 'utf8');
    const member = await loginAsPlayer(t);
    for (const { e, alias } of aliases) {
      expect(docs).toContain(`\`${alias}\``);
      const body = e.method === 'GET' ? undefined : {};
      for (const headers of [{}, member]) {
        const primary = await t.request(e.method, e.path, body, { headers });
        const reference = await t.request(e.method, alias, body, { headers });
        expect([reference.status, reference.body.code], `${e.method} ${alias}`).toEqual([
          primary.status,
          primary.body.code,
        ]);
        if (e.method === 'GET') expect(reference.body.value).toEqual(primary.body.value);
      }
    }
  });
});

describe('switches', () => {
  it('a child switch is not in force while its parent is off', async () => {
    const { switchIsOn } = await import('../../src/http/route.ts');
    const merchant = await t.db
      .selectFrom('merchants')
      .select('id')
      .where('code', '=', 'khela')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('whitelabel_switches')
      .set({ enabled: true })
      .where('merchant_id', '=', merchant.id)
      .where('mod_id', 'in', ['COMM3', 'CAPTCHA3'])
      .execute();
    expect(await switchIsOn(t.db, merchant.id, 'CAPTCHA3')).toBe(true);
    await t.db
      .updateTable('whitelabel_switches')
      .set({ enabled: false })
      .where('merchant_id', '=', merchant.id)
      .where('mod_id', '=', 'COMM3')
      .execute();
    expect(await switchIsOn(t.db, merchant.id, 'CAPTCHA3')).toBe(false);
    expect(await switchIsOn(t.db, merchant.id, 'NOT_A_SWITCH')).toBe(false);
  });

  it('refuses a NUL character in any field with a 400 field error', async () => {
    const res = await t.sealed('POST', echo.path, { name: 'a\u0000b' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'request.invalid', value: { fields: [{ field: 'name' }] } });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '@khela/contracts';
import { registerEndpoint } from '../../src/http/route.ts';
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

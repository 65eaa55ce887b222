import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers.ts';

const app = Fastify();
registerSecurityHeaders(app, {});
app.get('/wps/relay/GCSGAME_gameList', async () => ({ success: true, value: null }));
app.get('/admin/members', async () => ({ success: true, value: null }));
app.get('/', async (_req, reply) => reply.type('text/html').send('<!doctype html><title>Khela</title>'));
app.get('/api-docs', async (_req, reply) => reply.type('text/html').send('<!doctype html><title>API</title>'));

beforeAll(() => app.ready());
afterAll(() => app.close());

/** helmet's headers that govern a document and what it loads, not a JSON answer. */
const DOCUMENT_ONLY = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('security headers', () => {
  it('give a JSON answer of the API the headers that protect it, without those of a document', async () => {
    for (const url of ['/wps/relay/GCSGAME_gameList?pageSize=24', '/admin/members', '/wps/relay/unknown']) {
      const { headers } = await app.inject({ url });
      expect(headers).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'cross-origin-resource-policy': 'same-origin',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
      });
      for (const name of DOCUMENT_ONLY) expect(headers[name], `${url}: ${name}`).toBeUndefined();
    }
  });

  it("give documents helmet's full set, the site's policy included", async () => {
    for (const url of ['/', '/api-docs', '/wps']) {
      const { headers } = await app.inject({ url });
      expect(headers['content-security-policy']).toContain("default-src 'self'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      for (const name of DOCUMENT_ONLY) expect(headers[name], `${url}: ${name}`).toBeDefined();
    }
  });
});

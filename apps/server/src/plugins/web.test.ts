import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControlFor, registerWeb } from './web.ts';

const script = `export const app = ${JSON.stringify('x'.repeat(4000))};\n`;
let dist: string;
let app: FastifyInstance;
let base: string;

/** A GET over real HTTP, with the Accept-Encoding a browser would send (or none). */
function get(path: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
      request(new URL(path, base), { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
}

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'khela-web-'));
  await mkdir(join(dist, 'assets'));
  await mkdir(join(dist, 'icons'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Khela</title>');
  await writeFile(join(dist, 'assets/app-Ab12Cd34.js'), script);
  await writeFile(join(dist, 'assets/app-Ab12Cd34.js.br'), brotliCompressSync(script));
  await writeFile(join(dist, 'assets/app-Ab12Cd34.js.gz'), gzipSync(script));
  await writeFile(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await writeFile(join(dist, 'icons/icon-192.png'), 'png');
  await writeFile(join(dist, 'favicon.ico'), 'ico');

  app = Fastify();
  const spaFallback = await registerWeb(app, dist);
  app.setNotFoundHandler(spaFallback);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('no address');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await app.close();
  await rm(dist, { recursive: true, force: true });
});

describe('serving the web build (issue 3 item 11)', () => {
  it('sends the brotli copy of a script to a browser that accepts it, gzip to one that takes only gzip', async () => {
    const brotli = await get('/assets/app-Ab12Cd34.js', 'gzip, deflate, br');
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.body).toString()).toBe(script);
    expect(brotli.body.length).toBeLessThan(script.length / 10);

    const gzip = await get('/assets/app-Ab12Cd34.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const plain = await get('/assets/app-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('lets browsers keep hashed assets for a year, and revalidate the page and the service worker', async () => {
    expect((await get('/assets/app-Ab12Cd34.js', 'br')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/')).headers['cache-control']).toBe('no-cache');
    expect((await get('/sw.js')).headers['cache-control']).toBe('no-cache');
    expect((await get('/icons/icon-192.png')).headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answers client-side routes with the page, never cached', async () => {
    const page = await get('/promotions');
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('<title>Khela</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('serves /favicon.ico', async () => {
    const icon = await get('/favicon.ico');
    expect(icon.status).toBe(200);
    expect(icon.body.toString()).toBe('ico');
  });

  it('chooses the Cache-Control by path', () => {
    expect(cacheControlFor('assets/index-B1c2D3e4.js.br')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('workbox-5f6a7b8c.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('registerSW.js')).toBe('no-cache');
    expect(cacheControlFor('manifest.webmanifest')).toBe('no-cache');
    expect(cacheControlFor('index.html.gz')).toBe('no-cache');
    expect(cacheControlFor('demo/home-welcome.jpg')).toBe('public, max-age=86400');
  });
});

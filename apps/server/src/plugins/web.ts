import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Content-hashed build output: a new build gives new names, so a copy never goes stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files that name the current build (the page, the service worker, the manifest): always revalidated. */
const REVALIDATE = 'no-cache';
/** Unhashed public files (icons, demo images): may change with a deploy, so a day at most. */
const SHORT = 'public, max-age=86400';

const REVALIDATED_FILES = new Set(['index.html', 'sw.js', 'registerSW.js', 'manifest.webmanifest']);

/** The Cache-Control of a file of the build, by its path relative to the build folder. */
export function cacheControlFor(relativePath: string): string {
  const path = relativePath
    .split(sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (REVALIDATED_FILES.has(path)) return REVALIDATE;
  // Vite's hashed chunks and assets, and the workbox runtime the service worker names by hash.
  if (path.startsWith('assets/') || /^workbox-[\w-]+\.js$/.test(path)) return IMMUTABLE;
  return SHORT;
}

/**
 * Serves the built web app; `spaFallback` answers index.html for client-side routes. The build
 * writes brotli and gzip copies of its text files (apps/web/vite.config.ts), sent as they are
 * to clients that accept them (issue 3 item 11: a phone on a slow network gets ~30% of the bytes).
 */
export async function registerWeb(app: FastifyInstance, webDist: string) {
  const hasBuild = existsSync(join(webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('cache-control', cacheControlFor(relative(webDist, path)));
      },
    });
  }
  return function spaFallback(_req: FastifyRequest, reply: FastifyReply) {
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built: run `npm run build` (npm start does it for you).');
    }
    return reply.sendFile('index.html');
  };
}
